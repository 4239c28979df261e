"""One contract, three backends: SQLite, moto's DynamoDB, and dynalite over HTTP. The table
wrappers first, then the generic set (api/store/items.py) for every declared kind."""

from __future__ import annotations

import json
import sqlite3
import threading
from typing import Any

import pytest

from api.store.base import (
    MAX_BATCH,
    BatchRead,
    CorruptItem,
    StoredCounter,
    StoredItem,
    StoredPlayer,
    StoredPushes,
    StoredTelegram,
    StoredText,
    VersionConflict,
)
from api.store.items import Store
from api.store.kinds import (
    BUCKET_MS,
    COUNTER,
    KINDS,
    PLAYER,
    PUSHES,
    TABLE,
    TELEGRAM,
    WAKE,
    Kind,
    wake_bucket,
)
from api.store.sqlite import SqliteStore


def test_get_missing_is_none(any_store: Store) -> None:
    assert any_store.get("nope") is None
    assert any_store.raw("nope") is None


def test_create_then_get_round_trips(any_store: Store) -> None:
    item = StoredItem("t1", 1, '{"a":"Ayşe"}', 1_900_000_000)
    any_store.create(item)
    assert any_store.get("t1") == item


def test_create_refuses_an_existing_id(any_store: Store) -> None:
    any_store.create(StoredItem("t1", 1, "{}"))
    with pytest.raises(VersionConflict):
        any_store.create(StoredItem("t1", 1, '{"other":1}'))
    assert any_store.get("t1") == StoredItem("t1", 1, "{}")


def test_put_if_version_replaces_only_the_expected_revision(any_store: Store) -> None:
    any_store.create(StoredItem("t1", 1, "{}"))
    any_store.put_if_version(StoredItem("t1", 2, '{"v":2}', 5), expected_rev=1)
    assert any_store.get("t1") == StoredItem("t1", 2, '{"v":2}', 5)
    before = any_store.raw("t1")
    with pytest.raises(VersionConflict):
        any_store.put_if_version(StoredItem("t1", 2, '{"v":"lost"}'), expected_rev=1)
    assert any_store.raw("t1") == before


def test_put_if_version_on_a_missing_item_conflicts(any_store: Store) -> None:
    with pytest.raises(VersionConflict):
        any_store.put_if_version(StoredItem("ghost", 2, "{}"), expected_rev=1)
    assert any_store.get("ghost") is None


def test_expiry_can_be_cleared(any_store: Store) -> None:
    any_store.create(StoredItem("t1", 1, "{}", 123))
    any_store.put_if_version(StoredItem("t1", 2, "{}", None), expected_rev=1)
    assert any_store.get("t1") == StoredItem("t1", 2, "{}", None)


def test_get_many_reads_what_is_stored_and_leaves_out_what_is_not(any_store: Store) -> None:
    items = [
        StoredItem(f"t{n}", n + 1, f'{{"n":{n},"a":"Ayşe"}}', 1_900_000_000 + n) for n in range(5)
    ]
    for item in items:
        any_store.create(item)
    any_store.put_if_version(StoredItem("t2", 9, '{"n":2}', None), expected_rev=3)
    read = any_store.get_many(["t4", "ghost", "t0", "t2", "t0"])  # a repeat is read once
    assert read == BatchRead({"t4": items[4], "t0": items[0], "t2": StoredItem("t2", 9, '{"n":2}')})
    assert read.unread == frozenset()
    assert any_store.get_many([]) == BatchRead({})
    assert any_store.get_many(["ghost", "t1#0"]) == BatchRead({})


def test_get_many_reads_a_full_batch_and_refuses_a_bigger_one(any_store: Store) -> None:
    ids = [f"table-{n:03d}" for n in range(MAX_BATCH)]
    for n, table_id in enumerate(ids[::2]):
        any_store.create(StoredItem(table_id, 1, f'{{"n":{n}}}'))
    read = any_store.get_many(ids)
    assert sorted(read.found) == ids[::2] and not read.unread
    assert read.found["table-098"].data == '{"n":49}'
    with pytest.raises(ValueError):
        any_store.get_many([*ids, "one-more"])


def test_concurrent_writers_on_one_revision_exactly_one_wins(atomic_store: Store) -> None:
    # Not on moto: it checks the condition and writes without a lock (see
    # atomic_store). moto keeps the single-writer half of this contract in
    # test_put_if_version_replaces_only_the_expected_revision.
    atomic_store.create(StoredItem("t1", 1, "{}"))
    wins: list[int] = []
    losses: list[int] = []
    barrier = threading.Barrier(10)

    def write(n: int) -> None:
        barrier.wait()
        try:
            atomic_store.put_if_version(StoredItem("t1", 2, f'{{"w":{n}}}'), expected_rev=1)
            wins.append(n)
        except VersionConflict:
            losses.append(n)

    threads = [threading.Thread(target=write, args=(n,)) for n in range(10)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(wins) == 1 and len(losses) == 9
    stored = atomic_store.get("t1")
    assert stored is not None and stored.data == f'{{"w":{wins[0]}}}'


# -- the generic set, for every declared kind --------------------------------------------

EXPIRES = 1_900_000_000


def _sample(kind: Kind[Any], key: str, rev: int, note: str = "Ayşe") -> Any:
    """An item of ``kind`` under ``key`` at revision ``rev`` (a counter's count)."""
    text = json.dumps({"rev": rev, "note": note}, ensure_ascii=False)
    samples: dict[str, Any] = {
        "table": StoredItem(key, rev, text, EXPIRES),
        "pushes": StoredPushes(key, rev, text, EXPIRES),
        "telegram": StoredTelegram(key, rev, text, None),
        "player": StoredPlayer(key, rev, text, EXPIRES),
        "counter": StoredCounter(key, rev, EXPIRES),
        "lobby": StoredText(key, rev, text, EXPIRES),
        "report": StoredText(key, rev, text, None),
    }
    return samples[kind.name]


def test_every_kind_is_sampled() -> None:
    assert {kind.name for kind in KINDS} == {
        "table",
        "pushes",
        "telegram",
        "player",
        "counter",
        "lobby",
        "report",
    }


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
def test_every_kind_round_trips_and_its_create_refuses_a_taken_key(
    any_store: Store, kind: Kind[Any]
) -> None:
    item = _sample(kind, "k1", 1)
    assert any_store.read(kind, "k1") is None
    any_store.insert(kind, item)
    assert any_store.read(kind, "k1") == item
    with pytest.raises(VersionConflict):
        any_store.insert(kind, _sample(kind, "k1", 2, "other"))
    assert any_store.read(kind, "k1") == item


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
def test_every_kind_is_replaced_only_at_its_revision(any_store: Store, kind: Kind[Any]) -> None:
    any_store.insert(kind, _sample(kind, "k1", 1))
    second = _sample(kind, "k1", 2, "second")
    any_store.replace(kind, second, 1)
    assert any_store.read(kind, "k1") == second
    with pytest.raises(VersionConflict):
        any_store.replace(kind, _sample(kind, "k1", 2, "lost"), 1)
    assert any_store.read(kind, "k1") == second
    with pytest.raises(VersionConflict):  # no item at all
        any_store.replace(kind, _sample(kind, "ghost", 2), 1)
    assert any_store.read(kind, "ghost") is None
    # write(): insert when no revision is expected, replace otherwise.
    with pytest.raises(VersionConflict):
        any_store.write(kind, _sample(kind, "k1", 1, "again"), None)
    any_store.write(kind, _sample(kind, "k1", 3, "third"), 2)
    assert any_store.read(kind, "k1") == _sample(kind, "k1", 3, "third")


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
def test_every_kind_is_read_many_at_once(any_store: Store, kind: Kind[Any]) -> None:
    items = {f"k{n}": _sample(kind, f"k{n}", n + 1, f"n{n}") for n in range(4)}
    for item in items.values():
        any_store.insert(kind, item)
    read = any_store.read_many(kind, ["k3", "ghost", "k0", "k3"])
    assert read == BatchRead({"k3": items["k3"], "k0": items["k0"]})
    assert any_store.read_many(kind, []) == BatchRead({})


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
def test_every_kind_is_deleted_at_its_revision_or_at_once(
    any_store: Store, kind: Kind[Any]
) -> None:
    any_store.insert(kind, _sample(kind, "k1", 4))
    with pytest.raises(VersionConflict):
        any_store.delete(kind, "k1", expected_rev=3)
    assert any_store.read(kind, "k1") == _sample(kind, "k1", 4)
    any_store.delete(kind, "k1", expected_rev=4)
    assert any_store.read(kind, "k1") is None
    with pytest.raises(VersionConflict):  # gone: no revision to match
        any_store.delete(kind, "k1", expected_rev=4)
    any_store.delete(kind, "k1")  # nothing there: nothing happens
    any_store.insert(kind, _sample(kind, "k1", 1))  # the key is free again
    any_store.delete(kind, "k1")
    assert any_store.read(kind, "k1") is None


def test_a_key_holding_one_kind_reads_as_absent_for_another(any_store: Store) -> None:
    any_store.insert(PLAYER, StoredPlayer("pl~x", 1, "{}"))
    any_store.insert(COUNTER, StoredCounter("rl~x", 1, EXPIRES))
    for kind, key in [(PUSHES, "pl~x"), (TELEGRAM, "pl~x"), (PLAYER, "rl~x"), (COUNTER, "pl~x")]:
        assert any_store.read(kind, key) is None
        assert any_store.read_many(kind, [key]) == BatchRead({})
    assert any_store.read(PLAYER, "pl~x") == StoredPlayer("pl~x", 1, "{}")


BUCKET_START = 4_102_444_800_000  # 2100-01-01T00:00Z, the start of a 5-minute bucket


def _waking(key: str, rev: int, wake_at: int | None) -> StoredItem:
    return StoredItem(key, rev, "{}", None, wake_at)


def test_an_index_query_answers_its_partition_in_sort_order_with_a_bound_and_a_limit(
    any_store: Store,
) -> None:
    bucket = wake_bucket(BUCKET_START)
    for key, wake_at in [
        ("t3", BUCKET_START + 3_000),
        ("t1", BUCKET_START + 1_000),
        ("t5", BUCKET_START + 5_000),
        ("still", None),  # no clock running: not in the index
        ("next", BUCKET_START + BUCKET_MS),  # another partition
    ]:
        any_store.insert(TABLE, _waking(key, 1, wake_at))

    def query(upto: int | None, limit: int, partition: str = bucket) -> list[str]:
        return any_store.query(TABLE, WAKE, partition, upto=upto, limit=limit)

    assert query(None, 10) == ["t1", "t3", "t5"]
    assert query(BUCKET_START + 3_000, 10) == ["t1", "t3"]  # up to and including the bound
    assert query(None, 2) == ["t1", "t3"]
    assert query(None, 10, wake_bucket(BUCKET_START + BUCKET_MS)) == ["next"]
    assert query(None, 10, wake_bucket(BUCKET_START - BUCKET_MS)) == []


def test_an_item_leaves_the_index_once_written_without_its_attributes(any_store: Store) -> None:
    bucket = wake_bucket(BUCKET_START)
    for n in range(3):
        any_store.insert(TABLE, _waking(f"t{n}", 1, BUCKET_START + n))

    def members() -> list[str]:
        return any_store.query(TABLE, WAKE, bucket, upto=None, limit=10)

    assert members() == ["t0", "t1", "t2"]
    any_store.replace(TABLE, _waking("t1", 2, None), 1)  # its clock stopped
    assert members() == ["t0", "t2"]
    raw = any_store.raw("t1")
    assert raw is not None and b'"wb"' not in raw
    any_store.unindex(TABLE, WAKE, "t2")  # taken out without being read: nothing else changes
    assert members() == ["t0"]
    assert any_store.read(TABLE, "t2") == _waking("t2", 1, None)
    any_store.unindex(TABLE, WAKE, "ghost")  # nothing there: nothing happens
    assert any_store.read(TABLE, "ghost") is None
    any_store.replace(TABLE, _waking("t1", 3, BUCKET_START + 9), 2)  # a clock runs again
    assert members() == ["t0", "t1"]


def test_unindex_takes_out_an_item_no_codec_reads_and_keeps_the_rest(any_store: Store) -> None:
    """The sweep sets aside a table it cannot read: its rev a string here."""
    bucket = wake_bucket(BUCKET_START)
    if isinstance(any_store, SqliteStore):
        with sqlite3.connect(any_store.path) as db:
            db.execute(
                "INSERT INTO tables (id, rev, data, expires_at, wake_at, wb)"
                " VALUES ('bad', 'x', '{}', 5, ?, ?)",
                (BUCKET_START, bucket),
            )
    else:
        client = any_store.client  # type: ignore[attr-defined]
        client.put_item(
            TableName=any_store.table_name,  # type: ignore[attr-defined]
            Item={
                "id": {"S": "bad"},
                "rev": {"S": "x"},
                "data": {"S": "{}"},
                "expires_at": {"N": "5"},
                "wb": {"S": bucket},
                "wa": {"N": str(BUCKET_START)},
            },
        )
    assert any_store.query(TABLE, WAKE, bucket, upto=None, limit=10) == ["bad"]
    before = any_store.raw("bad")
    with pytest.raises(CorruptItem):
        any_store.read(TABLE, "bad")
    any_store.set_aside("bad")
    assert any_store.query(TABLE, WAKE, bucket, upto=None, limit=10) == []
    after = any_store.raw("bad")
    assert before is not None and after is not None
    left = json.loads(after)
    assert left == ["bad", "x", "{}", 5, None, None, None, None] or left == {
        "id": {"S": "bad"},
        "rev": {"S": "x"},
        "data": {"S": "{}"},
        "expires_at": {"N": "5"},
    }
