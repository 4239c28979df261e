"""A creator hands a seat to a computer only once its player is gone: away five minutes
(no request with the seat's token) or its turn ran out. Otherwise 409 seat_active."""

from __future__ import annotations

from typing import Any

import pytest

from api.clock import ManualClock
from api.tables.service import Service
from tests.api.builders import seated
from tests.api.support import ApiClient
from tests.api.tables.test_last_seen import guest_on_turn

pytestmark = pytest.mark.usefixtures("service")


def to_bot(client: ApiClient, t: dict[str, Any]) -> Any:
    return client.call(
        "POST", f"/api/tables/{t['table']}/seats/1/bot", {"level": "easy"}, token=t["host"]
    )


def test_a_seat_just_seen_stays_with_its_player(
    client: ApiClient, service: Service, clock: ManualClock
) -> None:
    t = seated(client)
    clock.advance(100)
    client.view(t["table"], t["guest"])
    clock.advance(150)
    stored = service.store.raw(t["table"])
    refused = to_bot(client, t)
    assert refused.status == 409 and refused.body["error"]["code"] == "seat_active"
    # Seen 150 s ago: allowed in 150 s more, said in whole minutes.
    assert "Mehmet" in refused.body["error"]["message"]
    assert "in about 3 min" in refused.body["error"]["message"], refused.text
    assert service.store.raw(t["table"]) == stored


def test_five_minutes_away_lets_a_computer_take_the_seat(
    client: ApiClient, clock: ManualClock
) -> None:
    t = seated(client)
    clock.advance(299)
    assert to_bot(client, t).status == 409
    client.view(t["table"], t["host"])  # the creator's own requests do not count for seat 1
    clock.advance(1)
    taken = to_bot(client, t)
    assert taken.status == 200, taken.text
    assert taken.body["players"][1]["kind"] == "bot"


def test_a_seat_on_turn_past_its_deadline_may_go_at_once(
    client: ApiClient, clock: ManualClock
) -> None:
    t = seated(client, turn_seconds=60)
    guest_on_turn(client, t)
    client.view(t["table"], t["guest"])  # still here, but not moving
    clock.advance(59)
    early = to_bot(client, t)
    assert early.status == 409 and "turn runs out" in early.body["error"]["message"]
    clock.advance(1)
    taken = to_bot(client, t)
    assert taken.status == 200, taken.text
    assert taken.body["players"][1]["kind"] == "bot" and taken.body["turn"] == 0


def test_a_turn_already_played_for_the_seat_counts_as_run_out(
    client: ApiClient, clock: ManualClock
) -> None:
    """Deadlines are lazy: the creator's own poll plays the late turn first."""
    t = seated(client, turn_seconds=60)
    guest_on_turn(client, t)
    clock.advance(61)
    view = client.view(t["table"], t["host"])
    assert view["players"][1]["auto"] is True and view["turn"] == 0
    assert to_bot(client, t).status == 200


def test_polling_keeps_a_seat_active(client: ApiClient, clock: ManualClock) -> None:
    t = seated(client, turn_seconds=3600)  # no turn runs out meanwhile
    for _ in range(40):  # twenty minutes of a hidden tab's polls
        clock.advance(30)
        client.view(t["table"], t["guest"])
        refused = to_bot(client, t)
        assert refused.status == 409, refused.text


def test_a_move_keeps_a_seat_active(client: ApiClient, clock: ManualClock) -> None:
    t = seated(client)
    view = guest_on_turn(client, t)
    clock.advance(200)
    moved = client.act(
        t["table"], t["guest"], {"type": "draw"}, expected_version=view["version"], action_id="d1"
    )
    assert moved.status == 200, moved.text
    clock.advance(250)
    assert to_bot(client, t).status == 409  # seen 250 s ago, at the draw
    clock.advance(50)
    assert to_bot(client, t).status == 200
