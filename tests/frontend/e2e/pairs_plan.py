"""A planned 101 hand where Open ✨ offers pairs while a table meld waits for one of the
seat's tiles, found once on the engine.

The browser test (test_pairs_opening.py) needs seat 0 on turn after its draw, offered an
opening with pairs and none with melds, with another seat's meld on the table that a tile
of seat 0's (not an okey, not in the pairs) would extend. Random deals give it rarely, so
the deal is searched here on :mod:`engine.okey101` over fixed match secrets, and the moves
that reach it are written to ``pairs_plan.json``; the test creates the table from that
secret and replays the moves over HTTP.

The policy: seat 0 keeps its pairs (it throws a tile with no twin on its rack, never an
okey); the others open with the melds the engine suggests as soon as they can and throw
what a normal computer would. Three seats, opening by the middle tiles (34), so the
others open early.

Regenerate (seconds)::

    .venv/bin/python -m tests.frontend.e2e.pairs_plan
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from engine.okey101.bots.levels import _discard
from engine.okey101.bots.seat import Seat
from engine.okey101.game import new_match101
from engine.okey101.state import Options101, State101
from engine.okey101.table import layoffs
from tests.frontend.e2e.meld_plans import Act, Move, play

FIXTURE = Path(__file__).with_name("pairs_plan.json")
OPTIONS = {"seats": 3, "hands": 1, "opening_rule": "middle34"}


FIRST = 1_000_000  # the secrets searched: FIRST, FIRST + 1, ... (the melds' plans use 0 on)


def secret(index: int) -> bytes:
    return (FIRST + index).to_bytes(32, "big")


def _keeps_pairs(view: dict[str, Any]) -> int | None:
    """Seat 0's discard: a tile with no twin on the rack, else any, never an okey nor one
    that costs a penalty (the test's seat 0 has none before its own); None if there is none."""
    okey, legal = view["okey"], next(a for a in view["legal"] if a["type"] == "discard")
    tiles = [t for t in legal["tiles"] if t >> 1 != okey and t not in legal["penalised"]]
    faces = [t >> 1 for t in view["rack"]]
    lonely = [t for t in tiles if faces.count(t >> 1) == 1]
    return max(lonely or tiles, default=None)


def fitting_tiles(state: State101, view: dict[str, Any]) -> list[int]:
    """Seat 0's tiles off its pairs that would extend a table meld (never an okey)."""
    offer = next(a for a in view["legal"] if a["type"] == "open" and "pairs" in a)
    laid = {t for pair in offer["pairs"] for t in pair}
    return [
        t
        for t in view["rack"]
        if t not in laid and t >> 1 != state.okey and layoffs([t], state.table, state.okey)
    ]


def plan(index: int) -> list[Move] | None:
    """The moves from the deal of ``secret(index)`` to the goal, or None."""

    def turn(seat: int, state: State101, view: dict[str, Any], act: Act) -> bool | None:
        opens = [a for a in view["legal"] if a["type"] == "open"]
        if seat == 0:
            if any("melds" in a for a in opens):
                return False  # Open ✨ would offer melds
            if opens and state.table and fitting_tiles(state, view):
                return True
        else:
            melds = next((a for a in opens if "melds" in a), None)
            if melds:
                view = act(seat, {"type": "open", "melds": melds["melds"]})
        if len(view["rack"]) <= 1:
            return False
        if seat == 0:
            tile = _keeps_pairs(view)
            if tile is None:
                return False
        else:
            tile = _discard(Seat.of(view), "normal", random.Random(0), view)
        act(seat, {"type": "discard", "tile": tile})
        return None

    return play(new_match101(Options101(**OPTIONS), secret(index)), 120, turn)


def search(count: int = 3000) -> dict[str, Any]:
    for index in range(count):
        moves = plan(index)
        if moves is not None:
            return {
                "secret": secret(index).hex(),
                "options": OPTIONS,
                "moves": [[seat, move] for seat, move in moves],
            }
    raise SystemExit(f"no plan in {count} secrets")


def load() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FIXTURE.read_text())
    return data


def main() -> None:
    found = search()
    print(f"secret {int(found['secret'], 16)}, {len(found['moves'])} moves")
    FIXTURE.write_text(json.dumps(found, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
