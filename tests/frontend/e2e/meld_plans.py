"""Planned 101 hands that put exactly N melds on the table, found once on the engine.

A browser test needs a table with exactly 6, 9, 12 or 16 melds, seat 0 opened and on turn
after its draw, with a lay-off of its own to make. Random deals reach an exact count
rarely (see docs/TESTS.md), so the deals are searched here, on :mod:`engine.okey101`
with fixed match secrets, and the moves that reach the count are written to
``meld_plans.json``. A test creates the table from that secret and replays the moves
over HTTP: no search and no retry at run time.

The policy, seat by seat: draw from the pile; open (or, once open, lay more) with the
melds the engine suggests, never past N in all, and leaving the others room for seat 0's
opening while seat 0 has not opened; discard the tile a normal computer would
(the keep score of :mod:`engine.okey101.bots.levels`). The plan stops on seat 0's turn
after its draw, once it is open, the table holds N melds and seat 0 may lay a real tile
(not an okey) off.

Regenerate (a few seconds)::

    .venv/bin/python -m tests.frontend.e2e.meld_plans
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from itertools import combinations
from pathlib import Path
from typing import Any

from engine.okey101.bots.levels import _discard
from engine.okey101.bots.seat import Seat
from engine.okey101.game import apply, new_match101
from engine.okey101.opening import THRESHOLD, meld_points
from engine.okey101.state import Options101, State101
from engine.okey101.view import view_for

FIXTURE = Path(__file__).with_name("meld_plans.json")
RULE = "middle34"  # opening with 34 by the middle tiles: seats open early, the table fills
# The table sizes planned, and the seats at each: four seats leave a pile of 20, too
# short for twelve melds (and sixteen).
SEATS = {6: 4, 9: 4, 12: 3, 16: 3}
# Melds the other seats leave for seat 0's opening until it has opened.
ROOM_FOR_SEAT_0 = (3, 4, 2)

Move = tuple[int, dict[str, Any]]


def options(seats: int) -> dict[str, Any]:
    """The table options of a plan, as the API takes them."""
    return {"seats": seats, "hands": 1, "opening_rule": RULE}


def secret(index: int) -> bytes:
    return index.to_bytes(32, "big")


def _opening(groups: list[list[int]], okey: int, room: int) -> list[list[int]] | None:
    """The fewest suggested melds (up to ``room``) worth the opening threshold."""
    for size in range(1, min(room, len(groups)) + 1):
        for chosen in combinations(groups, size):
            if sum(meld_points(g, okey, RULE) for g in chosen) >= THRESHOLD[RULE]:
                return [list(g) for g in chosen]
    return None


def _melds_move(view: dict[str, Any], room: int) -> dict[str, Any] | None:
    for action in view["legal"]:
        groups = action.get("melds")
        if not groups:
            continue
        if action["type"] == "lay":
            return {"type": "lay", "melds": groups[:room]}
        if action["type"] == "open":
            chosen = _opening(groups, view["okey"], room)
            if chosen:
                return {"type": "open", "melds": chosen}
    return None


def _real_layoffs(view: dict[str, Any]) -> list[dict[str, Any]]:
    return [a for a in view["legal"] if a["type"] == "layoff" and a["tile"] >> 1 != view["okey"]]


# Plays a move for a seat and answers the seat's view after it.
Act = Callable[[int, dict[str, Any]], dict[str, Any]]
# A seat's turn after its draw (the state and the seat's view then): True when the plan's
# goal is reached before the seat moves on, False when it cannot be, None to go on.
Turn = Callable[[int, State101, dict[str, Any], Act], bool | None]


def play(state: State101, turns: int, turn: Turn) -> list[Move] | None:
    """The moves from ``state`` until ``turn`` says the goal is reached, or None (the goal
    cannot be, the hand ends, the pile runs out or ``turns`` pass). Each seat draws from
    the pile, then ``turn`` plays the rest of its turn through its ``act``."""
    moves: list[Move] = []

    def act(seat: int, move: dict[str, Any]) -> dict[str, Any]:
        nonlocal state
        state, _ = apply(state, seat, move)
        moves.append((seat, move))
        return view_for(state, seat)

    for _turn in range(turns):
        seat = state.turn
        if state.phase == "over" or seat is None:
            return None
        view = view_for(state, seat)
        if state.phase == "take":
            if not any(a["type"] == "draw" for a in view["legal"]):
                return None  # the pile is out
            view = act(seat, {"type": "draw"})
        reached = turn(seat, state, view, act)
        if reached is not None:
            return moves if reached else None
    return None


def plan(index: int, melds: int, seats: int, reserve: int) -> list[Move] | None:
    """The moves from the deal of ``secret(index)`` to the goal, or None."""

    def turn(seat: int, state: State101, view: dict[str, Any], act: Act) -> bool | None:
        laid = len(view["table"])
        opened = view["seats"][0]["opened"] == "melds"
        if seat == 0 and opened and laid == melds and _real_layoffs(view):
            return True
        waiting = seat != 0 and not view["seats"][0]["opened"]
        room = melds - laid - (reserve if waiting else 0)
        if room > 0 and view["seats"][seat]["opened"] != "pairs":
            move = _melds_move(view, room)
            if move:
                view = act(seat, move)
        if len(view["rack"]) <= 1:
            return False  # this seat would finish the hand
        tile = _discard(Seat.of(view), "normal", random.Random(0), view)
        act(seat, {"type": "discard", "tile": tile})
        return None

    return play(new_match101(Options101(**options(seats)), secret(index)), 200, turn)


def search(melds: int, seats: int, first: int = 0, count: int = 400) -> dict[str, Any] | None:
    """The first plan among ``count`` secrets from ``first``, as the fixture stores it."""
    for index in range(first, first + count):
        for reserve in ROOM_FOR_SEAT_0:
            moves = plan(index, melds, seats, min(reserve, melds))
            if moves is not None:
                return {
                    "secret": secret(index).hex(),
                    "reserve": min(reserve, melds),
                    "options": options(seats),
                    "moves": [[seat, move] for seat, move in moves],
                }
    return None


def load() -> dict[int, dict[str, Any]]:
    """The stored plans by meld count."""
    data = json.loads(FIXTURE.read_text())
    return {int(melds): found for melds, found in data.items()}


def main() -> None:
    found: dict[str, Any] = {}
    for melds, seats in SEATS.items():
        result = search(melds, seats)
        if result is None:
            raise SystemExit(f"no plan for {melds} melds at {seats} seats")
        print(f"{melds} melds: secret {int(result['secret'], 16)}, {len(result['moves'])} moves")
        found[str(melds)] = result
    FIXTURE.write_text(json.dumps(found, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
