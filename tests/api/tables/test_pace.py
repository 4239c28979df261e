"""A pace per table (RULES.md, "Time"): live or relaxed, its turn-time range and defaults,
and what it changes around the game: the view's ``pace`` and the spectator's caching."""

from __future__ import annotations

from typing import Any

import pytest

from api.tables.pace import pace_of, reminder_lead_ms, turn_seconds_for
from tests.api.support import ApiClient

pytestmark = pytest.mark.usefixtures("service")


def _create(client: ApiClient, **body: Any) -> Any:
    return client.call("POST", "/api/tables", {"name": "Ayşe", **body})


@pytest.mark.parametrize(
    ("body", "turn", "pace"),
    [
        ({"mode": "friends"}, 86400, "relaxed"),  # a friends table plays over the day
        ({"mode": "friends", "pace": "live"}, 30, "live"),
        ({"mode": "friends", "pace": "relaxed"}, 86400, "relaxed"),
        ({"mode": "friends", "turn_seconds": 60}, 60, "live"),
        ({"mode": "friends", "turn_seconds": 3600}, 3600, "relaxed"),
        ({"mode": "friends", "pace": "relaxed", "turn_seconds": 7 * 86400}, 7 * 86400, "relaxed"),
        ({"mode": "friends", "pace": "live", "turn_seconds": 10}, 10, "live"),
        ({"mode": "friends", "pace": "live", "turn_seconds": 600}, 600, "live"),
        # Computer and pass-and-play tables keep the 30 s they always had.
        ({"mode": "computer"}, 30, "live"),
        ({"mode": "hotseat"}, 30, "live"),
        ({"mode": "computer", "turn_seconds": 86400}, 86400, "relaxed"),
        ({"mode": "computer", "pace": "relaxed"}, 86400, "relaxed"),
    ],
)
def test_the_turn_time_and_pace_a_new_table_gets(
    client: ApiClient, body: dict[str, Any], turn: int, pace: str
) -> None:
    if body["mode"] == "hotseat":
        body = {**body, "seats": [{"kind": "human"}, {"kind": "human"}]}
    made = _create(client, **body)
    assert made.status == 201, made.text
    view = made.body["view"]
    assert (view["turn_seconds"], view["pace"]) == (turn, pace)
    again = client.view(made.body["table_id"], made.body["token"])
    assert (again["turn_seconds"], again["pace"]) == (turn, pace)


@pytest.mark.parametrize(
    "body",
    [
        {"pace": "live", "turn_seconds": 9},
        {"pace": "live", "turn_seconds": 601},
        {"pace": "live", "turn_seconds": 3600},
        {"pace": "relaxed", "turn_seconds": 3599},
        {"pace": "relaxed", "turn_seconds": 600},
        {"pace": "relaxed", "turn_seconds": 7 * 86400 + 1},
        {"turn_seconds": 5},
        {"turn_seconds": 1800},  # between the paces: neither
        {"turn_seconds": 7 * 86400 + 1},
        {"mode": "computer", "turn_seconds": 1800},
    ],
)
def test_a_turn_time_outside_its_pace_is_refused_with_its_own_code(
    client: ApiClient, body: dict[str, Any]
) -> None:
    reply = _create(client, **{"mode": "friends", **body})
    assert reply.status == 400
    assert reply.body["error"]["code"] == "bad_turn_seconds"
    assert str(body["turn_seconds"]) in reply.body["error"]["message"]


@pytest.mark.parametrize("body", [{"pace": "slow"}, {"pace": 1}, {"turn_seconds": "60"}])
def test_a_pace_or_turn_time_of_the_wrong_kind_is_a_bad_request(
    client: ApiClient, body: dict[str, Any]
) -> None:
    reply = _create(client, mode="friends", **body)
    assert reply.status == 400 and reply.body["error"]["code"] == "bad_request"


def test_the_pace_follows_from_the_turn_time() -> None:
    assert [pace_of(s) for s in (10, 600, 3599, 3600, 604800)] == [
        "live",
        "live",
        "live",
        "relaxed",
        "relaxed",
    ]
    assert turn_seconds_for("friends", None, None) == 86400
    assert turn_seconds_for("computer", None, None) == 30


def test_a_relaxed_seat_is_reminded_an_hour_or_a_tenth_of_the_turn_before() -> None:
    assert reminder_lead_ms(86400) == 3600 * 1000  # a day: an hour before
    assert reminder_lead_ms(3600) == 360 * 1000  # an hour: six minutes before
    assert reminder_lead_ms(7 * 86400) == 3600 * 1000
    assert reminder_lead_ms(600) is None  # live: no reminder
    assert reminder_lead_ms(30) is None


def _spectator_and_seat(client: ApiClient, **body: Any) -> tuple[Any, Any]:
    made = client.create(mode="computer", options={"seats": 2}, **body)
    path = f"/api/tables/{made['table_id']}"
    return client.call("GET", path), client.call("GET", path, token=made["token"])


def test_a_spectator_view_may_be_cached_briefly_live_and_longer_relaxed(client: ApiClient) -> None:
    spectator, seat = _spectator_and_seat(client, pace="live")
    assert spectator.headers["Cache-Control"] == "public, max-age=1"
    assert seat.headers["Cache-Control"] == "private, no-store"
    spectator, seat = _spectator_and_seat(client, pace="relaxed")
    assert spectator.headers["Cache-Control"] == "public, max-age=15"
    assert seat.headers["Cache-Control"] == "private, no-store"
    # A 304 says the same as the 200 it stands for.
    tag = spectator.headers["ETag"]
    table = spectator.body["table_id"]
    same = client.call("GET", f"/api/tables/{table}", headers={"if-none-match": tag})
    assert same.status == 304 and same.headers["Cache-Control"] == "public, max-age=15"


def test_a_seat_view_asked_with_a_token_is_never_public_even_when_refused(
    client: ApiClient,
) -> None:
    made = client.create(mode="computer", options={"seats": 2})
    bad = client.call("GET", f"/api/tables/{made['table_id']}", token="not-a-token")
    assert bad.status == 401 and "public" not in bad.headers["Cache-Control"]
