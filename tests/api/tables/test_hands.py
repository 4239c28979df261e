"""Finished hands go to write-once items; the table item keeps only the hand in play."""

from __future__ import annotations

import base64
import json
import time
from collections.abc import Iterator
from typing import Any

import pytest

from api.clock import ManualClock
from api.store.base import StoredItem
from api.store.items import Store
from api.tables import context
from api.tables.item import hand_key
from api.tables.records import hand_item_text
from api.tables.service import Service
from api.web.config import Settings
from engine.classic.log import LOG_FINISH
from engine.variants import to_record
from tests.api.support import ApiClient, LogLines
from tests.api.tables.test_flow import CountingStore, aid, play


@pytest.fixture
def wired(any_store: Store) -> Iterator[Service]:
    # The SQLite store drops expired items by wall-clock time whenever it creates one
    # (here: a hand's item), so the clock starts today.
    clock = ManualClock(int(time.time() * 1000))
    yield context.configure(store=any_store, clock=clock, settings=Settings())
    context.reset()


def _finish_hand(client: ApiClient, table: str, token: str, view: dict[str, Any]) -> Any:
    moves = 0
    while view["phase"] != "over":
        view = play(client, table, token, view)
        moves += 1
        assert moves < 500
    return view


def test_a_finished_hand_is_archived_once_and_served_to_anyone(
    wired: Service, client: ApiClient
) -> None:
    made = client.create(
        mode="computer", name="Ayşe", options={"seats": 4, "scoring": "points", "hands": 3}
    )
    table, token = made["table_id"], made["token"]
    over = _finish_hand(client, table, token, made["view"])
    # While it is the hand in play, hand 0 is answered from the table item.
    before = client.call("GET", f"/api/tables/{table}/hands/0")
    assert before.status == 200, before.text
    assert wired.store.get(hand_key(table, 0)) is None
    counting = CountingStore(wired.store)
    wired.store = counting
    nxt = client.act(
        table, token, {"type": "next_hand"}, expected_version=over["version"], action_id=aid()
    )
    assert nxt.status == 200 and nxt.body["hand"] == 1
    assert counting.writes == 2  # the hand's own item, then the table
    archived = wired.store.get(hand_key(table, 0))
    assert archived is not None and archived.expires_at is not None
    # Replayed from its own item: the same hand, every event, the seed revealed.
    after = client.call("GET", f"/api/tables/{table}/hands/0")
    assert after.status == 200 and after.headers["Cache-Control"].startswith("public")
    hand = after.body
    assert hand["hand"] == 0 and hand["phase"] == "over" and hand["you"] is None
    assert hand["seed"] == over["seed"] and hand["seed"] is not None

    # The same bytes as before it was archived: the events' times too ("at", kept with it).
    assert after.text == before.text
    assert hand["events"][0]["type"] == "deal"
    assert hand["rack"] is None and hand["deadline"] is None
    # The table item no longer holds that hand's log: only the new hand's.
    record = json.loads(wired.store.get(table).data)["g"]  # type: ignore[union-attr]
    assert record["h"] == 1
    # Write-once: archiving again (a retried request) leaves the item as it was.
    raw = wired.store.raw(hand_key(table, 0))
    loaded = wired.load(table)
    loaded.finished.append(wired.load(table).state)  # any state: it must not overwrite
    wired.archive(loaded)
    assert wired.store.raw(hand_key(table, 0)) == raw


@pytest.mark.parametrize(
    ("path", "status", "code"),
    [
        ("hands/0", 404, "hand_not_found"),  # hand 0 is still being played
        ("hands/7", 404, "hand_not_found"),
        ("hands/²", 400, "bad_request"),
        ("hands/-1", 400, "bad_request"),
        ("hands/99999", 400, "bad_request"),
    ],
)
def test_hands_not_finished_or_malformed_are_refused(
    wired: Service, client: ApiClient, path: str, status: int, code: str
) -> None:
    made = client.create(mode="computer", name="Ayşe", options={"seats": 2})
    reply = client.call("GET", f"/api/tables/{made['table_id']}/{path}")
    assert (reply.status, reply.body["error"]["code"]) == (status, code), reply.text


def test_no_hand_item_is_ever_read_as_a_table(wired: Service, client: ApiClient) -> None:
    made = client.create(mode="computer", name="Ayşe", options={"seats": 2})
    key = hand_key(made["table_id"], 0)
    reply = client.call("GET", f"/api/tables/{key.replace('#', '%23')}")
    assert (reply.status, reply.body["error"]["code"]) == (404, "table_not_found")


@pytest.mark.parametrize("broken", ["not json", '{"g": {}}', "replays an illegal finish"])
def test_a_hand_item_that_does_not_decode_is_a_logged_corrupt_table(
    wired: Service, client: ApiClient, broken: str
) -> None:
    made = client.create(mode="computer", name="Ayşe", options={"seats": 2, "hands": 3})
    table = made["table_id"]
    loaded = wired.load(table)
    loaded.state.hand_number = 1  # as if hand 0 had been played and archived
    wired.save(loaded)
    if broken == "replays an illegal finish":
        record = to_record(wired.load(table).state)
        record["h"], record["l"] = 0, base64.b64encode(bytes([LOG_FINISH, 0])).decode()
        text = hand_item_text(record)
    else:
        text = broken
    wired.store.create(StoredItem(hand_key(table, 0), 0, text, None))
    with LogLines().attached() as logs:
        reply = client.call("GET", f"/api/tables/{table}/hands/0")
    assert (reply.status, reply.body["error"]["code"]) == (500, "corrupt_table")
    assert any("stored hand cannot be read" in line for line in logs.lines)


def test_a_finished_hand_answers_the_same_bytes_for_ever(wired: Service, client: ApiClient) -> None:
    """Through the next hand, the match's end and a rematch offer, a finished hand's answer
    (cacheable for an hour) never changes: its events' times, its status, no offer."""
    made = client.create(
        mode="computer", name="Ayşe", options={"seats": 2, "scoring": "points", "hands": 2}
    )
    table, token = made["table_id"], made["token"]
    over = _finish_hand(client, table, token, made["view"])
    first = client.call("GET", f"/api/tables/{table}/hands/0")
    assert first.status == 200, first.text
    timed = [e for e in first.body["events"] if "at" in e]
    assert timed, "the hand's events carry their times"

    def same(number: int, text: str) -> None:
        again = client.call("GET", f"/api/tables/{table}/hands/{number}")
        assert again.status == 200 and again.text == text

    nxt = client.act(
        table, token, {"type": "next_hand"}, expected_version=over["version"], action_id=aid()
    )
    assert nxt.status == 200, nxt.text
    same(0, first.text)
    last = _finish_hand(client, table, token, nxt.body)
    assert last["match_over"] and last["status"] == "finished"
    same(0, first.text)
    final = client.call("GET", f"/api/tables/{table}/hands/1")
    assert final.status == 200 and final.body["status"] == "finished"
    offered = client.call("POST", f"/api/tables/{table}/rematch", token=token)
    assert offered.status == 200, offered.text
    assert client.view(table, token)["rematch"] is not None
    same(0, first.text)
    same(1, final.text)
