"""The stored classic log packs a take or draw with its discard, and old records still load."""

from __future__ import annotations

import base64
import json
import random

from engine.classic.game import apply, legal_actions, new_match
from engine.classic.options import Options
from engine.classic.record import LOG_AUTO, RECORD_FORMAT, UNPACKED_FORMAT, from_record, to_record
from engine.classic.state import GameState
from tests.game_helpers import expand


def _played(seed: int, auto_every: int = 0) -> GameState:
    """A random 4-seat hand; every ``auto_every``-th action marked as a computer's."""
    rng = random.Random(seed)
    state = new_match(Options(seats=4), rng.randbytes(32))
    n = 0
    while state.phase != "over":
        seat = state.turn
        action = rng.choice(expand(legal_actions(state, seat)))
        n += 1
        state, _ = apply(state, seat, action, auto=bool(auto_every and n % auto_every == 0))
    return state


def _same(a: GameState, b: GameState) -> bool:
    return (a.events, a.racks, a.pile, a.discards, a.scores, a.phase) == (
        b.events,
        b.racks,
        b.pile,
        b.discards,
        b.scores,
        b.phase,
    )


def test_packed_records_replay_to_the_same_hand_with_computer_turns_mixed_in() -> None:
    for seed in range(15):
        for auto_every in (0, 3, 2):
            state = _played(seed, auto_every)
            record = json.loads(json.dumps(to_record(state)))
            assert record["f"] == RECORD_FORMAT
            assert _same(from_record(record), state)


def test_packing_halves_the_stored_log_of_a_hand_without_computer_turns() -> None:
    state = _played(7)
    packed = base64.b64decode(to_record(state)["l"])
    turns = sum(state.turns_done)
    # One byte per turn, plus at most the first discard and the hand's last action.
    assert turns <= len(packed) <= turns + 3
    assert len(packed) < 0.6 * len(state.log)


def test_unpacked_format_1_records_still_load() -> None:
    state = _played(11, auto_every=4)
    assert LOG_AUTO in state.log
    old = {**to_record(state), "f": UNPACKED_FORMAT, "l": base64.b64encode(state.log).decode()}
    assert _same(from_record(old), state)
