"""A tab that stops looking says so (POST /api/tables/{id}/away, a sendBeacon), and a
seat counts as looking for at most 30 s after its last request without it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api.clock import ManualClock
from api.push.notifier import notices
from api.tables.item import LOOKING_SECONDS, Table
from api.tables.service import Service
from tests.api.support import ApiClient, LogLines
from tests.api.tables.test_flow import CountingStore, aid
from tests.api.tables.test_last_seen import host_waiting, last_seen, seated

pytestmark = pytest.mark.usefixtures("service")

BEACON = {"content-type": "text/plain;charset=UTF-8"}  # what sendBeacon sends with a string


def beacon(client: ApiClient, table: str, body: Any, raw: str | None = None) -> Any:
    return client.call("POST", f"/api/tables/{table}/away", body, headers=BEACON, raw=raw)


def looking(service: Service, table: str, token_index: int, now_s: int) -> bool:
    stored = service.store.get(table)
    assert stored is not None
    seen = Table.from_stored(stored).last_seen(token_index)
    return now_s - seen < LOOKING_SECONDS


def test_a_beacon_stops_the_seat_looking_at_once_and_moves_no_version(
    client: ApiClient, service: Service, clock: ManualClock
) -> None:
    t = seated(client, turn_seconds=86400)
    table = t["table"]
    view = client.view(table, t["guest"])
    assert looking(service, table, 1, (clock.now_ms() // 1000))
    tag = client.call("GET", f"/api/tables/{table}", token=t["guest"]).headers["ETag"]
    answer = beacon(client, table, {"token": t["guest"], "seat": 1})
    assert answer.status == 204 and answer.text == ""
    assert not looking(service, table, 1, (clock.now_ms() // 1000))
    # The game did not move: same version, and the view's tag holds (a poll with away=1
    # would not mark the seat as looking again).
    again = client.call(
        "GET",
        f"/api/tables/{table}",
        token=t["guest"],
        query="away=1",
        headers={"if-none-match": tag},
    )
    assert again.status == 304
    assert client.view(table, None)["version"] == view["version"]
    # A second beacon changes nothing and writes nothing.
    counting = CountingStore(service.store)
    service.store = counting
    assert beacon(client, table, {"token": t["guest"]}).status == 204
    assert counting.writes == 0


def test_the_token_never_travels_in_the_address_and_json_also_works(
    client: ApiClient, service: Service
) -> None:
    t = seated(client)
    plain = client.call(
        "POST",
        f"/api/tables/{t['table']}/away",
        {"token": t["host"]},
        headers={"content-type": "application/json"},
    )
    assert plain.status == 204
    in_query = client.call(
        "POST", f"/api/tables/{t['table']}/away", None, query=f"token={t['host']}"
    )
    assert in_query.status == 400


@pytest.mark.parametrize(
    ("body", "raw", "status", "code"),
    [
        (None, "token=abc", 400, "bad_request"),  # form data: not JSON
        (None, "", 400, "bad_request"),  # an empty beacon
        (None, "[1, 2]", 400, "bad_request"),
        ({"seat": 1}, None, 400, "bad_request"),  # no token
        ({"token": 5}, None, 400, "bad_request"),
        ({"token": "x" * 129}, None, 400, "bad_request"),
        ({"token": "GUEST", "seat": "1"}, None, 400, "bad_request"),
        ({"token": "GUEST", "seat": 7}, None, 400, "bad_request"),
        ({"token": "not-a-token-of-this-table"}, None, 401, "unauthorized"),
        ({"token": "GUEST", "seat": 0}, None, 403, "forbidden"),  # the host's seat
    ],
)
def test_a_bad_beacon_is_a_4xx_with_a_code_and_leaves_the_table_unchanged(
    client: ApiClient,
    service: Service,
    clock: ManualClock,
    body: dict[str, Any] | None,
    raw: str | None,
    status: int,
    code: str,
) -> None:
    t = seated(client)
    clock.advance(5)
    if body is not None and body.get("token") == "GUEST":
        body = {**body, "token": t["guest"]}
    stored = service.store.raw(t["table"])
    with LogLines().attached() as logs:
        answer = beacon(client, t["table"], body, raw)
    assert answer.status == status, answer.text
    assert answer.body["error"]["code"] == code
    assert service.store.raw(t["table"]) == stored
    for text in [answer.text, *logs.lines]:  # whatever is logged: never a token
        assert t["guest"] not in text and t["host"] not in text


def test_a_beacon_for_an_unknown_table_is_404(client: ApiClient) -> None:
    answer = beacon(client, "no-such-table", {"token": "abc"})
    assert answer.status == 404 and answer.body["error"]["code"] == "table_not_found"


def test_polls_keep_a_seat_waiting_for_its_turn_looking_and_stop_30_s_after_the_last(
    client: ApiClient, service: Service, clock: ManualClock
) -> None:
    # Seat 1 (the guest) is on turn; the host waits for "your turn" and polls every 10 s.
    # Its record is renewed once a minute, so it counts as looking for the first 30 s of
    # each minute (its service worker drops a push that comes in the other 30: the tab is
    # in view), and never past 30 s after a request.
    t, table, _ = host_waiting(client)
    looked = []
    for _ in range(30):
        clock.advance(10)
        client.view(table, t["host"])
        looked.append(looking(service, table, 0, (clock.now_ms() // 1000)))
    assert looked.count(True) == 15 and looked[-1]
    start = clock.now_ms() // 1000
    clock.advance(LOOKING_SECONDS - 1)
    assert looking(service, table, 0, (clock.now_ms() // 1000))
    clock.advance(2)  # 31 s after the last request: pushed again
    assert not looking(service, table, 0, (clock.now_ms() // 1000))
    assert (clock.now_ms() // 1000) - start == LOOKING_SECONDS + 1


def test_polls_cost_a_write_a_minute_when_next_to_play_and_every_two_on_turn(
    client: ApiClient, service: Service, clock: ManualClock
) -> None:
    t, table, _ = host_waiting(client)
    counting = CountingStore(service.store)
    service.store = counting
    for _ in range(30):  # five minutes of polls every ten seconds from both seats
        clock.advance(10)
        client.view(table, t["guest"])  # on turn: nothing but a reminder is owed to it
        client.view(table, t["host"])  # waiting for its turn: "your turn" is owed next
    assert counting.writes == 2 + 5


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    gaps=st.lists(st.integers(1, 45), min_size=1, max_size=12),
    silence=st.integers(0, 90),
)
def test_your_turn_is_never_held_back_past_30_s_and_polls_write_at_most_once_a_minute(
    client: ApiClient, service: Service, clock: ManualClock, gaps: list[int], silence: int
) -> None:
    """Any poll schedule of the seat waiting for its turn, then ``silence`` s without a
    request, then the move that makes it its turn: pushed whenever the silence is over
    30 s, and the polls cost one write a minute at most."""
    t, table, view = host_waiting(client)
    counting = CountingStore(service.store)
    service.store = counting
    for gap in gaps:
        clock.advance(gap)
        client.view(table, t["host"])
    polled_for = sum(gaps)
    assert counting.writes <= 1 + polled_for // 60
    last_request = clock.now_ms() // 1000
    clock.advance(silence)
    service.store = counting.inner
    old = service.store.get(table)
    assert old is not None
    draw = client.act(
        table, t["guest"], {"type": "draw"}, expected_version=view["version"], action_id=aid()
    )
    tile = next(e for e in draw.body["legal"] if e["type"] == "discard")["tiles"][0]
    discard = {"type": "discard", "tile": tile}
    moved = client.act(
        table, t["guest"], discard, expected_version=draw.body["version"], action_id=aid()
    )
    assert moved.status == 200 and moved.body["turn"] == 0, moved.text
    new = service.store.get(table)
    assert new is not None
    now = clock.now_ms() // 1000
    pushed = [(n.seat, n.kind) for n in notices(old, new, now)]
    if now - last_request > LOOKING_SECONDS:
        assert pushed == [(0, "your_turn")]
    # The record never runs ahead of the last request.
    assert Table.from_stored(new).last_seen(0) <= last_request


def test_the_notifier_pushes_31_s_after_the_last_request_not_29(
    client: ApiClient, service: Service, clock: ManualClock
) -> None:
    # Through the API: the host polls, stops; the guest's move then makes it the host's turn.
    t, table, view = host_waiting(client)
    client.view(table, t["host"])
    asked_at = clock.now_ms() // 1000
    old = service.store.get(table)
    assert old is not None
    draw = client.act(
        table, t["guest"], {"type": "draw"}, expected_version=view["version"], action_id="a1"
    )
    tile = next(e for e in draw.body["legal"] if e["type"] == "discard")["tiles"][0]
    moved = client.act(
        table,
        t["guest"],
        {"type": "discard", "tile": tile},
        expected_version=draw.body["version"],
        action_id="a2",
    )
    assert moved.status == 200 and moved.body["turn"] == 0
    new = service.store.get(table)
    assert new is not None
    assert [n.kind for n in notices(old, new, asked_at + 29)] == []
    assert [(n.seat, n.kind) for n in notices(old, new, asked_at + 31)] == [(0, "your_turn")]


def test_a_beacon_makes_the_next_turn_push_at_once(
    client: ApiClient, service: Service, clock: ManualClock
) -> None:
    t, table, view = host_waiting(client)
    client.view(table, t["host"])
    assert beacon(client, table, {"token": t["host"]}).status == 204
    old = service.store.get(table)
    assert old is not None
    draw = client.act(
        table, t["guest"], {"type": "draw"}, expected_version=view["version"], action_id="b1"
    )
    tile = next(e for e in draw.body["legal"] if e["type"] == "discard")["tiles"][0]
    client.act(
        table,
        t["guest"],
        {"type": "discard", "tile": tile},
        expected_version=draw.body["version"],
        action_id="b2",
    )
    new = service.store.get(table)
    assert new is not None
    assert json.loads(new.data)["ls"][0] <= last_seen(service, table)[0]
    assert [(n.seat, n.kind) for n in notices(old, new, (clock.now_ms() // 1000))] == [
        (0, "your_turn")
    ]
