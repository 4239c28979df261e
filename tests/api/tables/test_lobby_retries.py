"""Joins and starts carry a client-made request_id: a retry after a lost answer gets the
same answer and changes nothing stored, as a repeated action_id does for moves."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable
from typing import Any

import pytest

from api.clock import ManualClock
from api.store.items import Store
from api.tables import context
from api.tables.service import Service
from api.tables.setup import create_table, join_table
from api.web.auth import join_token
from api.web.config import Settings
from api.web.errors import ApiError
from tests.api.builders import friends_table, join
from tests.api.support import ApiClient

pytestmark = pytest.mark.usefixtures("service")
NEW_FRIENDS = {"mode": "friends", "variant": "classic", "turn_seconds": 30, "name": "A"}


def rid() -> str:
    return uuid.uuid4().hex  # what the frontend sends: crypto.randomUUID(), 122 random bits


def test_a_repeated_join_gets_the_same_seat_and_token_and_stores_nothing(
    client: ApiClient, service: Service
) -> None:
    made = friends_table(client, seats=3)
    table = made["table_id"]
    key = rid()
    first = join(client, made, "Mehmet", request_id=key)
    assert first.status == 200, first.text
    stored = service.store.raw(table)
    again = join(client, made, "Mehmet", request_id=key)
    assert again.status == 200, again.text
    assert (again.body["seat"], again.body["token"]) == (first.body["seat"], first.body["token"])
    assert service.store.raw(table) == stored
    view = client.view(table, again.body["token"])
    assert view["you"] == first.body["seat"] == 1
    assert [p["kind"] for p in view["players"]] == ["human", "human", "open"]

    other = join(client, made, "Zeynep", request_id=rid())
    assert other.status == 200 and other.body["seat"] == 2
    assert other.body["token"] != first.body["token"]


def test_a_join_retried_after_the_start_still_gets_its_seat(client: ApiClient) -> None:
    made = friends_table(client, seats=2)
    key = rid()
    first = join(client, made, "Mehmet", request_id=key)
    started = client.call("POST", f"/api/tables/{made['table_id']}/start", token=made["token"])
    assert started.status == 200
    again = join(client, made, "Mehmet", request_id=key)
    assert again.status == 200 and again.body["token"] == first.body["token"]
    assert again.body["view"]["status"] == "playing" and len(again.body["view"]["rack"]) == 14
    late = join(client, made, "Zeynep", request_id=rid())
    assert late.status == 409 and late.body["error"]["code"] == "table_full"


def test_without_request_id_a_repeated_join_takes_another_seat(client: ApiClient) -> None:
    made = friends_table(client, seats=3)
    seats = [join(client, made, "Mehmet").body["seat"] for _ in range(2)]
    assert seats == [1, 2]


def test_a_request_id_gives_a_token_only_with_its_invite_and_its_table(
    client: ApiClient,
) -> None:
    made, elsewhere = friends_table(client, seats=3), friends_table(client, seats=3)
    key = rid()
    mine = join(client, made, "Mehmet", request_id=key).body
    wrong_code = client.call(
        "POST",
        f"/api/tables/{made['table_id']}/join",
        {"invite_code": elsewhere["invite_code"], "name": "X", "request_id": key},
    )
    assert wrong_code.status == 403 and mine["token"] not in wrong_code.text
    there = join(client, elsewhere, "Mehmet", request_id=key).body
    assert there["token"] != mine["token"]
    assert client.call("GET", f"/api/tables/{made['table_id']}", token=there["token"]).status == 401


@pytest.mark.parametrize(
    "request_id",
    [
        "short-id-15char",
        "x" * 65,
        "has a space 12345",
        "tail-newline-1234\n",
        "ünïcödé-12345678",
        7,
    ],
)
def test_request_ids_are_long_random_looking_and_checked(
    client: ApiClient, service: Service, request_id: Any
) -> None:
    made = friends_table(client, seats=3)
    table = made["table_id"]
    stored = service.store.raw(table)
    refused = [
        join(client, made, "Mehmet", request_id=request_id),
        client.call(
            "POST", f"/api/tables/{table}/start", {"request_id": request_id}, token=made["token"]
        ),
    ]
    for reply in refused:
        assert reply.status == 400 and reply.body["error"]["code"] == "bad_request", reply.text
        assert "request_id" in reply.body["error"]["message"]
    assert service.store.raw(table) == stored


def _body(name: str, request_id: str) -> Callable[[], dict[str, Any]]:
    return lambda: {"name": name, "request_id": request_id}


def test_the_server_secret_keys_join_tokens(clock: ManualClock, moto_store: Store) -> None:
    """The stored item holds the table's secret but never the server's: with a server
    secret configured, a leaked item is not enough to make a join token."""
    service = Service(moto_store, clock, Settings(secret="one server secret"))
    made = create_table(service, NEW_FRIENDS, None)
    table, key = made["table_id"], rid()
    token = join_table(service, table, made["invite_code"], _body("M", key))["token"]
    table_secret = service.load(table).state.match_secret
    assert token == join_token(b"one server secret", table_secret, table, key)
    assert token != join_token(b"", table_secret, table, key)
    assert "one server secret" not in repr(service.settings)


def test_another_instance_recognises_the_retry(client: ApiClient, service: Service) -> None:
    """A retry may reach another Lambda instance, or one after a cold start."""
    made = friends_table(client, seats=3)
    key = rid()
    first = join(client, made, "Mehmet", request_id=key).body
    context.configure(store=service.store, clock=service.clock, settings=service.settings)
    again = join(client, made, "Mehmet", request_id=key).body
    assert (again["seat"], again["token"]) == (first["seat"], first["token"])


def test_a_repeated_start_answers_the_view_and_stores_nothing(
    client: ApiClient, service: Service
) -> None:
    made = friends_table(client, seats=2)
    table, token = made["table_id"], made["token"]
    guest = join(client, made, "Mehmet", request_id=rid()).body
    path = f"/api/tables/{table}/start"
    key = rid()
    first = client.call("POST", path, {"request_id": key}, token=token)
    assert first.status == 200 and first.body["status"] == "playing"
    stored = service.store.raw(table)
    again = client.call("POST", path, {"request_id": key}, token=token)
    assert again.status == 200 and again.body == first.body
    assert service.store.raw(table) == stored

    # Only the creator's own repeat is answered; anything else is refused as before.
    for body, who, status in [
        ({"request_id": key}, guest["token"], 403),
        ({"request_id": rid()}, token, 409),
        (None, token, 409),
    ]:
        reply = client.call("POST", path, body, token=who)
        assert reply.status == status, reply.text
        assert service.store.raw(table) == stored
    assert client.call("POST", path, {"extra": 1}, token=token).status == 400


def test_racing_retries_of_one_join_take_one_seat(atomic_store: Store, clock: ManualClock) -> None:
    service = Service(atomic_store, clock, Settings())
    made = create_table(service, NEW_FRIENDS, None)
    key = rid()
    answers: list[Any] = [None] * 8
    barrier = threading.Barrier(len(answers))

    def run(i: int) -> None:
        barrier.wait()
        try:
            answers[i] = join_table(service, made["table_id"], made["invite_code"], _body("M", key))
        except ApiError as err:
            answers[i] = err.code

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(answers))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # One write lands; every other try conflicts, reads again and finds its seat taken.
    assert all(isinstance(a, dict) for a in answers), answers
    assert {(a["seat"], a["token"]) for a in answers} == {(1, answers[0]["token"])}
    seats = service.load(made["table_id"]).table.seats
    assert [s.kind for s in seats] == ["human", "human", "open", "open"]
