"""The notifier (old item, new item -> notices), the stream Lambda around it, and the
subscriptions' store contract on every backend."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from api.clock import ManualClock
from api.push import stream
from api.push.notifier import LOOKING_SECONDS, Notice, notices, payload
from api.push.subscriptions import endpoint_problem
from api.store.base import StoreBusy, StoredItem, StoredPushes, VersionConflict
from api.store.items import Store
from api.tables.item import Table, push_key
from api.tables.service import Service
from api.web.config import Settings
from engine.classic.game import apply
from engine.variants import from_record, to_record
from tests.api.support import ApiClient
from tests.game_helpers import random_action

LATER = 10**10  # epoch seconds, long after the test clock: nobody has looked for ages


def seated_item(client: ApiClient, service: Service, turn_seconds: int = 86400) -> StoredItem:
    """A started two-seat friends table, as stored."""
    made = client.create(
        mode="friends", name="Ayşe", options={"seats": 2}, turn_seconds=turn_seconds
    )
    table = made["table_id"]
    client.call(
        "POST", f"/api/tables/{table}/join", {"invite_code": made["invite_code"], "name": "Can"}
    )
    assert client.call("POST", f"/api/tables/{table}/start", token=made["token"]).status == 200
    item = service.store.get(table)
    assert item is not None
    return item


def changed(item: StoredItem, change: Any) -> StoredItem:
    table = Table.from_stored(item)
    change(table)
    return replace(table.to_stored(item.expires_at), rev=item.rev + 1)


def reminder_due(client: ApiClient, service: Service) -> tuple[StoredItem, StoredItem, int, int]:
    """A seated table before and after its reminder is due, the seat on turn, and when it last
    asked."""
    old = seated_item(client, service)
    table = Table.from_stored(old)
    on_turn = from_record(table.record).turn
    new = changed(old, lambda t: setattr(t, "reminded", t.deadline))
    token = table.seats[on_turn].token
    assert token is not None
    return old, new, on_turn, table.last_seen(token)


@pytest.mark.usefixtures("service")
def test_a_reminder_goes_once_to_the_seat_on_turn(client: ApiClient, service: Service) -> None:
    old = seated_item(client, service)
    on_turn = from_record(Table.from_stored(old).record).turn

    def remind(table: Table) -> None:
        table.reminded = table.deadline

    new = changed(old, remind)
    assert notices(old, new, LATER) == [Notice(old.table_id, on_turn, "reminder")]
    assert notices(new, changed(new, lambda t: None), LATER) == []  # recorded already


@pytest.mark.usefixtures("service")
def test_a_hand_ending_tells_every_human_seat(client: ApiClient, service: Service) -> None:
    old = seated_item(client, service)

    def finish(table: Table) -> None:
        state = from_record(table.record)
        rng = random.Random(3)
        while state.phase != "over":
            seat, action = random_action(state, rng)
            state, _ = apply(state, seat, action)
        table.record = to_record(state)

    new = changed(old, finish)
    found = notices(old, new, LATER)
    assert {n.seat for n in found} == {0, 1} and {n.kind for n in found} == {"hand_over"}
    over = found[0]
    title = payload(over, "en", "./#/t/x")["title"]
    assert title == ("Game over" if over.match_over else "Hand over")


@pytest.mark.usefixtures("service")
def test_a_seat_is_looking_while_its_last_request_is_recent(
    client: ApiClient, service: Service
) -> None:
    old, new, on_turn, seen = reminder_due(client, service)
    assert notices(old, new, seen + LOOKING_SECONDS - 1) == []
    assert notices(old, new, seen + LOOKING_SECONDS) == [Notice(old.table_id, on_turn, "reminder")]


@pytest.mark.usefixtures("service")
def test_a_new_item_and_a_seen_refresh_owe_nothing(client: ApiClient, service: Service) -> None:
    old = seated_item(client, service)
    assert notices(None, old, LATER) == []
    refreshed = changed(old, lambda t: t.mark_seen(0, LATER))
    assert notices(old, refreshed, LATER) == []


class FakeSender:
    def __init__(self, busy_for: str | None = None) -> None:
        self.sent: list[Notice] = []
        self.busy_for = busy_for
        self.settings = Settings()

    def deliver(self, notice: Notice) -> None:
        if notice.table_id == self.busy_for:
            raise StoreBusy("ThrottlingException", notice.table_id)
        self.sent.append(notice)


def _image(item: StoredItem) -> dict[str, Any]:
    return {"id": {"S": item.table_id}, "rev": {"N": str(item.rev)}, "data": {"S": item.data}}


def _record(name: str, old: dict[str, Any] | None, new: dict[str, Any], seq: str) -> Any:
    change: dict[str, Any] = {"NewImage": new, "SequenceNumber": seq}
    if old is not None:
        change["OldImage"] = old
    change["ApproximateCreationDateTime"] = LATER
    return {"eventName": name, "dynamodb": change}


@pytest.mark.usefixtures("service")
def test_the_stream_lambda_sends_for_table_writes_only(
    client: ApiClient, service: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    old = seated_item(client, service)
    new = changed(old, lambda t: setattr(t, "reminded", t.deadline))
    other_old = seated_item(client, service)
    other_new = changed(other_old, lambda t: setattr(t, "reminded", t.deadline))
    fake = FakeSender(busy_for=other_old.table_id)
    monkeypatch.setattr(stream, "_sender", fake)
    hand = {"id": {"S": f"{old.table_id}#0"}, "rev": {"N": "0"}, "data": {"S": "{}"}}
    subs = {"id": {"S": push_key(old.table_id, 0)}, "rev": {"N": "2"}, "subs": {"S": "{}"}}
    event = {
        "Records": [
            _record("MODIFY", _image(old), _image(new), "1"),
            _record("INSERT", None, _image(new), "2"),
            _record("INSERT", None, hand, "3"),
            _record("MODIFY", subs, subs, "4"),
            _record("MODIFY", _image(other_old), _image(other_new), "5"),
        ]
    }
    answer = stream.handler(event, None)
    assert [n.table_id for n in fake.sent] == [old.table_id]
    # The one whose subscriptions could not be read is retried by Lambda from there.
    assert answer == {"batchItemFailures": [{"itemIdentifier": "5"}]}


def test_an_unreadable_item_is_logged_not_retried() -> None:
    bad = StoredItem("abc", 2, "{not json")
    assert stream.handle_change(FakeSender(), bad, bad, LATER) == 0  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "endpoint",
    [
        "https://fcm.googleapis.com/fcm/send/abc:def",
        "https://updates.push.services.mozilla.com/wpush/v2/gAAA",
        "https://web.push.apple.com/QGx",
        "https://api.push.apple.com/3/device/x",
        "https://wns2-par02p.notify.windows.com/w/?token=BQYAAA",
        "https://fcm.googleapis.com:443/fcm/send/x",
    ],
)
def test_the_known_push_services_are_accepted(endpoint: str) -> None:
    assert endpoint_problem(endpoint, Settings()) is None


@pytest.mark.parametrize(
    "endpoint",
    [
        "http://127.0.0.1:9000/push",
        "https://127.0.0.1/push",
        "https://169.254.169.254/latest/meta-data",
        "https://apple.com.evil.example/x",
        "https://xpush.apple.com/x",
        "https://fcm.googleapis.com\t.evil/x",
        "https://FCM.googleapis.com@evil.example/x",
        "https://fcm.googleapis.com/x#frag",
    ],
)
def test_other_endpoints_are_refused_in_production(endpoint: str) -> None:
    assert endpoint_problem(endpoint, Settings()) is not None


def test_local_endpoints_only_when_allowed() -> None:
    local = Settings(push_allow_local=True)
    assert endpoint_problem("http://127.0.0.1:9000/push/a", local) is None
    assert endpoint_problem("http://127.0.0.2:9000/push/a", local) is not None
    assert endpoint_problem("http://[::1]:9000/push/a", local) is not None
    assert endpoint_problem("http://127.0.0.1:9000/push/a", Settings()) is not None


# -- the store contract, on SQLite, moto and dynalite ----------------------------------


def test_push_items_are_written_only_at_the_expected_revision(any_store: Store) -> None:
    key = push_key("t1", 2)
    assert any_store.get_pushes(key) is None
    first = StoredPushes(key, 1, '{"s":[]}', 1_900_000_000)
    any_store.put_pushes(first, None)
    assert any_store.get_pushes(key) == first
    with pytest.raises(VersionConflict):
        any_store.put_pushes(StoredPushes(key, 1, '{"s":[1]}'), None)
    second = StoredPushes(key, 2, '{"s":[2]}', 1_900_000_001)
    any_store.put_pushes(second, 1)
    assert any_store.get_pushes(key) == second
    with pytest.raises(VersionConflict):
        any_store.put_pushes(StoredPushes(key, 2, '{"s":["lost"]}'), 1)
    with pytest.raises(VersionConflict):
        any_store.put_pushes(StoredPushes(push_key("t1", 3), 2, "{}"), 1)  # none there
    assert any_store.get_pushes(key) == second


def test_push_items_and_table_items_never_meet(any_store: Store) -> None:
    any_store.create(StoredItem("t1", 1, '{"table":1}'))
    any_store.put_pushes(StoredPushes(push_key("t1", 0), 1, '{"s":[]}'), None)
    assert any_store.get("t1") == StoredItem("t1", 1, '{"table":1}')
    assert any_store.get_pushes("t1") is None


@pytest.mark.usefixtures("service")
def test_a_seat_that_stopped_asking_31_s_ago_is_pushed_and_29_s_ago_is_not(
    client: ApiClient, service: Service
) -> None:
    old, new, on_turn, seen = reminder_due(client, service)
    assert LOOKING_SECONDS == 30
    assert notices(old, new, seen + 29) == []
    assert notices(old, new, seen + 31) == [Notice(old.table_id, on_turn, "reminder")]


def test_a_seat_whose_turn_the_sweep_played_gets_the_next_turns_push(
    client: ApiClient, service: Service, clock: ManualClock
) -> None:
    from api.tables.sweep import sweep

    made = client.create(mode="friends", name="Ayşe", options={"seats": 2}, turn_seconds=86400)
    table_id = made["table_id"]
    guest = client.call(
        "POST",
        f"/api/tables/{table_id}/join",
        {"invite_code": made["invite_code"], "name": "Can"},
    ).body
    started = client.call("POST", f"/api/tables/{table_id}/start", token=made["token"]).body
    tokens = {0: made["token"], 1: guest["token"]}
    late = started["turn"]
    clock.advance(86400 - 10)
    client.view(table_id, tokens[late])  # it looked 10 s before its deadline, then left
    clock.advance(11)
    assert sweep(service).played == 1
    view = client.view(table_id, tokens[1 - late])
    assert view["turn"] == 1 - late
    before = service.store.get(table_id)
    assert before is not None
    version = view["version"]
    if not any(e["type"] == "discard" for e in view["legal"]):
        drawn = client.act(
            table_id, tokens[1 - late], {"type": "draw"}, expected_version=version, action_id="d"
        ).body
        view, version = drawn, drawn["version"]
    tile = next(e for e in view["legal"] if e["type"] == "discard")["tiles"][0]
    moved = client.act(
        table_id,
        tokens[1 - late],
        {"type": "discard", "tile": tile},
        expected_version=version,
        action_id="m",
    )
    assert moved.status == 200 and moved.body["turn"] == late
    after = service.store.get(table_id)
    assert after is not None
    # 11 s after its last poll: a seat merely quiet would still count as looking.
    found = notices(before, after, clock.now_ms() // 1000)
    assert Notice(table_id, late, "your_turn") in found
