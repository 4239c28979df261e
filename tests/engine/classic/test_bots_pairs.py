"""The hard computer's seven-pairs plan, chosen per rack and per moment, and
its okey wait when the finish decides the match."""

from __future__ import annotations

from collections.abc import Sequence

from engine.classic.bots.finish import okey_wait
from engine.classic.bots.pairs import hazards, reach
from engine.classic.bots.plan import (
    DECIDES_MATCH,
    HARD,
    Knowledge,
    pairs_value,
    plays_pairs,
    ranked_discards,
    take_pairs,
)
from engine.classic.bots.tracking import Table, dead_mask, read_view
from engine.core.tiles import parse_face, parse_tiles, plays_as
from tests.engine.classic.test_bots import arranged, view_of
from tests.engine.classic.test_bots_finish import OTHER, WAITING, _with_okeys


def know_for(rack: Sequence[int], *, pile: int, rounds: float, okey: str = "K1") -> Knowledge:
    """What a seat knows that has seen only its rack (and no okey): every other copy live."""
    know = Knowledge.naive(parse_face(okey))
    for tile in rack:
        know.live[52 if tile >> 1 == know.okey else plays_as(tile, know.okey)] -= 1
    know.dead = dead_mask(know.live)
    know.pile, know.rounds = pile, rounds
    return know


EARLY = {"pile": 44, "rounds": 0.0}
LATE = {"pile": 16, "rounds": 7.0}


def test_five_pairs_with_far_melds_play_pairs() -> None:
    # Five pairs (two of them double runs R3-R5) and nothing else that melds:
    # melds are five tiles away, pairs two, so pairs from the first turn.
    rack = parse_tiles("R3 R3 R4 R4 R5 R5 B7 B7 Y9 Y9 K11 B11 Y2 K6 B13")
    know = know_for(rack, **EARLY)
    thrown = ranked_discards(rack, know, HARD)[0][1]
    assert plays_as(thrown, know.okey) in {parse_face(f) for f in ("K11", "B11", "Y2", "K6", "B13")}
    left = [t for t in rack if t != thrown]
    assert plays_pairs(left, know, HARD)
    twin = next(t for t in left if t >> 1 == parse_face("K11")) ^ 1
    assert take_pairs(left, twin, know, HARD)


def test_a_rack_close_to_melds_never_plays_pairs() -> None:
    # Three pairs but two tiles from melds: it throws the loose Y5 at any moment.
    rack = parse_tiles("R1 R2 R3 B4 B5 B6 B7 K9 K10 K11 R12 R13 Y5 Y9 B9")
    for moment in (EARLY, LATE):
        know = know_for(rack, **moment)
        assert ranked_discards(rack, know, HARD)[0][1] == parse_tiles("Y5")[0]
        assert not plays_pairs([t for t in rack if t != parse_tiles("Y5")[0]], know, HARD)


def test_the_plan_switches_to_pairs_late() -> None:
    # Five pairs, melds three tiles away with many outs: melds while the pile
    # is full, pairs once few turns are left (one twin is then likelier than
    # three meld tiles). The twin of K11 is taken only then.
    rack = parse_tiles("R3 R3 R4 R4 R5 R5 B7 B7 Y9 Y9 K11 B11 Y11 B8")
    twin = rack[10] ^ 1
    early, late = know_for(rack, **EARLY), know_for(rack, **LATE)
    assert not plays_pairs(rack, early, HARD) and not take_pairs(rack, twin, early, HARD)
    assert plays_pairs(rack, late, HARD) and take_pairs(rack, twin, late, HARD)


def test_reach_counts_the_turns_left_and_the_others() -> None:
    assert reach([0.5], [0.0]) == 0.5
    assert reach([0.5], [0.0, 0.0, 0.0]) == 0.875
    assert reach([0.5, 0.5], [0.0]) == 0.0  # two steps cannot land in one turn
    assert reach([1.0], [0.5]) == 0.5  # another seat finished first half the time
    assert hazards(0, 4, 3)[0] < hazards(8, 4, 3)[0]


def _waiting(scores: list[int], *, scoring: str, hand: int, turns: int = 0) -> Table:
    """Seat 0 holds a finished hand whose okey is still needed (WAITING)."""
    state = arranged(2, {0: WAITING, 1: OTHER})
    state, _ = _with_okeys(state, 0, ["K1"])
    table = read_view(view_of(state))
    table.scores, table.hand = scores, hand
    table.options = {**table.options, "scoring": scoring, "hands": 5}
    table.turns_played = turns
    return table


def test_waits_for_the_okey_when_a_plain_finish_loses_the_match() -> None:
    # The last hand of a points match, 4 points behind: finishing for 2 loses,
    # for 4 (the okey placed) ties. It waits even late, when the threat would
    # make it finish at once in a hand that decides nothing.
    late = 30
    plain = _waiting([20, 20], scoring="countdown", hand=0, turns=late)
    assert okey_wait(plain, Knowledge.of(plain, HARD)) is None
    behind = _waiting([0, 4], scoring="points", hand=4, turns=late)
    assert okey_wait(behind, Knowledge.of(behind, HARD)) == _y12(behind)


def test_finishes_at_once_when_a_plain_finish_wins_the_match() -> None:
    ahead = _waiting([4, 0], scoring="points", hand=4)
    assert okey_wait(ahead, Knowledge.of(ahead, HARD)) is None
    calm = _waiting([20, 20], scoring="countdown", hand=0)  # the same rack waits early in a match
    assert okey_wait(calm, Knowledge.of(calm, HARD)) == _y12(calm)


def test_pairs_are_worth_what_they_bring_to_the_match() -> None:
    table = _waiting([20, 20], scoring="countdown", hand=0)
    assert pairs_value(table) == 2.0
    table = _waiting([0, 4], scoring="points", hand=4)  # melds lose, pairs tie
    assert pairs_value(table) == DECIDES_MATCH
    table = _waiting([4, 0], scoring="points", hand=4)  # melds already win
    assert pairs_value(table) == 1.0


def _y12(table: Table) -> int:
    return next(t for t in table.rack if t >> 1 == parse_face("Y12"))
