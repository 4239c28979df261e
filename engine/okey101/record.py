"""Compact storage of a 101 match, like :mod:`engine.classic.record` for classic.

A record is plain JSON::

    {"f": 1,                 # record format
     "o": {...},             # options that differ from the defaults, plus variant and seats
     "m": "<64 hex>",        # the match secret (every hand's seed derives from it)
     "h": 2,                 # hand number
     "b": 181,               # match version when this hand was dealt
     "r": [[d0, d1, ...]],   # the deltas of each hand finished before this one
     "l": "<base64>"}        # this hand's action log (engine.okey101.log)

Totals are the sums of ``r``. Everything else is rebuilt by dealing from the
seed and replaying the log in place.

>>> from engine.okey101.game import apply, new_match101
>>> from engine.okey101.state import Options101
>>> state = new_match101(Options101(seats=2), bytes(32))
>>> state, _ = apply(state, 0, {"type": "discard", "tile": state.racks[0][0]})
>>> record = to_record101(state)
>>> record["o"], record["l"]
({'variant': '101', 'seats': 2}, 'TA==')
>>> from_record101(record).racks == state.racks
True
"""

from __future__ import annotations

from typing import Any

from engine.core.options import compact_options
from engine.core.record import record_header, record_log
from engine.okey101.game import replay_action, start_hand101
from engine.okey101.log import decode_log
from engine.okey101.state import Options101, State101

RECORD_FORMAT = 1


def to_record101(state: State101) -> dict[str, Any]:
    """Plain JSON-ready data from which :func:`from_record101` rebuilds ``state``."""
    # A finished hand is already in the history; the record keeps the hands before it.
    before = state.history[:-1] if state.phase == "over" else state.history
    options = state.options
    defaults = Options101(seats=options.seats).to_dict()
    compact = compact_options(options, defaults, ("variant", "seats"))
    return record_header(state, RECORD_FORMAT, compact, [list(d) for d in before], state.log)


def is_record101(record: dict[str, Any]) -> bool:
    """Whether a stored record is a 101 match's (classic records name no variant)."""
    options = record.get("o")
    return isinstance(options, dict) and options.get("variant") == "101"


def from_record101(record: dict[str, Any]) -> State101:
    """Rebuild a state by dealing its hand and replaying the logged actions in place."""
    if record.get("f") != RECORD_FORMAT or not is_record101(record):
        raise ValueError("not a 101 record of a known format")
    state = start_hand101(
        Options101(**record["o"]),
        bytes.fromhex(record["m"]),
        record["h"],
        record["b"],
        [tuple(deltas) for deltas in record["r"]],
    )
    for action, auto in decode_log(record_log(record)):
        replay_action(state, state.turn, action, auto=auto)
    return state
