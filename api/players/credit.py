"""What a finished hand gives each player at the table: pure rules, no store, no clock.

Reading of the rules (RULES.md):

- A hand is **won** by the seat that finished it (classic: ``result.winner``; 101: the
  ``finisher``), and with ``partners`` by both seats of that team. It is a **draw** when
  nobody finished: the draw pile ran out (RULES.md "Empty pile", 101 "End of hand") or the
  turn limit ended it; both engines then record no winner. Anything else is a **loss**.
- **Candy** per hand: at a table with friends (a ``friends`` table where at least one other
  seat is held, when the hand ends, by another player: a seat taken without a player, or
  by the same player, does not count) 15 for a win, 8 for a draw, 5 for a loss; against
  the computer (a ``computer`` table, or a friends table whose other seats all went to the
  computer) 6 for a win and nothing else. Pass-and-play (``hotseat``) tables earn nothing,
  nor does a seat a computer holds when the hand ends.
- A hand earns only if the seat made at least :data:`MIN_MOVES` moves of its own in the
  match so far, this hand included: every action the engine logged for the seat (take,
  draw, discard, finish, show, open, lay, ...) except those a computer played for it when
  its time ran out (``auto``) and the automatic end of a hand at the turn limit.
- **Stats** count every hand the seat played at least one move of its own in (hotseat
  tables aside: one person plays every seat there). A match counts when its last hand
  ends; the winning streak is of matches won in a row. "Pairs finishes" are classic's
  seven pairs and 101 finishes by a seat that opened with pairs; "okey finishes" place the
  okey last. ``best_hand`` is 101's lowest hand score.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from api.tables.item import Table
from api.tables.kinds import Rate as Rate  # the kinds of table name their rate
from engine.variants import Game, rules_of

Outcome = Literal["win", "draw", "loss"]
# Why a credited hand earned less than its rate gives (the result screen says it in words):
# ``computer_win_only`` a draw or loss against the computer; ``few_moves`` fewer than
# MIN_MOVES moves of the seat's own so far; ``daily_limit`` the day's candy was reached.
Shortfall = Literal["computer_win_only", "few_moves", "daily_limit"]

MIN_MOVES = 24
CANDY: dict[Rate, dict[Outcome, int]] = {
    "friends": {"win": 15, "draw": 8, "loss": 5},
    "computer": {"win": 6, "draw": 0, "loss": 0},
}


@dataclass(frozen=True)
class SeatHand:
    """One seat's finished hand, as the credit needs it."""

    player_id: str
    seat: int
    table_id: str
    hand: int
    variant: str
    outcome: Outcome
    rate: Rate | None  # None: the table earns no candy
    pairs_finish: bool
    okey_finish: bool
    score: int | None  # 101: the seat's hand score
    match_over: bool
    match_won: bool

    def candy(self, moves_in_match: int) -> int:
        """What the hand is worth before the daily limit."""
        if self.rate is None or moves_in_match < MIN_MOVES:
            return 0
        return CANDY[self.rate][self.outcome]

    def shortfall(self, moves_in_match: int) -> Shortfall | None:
        """Why :meth:`candy` gives nothing, when the reason is one a player can act on
        (before the daily limit, which the credit itself checks)."""
        if self.rate is None:
            return None
        if self.rate == "computer" and self.outcome != "win":
            return "computer_win_only"
        return "few_moves" if moves_in_match < MIN_MOVES else None


def own_moves(state: Game, seat: int) -> int:
    """The seat's own moves in the hand ``state`` holds (see the module's reading)."""
    return sum(
        1
        for event in state.events
        if event.get("seat") == seat
        and event["type"] != "deal"
        and not event.get("auto")
        and "reason" not in event  # the turn limit's end_hand: nobody's move
    )


def _partners(state: Game) -> bool:
    return bool(state.options.partners)


def _same_team(state: Game, a: int, b: int) -> bool:
    return a == b or (_partners(state) and a % 2 == b % 2)


def rate_of(table: Table, seat: int) -> Rate | None:
    """The rate of the table's kind (api/tables/kinds.py) when the seat has company: the
    friends rate needs another person, another human seat held by a player other than this
    seat's. A seat taken with no player, or by the same player again (one device in two
    seats), is not one: that hand pays the computer rate. None: this kind pays nothing."""
    rate = table.kind.credit_rate
    if rate is None or not table.is_human(seat):
        return None
    mine = table.player_of(seat)
    friends = {
        table.player_of(s) for s in range(len(table.seats)) if s != seat and table.is_human(s)
    }
    friends -= {None, mine}
    return rate if mine is not None and friends else "computer"


def seat_hands(table: Table, state: Game) -> list[SeatHand]:
    """Each player's part in the finished hand ``state`` (``phase == "over"``) at ``table``:
    one entry per seat held by a player, in seat order. Hotseat tables give none."""
    if state.phase != "over" or not table.kind.earns_candy:
        return []
    rules = rules_of(state)
    who, pairs, okey = rules.finisher(state)
    out: list[SeatHand] = []
    for seat in range(state.seats):
        player_id = table.player_of(seat)
        if player_id is None or not table.is_human(seat):
            continue
        if who is None:
            outcome: Outcome = "draw"
        else:
            outcome = "win" if _same_team(state, who, seat) else "loss"
        score = rules.hand_score(state, seat)
        out.append(
            SeatHand(
                player_id=player_id,
                seat=seat,
                table_id=table.table_id,
                hand=state.hand_number,
                variant=rules.name,
                outcome=outcome,
                rate=rate_of(table, seat),
                pairs_finish=who == seat and pairs,
                okey_finish=who == seat and okey,
                score=score,
                match_over=state.match_over,
                match_won=any(_same_team(state, w, seat) for w in state.match_winners),
            )
        )
    return out
