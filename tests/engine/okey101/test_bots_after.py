"""The hard 101 bot once it has opened: the one-draw look-ahead of its discard and
the finishes the usual order of lay-offs would miss (``engine/okey101/bots/after.py``),
and the opening that leaves least after the turn (``engine/okey101/bots/hold.py``)."""

from __future__ import annotations

import pytest

from engine.core.tiles import parse_tiles
from engine.okey101.bots.after import AFTER, expected_left, finish_now, leftover
from engine.okey101.bots.hold import HOLD, lean_opening
from engine.okey101.bots.seat import Seat, live_faces
from engine.okey101.game import apply
from engine.okey101.view import view_for
from tests.engine.okey101.test_bots import OKEY, _choose, _state

PILE = "B10 B10 Y10 Y10"  # clear of every rack and table below


def _opened(rack: str, *table: str, pile: str = PILE) -> Seat:
    state = _state([rack, "K3 K4"], phase="play", pile=pile, table=table, opened=("melds",))
    return Seat.of(view_for(state, 0))


def test_leftover_follows_a_tile_onto_the_table_and_keeps_one() -> None:
    assert leftover(parse_tiles("R8 R9 K2"), [parse_tiles("R5 R6 R7")], OKEY, "sum101") == [
        parse_tiles("K2")[0]
    ]
    # every tile would fit, but one must stay for the finishing discard
    assert len(leftover(parse_tiles("R8 R9"), [parse_tiles("R5 R6 R7")], OKEY, "sum101")) == 1


def test_a_rack_that_a_draw_can_carry_onto_the_table_leaves_less() -> None:
    # R8 (drawn) goes on R5-R7 and R9 follows: K2 is left to discard, a finish.
    seat = _opened("R9 B9 K2", "R5 R6 R7")
    live = live_faces(seat)
    follows = expected_left(seat, parse_tiles("R9 K2"), live)
    stays = expected_left(seat, parse_tiles("B9 K2"), live)
    assert follows < stays


@pytest.mark.parametrize(("run", "thrown"), [("R5 R6 R7", "B9"), ("B5 B6 B7", "R9")])
def test_hard_keeps_the_nine_that_can_follow_a_draw_onto_the_table(
    run: str, thrown: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(AFTER, "on", 1)  # measured and off by default
    state = _state(["R9 B9 K2", "K3 K4"], phase="play", pile=PILE, table=(run,), opened=("melds",))
    action = _choose(state, "hard")
    assert action["type"] == "discard" and action["tile"] >> 1 == parse_tiles(thrown)[0] >> 1


def test_hard_sheds_high_tiles_when_no_draw_can_use_them(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(AFTER, "on", 1)
    state = _state(
        ["K13 R2 B3", "K3 K4"], phase="play", pile=PILE, table=("Y1 Y2 Y3",), opened=("melds",)
    )
    action = _choose(state, "hard")
    assert action == {"type": "discard", "tile": parse_tiles("K13")[0]}


def test_finish_now_lays_three_of_a_four_run_and_throws_the_fourth() -> None:
    # The four tiles make one run: the engine suggests no lay (it would empty the
    # rack), so the usual order would throw one and wait.
    state = _state(
        ["R1 R2 R3 R4", "K3 K4"], phase="play", pile=PILE, table=("K5 K6 K7",), opened=("melds",)
    )
    assert finish_now(Seat.of(view_for(state, 0))) == {
        "type": "lay",
        "melds": [parse_tiles("R1 R2 R3")],
    }
    for _ in range(3):
        if state.phase == "over":
            break
        state, _ = apply(state, 0, _choose(state, "hard"))
    assert state.phase == "over" and state.finisher == 0
    # normal (unchanged) does not see it
    state = _state(
        ["R1 R2 R3 R4", "K3 K4"], phase="play", pile=PILE, table=("K5 K6 K7",), opened=("melds",)
    )
    assert _choose(state, "normal")["type"] == "discard"


def test_finish_now_stays_out_of_racks_that_cannot_finish_or_finish_anyway() -> None:
    assert finish_now(_opened("R1 R2 K9 B5", "K5 K6 K7")) is None
    # lay-offs alone finish: the usual order does it
    assert finish_now(_opened("K8 B2", "K5 K6 K7")) is None
    # not opened: not its business
    state = _state(["R1 R2 R3 R4", "K3 K4"], phase="play", pile=PILE)
    assert finish_now(Seat.of(view_for(state, 0))) is None


# The richest opening lays the four eights (140 points) and strands R9; without
# R8 the set is still three eights (132), and R8 then R9 go onto R5 R6 R7.
LEAN = "R8 Y8 B8 K8 R9 B11 B12 B13 Y11 Y12 Y13 K11 K12 K13 K2 R3"


def _turn(level: str) -> list[int]:
    """Seat 0's rack after it played its turn (open, lay off, discard) at ``level``."""
    state = _state(
        [LEAN, "K3 K4"], phase="play", pile=PILE, table=("R5 R6 R7",), opened=(None, "melds")
    )
    while state.turn == 0 and state.phase == "play":
        state, _ = apply(state, 0, _choose(state, level))
    return state.racks[0]


def test_lean_opening_leaves_the_eight_for_the_run_on_the_table() -> None:
    state = _state(
        [LEAN, "K3 K4"], phase="play", pile=PILE, table=("R5 R6 R7",), opened=(None, "melds")
    )
    groups = lean_opening(Seat.of(view_for(state, 0)))
    assert groups is not None
    assert sorted(map(sorted, groups)) == sorted(
        sorted(parse_tiles(m)) for m in ("Y8 B8 K8", "B11 B12 B13", "Y11 Y12 Y13", "K11 K12 K13")
    )
    # nothing reaches the threshold: no opening
    state = _state(["R8 Y8 B8 K2 R3", "K3 K4"], phase="play", pile=PILE)
    assert lean_opening(Seat.of(view_for(state, 0))) is None


def test_hard_opens_lean_and_keeps_one_tile_where_normal_keeps_two() -> None:
    assert HOLD["lean"]
    low = {t >> 1 for t in parse_tiles("K2 R3")}
    hard = _turn("hard")
    assert len(hard) == 1 and hard[0] >> 1 in low  # R8 and R9 went onto the table
    # normal (unchanged) lays the richest opening: R9 is stranded, two tiles stay
    assert len(_turn("normal")) == 2
