"""The planned 101 hands of the browser tests (tests/frontend/e2e/meld_plans.json) replay
on the engine to exactly the melds they promise, and the planner still makes them."""

from __future__ import annotations

from typing import Any

import pytest

from engine.okey101.game import apply, new_match101
from engine.okey101.state import Options101
from engine.okey101.view import view_for
from tests.frontend.e2e import meld_plans

PLANS = meld_plans.load()


def test_every_meld_count_has_a_plan() -> None:
    assert sorted(PLANS) == sorted(meld_plans.SEATS)


@pytest.mark.parametrize("melds", sorted(meld_plans.SEATS))
def test_a_plan_replays_to_exactly_its_melds(melds: int) -> None:
    found: dict[str, Any] = PLANS[melds]
    state = new_match101(Options101(**found["options"]), bytes.fromhex(found["secret"]))
    for seat, move in found["moves"]:
        state, _ = apply(state, seat, move)
    view = view_for(state, 0)
    assert len(view["table"]) == melds
    assert view["turn"] == 0 and view["phase"] == "play"
    assert view["seats"][0]["opened"] == "melds"
    assert any(a["type"] == "layoff" and a["tile"] >> 1 != view["okey"] for a in view["legal"])
    assert not any(a["type"] == "draw" for a in view["legal"])  # seat 0 has drawn


@pytest.mark.parametrize("melds", sorted(meld_plans.SEATS))
def test_the_planner_still_makes_the_stored_plan(melds: int) -> None:
    """An engine or bot change that plays differently shows here: regenerate the fixture
    (``python -m tests.frontend.e2e.meld_plans``)."""
    found = PLANS[melds]
    index = int(found["secret"], 16)
    seats = found["options"]["seats"]
    moves = meld_plans.plan(index, melds, seats, found["reserve"])
    assert moves is not None and [[s, m] for s, m in moves] == found["moves"]
