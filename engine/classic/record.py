"""Compact storage of a match: options, secret, counters and a packed action log.

Everything else is rebuilt by dealing from the seed and replaying the log, so
the stored record of a whole 4-seat hand stays well under a kilobyte and a
hand can always be re-checked from seed and actions.

The state's log has one byte per action (a tile id is a discard; codes from
106 up are the other actions: engine.classic.log). The stored log (format 2) packs each turn's
take and discard into one byte: a tile id read while the seat on turn has
still to take means "drew, then discarded it", and 128 + a tile id means "took
the left discard, then discarded it". That halves the stored log, the part
of the table item that grows with a hand. Format 1 (unpacked) still loads.
"""

from __future__ import annotations

from typing import Any

from engine.classic.game import replay_action, start_hand
from engine.classic.log import LOG_AUTO, LOG_DRAW, LOG_FINISH, PLAIN_CODE, decode_one
from engine.classic.log import decode_log as decode_log  # its old home, still imported
from engine.classic.options import Options
from engine.classic.state import GameState, HandSummary
from engine.core.options import compact_options
from engine.core.record import record_header, record_log

RECORD_FORMAT = 2
UNPACKED_FORMAT = 1
TOOK_THEN = 128  # packed: 128 + tile = took the left discard, then discarded the tile


def to_record(state: GameState) -> dict[str, Any]:
    """Plain JSON-ready data from which :func:`from_record` rebuilds ``state``."""
    options = state.options
    compact = compact_options(options, Options(seats=options.seats).to_dict(), ("seats",))
    history = [summary.to_list() for summary in state.history]
    record = record_header(state, RECORD_FORMAT, compact, history, pack_log(state.log))
    return {**record, "s": state.scores_at_deal}


def pack_log(log: bytes) -> bytes:
    """The stored form of a state's log: each take or draw merged with the discard after it.

    >>> from engine.classic.log import LOG_DRAW, LOG_FINISH, LOG_TAKE
    >>> pack_log(bytes([7, LOG_DRAW, 9, LOG_TAKE, 9, LOG_DRAW, LOG_FINISH, 3])).hex(" ")
    '07 09 89 6a 6e 03'
    """
    actions = decode_log(log)
    out = bytearray()
    i = 0
    while i < len(actions):
        (action, auto), after = actions[i], actions[i + 1] if i + 1 < len(actions) else None
        if auto:
            out.append(LOG_AUTO)
        kind = action["type"]
        # A turn half played by a computer (auto flags differ) keeps two bytes.
        paired = after is not None and after[0]["type"] == "discard" and after[1] == auto
        if kind in ("draw", "take_discard") and after is not None and paired:
            out.append(after[0]["tile"] + (TOOK_THEN if kind == "take_discard" else 0))
            i += 2
            continue
        if kind == "finish":
            out += bytes([LOG_FINISH, action["tile"]])
        elif kind == "discard":
            out.append(action["tile"])
        else:
            out.append(PLAIN_CODE[kind])
        i += 1
    return bytes(out)


def _replay_packed(state: GameState, log: bytes) -> None:
    i, auto = 0, False
    while i < len(log):
        code = log[i]
        if code == LOG_AUTO:
            auto, i = True, i + 1
            continue
        if state.phase == "take" and (code < LOG_DRAW or TOOK_THEN <= code < TOOK_THEN + LOG_DRAW):
            took = code >= TOOK_THEN
            take = {"type": "take_discard" if took else "draw"}
            replay_action(state, state.turn, take, auto=auto)
            tile = code - TOOK_THEN if took else code
            replay_action(state, state.turn, {"type": "discard", "tile": tile}, auto=auto)
            i += 1
        else:
            action, i = decode_one(log, i)
            replay_action(state, state.turn, action, auto=auto)
        auto = False


def from_record(record: dict[str, Any]) -> GameState:
    """Rebuild a state by dealing its hand and replaying the logged actions."""
    if record.get("f") not in (RECORD_FORMAT, UNPACKED_FORMAT):
        raise ValueError("unknown record format")
    options = Options.from_dict(record["o"])
    state = start_hand(
        options,
        bytes.fromhex(record["m"]),
        record["h"],
        record["b"],
        list(record["s"]),
        [HandSummary.from_list(item) for item in record["r"]],
    )
    log = record_log(record)
    if record["f"] == UNPACKED_FORMAT:
        for action, auto in decode_log(log):
            replay_action(state, state.turn, action, auto=auto)
    else:
        _replay_packed(state, log)
    return state
