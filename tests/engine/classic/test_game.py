"""The game state machine: turns, taking, discarding, finishing, scoring."""

from __future__ import annotations

import random

import pytest

from engine.classic.game import apply, legal_actions, new_match
from engine.classic.options import Options
from engine.classic.record import from_record, to_record
from engine.classic.state import GameState
from engine.core.errors import IllegalAction, MalformedAction, NotYourTurn
from engine.core.tiles import TILE_COUNT, parse_tiles
from tests.game_helpers import play_hand

SECRET = bytes(range(32))


def all_tiles(state: GameState) -> list[int]:
    placed = [state.result.placed] if state.result and state.result.placed is not None else []
    tiles = [t for rack in state.racks for t in rack]
    tiles += [t for pile in state.discards for t in pile]
    return sorted(tiles + state.pile + [state.indicator] + placed)


def test_deal_sizes_and_starter_rotation() -> None:
    for seats in (2, 3, 4):
        state = new_match(Options(seats=seats, scoring="points", hands=3), SECRET)
        assert [len(r) for r in state.racks] == [15] + [14] * (seats - 1)
        assert len(state.pile) == TILE_COUNT - 1 - 15 - 14 * (seats - 1)
        assert all_tiles(state) == list(range(TILE_COUNT))
        assert state.indicator < 104
        state = play_hand(state, random.Random(seats))
        nxt, events = apply(state, 1, {"type": "next_hand"})
        assert nxt.starter == 1 and nxt.turn == 1 and len(nxt.racks[1]) == 15
        assert events[0]["type"] == "deal" and nxt.version == state.version + 1


def test_starter_first_turn_is_only_a_discard() -> None:
    state = new_match(Options(), SECRET)
    types = {a["type"] for a in legal_actions(state, 0)}
    assert "draw" not in types and "take_discard" not in types and "discard" in types
    with pytest.raises(IllegalAction):
        apply(state, 0, {"type": "draw"})


def test_errors_are_typed_and_leave_state_alone() -> None:
    state = new_match(Options(), SECRET)
    before = to_record(state)
    with pytest.raises(NotYourTurn):
        apply(state, 1, {"type": "draw"})
    with pytest.raises(MalformedAction):
        apply(state, 0, {"type": "fly"})
    with pytest.raises(MalformedAction):
        apply(state, 0, {"type": "discard", "tile": "R5"})
    with pytest.raises(MalformedAction):
        apply(state, 7, {"type": "draw"})
    foreign = state.racks[1][0]
    with pytest.raises(IllegalAction):
        apply(state, 0, {"type": "discard", "tile": foreign})
    with pytest.raises(IllegalAction):
        apply(state, 0, {"type": "next_hand"})
    assert to_record(state) == before


def test_take_discard_only_from_left_and_only_top() -> None:
    state = new_match(Options(seats=3), SECRET)
    first, second = state.racks[0][0], state.racks[0][1]
    state, _ = apply(state, 0, {"type": "discard", "tile": first})
    state, events = apply(state, 1, {"type": "take_discard"})
    assert events[0]["tile"] == first and first in state.racks[1]
    assert state.discards[0] == []
    # The taken tile may not go straight back (RULES.md): the hand could loop for ever.
    with pytest.raises(IllegalAction, match="same turn"):
        apply(state, 1, {"type": "discard", "tile": first})
    assert first not in next(a for a in legal_actions(state, 1) if a["type"] == "discard")["tiles"]
    other = next(t for t in state.racks[1] if t != first)
    state, _ = apply(state, 1, {"type": "discard", "tile": other})
    assert second in state.racks[0]
    # seat 2 may take seat 1's discard, never seat 0's
    assert state.discards[1] == [other]
    # A turn later the same tile may be thrown like any other.
    state, _ = apply(state, 2, {"type": "take_discard"})
    state, _ = apply(state, 2, {"type": "discard", "tile": state.racks[2][0]})
    state, _ = apply(state, 0, {"type": "draw"})
    state, _ = apply(state, 0, {"type": "discard", "tile": state.racks[0][0]})
    state, _ = apply(state, 1, {"type": "draw"})
    state, _ = apply(state, 1, {"type": "discard", "tile": first})
    assert state.discards[1][-1] == first


def test_finish_scores_countdown_and_refuses_a_bad_hand() -> None:
    state = new_match(Options(seats=2), SECRET)
    # Put a known winning rack on seat 0 (the starter, 15 tiles, first turn).
    rack = parse_tiles("R1 R2 R3 R4 Y5 B5 K5 B9 B10 B11 K10 K11 K12 K13 R9")
    rack = [t ^ 1 if t == state.indicator else t for t in rack]
    state = _with_rack(state, 0, rack)
    with pytest.raises(IllegalAction):
        apply(state, 0, {"type": "finish", "tile": rack[0]})
    done, events = apply(state, 0, {"type": "finish", "tile": rack[-1]})
    assert done.phase == "over" and events[-1]["type"] == "finish"
    assert done.scores == [20, 18] and done.result is not None
    assert done.result.summary.winner == 0 and done.result.summary.kind == "melds"
    assert all_tiles(done) == list(range(TILE_COUNT))


def _with_rack(state: GameState, seat: int, rack: list[int]) -> GameState:
    """Swap tiles so that ``seat`` holds ``rack`` (tiles keep their total count)."""
    new = state.copy()
    wanted = set(rack)
    give = [t for t in new.racks[seat] if t not in wanted]
    for tile in rack:
        if tile in new.racks[seat]:
            continue
        for place in [*new.racks, new.pile]:
            if tile in place:
                swap = give.pop()
                place[place.index(tile)] = swap
                new.racks[seat][new.racks[seat].index(swap)] = tile
                break
    assert sorted(new.racks[seat]) == sorted(rack)
    return new


def test_record_round_trip_and_size() -> None:
    rng = random.Random(5)
    state = new_match(Options(), SECRET)
    state = play_hand(state, rng)
    record = to_record(state)
    again = from_record(record)
    assert to_record(again) == record
    assert again.racks == state.racks and again.pile == state.pile
    assert again.version == state.version and again.scores == state.scores
