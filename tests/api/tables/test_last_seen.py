"""Each token's last request is kept in the table, for telling a quiet seat (see
test_quiet_seats.py): a write records it anyway, and a read-only request refreshes it
with at most one extra write a minute where it can change the next push (the next human
to play, a table waiting, a hand over) and one every two minutes elsewhere (on turn, two
turns away), best effort, which no view or ETag shows."""

from __future__ import annotations

import json
from typing import Any

import pytest

from api.clock import ManualClock
from api.store.base import StoredItem, VersionConflict
from api.tables.service import Service
from tests.api.builders import seated
from tests.api.support import ApiClient
from tests.api.tables.test_flow import CountingStore, aid

pytestmark = pytest.mark.usefixtures("service")


def last_seen(service: Service, table: str) -> list[int]:
    """Per token, seconds after the table was made."""
    stored = service.store.get(table)
    assert stored is not None
    seen: list[int] = json.loads(stored.data)["ls"]
    return seen


def guest_on_turn(client: ApiClient, t: dict[str, Any]) -> dict[str, Any]:
    """The view once seat 1 is on turn: the creator discards first if it starts."""
    view = t["view"]
    if view["turn"] == 0:
        tile = next(e for e in view["legal"] if e["type"] == "discard")["tiles"][0]
        reply = client.act(
            t["table"],
            t["host"],
            {"type": "discard", "tile": tile},
            expected_version=view["version"],
            action_id=aid(),
        )
        assert reply.status == 200, reply.text
        view = reply.body
    assert view["turn"] == 1
    return view


def host_waiting(client: ApiClient) -> tuple[dict[str, Any], str, dict[str, Any]]:
    """A relaxed two-seat friends table with the guest on turn and the host waiting for its
    "your turn": the table, its id, and the view at that moment."""
    t = seated(client, turn_seconds=86400)
    return t, t["table"], guest_on_turn(client, t)


def test_a_poll_renews_last_seen_each_minute_when_next_to_play_and_each_two_on_turn(
    client: ApiClient, service: Service, clock: ManualClock
) -> None:
    t = seated(client)
    table = t["table"]
    guest_on_turn(client, t)
    counting = CountingStore(service.store)
    service.store = counting
    start = clock.now_ms() // 1000
    for _ in range(30):  # five minutes of polls every ten seconds, from both seats
        clock.advance(10)
        client.view(table, t["guest"])  # on turn: only a reminder can be owed to it
        client.view(table, t["host"])  # next to play: the next move owes it "your turn"
        client.view(table, None)  # a spectator has no token to record
    assert counting.reads == 90
    assert counting.writes == 2 + 5
    made = service.load(table).table.created
    assert [made + s for s in last_seen(service, table)] == [start + 300, start + 240]


def three_seated(client: ApiClient) -> dict[str, Any]:
    """A started three-seat friends table, one token a seat, and the seat on turn."""
    made = client.create(mode="friends", name="Ayşe", options={"seats": 3}, turn_seconds=86400)
    table = made["table_id"]
    tokens = [made["token"]]
    for name in ("Mehmet", "Zeynep"):
        body = {"invite_code": made["invite_code"], "name": name}
        tokens.append(client.call("POST", f"/api/tables/{table}/join", body).body["token"])
    started = client.call("POST", f"/api/tables/{table}/start", token=tokens[0])
    assert started.status == 200, started.text
    return {"table": table, "tokens": tokens, "turn": started.body["turn"]}


def test_a_seat_two_turns_away_renews_only_every_two_minutes(
    client: ApiClient, service: Service, clock: ManualClock
) -> None:
    t = three_seated(client)
    table, turn = t["table"], t["turn"]
    after, away = (turn + 1) % 3, (turn + 2) % 3
    counting = CountingStore(service.store)
    service.store = counting
    for _ in range(60):  # ten minutes of polls every ten seconds
        clock.advance(10)
        client.view(table, t["tokens"][away])
    assert counting.writes == 5  # the next move owes it nothing: its record says it is there
    for _ in range(60):
        clock.advance(10)
        client.view(table, t["tokens"][after])
    assert counting.writes == 5 + 10  # next to play: once a minute


def test_a_poll_from_a_hidden_tab_is_no_visit_and_writes_nothing(
    client: ApiClient, service: Service, clock: ManualClock
) -> None:
    # A tab out of sight polls with away=1: the player is not looking, so the notifier may
    # push to them, and its polls (every 5 minutes on a relaxed table) cost no write.
    t = seated(client, turn_seconds=86400)
    table = t["table"]
    before = last_seen(service, table)
    counting = CountingStore(service.store)
    service.store = counting
    for _ in range(12):  # an hour of polls from a hidden tab
        clock.advance(300)
        client.view(table, t["guest"], "away=1")
    assert counting.writes == 0
    assert last_seen(service, table) == before
    clock.advance(10)
    client.view(table, t["guest"])  # the tab comes back into view: a visit again
    assert last_seen(service, table)[1] == before[1] + 3610
    bad = client.call("GET", f"/api/tables/{table}", token=t["guest"], query="away=yes")
    assert bad.status == 400 and bad.body["error"]["code"] == "bad_request"


def test_a_poll_that_refreshes_last_seen_still_answers_304(
    client: ApiClient, service: Service, clock: ManualClock
) -> None:
    t = seated(client)
    path = f"/api/tables/{t['table']}"
    first = client.call("GET", path, token=t["guest"])
    others = [client.call("GET", path, token=who).headers["ETag"] for who in (t["host"], None)]
    before = last_seen(service, t["table"])
    clock.advance(121)  # past both renewal ages, whoever is on turn
    tag = first.headers["ETag"]
    again = client.call("GET", path, token=t["guest"], headers={"if-none-match": tag})
    assert again.status == 304 and again.headers["ETag"] == tag
    after = last_seen(service, t["table"])
    assert after[1] == before[1] + 121 and after[0] == before[0]
    # No view says when anyone was last seen: the other tags did not move either.
    assert [client.call("GET", path, token=who).headers["ETag"] for who in (t["host"], None)] == (
        others
    )


class ConflictingWrites(CountingStore):
    """Every conditional write loses to another request's."""

    def put_if_version(self, table: StoredItem, expected_rev: int) -> None:
        self.writes += 1
        raise VersionConflict


def test_a_lost_refresh_is_no_error_and_no_second_read(
    client: ApiClient, service: Service, clock: ManualClock
) -> None:
    t = seated(client)
    stored = service.store.raw(t["table"])
    conflicting = ConflictingWrites(service.store)
    service.store = conflicting
    clock.advance(120)
    reply = client.call("GET", f"/api/tables/{t['table']}", token=t["guest"])
    assert reply.status == 200, reply.text
    assert (conflicting.reads, conflicting.writes) == (1, 1)
    assert conflicting.raw(t["table"]) == stored


def test_a_move_records_its_seat_as_seen_in_the_same_write(
    client: ApiClient, service: Service, clock: ManualClock
) -> None:
    t = seated(client)
    view = guest_on_turn(client, t)
    before = last_seen(service, t["table"])
    counting = CountingStore(service.store)
    service.store = counting
    clock.advance(30)  # under two minutes, on its turn: a poll would not have written it
    moved = client.act(
        t["table"], t["guest"], {"type": "draw"}, expected_version=view["version"], action_id=aid()
    )
    assert moved.status == 200, moved.text
    assert counting.writes == 1
    assert last_seen(service, t["table"]) == [before[0], before[1] + 30]


def test_a_refused_request_records_nothing(
    client: ApiClient, service: Service, clock: ManualClock
) -> None:
    t = seated(client)
    clock.advance(120)
    stored = service.store.raw(t["table"])
    refused = client.call("GET", f"/api/tables/{t['table']}", token=t["guest"], query="seat=0")
    assert refused.status == 403
    assert service.store.raw(t["table"]) == stored


def test_items_stored_before_last_seen_still_load(client: ApiClient, service: Service) -> None:
    t = seated(client)
    stored = service.store.get(t["table"])
    assert stored is not None
    data = json.loads(stored.data)
    del data["ls"]
    older = StoredItem(stored.table_id, stored.rev + 1, json.dumps(data), stored.expires_at)
    service.store.put_if_version(older, stored.rev)
    assert service.load(t["table"]).table.seen_times == [0, 0]  # as if seen when the table was made
    data["ls"] = [0]  # one entry for two tokens: not read as anything else
    broken = StoredItem(stored.table_id, stored.rev + 2, json.dumps(data), stored.expires_at)
    service.store.put_if_version(broken, stored.rev + 1)
    reply = client.call("GET", f"/api/tables/{t['table']}", token=t["guest"])
    assert reply.status == 500 and reply.body["error"]["code"] == "corrupt_table"
