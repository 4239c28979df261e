"""The compact 101 record: round trips after random legal play, its size, versions."""

from __future__ import annotations

import base64
import json
import random

import pytest

from engine.okey101.game import apply, new_match101
from engine.okey101.log import decode_log, encode_action
from engine.okey101.record import from_record101, is_record101, to_record101
from engine.okey101.state import Options101, State101
from engine.okey101.view import view_for
from tests.game_helpers import random_action101


def _same(a: State101, b: State101) -> None:
    for name in (
        "hand_number", "seed", "starter", "racks", "pile", "discards", "indicator", "okey",
        "turn", "phase", "opened", "table", "table_owners", "burned", "penalties", "totals",
        "history", "taken", "events", "result", "finisher", "match_winners", "base_version", "log",
    ):  # fmt: skip
        assert getattr(a, name) == getattr(b, name), name
    assert a.version == b.version


@pytest.mark.parametrize("game", range(9))
def test_round_trip_after_random_play(game: int) -> None:
    rng = random.Random(game)
    options = Options101(
        seats=2 + game % 3,
        hands=2,
        burn_full_sets=game % 2 == 1,
        opening_rule="middle34" if game % 4 == 3 else "sum101",
    )
    state = new_match101(options, bytes([game + 1]) * 32)
    versions = [state.version]
    for step in range(1500):
        if state.match_over:
            break
        if state.phase == "over":
            state, events = apply(state, state.turn, {"type": "next_hand"})
        else:
            action = random_action101(state, rng)
            state, events = apply(state, state.turn, action, auto=step % 7 == 0)
        assert [e["v"] for e in events] == list(range(versions[-1] + 1, state.version + 1))
        versions.append(state.version)
        record = json.loads(json.dumps(to_record101(state)))
        assert is_record101(record)
        _same(from_record101(record), state)
    assert state.match_over and len(state.history) == 2
    assert versions == sorted(versions)


def test_events_since_a_version() -> None:
    state = new_match101(Options101(seats=2), bytes(32))
    first = state.version
    state, _ = apply(state, 0, {"type": "discard", "tile": state.racks[0][0]})
    state, _ = apply(state, 1, {"type": "draw"})
    view = view_for(state, 0, since=first)
    assert [e["type"] for e in view["events"]] == ["discard", "draw"]
    assert "tile" not in view["events"][1] and view["events_complete"]
    assert view["version"] == state.version == first + 2


def test_log_codec_round_trips_every_kind() -> None:
    actions = [
        {"type": "draw"},
        {"type": "take_discard"},
        {"type": "return_discard"},
        {"type": "end_hand"},
        {"type": "discard", "tile": 105},
        {"type": "open", "pairs": [[0, 1], [2, 3], [4, 5], [6, 7], [8, 9]]},
        {"type": "lay", "melds": [[10, 12, 14], [20, 46, 72, 98]]},
        {"type": "lay", "pairs": [[30, 31]]},
        {"type": "layoff", "tile": 16, "meld": 0, "position": 3},
        {"type": "swap", "tile": 44, "meld": 12, "position": 1},
    ]
    log = b"".join(encode_action(a, auto=i % 3 == 0) for i, a in enumerate(actions))
    assert decode_log(log) == [(a, i % 3 == 0) for i, a in enumerate(actions)]
    with pytest.raises(ValueError):
        decode_log(bytes([111, 2, 3, 1, 2]))
    with pytest.raises(ValueError):
        decode_log(bytes([200]))


def test_record_of_a_whole_four_seat_hand_is_small() -> None:
    sizes = []
    for game in range(6):
        rng = random.Random(100 + game)
        state = new_match101(Options101(seats=4, hands=1), bytes([game + 7]) * 32)
        while state.phase != "over":
            state, _ = apply(state, state.turn, random_action101(state, rng))
        record = to_record101(state)
        sizes.append(
            (len(json.dumps(record, separators=(",", ":"))), len(base64.b64decode(record["l"])))
        )
        _same(from_record101(record), state)
    print("101 4-seat hand record (json bytes, log bytes):", sizes)
    assert max(size for size, _ in sizes) < 1024
