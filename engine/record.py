"""Compact storage of a match: options, secret, counters and a one-byte-per-action log.

Everything else is rebuilt by dealing from the seed and replaying the log, so
the stored record of a whole 4-seat hand stays well under a kilobyte and a
hand can always be re-checked from seed and actions.
"""

from __future__ import annotations

import base64
from typing import Any

from .game import (
    LOG_AUTO,
    LOG_DRAW,
    LOG_END,
    LOG_FINISH,
    LOG_SHOW,
    LOG_TAKE,
    replay_action,
    start_hand,
)
from .options import Options
from .state import GameState, HandSummary

RECORD_FORMAT = 1


def to_record(state: GameState) -> dict[str, Any]:
    """Plain JSON-ready data from which :func:`from_record` rebuilds ``state``."""
    return {
        "f": RECORD_FORMAT,
        "o": _compact_options(state.options),
        "m": state.match_secret.hex(),
        "h": state.hand_number,
        "b": state.base_version,
        "s": state.scores_at_deal,
        "r": [summary.to_list() for summary in state.history],
        "l": base64.b64encode(state.log).decode("ascii"),
    }


def _compact_options(options: Options) -> dict[str, Any]:
    defaults = Options(seats=options.seats).to_dict()
    return {k: v for k, v in options.to_dict().items() if k == "seats" or v != defaults[k]}


def decode_log(log: bytes) -> list[tuple[dict[str, Any], bool]]:
    """The actions of a hand's log, each with whether a computer played it."""
    actions: list[tuple[dict[str, Any], bool]] = []
    i, auto = 0, False
    while i < len(log):
        code = log[i]
        i += 1
        if code == LOG_AUTO:
            auto = True
            continue
        action: dict[str, Any]
        if code < LOG_DRAW:
            action = {"type": "discard", "tile": code}
        elif code == LOG_DRAW:
            action = {"type": "draw"}
        elif code == LOG_TAKE:
            action = {"type": "take_discard"}
        elif code == LOG_SHOW:
            action = {"type": "show_indicator"}
        elif code == LOG_END:
            action = {"type": "end_hand"}
        elif code == LOG_FINISH:
            action = {"type": "finish", "tile": log[i]}
            i += 1
        else:
            raise ValueError(f"corrupt action log byte {code}")
        actions.append((action, auto))
        auto = False
    return actions


def from_record(record: dict[str, Any]) -> GameState:
    """Rebuild a state by dealing its hand and replaying the logged actions."""
    if record.get("f") != RECORD_FORMAT:
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
    for action, auto in decode_log(base64.b64decode(record["l"], validate=True)):
        replay_action(state, state.turn, action, auto=auto)
    return state
