"""Partners (seats 0+2 against 1+3) in both variants: the team scores as one."""

from __future__ import annotations

import random

import pytest

from engine.classic.game import apply, new_match
from engine.classic.options import Options
from engine.core.errors import InvalidOptions
from engine.okey101.game import apply as apply101
from engine.okey101.game import new_match101
from engine.okey101.scoring import team_totals
from engine.okey101.state import Options101
from tests.engine.okey101.test_properties import random_action as random_action101
from tests.game_helpers import greedy_action


@pytest.mark.parametrize("seats", [2, 3])
def test_partners_need_four_seats(seats: int) -> None:
    with pytest.raises(InvalidOptions):
        Options(seats=seats, partners=True)
    with pytest.raises(InvalidOptions):
        Options101(seats=seats, partners=True)


@pytest.mark.parametrize("scoring", ["countdown", "points"])
def test_classic_partners_hold_one_score_and_win_together(scoring: str) -> None:
    options = Options(partners=True, scoring=scoring, hands=3)  # type: ignore[arg-type]
    finishes = 0
    for game in range(8):
        rng = random.Random(game)
        state = new_match(options, rng.randbytes(32))
        while not state.match_winners:
            seat, action = greedy_action(state, rng)
            state, events = apply(state, seat, action)
            finishes += any(e["type"] == "finish" for e in events)
            assert state.scores[0] == state.scores[2] and state.scores[1] == state.scores[3]
        winners = state.match_winners
        assert winners in ((0, 2), (1, 3), (0, 1, 2, 3))
        best = max(state.scores)
        assert all(state.scores[s] == best for s in winners)
    assert finishes >= 4  # the assertions above ran over real finishes


def test_classic_partner_finish_costs_only_the_other_team() -> None:
    options = Options(partners=True)
    rng = random.Random(11)
    for _ in range(40):
        state = new_match(options, rng.randbytes(32))
        while state.phase != "over":
            seat, action = greedy_action(state, rng)
            before = list(state.scores)
            state, _ = apply(state, seat, action)
            if action["type"] == "finish":
                lost = [b - a for b, a in zip(before, state.scores, strict=True)]
                team = [s for s in range(4) if s % 2 == seat % 2]
                assert all(lost[s] == 0 for s in team)
                assert all(lost[s] > 0 for s in range(4) if s not in team)
                return
    pytest.fail("no greedy hand finished")


def test_101_partner_of_the_finisher_scores_nothing_and_teams_add_up() -> None:
    finished = 0
    for game in range(80):
        rng = random.Random(game)
        state = new_match101(Options101(partners=True, hands=2), rng.randbytes(32))
        while not state.match_winners:
            seat, action = random_action101(state, rng)
            was_hand = state.hand_number
            state, _ = apply101(state, seat, action)
            ended = state.phase == "over" and state.hand_number == was_hand and state.result
            if ended and state.finisher is not None and action["type"] == "discard":
                partner = (state.finisher + 2) % 4
                assert state.result[partner] == state.penalties[partner]
                finished += 1
        teams = team_totals(state.totals)
        low = min(teams)
        assert state.match_winners == tuple(s for s in range(4) if teams[s % 2] == low)
    assert finished >= 3
