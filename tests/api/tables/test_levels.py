"""The computers' level: shown on the table, started gentle by the frontend's choice, and
changed mid-match by the player of a table against the computer (PUT /level)."""

from __future__ import annotations

from typing import Any

import pytest

from api.tables.service import Service
from tests.api.builders import seated
from tests.api.support import ApiClient

pytestmark = pytest.mark.usefixtures("service")


def levels(view: dict[str, Any]) -> list[str | None]:
    return [p["level"] for p in view["players"]]


def computer_table(client: ApiClient, level: str = "gentle", variant: str = "classic") -> Any:
    seats = [{"kind": "human", "name": "Ayşe"}] + [{"kind": "bot", "level": level}] * 3
    return client.create(mode="computer", name="Ayşe", variant=variant, seats=seats)


@pytest.mark.parametrize("variant", ["classic", "101"])
def test_the_table_shows_the_level_and_its_player_changes_it_mid_match(
    client: ApiClient, variant: str
) -> None:
    made = computer_table(client, variant=variant)
    table, tok = made["table_id"], made["token"]
    assert levels(made["view"]) == [None, "gentle", "gentle", "gentle"]
    first = client.call("GET", f"/api/tables/{table}", token=tok)
    before = first.body
    changed = client.call("PUT", f"/api/tables/{table}/level", {"level": "hard"}, token=tok)
    assert changed.status == 200, changed.text
    assert levels(changed.body) == [None, "hard", "hard", "hard"]
    assert changed.body["version"] == before["version"]  # no move was made
    after = client.call("GET", f"/api/tables/{table}", token=tok)
    assert levels(after.body) == [None, "hard", "hard", "hard"]
    assert after.headers["ETag"] != first.headers["ETag"]  # a poll sees it
    # Everyone may see it, as they see the seats.
    assert levels(client.view(table, None)) == [None, "hard", "hard", "hard"]


def test_the_computers_play_on_at_the_new_level(client: ApiClient, service: Service) -> None:
    made = computer_table(client, level="easy")
    table, tok = made["table_id"], made["token"]
    client.call("PUT", f"/api/tables/{table}/level", {"level": "normal"}, token=tok)
    stored = service.load(table).table
    assert [s.level for s in stored.seats[1:]] == ["normal"] * 3


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"level": "impossible"}, "bad_request"),
        ({}, "bad_request"),
        ({"level": 3}, "bad_request"),
        (None, "bad_request"),
    ],
)
def test_a_bad_level_is_400_and_changes_nothing(
    client: ApiClient, service: Service, body: Any, code: str
) -> None:
    made = computer_table(client)
    stored = service.store.raw(made["table_id"])
    reply = client.call("PUT", f"/api/tables/{made['table_id']}/level", body, token=made["token"])
    assert reply.status == 400 and reply.body["error"]["code"] == code
    assert service.store.raw(made["table_id"]) == stored


def test_only_a_seat_token_at_a_table_against_the_computer_may_change_it(
    client: ApiClient, service: Service
) -> None:
    made = computer_table(client)
    path = f"/api/tables/{made['table_id']}/level"
    stored = service.store.raw(made["table_id"])
    assert client.call("PUT", path, {"level": "hard"}).status == 401
    assert client.call("PUT", path, {"level": "hard"}, token="nope").status == 401
    assert service.store.raw(made["table_id"]) == stored
    missing = client.call("PUT", "/api/tables/nope/level", {"level": "hard"}, token="x")
    assert missing.status == 404
    # A table with friends: other seats are people (or open), so no level to set.
    t = seated(client)
    stored = service.store.raw(t["table"])
    reply = client.call(
        "PUT", f"/api/tables/{t['table']}/level", {"level": "hard"}, token=t["host"]
    )
    assert reply.status == 422 and reply.body["error"]["code"] == "not_against_computer"
    assert service.store.raw(t["table"]) == stored


def test_no_level_once_the_match_is_over(client: ApiClient, service: Service) -> None:
    made = computer_table(client)
    loaded = service.load(made["table_id"])
    loaded.table.status = "finished"
    service.save(loaded)
    stored = service.store.raw(made["table_id"])
    reply = client.call(
        "PUT", f"/api/tables/{made['table_id']}/level", {"level": "hard"}, token=made["token"]
    )
    assert reply.status == 422 and reply.body["error"]["code"] == "match_over"
    assert service.store.raw(made["table_id"]) == stored
