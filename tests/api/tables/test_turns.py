"""Computer turns: deadlines start with each human turn, a faulty bot cannot stall a table."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

import engine.classic.bots
from api.clock import ManualClock
from api.tables.item import SeatInfo, Table
from api.tables.turns import next_deadline
from engine.classic.game import apply, new_match
from engine.classic.options import Options
from tests.api.support import ApiClient


def _table(kinds: list[str]) -> Table:
    seats = [
        SeatInfo("human", "H", token=0) if k == "h" else SeatInfo("bot", level="easy")
        for k in kinds
    ]
    return Table("t", 1, "playing", "friends", 30, "CODE", ["x"], seats, {})


def test_deadline_is_kept_within_a_turn_and_renewed_for_the_next() -> None:
    table = _table(["h", "h"])
    state = new_match(Options(seats=2), bytes(32))
    table.deadline = next_deadline(table, None, state, 1_000)
    assert table.deadline == 31_000
    discarded, _ = apply(state, 0, {"type": "discard", "tile": state.racks[0][0]})
    assert next_deadline(table, state, discarded, 5_000) == 35_000  # seat 1's turn begins
    table.deadline = 35_000
    drawn, _ = apply(discarded, 1, {"type": "draw"})
    assert next_deadline(table, discarded, drawn, 9_000) == 35_000  # same turn, same deadline


def test_no_deadline_for_bots() -> None:
    table = _table(["b", "h"])
    state = new_match(Options(seats=2), bytes(32))
    assert next_deadline(table, None, state, 1_000) is None


@pytest.mark.usefixtures("service")
def test_a_bot_answering_nonsense_still_moves(
    client: ApiClient, monkeypatch: pytest.MonkeyPatch, clock: ManualClock
) -> None:
    def broken(view: Any, level: str, seed: int = 0) -> dict[str, Any]:
        return {"type": "fly"}

    monkeypatch.setattr(engine.classic.bots, "choose_action", broken)
    made = client.create(mode="computer", name="A", options={"seats": 2})
    view = made["view"]
    reply = client.act(
        made["table_id"],
        made["token"],
        {"type": "discard", "tile": view["rack"][0]},
        expected_version=view["version"],
        action_id=uuid.uuid4().hex,
    )
    assert reply.status == 200
    assert reply.body["turn"] == 0 and reply.body["seats"][1]["discard_count"] == 1
