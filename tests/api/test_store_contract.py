"""One contract, three backends: SQLite, moto's DynamoDB, and dynalite over HTTP."""

from __future__ import annotations

import threading

import pytest

from api.store.base import MAX_BATCH, BatchRead, Store, StoredItem, VersionConflict


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
