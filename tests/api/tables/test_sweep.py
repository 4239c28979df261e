"""The deadline sweep (api/tables/sweep.py): turns run out on time with nobody polling, a reminder
moment is written once, nothing else is touched, and no turn is ever played twice."""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Callable
from typing import Any

import pytest

from api.clock import ManualClock
from api.store.base import StoredItem
from api.store.dynamo import DynamoStore
from api.store.items import Store
from api.store.kinds import WAKE_BUCKET, WAKE_INDEX, due_buckets, wake_bucket
from api.store.sqlite import DUE_QUERY, SqliteStore
from api.tables.item import Table
from api.tables.service import Service
from api.tables.sweep import handler, sweep, wake
from api.tables.view_request import get_view
from tests.api.support import ApiClient, old_sqlite_file

DAY = 86400


def _instant(service: Service) -> Service:
    service.sleep = lambda _: None  # retries after a lost race go at once
    return service


@pytest.fixture
def swept(any_store: Store, wire_to: Callable[[Store], Service]) -> Service:
    """The API and the sweep on each store: SQLite, moto and dynalite."""
    return _instant(wire_to(any_store))


@pytest.fixture
def raced(atomic_store: Store, wire_to: Callable[[Store], Service]) -> Service:
    return _instant(wire_to(atomic_store))


def _stored(service: Service, table_id: str) -> Table:
    item = service.store.get(table_id)
    assert item is not None
    return Table.from_stored(item)


def _human_on_turn(client: ApiClient, turn_seconds: int) -> dict[str, Any]:
    """A two-seat table, the human against a bot, with the human on turn and the clock on."""
    made = client.create(
        mode="computer",
        name="Ayşe",
        options={"seats": 2},
        turn_seconds=turn_seconds,
        seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}],
    )
    assert made["view"]["turn"] == 0 and made["view"]["deadline"] is not None
    return made


def _auto_turns(client: ApiClient, made: dict[str, Any]) -> int:
    """Turns of seat 0 the computer played for it since the table was made."""
    since = made["view"]["version"]
    view = client.view(made["table_id"], None, query=f"since={since}")
    return sum(
        1
        for e in view["events"]
        if e.get("auto") and e.get("seat") == 0 and e["type"] in ("discard", "finish")
    )


def test_a_turn_past_its_deadline_is_played_with_no_request(
    swept: Service, client: ApiClient, clock: ManualClock
) -> None:
    made = _human_on_turn(client, 30)
    table_id = made["table_id"]
    before = _stored(swept, table_id)
    clock.ms = made["view"]["deadline"] - 1
    assert sweep(swept).due == 0  # a live table has no reminder moment: nothing yet
    clock.ms = made["view"]["deadline"]
    report = sweep(swept)
    assert (report.due, report.played, report.failed) == (1, 1, 0)
    after = _stored(swept, table_id)
    assert after.rev == before.rev + 1  # one write
    assert after.seats[0].auto is True
    # The human is on turn again, with a fresh deadline a whole turn away.
    assert after.deadline == clock.ms + 30_000
    assert _auto_turns(client, made) == 1


def test_a_second_sweep_finds_nothing_and_changes_nothing(
    swept: Service, client: ApiClient, clock: ManualClock
) -> None:
    made = _human_on_turn(client, 30)
    clock.ms = made["view"]["deadline"] + 5_000
    assert sweep(swept).played == 1
    raw = swept.store.raw(made["table_id"])
    again = sweep(swept)
    assert (again.due, again.played, again.reminded) == (0, 0, 0)
    assert swept.store.raw(made["table_id"]) == raw
    assert _auto_turns(client, made) == 1


def test_a_relaxed_seat_gets_one_reminder_write_an_hour_before_its_deadline(
    swept: Service, client: ApiClient, clock: ManualClock
) -> None:
    made = _human_on_turn(client, DAY)
    table_id = made["table_id"]
    deadline = made["view"]["deadline"]
    stored = swept.store.get(table_id)
    assert stored is not None and stored.wake_at == deadline - 3600_000
    raw = swept.store.raw(table_id)

    clock.ms = deadline - 3600_000 - 1  # not yet: untouched
    assert sweep(swept).due == 0
    assert swept.store.raw(table_id) == raw

    clock.ms = deadline - 3600_000
    report = sweep(swept)
    assert (report.due, report.reminded, report.played) == (1, 1, 0)
    after = _stored(swept, table_id)
    assert after.reminded == deadline and after.deadline == deadline
    assert after.rev == Table.from_stored(stored).rev + 1
    # Now the table wakes at the deadline itself; until then nothing more is written.
    assert after.to_stored(None).wake_at == deadline
    reminded_raw = swept.store.raw(table_id)
    clock.advance(1800)
    assert sweep(swept).due == 0
    assert swept.store.raw(table_id) == reminded_raw
    # A request in between keeps the record, so no second reminder follows it.
    client.view(table_id, made["token"])
    assert _stored(swept, table_id).reminded == deadline

    clock.ms = deadline
    assert sweep(swept).played == 1
    renewed = _stored(swept, table_id)
    # The old record goes with its deadline: the item carries "rm" only while it is current.
    assert renewed.deadline == deadline + DAY * 1000 and renewed.reminded is None
    # The new deadline gets its own reminder moment.
    assert renewed.to_stored(None).wake_at == renewed.deadline - 3600_000


def test_a_short_relaxed_turn_is_reminded_a_tenth_of_the_turn_before(
    swept: Service, client: ApiClient, clock: ManualClock
) -> None:
    made = _human_on_turn(client, 3600)
    clock.ms = made["view"]["deadline"] - 360_000
    assert sweep(swept).reminded == 1


def test_a_late_sweep_plays_the_turn_and_sends_no_reminder_after_the_deadline(
    swept: Service, client: ApiClient, clock: ManualClock
) -> None:
    made = _human_on_turn(client, DAY)
    clock.ms = made["view"]["deadline"] + 60_000
    report = sweep(swept)
    assert (report.played, report.reminded) == (1, 0)
    assert _stored(swept, made["table_id"]).reminded is None


def test_waiting_finished_and_bot_only_moments_are_not_in_the_index(
    swept: Service, client: ApiClient, clock: ManualClock
) -> None:
    waiting = client.create(mode="friends", name="Ayşe", options={"seats": 2})
    stored = swept.store.get(waiting["table_id"])
    assert stored is not None and stored.wake_at is None
    raw = swept.store.raw(waiting["table_id"])
    assert raw is not None and f'"{WAKE_BUCKET}"'.encode() not in raw
    clock.advance(30 * DAY)
    assert sweep(swept).due == 0
    assert swept.store.raw(waiting["table_id"]) == raw


def test_wake_on_a_table_with_nothing_due_writes_nothing(
    swept: Service, client: ApiClient, clock: ManualClock
) -> None:
    """What the sweep does with an index entry that is out of date (the index lags writes):
    it re-reads the table, finds nothing due and leaves the item as it was."""
    made = _human_on_turn(client, 30)
    raw = swept.store.raw(made["table_id"])
    assert wake(swept, made["table_id"]) == "nothing"
    assert swept.store.raw(made["table_id"]) == raw


def test_one_bad_table_does_not_stop_the_others(
    swept: Service, client: ApiClient, clock: ManualClock
) -> None:
    good = _human_on_turn(client, 30)
    bad = _human_on_turn(client, 30)
    item = swept.store.get(bad["table_id"])
    assert item is not None
    broken = StoredItem(item.table_id, item.rev + 1, '{"st":"p"}', item.expires_at, item.wake_at)
    swept.store.put_if_version(broken, item.rev)
    clock.ms = good["view"]["deadline"]
    report = sweep(swept)
    assert (report.due, report.played, report.failed) == (2, 1, 1)
    assert _stored(swept, good["table_id"]).seats[0].auto


def test_the_sweep_and_a_request_racing_play_the_turn_once(
    raced: Service, client: ApiClient, clock: ManualClock
) -> None:
    """Both read the table with its deadline past, both play the turn in memory; one write
    lands, the other loses on the revision, re-reads, and finds a deadline in the future."""
    made = _human_on_turn(client, 30)
    table_id = made["table_id"]
    rev = _stored(raced, table_id).rev
    clock.ms = made["view"]["deadline"] + 1
    gate = threading.Barrier(2)
    store = raced.store
    reads = {"n": 0}

    class BothReadFirst:
        """Holds the first two reads until both have happened: both see the old table."""

        def __getattr__(self, name: str) -> Any:
            return getattr(store, name)

        def get(self, key: str) -> StoredItem | None:
            item = store.get(key)
            reads["n"] += 1
            if reads["n"] <= 2:
                gate.wait(timeout=10)
            return item

    raced.store = BothReadFirst()  # type: ignore[assignment]
    outcomes: list[Any] = []

    def by_sweep() -> None:
        outcomes.append(("sweep", sweep(raced)))

    def by_request() -> None:
        outcomes.append(("request", get_view(raced, table_id, None, None, None, None)))

    threads = [threading.Thread(target=by_sweep), threading.Thread(target=by_request)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    raced.store = store
    assert len(outcomes) == 2 and reads["n"] >= 3  # the loser read again
    assert _stored(raced, table_id).rev == rev + 1  # one write landed, not two
    assert _auto_turns(client, made) == 1
    assert sweep(raced).played == 0


def test_sqlite_finds_due_tables_through_its_partial_index(tmp_path: Any) -> None:
    store = SqliteStore(str(tmp_path / "t.sqlite3"))
    db = sqlite3.connect(store.path)
    plan = " ".join(row[3] for row in db.execute("EXPLAIN QUERY PLAN " + DUE_QUERY, ("0", 0, 10)))
    assert plan.startswith("SEARCH tables USING INDEX tables_wake")  # no SCAN of the table
    for n, wake_at in enumerate([5_000, None, 1_000, 9_000]):
        store.create(StoredItem(f"t{n}", 1, "{}", None, wake_at))
    assert store.due(5_000, 10) == ["t2", "t0"]  # earliest first, only those due
    assert store.due(9_000, 2) == ["t2", "t0"]


def test_sqlite_adds_the_wake_column_to_a_file_made_before_it(tmp_path: Any) -> None:
    path = old_sqlite_file(
        tmp_path,
        "CREATE TABLE tables (id TEXT PRIMARY KEY, rev INTEGER NOT NULL, data TEXT NOT NULL,"
        " expires_at INTEGER)",
        "INSERT INTO tables VALUES ('old', 3, '{}', NULL)",
    )
    store = SqliteStore(path)
    assert store.get("old") == StoredItem("old", 3, "{}", None, None)
    store.put_if_version(StoredItem("old", 4, "{}", None, 7), 3)
    assert store.due(7, 10) == ["old"]


class Recording:
    """A boto3 client that notes the name of every operation called on it."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.calls: list[tuple[str, dict[str, Any]]] = []

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self.inner, name)
        if name == "exceptions" or not callable(attribute):
            return attribute

        def call(**request: Any) -> Any:
            self.calls.append((name, request))
            return attribute(**request)

        return call


def test_dynamodb_finds_due_tables_by_querying_the_sparse_index_never_scanning(
    swept: Service, client: ApiClient, clock: ManualClock
) -> None:
    store = swept.store
    if not isinstance(store, DynamoStore):
        pytest.skip("moto and dynalite only: SQLite's index is checked by its query plan")
    made = [_human_on_turn(client, 30) for _ in range(3)]
    waiting = client.create(mode="friends", name="B", options={"seats": 2})
    recording = Recording(store.client)
    store.client = recording
    clock.ms = max(m["view"]["deadline"] for m in made)
    report = sweep(swept)
    assert report.played == 3 and report.due == 3
    names = [name for name, _ in recording.calls]
    assert "scan" not in names
    queries = [request for name, request in recording.calls if name == "query"]
    assert len(queries) == len(due_buckets(clock.ms))
    assert all(q["IndexName"] == WAKE_INDEX for q in queries)
    # Only the due tables were read, and each written once.
    read = {r["Key"]["id"]["S"] for name, r in recording.calls if name == "get_item"}
    assert read == {m["table_id"] for m in made}
    assert waiting["table_id"] not in read
    assert names.count("put_item") == 3


def test_a_wake_time_goes_in_its_five_minute_bucket_and_a_sweep_looks_back_an_hour() -> None:
    start = 4_102_444_800_000  # 2100-01-01T00:00Z, a multiple of 5 minutes
    assert wake_bucket(start) == str(start // 300_000)
    assert wake_bucket(start + 299_999) == wake_bucket(start)
    assert wake_bucket(start + 300_000) == str(start // 300_000 + 1)
    buckets = due_buckets(start + 3600_000 + 1)
    assert buckets == [str(start // 300_000 + k) for k in range(13)]  # oldest first


class FakeLambdaContext:
    def __init__(self, remaining_ms: int) -> None:
        self.remaining_ms = remaining_ms

    def get_remaining_time_in_millis(self) -> int:
        return self.remaining_ms


def test_the_lambda_handler_sweeps_and_stops_when_its_time_runs_low(
    swept: Service, client: ApiClient, clock: ManualClock
) -> None:
    made = _human_on_turn(client, 30)
    clock.ms = made["view"]["deadline"]
    late = handler({"source": "aws.scheduler"}, FakeLambdaContext(5_000))
    assert late["due"] == 1 and late["played"] == 0  # too little time left: next run
    done = handler({"source": "aws.scheduler"}, FakeLambdaContext(50_000))
    assert done == {"due": 1, "played": 1, "reminded": 0, "nothing": 0, "failed": 0, "set_aside": 0}
    json.dumps(done)
