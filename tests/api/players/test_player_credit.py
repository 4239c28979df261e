"""The candy and stats rules for one finished hand, on engine states (api/players/credit.py).

Deterministic: hands are played by the engine from fixed seeds, and the few cases random
play rarely reaches (a win with pairs or the okey, partners, a 101 finisher) are built by
replacing the result the engine recorded.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from api.players.credit import CANDY, MIN_MOVES, own_moves, seat_hands
from api.players.model import DAILY_LIMIT, Credit, Player
from api.players.stream import credit, ended_hands
from api.tables.item import SeatInfo, Table
from engine.classic.game import apply, new_match
from engine.classic.options import Options
from engine.classic.state import GameState, HandResult, HandSummary
from tests.game_helpers import greedy_action


def _hand(seed: int, seats: int = 2, **options: Any) -> GameState:
    state = new_match(Options(seats=seats, **options), bytes([seed]) * 32)
    rng = random.Random(seed)
    while state.phase != "over":
        seat, action = greedy_action(state, rng)
        state, _ = apply(state, seat, action)
    return state


def _table(mode: str, kinds: list[str], players: list[str | None]) -> Table:
    seats = [SeatInfo(kind, token=i) for i, kind in enumerate(kinds)]  # type: ignore[arg-type]
    tokens = ["h"] * len(kinds)
    return Table(
        "T1",
        1,
        "playing",
        mode,
        60,
        "ABCDEF",
        tokens,
        seats,
        {},
        seen_times=[0] * len(kinds),
        players=players,
    )


def _won_by(state: GameState, winner: int | None, kind: Any = "melds", okey: bool = False) -> Any:
    summary = HandSummary(winner, kind if winner is not None else None, okey, (0,) * state.seats)
    return replace(state, result=HandResult(summary))


def test_outcomes_and_rates_by_table_and_seat() -> None:
    state = _hand(3)
    friends = _table("friends", ["human", "human"], ["A", "B"])
    won = {h.player_id: h for h in seat_hands(friends, _won_by(state, 0))}
    assert (won["A"].outcome, won["B"].outcome) == ("win", "loss")
    assert won["A"].rate == won["B"].rate == "friends"
    drawn = seat_hands(friends, _won_by(state, None))
    assert [h.outcome for h in drawn] == ["draw", "draw"]
    # Candy: friends 15 / 8 / 5; only with 24 moves of one's own in the match.
    assert [won["A"].candy(MIN_MOVES), won["B"].candy(MIN_MOVES), drawn[0].candy(99)] == [15, 5, 8]
    assert won["A"].candy(MIN_MOVES - 1) == 0
    # Against the computer: 6 for a win, nothing else.
    computer = _table("computer", ["human", "bot"], ["A", None])
    (alone,) = seat_hands(computer, _won_by(state, 0))
    assert alone.rate == "computer" and alone.candy(30) == CANDY["computer"]["win"] == 6
    (lost,) = seat_hands(computer, _won_by(state, 1))
    assert lost.candy(30) == 0
    # A friends table whose other seats went to the computer pays as one against it.
    alone_friends = _table("friends", ["human", "bot"], ["A", None])
    assert seat_hands(alone_friends, _won_by(state, 0))[0].rate == "computer"
    # Pass and play: nothing; a seat the computer holds now: nothing; no player: nothing.
    assert seat_hands(_table("hotseat", ["human", "human"], ["A", "A"]), state) == []
    handed = _table("friends", ["human", "bot"], ["A", "B"])
    assert [h.player_id for h in seat_hands(handed, state)] == ["A"]
    assert seat_hands(_table("friends", ["human", "human"], []), state) == []


def test_pairs_okey_finishes_and_partners() -> None:
    state = _hand(5, seats=4, partners=True)
    table = _table("friends", ["human"] * 4, ["A", "B", "C", "D"])
    hands = seat_hands(table, _won_by(state, 2, "pairs", okey=True))
    by = {h.player_id: h for h in hands}
    # Partners (0 with 2, 1 with 3) win together; only the finisher's finish is counted.
    assert [by[p].outcome for p in "ABCD"] == ["win", "loss", "win", "loss"]
    assert [by[p].pairs_finish for p in "ABCD"] == [False, False, True, False]
    assert [by[p].okey_finish for p in "ABCD"] == [False, False, True, False]


def test_own_moves_leave_out_the_computers_turns_and_the_deal() -> None:
    state = _hand(7)
    events = state.events
    counted = [e for e in events if e.get("seat") == 0 and e["type"] != "deal"]
    assert own_moves(state, 0) == len(counted) > 0
    # Mark one of seat 0's moves as played by the computer: one fewer.
    first = next(i for i, e in enumerate(events) if e.get("seat") == 0 and e["type"] != "deal")
    marked = [dict(e, auto=True) if i == first else e for i, e in enumerate(events)]
    assert own_moves(replace(state, events=marked), 0) == len(counted) - 1


def test_the_hands_one_write_ended() -> None:
    over = _hand(3)
    playing = new_match(Options(seats=2), bytes(32))
    assert list(ended_hands(playing, over)) == [over.hand_number]
    assert list(ended_hands(over, over)) == []  # a layout saved after the end, say
    later = replace(playing, hand_number=2)
    # Hand 0 ended and hand 1 was dealt and played out before this one write: both.
    assert list(ended_hands(replace(playing, hand_number=0), later)) == [0, 1]
    assert list(ended_hands(None, over)) == [over.hand_number]


@pytest.mark.parametrize("already", [0, 50, 55, 60])
def test_the_daily_limit_caps_each_credit(already: int) -> None:
    state = _hand(3)
    table = _table("friends", ["human", "human"], ["A", "B"])
    hand = seat_hands(table, _won_by(state, 0))[0]
    player = Player("A" * 8, 1, "Ada", [], 0, candy=already, day=10, today=already)
    assert credit(player, hand, 30, 30, 10 * 86_400 + 5)
    assert player.today == min(already + 15, DAILY_LIMIT)
    assert player.candy == already + min(15, DAILY_LIMIT - already)
    # The same hand again: nothing changes.
    again = replace(player)
    assert not credit(player, hand, 30, 30, 10 * 86_400 + 6)
    assert player == again
    why = "daily_limit" if already + 15 > DAILY_LIMIT else None
    assert player.credits[-1] == Credit(
        "T1", hand.hand, player.candy - already, player.candy - already, 10 * 86_400 + 5, why
    )
    # Kept in the player's item: read back the same, and an item written before ``why``
    # existed (five fields) reads as no reason.
    assert Player.from_json(player.player_id, 2, player.to_json()).credits == player.credits
    assert Credit(*player.credits[-1].encode()[:5]).why is None


def test_a_hand_that_earns_less_says_why() -> None:
    state = _hand(3)
    computer = _table("computer", ["human", "bot"], ["A", None])
    (won,) = seat_hands(computer, _won_by(state, 0))
    (lost,) = seat_hands(computer, _won_by(state, 1))
    (drawn,) = seat_hands(computer, _won_by(state, None))
    assert [won.shortfall(30), lost.shortfall(30), drawn.shortfall(30)] == [
        None,
        "computer_win_only",
        "computer_win_only",
    ]
    # A win with too few moves of one's own: the moves are the reason.
    assert won.shortfall(MIN_MOVES - 1) == "few_moves"
    friends = _table("friends", ["human", "human"], ["A", "B"])
    loser = seat_hands(friends, _won_by(state, 0))[1]
    assert (loser.shortfall(MIN_MOVES), loser.shortfall(3)) == (None, "few_moves")
    # The credit stores it.
    player = Player("A" * 8, 1, "Ada", [], 0)
    assert credit(player, lost, 30, 30, 5)
    assert (player.credits[-1].candy, player.credits[-1].why) == (0, "computer_win_only")
