"""The planned 101 hand of the pairs-opening browser test (tests/frontend/e2e/pairs_plan.json)
replays on the engine to what it promises, and the planner still makes it."""

from __future__ import annotations

from engine.okey101.game import apply, new_match101
from engine.okey101.state import Options101
from engine.okey101.view import view_for
from tests.frontend.e2e import pairs_plan

PLAN = pairs_plan.load()


def test_the_plan_replays_to_a_pairs_offer_beside_a_meld_it_fits() -> None:
    state = new_match101(Options101(**PLAN["options"]), bytes.fromhex(PLAN["secret"]))
    for seat, move in PLAN["moves"]:
        state, _ = apply(state, seat, move)
    view = view_for(state, 0)
    assert view["turn"] == 0 and view["phase"] == "play"
    assert not any(a["type"] == "draw" for a in view["legal"])  # seat 0 has drawn
    offers = [a for a in view["legal"] if a["type"] == "open"]
    assert len(offers) == 1 and "pairs" in offers[0]  # Open ✨ offers pairs, not melds
    assert view["seats"][0]["penalties"] == 0
    assert pairs_plan.fitting_tiles(state, view)  # a tile off the pairs fits a table meld


def test_the_planner_still_makes_the_stored_plan() -> None:
    """An engine or bot change that plays differently shows here: regenerate the fixture
    (``python -m tests.frontend.e2e.pairs_plan``)."""
    moves = pairs_plan.plan(int(PLAN["secret"], 16) - pairs_plan.FIRST)
    assert moves is not None and [[s, m] for s, m in moves] == PLAN["moves"]
