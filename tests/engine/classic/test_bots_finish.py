"""Computer players finish with the okey (placed as the 15th tile) and with seven pairs."""

from __future__ import annotations

import pytest

from engine.classic.bots import choose_action
from engine.classic.bots.finish import MAX_WAIT_THREAT, okey_wait, threat
from engine.classic.bots.plan import HARD, NAIVE, Knowledge
from engine.classic.bots.tracking import Table, read_view
from engine.classic.game import apply
from engine.classic.state import GameState
from engine.core.tiles import face_of, parse_face
from tests.engine.classic.test_bots import _give, arranged, view_of


def _tile(state: GameState, seat: int, face: str) -> int:
    return next(t for t in state.racks[seat] if face_of(t) == parse_face(face))


def _with_okeys(state: GameState, seat: int, replace: list[str]) -> tuple[GameState, list[int]]:
    """``seat``'s rack with the tiles of faces ``replace`` swapped for okeys."""
    okeys = [t for t in range(104) if face_of(t) == state.okey][: len(replace)]
    rack = list(state.racks[seat])
    for face, okey in zip(replace, okeys, strict=True):
        rack[rack.index(_tile(state, seat, face))] = okey
    state = _give(state, seat, rack)
    state.shown = [True] * len(state.shown)
    return state, okeys


def _play_other(state: GameState, seat: int, face: str) -> GameState:
    """``seat`` draws and throws its tile of ``face``."""
    state, _ = apply(state, seat, {"type": "draw"})
    state, _ = apply(state, seat, {"type": "discard", "tile": _tile(state, seat, face)})
    return state


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_places_the_okey_when_the_other_fourteen_win(level: str) -> None:
    # R1 R2 R3 R4 / Y5 B5 K5 / B9 B10 B11 / K10 K11 K12 K13 win without the okey:
    # placing it (not K9) doubles the finish.
    state = arranged(2, {0: "R1 R2 R3 R4 Y5 B5 K5 B9 B10 B11 K10 K11 K12 K13 K9"})
    state, (okey,) = _with_okeys(state, 0, ["K9"])
    finishing = next(a["tiles"] for a in view_of(state)["legal"] if a["type"] == "finish")
    assert okey in finishing and len(finishing) > 1
    assert choose_action(view_of(state), level) == {"type": "finish", "tile": okey}
    done, _ = apply(state, 0, {"type": "finish", "tile": okey})
    assert done.result is not None and done.result.summary.okey_finish
    assert done.result.summary.deltas == (0, -4)


# Seat 0 (the starter) can finish by throwing Y12; its okey stands in the set
# Y5 B5 _, so an R5 or K5 would free it. Seat 1 holds an R5 and a K7.
WAITING = "R1 R2 R3 R4 B9 B10 B11 K10 K11 K12 K13 Y5 B5 Y12 K1"
OTHER = "R5 K7 Y1 Y2 B1 B2 B13 R8 R9 Y10 Y13 B6 B7 R12"


@pytest.mark.parametrize("offered", ["R5", "K7"])
def test_hard_waits_then_finishes_with_the_okey(offered: str) -> None:
    state = arranged(2, {0: WAITING, 1: OTHER})
    state, (okey,) = _with_okeys(state, 0, ["K1"])
    wait = choose_action(view_of(state), "hard")
    assert wait == {"type": "discard", "tile": _tile(state, 0, "Y12")}
    state, _ = apply(state, 0, wait)
    state = _play_other(state, 1, offered)
    take = choose_action(view_of(state), "hard")
    if offered == "K7":
        # any tile finishes a finished hand: only a draw may still free the okey
        assert take == {"type": "draw"}
        return
    assert take == {"type": "take_discard"}
    state, _ = apply(state, 0, take)
    assert choose_action(view_of(state), "hard") == {"type": "finish", "tile": okey}
    done, _ = apply(state, 0, {"type": "finish", "tile": okey})
    assert done.result is not None and done.result.summary.okey_finish


def test_normal_waits_for_a_plain_okey_finish() -> None:
    # Two okeys stand in Y5 _ _: a fifth, a 3, 4, 6 or 7 of yellow frees one of them
    # (a chance a player sees without counting tiles); Y12 (or Y5) finishes at once for 2.
    state = arranged(2, {0: WAITING, 1: OTHER})
    state, okeys = _with_okeys(state, 0, ["K1", "B5"])
    view = view_of(state)
    finishing = next(a["tiles"] for a in view["legal"] if a["type"] == "finish")
    assert _tile(state, 0, "Y12") in finishing and not set(finishing) & set(okeys)
    wait = choose_action(view, "normal")
    assert wait == {"type": "discard", "tile": _tile(state, 0, "Y12")}
    state, _ = apply(state, 0, wait)
    state = _play_other(state, 1, "R5")  # R5 frees an okey: Y5 R5 okey
    assert choose_action(view_of(state), "normal") == {"type": "take_discard"}
    state, _ = apply(state, 0, {"type": "take_discard"})
    action = choose_action(view_of(state), "normal")
    assert action["type"] == "finish" and action["tile"] in okeys


def test_hard_plays_for_seven_pairs_and_finishes_with_them() -> None:
    # Six pairs and three singles: melds are far, pairs one tile away. Seat 1
    # holds the twin of each single.
    state = arranged(2, {0: "R2 R2 Y5 Y5 B9 B9 K12 K12 R7 R7 Y11 Y11 B3 K6 R12"})
    singles = {"B3", "K6", "R12"}
    twins = [_tile(state, 0, f) ^ 1 for f in sorted(singles)]
    others = [t for t in state.racks[1] if t not in twins and face_of(t) != state.okey]
    state = _give(state, 1, [*twins, *others[: 14 - len(twins)]])
    state.shown = [True, True]
    first = choose_action(view_of(state), "hard")
    assert first["type"] == "discard"
    assert face_of(first["tile"]) in {parse_face(f) for f in singles}
    state, _ = apply(state, 0, first)
    left = sorted(f for f in singles if parse_face(f) in {face_of(t) for t in state.racks[0]})
    state = _play_other(state, 1, left[0])
    assert choose_action(view_of(state), "hard") == {"type": "take_discard"}
    state, _ = apply(state, 0, {"type": "take_discard"})
    action = choose_action(view_of(state), "hard")
    assert action == {"type": "finish", "tile": _tile(state, 0, left[1])}
    done, _ = apply(state, 0, action)
    assert done.result is not None and done.result.summary.kind == "pairs"
    assert done.result.summary.deltas == (0, -4)


def test_normal_waits_when_two_faces_free_its_okey_while_the_pile_is_full() -> None:
    # One okey stands in Y5 B5 _: an R5 or a K5 frees it (two faces, about 9%
    # a round to a player who assumes every copy may come). It waits while the
    # pile is more than half full, and finishes at once later.
    state = arranged(2, {0: WAITING, 1: OTHER})
    state, _ = _with_okeys(state, 0, ["K1"])
    table = read_view(view_of(state))
    y12 = _tile(state, 0, "Y12")
    assert okey_wait(table, Knowledge.of(table, NAIVE), counts_tiles=False) == y12
    assert choose_action(view_of(state), "normal") == {"type": "discard", "tile": y12}
    table.pile_count = 20
    assert okey_wait(table, Knowledge.of(table, NAIVE), counts_tiles=False) is None


def _two_okeys_waiting(turns: int) -> tuple[Table, int]:
    """Seat 0 holds WAITING with two okeys standing in Y5 _ _ (Y3, Y4, Y5,
    Y6, Y7, R5, K5 free one: about a quarter a round), after ``turns`` turns."""
    state = arranged(2, {0: WAITING, 1: OTHER})
    state, _ = _with_okeys(state, 0, ["K1", "B5"])
    table = read_view(view_of(state))
    table.turns_played = turns
    return table, _tile(state, 0, "Y12")


def test_hard_waits_on_a_wide_okey_chance_even_when_the_threat_is_middling() -> None:
    # The threat is past the old cap (0.15) but a quarter a round of doubling
    # beats it: q / (1 - q) is about 0.21.
    table, y12 = _two_okeys_waiting(24)
    assert 0.15 < threat(table) <= MAX_WAIT_THREAT
    assert okey_wait(table, Knowledge.of(table, HARD)) == y12


@pytest.mark.parametrize("turns", [32, 48])
def test_hard_finishes_plainly_once_the_threat_is_too_high(turns: int) -> None:
    table, _ = _two_okeys_waiting(turns)
    assert threat(table) > MAX_WAIT_THREAT
    assert okey_wait(table, Knowledge.of(table, HARD)) is None


def test_hard_finishes_plainly_when_its_chance_is_below_the_threat() -> None:
    # One okey freed by two faces (about 9% a round) is not worth a threat of 0.1.
    state = arranged(2, {0: WAITING, 1: OTHER})
    state, _ = _with_okeys(state, 0, ["K1"])
    table = read_view(view_of(state))
    table.turns_played = 16
    assert 0.09 < threat(table) < MAX_WAIT_THREAT
    assert okey_wait(table, Knowledge.of(table, HARD)) is None


def test_normal_waits_when_one_face_frees_its_okey_early() -> None:
    # The okey stands in R1 R2 _ R4: only an R3 (or the other okey) frees it,
    # about 5.5% a round to a player who assumes both R3s may come. Early in
    # the hand that is worth a round; later it finishes at once.
    state = arranged(2, {0: "R1 R2 R3 R4 B9 B10 B11 K10 K11 K12 K13 Y5 B5 R5 Y12", 1: OTHER})
    state, _ = _with_okeys(state, 0, ["R3"])
    y12 = _tile(state, 0, "Y12")
    assert choose_action(view_of(state), "normal") == {"type": "discard", "tile": y12}
    table = read_view(view_of(state))
    table.pile_count = 20
    assert okey_wait(table, Knowledge.of(table, NAIVE), counts_tiles=False) is None
