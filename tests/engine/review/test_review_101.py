"""The coach's review of 101 hands (engine/okey101/review.py)."""

from __future__ import annotations

import pytest

from engine.okey101.bots import choose_action101
from engine.okey101.game import new_match101
from engine.okey101.state import Options101
from engine.okey101.view import view_for
from engine.review import HandNotOver, review_hand

from .hands import LEVELS, assert_review_blind, careless_101, hand_101, reviewed_turns, turn_starts


@pytest.mark.parametrize("secret", [1, 2, 3])
def test_every_own_turn_names_the_coachs_move(secret: int) -> None:
    hand = hand_101(secret, LEVELS)
    review = reviewed_turns(hand, "101", "hand_points")
    for turn in review["turns"]:
        assert isinstance(turn["opened"], bool)
        coach = turn["coach"]  # no discard: a draw it never saw, or the hand's end
        assert coach["discard"] is not None or coach["take"] == "pile" or coach.get("end_hand")
    summary = review["summary"]
    opened = [t["index"] for t in review["turns"] if t["played"]["opened"]]
    assert summary["opening_turn"] == (opened[0] if opened else None)


def test_the_coach_is_the_hard_bot_on_the_seats_own_views() -> None:
    # The coach's first action at each of seat 1's turns, against an independent replay.
    hand = hand_101(4, LEVELS)
    review = review_hand(hand, 1)
    firsts = [
        choose_action101(view_for(state, 1, since=state.base_version), "hard")
        for state in turn_starts(hand, 1)
    ]
    assert len(firsts) == len(review["turns"])
    for first, turn in zip(firsts, review["turns"], strict=True):
        take = {"draw": "pile", "take_discard": "discard"}.get(first["type"])
        assert turn["coach"]["take"] == take or (take is None and first["type"] != "discard")
        if first["type"] == "discard":
            assert turn["coach"]["discard"] == first["tile"]


def test_a_hand_played_by_the_coach_itself_is_all_best() -> None:
    hand = hand_101(5, ["hard", "normal", "normal", "normal"])
    review = review_hand(hand, 0)
    assert review["turns"] and {t["verdict"] for t in review["turns"]} == {"best"}


@pytest.mark.parametrize("secret", [1, 2, 3, 5])
def test_a_careless_hand_gets_mistakes(secret: int) -> None:
    hand = hand_101(secret, LEVELS, player=careless_101, seat=0)
    review = review_hand(hand, 0)
    summary = review["summary"]
    assert summary["mistakes"], [t["reason"]["text"] for t in review["turns"]]
    assert summary["opening_turn"] is None  # it never opens
    # Its penalties are named, and each is at least a mistake.
    for penalty in summary["penalties_taken"]:
        turn = review["turns"][penalty["turn"]]
        assert turn["verdict"] in ("mistake", "blunder") and penalty["points"] == 101


@pytest.mark.parametrize("secret", [9])
def test_the_review_never_reads_hidden_tiles(secret: int) -> None:
    """Tiles the seat never sees shuffled: its views and the review's answers are the same
    (hands.assert_review_blind)."""
    assert_review_blind(hand_101(secret, LEVELS), 3, secret, view_for)


def test_a_hand_in_play_has_no_review() -> None:
    with pytest.raises(HandNotOver):
        review_hand(new_match101(Options101(seats=2), bytes(32)), 0)
