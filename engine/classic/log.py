"""The compact action log of one classic hand: a byte per action, two for a finish.

Layout (tile ids are 0..105):

=============  ==========================================================
byte           action
=============  ==========================================================
0..105         ``discard`` of that tile
106            ``draw``
107            ``take_discard``
108            ``show_indicator``
109            ``end_hand``
110            ``finish``, then the tile placed on the pile
111            prefix: the next action was played by a computer for the seat
=============  ==========================================================

``next_hand`` is never logged: a new hand starts a new log. This is the state's
log; the stored record packs it further (engine.classic.record.pack_log).

>>> decode_log(bytes([7, LOG_AUTO, LOG_DRAW]))
[({'type': 'discard', 'tile': 7}, False), ({'type': 'draw'}, True)]
>>> decode_log(bytes([LOG_FINISH, 3]))
[({'type': 'finish', 'tile': 3}, False)]
"""

from __future__ import annotations

from typing import Any

# One byte per logged action keeps a whole hand's record in a few hundred bytes.
LOG_DRAW, LOG_TAKE, LOG_SHOW, LOG_END, LOG_FINISH, LOG_AUTO = 106, 107, 108, 109, 110, 111

# The one-byte actions that carry no tile, both ways (built once: packing runs on every write).
PLAIN_ACTION = {
    LOG_DRAW: "draw",
    LOG_TAKE: "take_discard",
    LOG_SHOW: "show_indicator",
    LOG_END: "end_hand",
}
PLAIN_CODE = {kind: code for code, kind in PLAIN_ACTION.items()}


def decode_one(log: bytes, i: int) -> tuple[dict[str, Any], int]:
    """The action whose code is at ``log[i]``, and where the next one starts."""
    code = log[i]
    if code < LOG_DRAW:
        return {"type": "discard", "tile": code}, i + 1
    if code in PLAIN_ACTION:
        return {"type": PLAIN_ACTION[code]}, i + 1
    if code == LOG_FINISH and i + 1 < len(log):
        return {"type": "finish", "tile": log[i + 1]}, i + 2
    raise ValueError(f"corrupt action log byte {code}")


def decode_log(log: bytes) -> list[tuple[dict[str, Any], bool]]:
    """The actions of a hand's (unpacked) log, each with whether a computer played it."""
    actions: list[tuple[dict[str, Any], bool]] = []
    i, auto = 0, False
    while i < len(log):
        if log[i] == LOG_AUTO:
            auto = True
            i += 1
            continue
        action, i = decode_one(log, i)
        actions.append((action, auto))
        auto = False
    return actions
