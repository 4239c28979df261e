"""The coach's review of classic hands (engine/classic/review.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from engine.classic.bots import choose_action
from engine.classic.bots.coach import Coach, Distance
from engine.classic.game import apply, new_match
from engine.classic.options import Options
from engine.classic.review import review_classic
from engine.classic.state import GameState
from engine.classic.view import view_for
from engine.core.review.texts import LANGS, check_texts
from engine.review import HandNotOver, dealt_and_actions, review_hand, review_played

from .hands import (
    LEVELS,
    assert_review_blind,
    careless_classic,
    classic_hand,
    reviewed_turns,
    turn_starts,
)


@pytest.mark.parametrize("secret", [1, 2, 3])
def test_every_own_turn_names_the_coachs_move(secret: int) -> None:
    hand = classic_hand(secret, LEVELS)
    review = reviewed_turns(hand, "classic", "tiles_from_win")
    for turn in review["turns"]:
        coach = turn["coach"]
        if coach["discard"] is None:
            # unknown only when the coach would draw a tile the seat never saw
            assert coach["take"] == "pile" and turn["played"]["take"] == "discard"
        else:
            # A legal tile: from the rack, or the tile drawn (the same the player drew);
            # a tile taken from the left may not go straight back.
            drawn = [turn["played"]["tile"]] if coach["take"] == "pile" else []
            assert coach["discard"] in turn["rack"] + drawn


def test_the_coach_is_the_hard_bot_on_the_seats_own_views() -> None:
    """The review against an independent replay: at each of seat 1's turns, the hard
    computer asked on view_for(state, 1) takes as the review's coach does, and throws
    the same tile when it would take the same way as the player."""
    hand = classic_hand(4, LEVELS)
    review = review_hand(hand, 1)
    expected = [
        (state, choose_action(view_for(state, 1, since=state.base_version), "hard", 0))
        for state in turn_starts(hand, 1)
    ]
    assert len(expected) == len(review["turns"])
    for (start, first), turn in zip(expected, review["turns"], strict=True):
        if first["type"] == "show_indicator":
            start, _ = apply(start, 1, first)
            first = choose_action(view_for(start, 1, since=start.base_version), "hard", 0)
        kind = {"draw": "pile", "take_discard": "discard"}.get(first["type"])
        assert turn["coach"]["take"] == kind
        if kind == "discard" or (kind == "pile" and turn["played"]["take"] == "pile"):
            after, _ = apply(start, 1, first)
            then = choose_action(view_for(after, 1, since=after.base_version), "hard", 0)
            assert turn["coach"]["discard"] == then["tile"]
            assert turn["coach"]["finish"] == (then["type"] == "finish")
        elif kind is None:
            assert turn["coach"]["discard"] == first["tile"]


def test_a_hand_played_by_the_coach_itself_is_all_best() -> None:
    # Seat 0 plays hard: at every turn its move is the coach's, so nothing is a mistake.
    hand = classic_hand(5, ["hard", "normal", "normal", "normal"])
    review = review_hand(hand, 0)
    assert review["turns"]
    assert {t["verdict"] for t in review["turns"]} == {"best"}
    assert all(
        t["reason"]["code"] in ("coach_move", "finished", "finished_okey") for t in review["turns"]
    )


@pytest.mark.parametrize("secret", [2, 3, 5, 7])
def test_a_careless_hand_gets_mistakes(secret: int) -> None:
    hand = classic_hand(secret, LEVELS, player=careless_classic, seat=0)
    review = review_hand(hand, 0)
    summary = review["summary"]
    assert len(summary["mistakes"]) >= 2, [t["reason"]["text"] for t in review["turns"]]
    assert summary["counts"]["mistake"] + summary["counts"]["blunder"] >= 2
    for index in summary["mistakes"]:
        turn = review["turns"][index]
        assert turn["measure"]["after"] > turn["measure"]["coach_after"] or turn["reason"][
            "code"
        ] in ("missed_finish", "missed_finish_take", "missed_indicator", "missed_okey_finish")


@pytest.mark.parametrize("secret", [2, 8, 11])
def test_the_review_never_reads_hidden_tiles(secret: int) -> None:
    """Tiles the seat never sees shuffled: its views and the review's answers are the same
    (hands.assert_review_blind)."""
    assert_review_blind(classic_hand(secret, LEVELS), 2, secret, view_for)


def test_a_hand_in_play_has_no_review() -> None:
    state = new_match(Options(seats=2), bytes(32))
    with pytest.raises(HandNotOver):
        review_hand(state, 0)


def test_every_reason_reads_in_every_language() -> None:
    check_texts()
    hand = classic_hand(3, LEVELS, player=careless_classic, seat=0)
    texts = {
        lang: [t["reason"]["text"] for t in review_hand(hand, 0, lang)["turns"]] for lang in LANGS
    }
    assert texts["en"] != texts["tr"] != texts["ko"]
    for lines in texts.values():
        assert all("{" not in line for line in lines), lines


def _hard_without(kind: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """The hard bot, except that it never finishes (it throws the finishing tile
    instead) or never shows the indicator."""

    def play(view: dict[str, Any]) -> dict[str, Any]:
        if kind == "show_indicator":
            view = {**view, "legal": [a for a in view["legal"] if a["type"] != kind]}
        action = choose_action(view, "hard", 0)
        if action["type"] == kind == "finish":
            allowed = next(a["tiles"] for a in view["legal"] if a["type"] == "discard")
            tile = action["tile"] if action["tile"] in allowed else allowed[-1]
            return {"type": "discard", "tile": tile}
        return action

    return play


def test_a_finish_left_on_the_rack_is_a_blunder_and_could_have_won() -> None:
    for secret in range(1, 40):  # the first hand where the coach would have finished
        hand = classic_hand(secret, LEVELS, player=_hard_without("finish"), seat=0)
        review = review_hand(hand, 0)
        if any(t["coach"]["finish"] for t in review["turns"]):
            break
    else:
        pytest.fail("no hand in 40 where seat 0 could finish")
    missed = review["summary"]["could_have_won"]
    assert missed
    for turn in review["turns"]:
        if turn["coach"]["finish"]:  # (the coach may also wait a round for an okey finish)
            assert turn["index"] in missed and not turn["played"]["finish"]
            assert turn["verdict"] == "blunder"
            assert turn["reason"]["code"] in ("missed_finish", "missed_finish_take")


def test_an_indicator_not_shown_is_a_mistake() -> None:
    for secret in range(1, 200):  # a deal that gives seat 0 the indicator's twin
        state = new_match(Options(seats=4), bytes([secret]) * 32)
        if state.indicator ^ 1 in state.racks[0]:
            break
    hand = classic_hand(secret, LEVELS, player=_hard_without("show_indicator"), seat=0)
    review = review_hand(hand, 0)
    first = review["turns"][0]
    assert review["summary"]["missed_indicator_show"] is True
    assert first["verdict"] in ("mistake", "blunder") and first["coach"]["show_indicator"]
    assert not first["played"]["show_indicator"]
    shown = review_hand(classic_hand(secret, LEVELS, player=None), 0)  # normal shows it
    assert shown["summary"]["missed_indicator_show"] is False


def _dealt_with(rack: list[int]) -> GameState:
    """Hand 0 of a 4-seat match, with the starter's 15 tiles swapped for ``rack``."""
    hand = classic_hand(1, LEVELS)
    dealt, _ = dealt_and_actions(hand)
    assert isinstance(dealt, GameState)
    mine = dealt.racks[dealt.starter]
    places = [r for r in dealt.racks if r is not mine] + [dealt.pile]
    spare = [t for t in mine if t not in rack]
    for tile in rack:
        if tile in mine:
            continue
        where = next(p for p in places if tile in p)
        out = spare.pop()
        where[where.index(tile)] = out
        mine[mine.index(out)] = tile
    assert sorted(mine) == sorted(rack)
    return dealt


@pytest.mark.parametrize("with_okey", [False, True])
def test_a_finish_without_the_okey_when_it_could_be_placed_is_a_missed_okey_finish(
    with_okey: bool,
) -> None:
    probe, _ = dealt_and_actions(classic_hand(1, LEVELS))
    okey = probe.okey
    colours = [c for c in range(4) if c != okey // 13][:2]
    # Two runs of seven in colours other than the okey's: fourteen winning tiles.
    wins = [(c * 13 + v) * 2 for c in colours for v in range(7)]
    okey_tile = okey * 2
    dealt = _dealt_with([*wins, okey_tile])
    placed = okey_tile if with_okey else wins[0]
    review = review_played(dealt, [({"type": "finish", "tile": placed}, False)], dealt.starter)
    first = review["turns"][0]
    assert first["played"]["finish"] and first["coach"]["finish"]
    assert first["coach"]["discard"] >> 1 == okey  # the coach places the okey: double score
    if with_okey:
        assert first["verdict"] == "best" and first["reason"]["code"] == "finished_okey"
        assert review["summary"]["missed_okey_finish"] == []
    else:
        assert first["verdict"] == "mistake" and first["reason"]["code"] == "missed_okey_finish"
        assert review["summary"]["missed_okey_finish"] == [0]


def test_the_review_reaches_the_bots_only_through_their_public_coach() -> None:
    """The review (engine/review.py, each variant's review.py, engine/core/review/) imports
    from the bot packages only their public faces (engine.classic.bots.coach,
    engine.okey101.bots), never the search or the planner."""
    import ast
    from pathlib import Path

    import engine.review

    allowed = {"engine.classic.bots.coach", "engine.okey101.bots"}
    engine_dir = Path(engine.review.__file__).parent
    files = [engine_dir / "review.py", engine_dir / "classic" / "review.py"]
    files += [engine_dir / "okey101" / "review.py", *(engine_dir / "core" / "review").glob("*.py")]
    assert all(path.exists() for path in files)
    for path in files:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and ".bots" in node.module:
                assert node.module in allowed, (path.name, node.module)


class _MeasuredAfresh(Coach):
    """The public coach with every measure worked out again (no memo per view)."""

    def distance(self, tiles: Sequence[int]) -> Distance:
        return self.measure(tiles)


@pytest.mark.parametrize("secret", [4, 5])
def test_a_measure_remembered_per_view_gives_the_same_review(secret: int) -> None:
    hand = classic_hand(secret, ["hard", "normal", "easy", "normal"])
    dealt, actions = dealt_and_actions(hand)
    assert isinstance(dealt, GameState)
    verdicts = []
    for seat in (1, 2):  # a normal seat and an easy one: the measures decide their verdicts
        fresh = review_classic(dealt, actions, seat, coach=_MeasuredAfresh)
        assert review_classic(dealt, actions, seat) == fresh
        verdicts += [t["verdict"] for t in fresh["turns"]]
    assert set(verdicts) - {"best"}
