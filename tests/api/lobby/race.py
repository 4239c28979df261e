"""Many players pressing Play now at once: shared by the race test and ``make bench``.

:class:`CountingStore` wraps a store and counts what DynamoDB would bill for what goes
through it: a consistent read of an item (under 4 KB) is one read unit, a query of a
keys-only index half a unit, a write of an item (under 1 KB) one write unit, and each index
an item enters, leaves or moves in one more write unit (that index's own copy).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from api.lobby.play import play_now
from api.lobby.seating import Choices
from api.players.accounts import create_player
from api.store.base import BatchRead, StoredItem
from api.store.items import Store
from api.store.kinds import Index, Kind
from api.tables.item import Table
from api.tables.service import Service
from api.web.errors import ApiError

T = TypeVar("T")


class CountingStore(Store):
    """A store that counts DynamoDB's units for what passes through it (thread-safe)."""

    def __init__(self, inner: Store) -> None:
        self.inner = inner
        self.read_units = 0.0
        self.write_units = 0
        self._lock = threading.Lock()
        self._indexed: dict[str, tuple[object, object]] = {}

    def _add(self, reads: float = 0.0, writes: int = 0) -> None:
        with self._lock:
            self.read_units += reads
            self.write_units += writes

    def _index_writes(self, item: object) -> int:
        """Write units the indexes' own copies take: entering or leaving one is a write,
        moving in one (a new sort value) a delete and a write."""
        if not isinstance(item, StoredItem):
            return 0
        wake = item.wake_at
        listed = (item.listed, item.wake_at) if item.listed is not None else None
        with self._lock:
            before = self._indexed.get(item.table_id, (None, None))
            self._indexed[item.table_id] = (wake, listed)
        units = 0
        for old, new in zip(before, (wake, listed), strict=True):
            if old != new:
                units += 2 if old is not None and new is not None else 1
        return units

    def read(self, kind: Kind[T], key: str) -> T | None:
        self._add(reads=1)
        return self.inner.read(kind, key)

    def read_many(self, kind: Kind[T], keys: Sequence[str]) -> BatchRead[T]:
        self._add(reads=len(set(keys)))
        return self.inner.read_many(kind, keys)

    def insert(self, kind: Kind[T], item: T, *, now_s: int | None = None) -> None:
        self.inner.insert(kind, item, now_s=now_s)
        self._add(writes=1 + self._index_writes(item))

    def replace(self, kind: Kind[T], item: T, expected_rev: int) -> None:
        try:
            self.inner.replace(kind, item, expected_rev)
        except Exception:
            self._add(writes=1)  # a refused conditional write is billed too
            raise
        self._add(writes=1 + self._index_writes(item))

    def delete(self, kind: Kind[T], key: str, expected_rev: int | None = None) -> None:
        self._add(writes=1)
        self.inner.delete(kind, key, expected_rev)

    def query(
        self, kind: Kind[T], index: Index, partition: str, *, upto: int | None, limit: int
    ) -> list[str]:
        self._add(reads=0.5)
        return self.inner.query(kind, index, partition, upto=upto, limit=limit)

    def unindex(self, kind: Kind[T], index: Index, key: str) -> None:
        self._add(reads=1, writes=1)
        self.inner.unindex(kind, index, key)

    def raw(self, key: str) -> bytes | None:
        return self.inner.raw(key)


@dataclass
class RaceResult:
    answers: list[dict[str, Any]]
    seconds: list[float]  # each player's time to a seat, retries included
    retries: int  # answers of 503 busy a player retried (as the app does)
    player_ids: list[str]
    errors: list[dict[str, Any]] = field(default_factory=list)


def race(service: Service, count: int, choices: Choices, attempts: int = 10) -> RaceResult:
    """``count`` new players press Play now at the same moment (a barrier releases their
    threads together); a 503 is retried, as the app retries after Retry-After."""
    now_s = service.clock.now_ms() // 1000
    players = [create_player(service.store, now_s, f"P{n}")[0] for n in range(count)]
    answers: list[dict[str, Any]] = [{} for _ in range(count)]
    seconds = [0.0] * count
    errors: list[dict[str, Any]] = []
    retries = [0]
    lock = threading.Lock()
    barrier = threading.Barrier(count)

    def run(n: int) -> None:
        barrier.wait()
        start = time.perf_counter()
        for _ in range(attempts):
            try:
                address = f"10.0.{n // 250}.{n % 250}"
                answers[n] = play_now(service, players[n], choices, None, address)
                break
            except ApiError as err:
                if err.status != 503:
                    with lock:
                        errors.append(err.body())
                    break
                with lock:
                    retries[0] += 1
        seconds[n] = time.perf_counter() - start

    threads = [threading.Thread(target=run, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return RaceResult(answers, seconds, retries[0], [p.player_id for p in players], errors)


def tables_of(store: Store, answers: list[dict[str, Any]]) -> dict[str, Table]:
    out: dict[str, Table] = {}
    for table_id in sorted({a["table_id"] for a in answers if a}):
        stored = store.get(table_id)
        assert stored is not None
        out[table_id] = Table.from_stored(stored)
    return out
