"""Hands are finite (RULES.md): no passing a tile straight back, and a 400-turn limit.

Without these, two seats could take each other's discard and throw the same
tile back for ever, and the stored hand (its log) would grow without bound.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from engine.classic.game import apply, legal_actions, new_match
from engine.classic.options import Options
from engine.classic.record import from_record, to_record
from engine.classic.state import TURN_LIMIT
from engine.core.errors import IllegalAction
from engine.okey101.game import apply as apply101
from engine.okey101.game import new_match101
from engine.okey101.legal import legal_actions as legal_actions101
from engine.okey101.record import from_record101, to_record101
from engine.okey101.state import Options101

SECRET = bytes(range(32))


def _circle(
    state: Any, apply_: Callable[..., Any], legal: Callable[..., list[dict[str, Any]]]
) -> tuple[Any, list[dict[str, Any]]]:
    """Play the loop the rules forbid as closely as they allow: always take the left
    discard, then throw the lowest tile that may go. Returns the state and all events."""
    events: list[dict[str, Any]] = []
    while state.phase != "over":
        seat = state.turn
        kinds = {a["type"]: a for a in legal(state, seat)}
        if "take_discard" in kinds:
            action = {"type": "take_discard"}
        elif "discard" in kinds:
            action = {"type": "discard", "tile": kinds["discard"]["tiles"][0]}
        else:
            action = {"type": "draw"}
        state, new = apply_(state, seat, action)
        events += new
    return state, events


def test_classic_circling_hand_ends_at_the_turn_limit_with_no_winner() -> None:
    state = new_match(Options(seats=2, scoring="points", hands=2), SECRET)
    state, events = _circle(state, apply, legal_actions)
    discards = [e for e in events if e["type"] == "discard"]
    assert len(discards) == TURN_LIMIT == sum(state.turns_done)
    assert events[-1] == {
        "v": state.version,
        "type": "end_hand",
        "seat": state.turn,
        "reason": "turn_limit",
    }
    assert state.result is not None and state.result.summary.winner is None
    assert state.scores == state.scores_at_deal  # no winner: nobody gains
    assert [a["type"] for a in legal_actions(state, 0)] == ["next_hand"]
    # Taking kept the pile: the limit, not an empty pile, ended it.
    assert state.pile
    # The limit is part of the last discard, so the stored log replays to the same end.
    again = from_record(json.loads(json.dumps(to_record(state))))
    assert again.phase == "over" and again.events == state.events
    assert len(state.log) == TURN_LIMIT * 2 - 1  # every turn but the first took and threw


def test_classic_taken_tile_never_goes_straight_back() -> None:
    state = new_match(Options(seats=3), SECRET)
    state, _ = apply(state, 0, {"type": "discard", "tile": state.racks[0][0]})
    state, events = apply(state, 1, {"type": "take_discard"})
    taken = events[0]["tile"]
    assert taken not in next(a for a in legal_actions(state, 1) if a["type"] == "discard")["tiles"]
    with pytest.raises(IllegalAction, match="same turn"):
        apply(state, 1, {"type": "discard", "tile": taken})


def test_101_circling_hand_ends_at_the_turn_limit() -> None:
    # With the "use the left discard" option off a 101 hand could circle too.
    options = Options101(seats=2, discard_must_be_used=False)
    state = new_match101(options, SECRET)
    state, events = _circle(state, apply101, legal_actions101)
    assert sum(e["type"] == "discard" for e in events) == TURN_LIMIT == state.turns
    assert events[-2] == {
        "v": state.version - 1,
        "type": "end_hand",
        "seat": state.turn,
        "reason": "turn_limit",
    }
    assert events[-1]["type"] == "hand_over" and events[-1]["finisher"] is None
    assert state.pile and state.phase == "over"
    again = from_record101(json.loads(json.dumps(to_record101(state))))
    assert again.phase == "over" and again.events == state.events and again.turns == TURN_LIMIT


def test_101_taken_tile_never_goes_straight_back_and_can_always_be_returned() -> None:
    options = Options101(seats=2, discard_must_be_used=False)
    state = new_match101(options, SECRET)
    state, _ = apply101(state, 0, {"type": "discard", "tile": state.racks[0][0]})
    state, events = apply101(state, 1, {"type": "take_discard"})
    taken = events[0]["tile"]
    legal = {a["type"]: a for a in legal_actions101(state, 1)}
    assert taken not in legal["discard"]["tiles"] and "return_discard" in legal
    with pytest.raises(IllegalAction, match="same turn"):
        apply101(state, 1, {"type": "discard", "tile": taken})
