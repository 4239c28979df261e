"""The compact action log of one 101 hand: a few bytes per action.

Layout (one byte each unless said; tile ids are 0..105). A discard (0..105), ``draw``
(106), ``take_discard`` (107) and ``end_hand`` (109) have classic's codes
(engine/classic/log.py); the rest are 101's own:

=============  ==========================================================
byte           action
=============  ==========================================================
108            ``return_discard``
110            prefix: the next action was played by a computer for the seat
111 / 112      ``open`` with melds / with pairs, then the groups (below)
113 / 114      ``lay`` melds / pairs, then the groups
115 / 116      ``layoff`` / ``swap``, then 3 bytes: tile, meld index, position
=============  ==========================================================

Groups are a count byte, then for each group its length and its tile ids in
laid order. ``next_hand`` is never logged: a new hand starts a new log.

>>> action = {"type": "open", "melds": [[1, 3, 5], [7, 9, 11, 13]]}
>>> encode_action(action, auto=False).hex(" ")
'6f 02 03 01 03 05 04 07 09 0b 0d'
>>> decode_log(encode_action(action, auto=True) + bytes([106]))
[({'type': 'open', 'melds': [[1, 3, 5], [7, 9, 11, 13]]}, True), ({'type': 'draw'}, False)]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

DRAW, TAKE, RETURN, END, AUTO = 106, 107, 108, 109, 110
OPEN_MELDS, OPEN_PAIRS, LAY_MELDS, LAY_PAIRS, LAYOFF, SWAP = 111, 112, 113, 114, 115, 116

_SIMPLE = {"draw": DRAW, "take_discard": TAKE, "return_discard": RETURN, "end_hand": END}
_SIMPLE_TYPES = {code: kind for kind, code in _SIMPLE.items()}
_GROUPED = {
    ("open", "melds"): OPEN_MELDS,
    ("open", "pairs"): OPEN_PAIRS,
    ("lay", "melds"): LAY_MELDS,
    ("lay", "pairs"): LAY_PAIRS,
}
_GROUPED_TYPES = {code: key for key, code in _GROUPED.items()}
_PLACED = {"layoff": LAYOFF, "swap": SWAP}
_PLACED_TYPES = {code: kind for kind, code in _PLACED.items()}


def encode_action(action: Mapping[str, Any], *, auto: bool) -> bytes:
    """The log bytes of an action the engine has already accepted."""
    kind = action["type"]
    out = bytearray([AUTO] if auto else [])
    if kind == "discard":
        out.append(action["tile"])
    elif kind in _SIMPLE:
        out.append(_SIMPLE[kind])
    elif kind in ("open", "lay"):
        key = "pairs" if "pairs" in action else "melds"
        groups = action[key]
        out += bytes([_GROUPED[(kind, key)], len(groups)])
        for group in groups:
            out += bytes([len(group), *group])
    elif kind in _PLACED:
        out += bytes([_PLACED[kind], action["tile"], action["meld"], action["position"]])
    else:
        raise ValueError(f"{kind!r} is not logged")
    return bytes(out)


def decode_log(log: bytes) -> list[tuple[dict[str, Any], bool]]:
    """The actions of a hand's log, each with whether a computer played it."""
    actions: list[tuple[dict[str, Any], bool]] = []
    i, auto = 0, False
    try:
        while i < len(log):
            code = log[i]
            i += 1
            action: dict[str, Any]
            if code == AUTO:
                auto = True
                continue
            if code < DRAW:
                action = {"type": "discard", "tile": code}
            elif code in _SIMPLE_TYPES:
                action = {"type": _SIMPLE_TYPES[code]}
            elif code in _GROUPED_TYPES:
                kind, key = _GROUPED_TYPES[code]
                count, i = log[i], i + 1
                groups = []
                for _ in range(count):
                    size = log[i]
                    groups.append(list(log[i + 1 : i + 1 + size]))
                    i += 1 + size
                if i > len(log):
                    raise ValueError("truncated action log")
                action = {"type": kind, key: groups}
            elif code in _PLACED_TYPES:
                tile, meld, position = log[i : i + 3]
                i += 3
                action = {"type": _PLACED_TYPES[code], "tile": tile}
                action.update(meld=meld, position=position)
            else:
                raise ValueError(f"corrupt action log byte {code}")
            actions.append((action, auto))
            auto = False
    except IndexError as error:
        raise ValueError("truncated action log") from error
    return actions
