"""The store: one small generic set over every declared kind (api/store/kinds.py), which each
backend implements once, and the thin typed wrappers the rest of the API calls, written once
here over that set (never once per backend).

The generic set: :meth:`~Store.read`, :meth:`~Store.read_many`, :meth:`~Store.insert` (fails
if the key is taken), :meth:`~Store.replace` (only at the expected revision), :meth:`~Store.delete`,
:meth:`~Store.query` (an index by partition value, in sort order, with a limit) and
:meth:`~Store.unindex` (take one item out of an index without decoding it). Every write is one
conditional single-item write: no transactions (dynalite, the DynamoDB the tests run, has none).
Every method raises :class:`StoreBusy` when the backend cannot answer now.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TypeVar

from api.store.base import (
    BatchRead,
    StoredCounter,
    StoredItem,
    StoredPlayer,
    StoredPushes,
    VersionConflict,
)
from api.store.kinds import COUNTER, PLAYER, PUSHES, TABLE, WAKE, Index, Kind, due_buckets

T = TypeVar("T")


class Store(ABC):
    """What the API's service holds: SQLite, DynamoDB, and the dev server's wrapper
    around either (infra/push_worker.py)."""

    # -- the generic set: each backend implements these, once for every kind ----------

    @abstractmethod
    def read(self, kind: Kind[T], key: str) -> T | None:
        """The item, read consistently, or ``None`` (also when the key holds another kind's
        item). :class:`CorruptItem` when its attributes are not what this code writes."""

    @abstractmethod
    def read_many(self, kind: Kind[T], keys: Sequence[str]) -> BatchRead[T]:
        """Up to :data:`~api.store.base.MAX_BATCH` distinct items in one request, read
        consistently; an expired item still stored is returned as stored (the caller
        decides). More distinct keys is a ``ValueError``: the caller bounds its batches."""

    @abstractmethod
    def insert(self, kind: Kind[T], item: T, *, now_s: int | None = None) -> None:
        """Write a new item; :class:`VersionConflict` if the key is taken. A backend that
        drops expired items itself (SQLite) drops the kind's items expired by ``now_s``
        (default: the wall clock) first."""

    @abstractmethod
    def replace(self, kind: Kind[T], item: T, expected_rev: int) -> None:
        """Replace the item only if its stored revision is ``expected_rev``;
        :class:`VersionConflict` otherwise (also when it is gone)."""

    @abstractmethod
    def delete(self, kind: Kind[T], key: str, expected_rev: int | None = None) -> None:
        """Delete the item (nothing happens if there is none); with ``expected_rev``, only
        at that revision, :class:`VersionConflict` otherwise."""

    @abstractmethod
    def query(
        self, kind: Kind[T], index: Index, partition: str, *, upto: int | None, limit: int
    ) -> list[str]:
        """Keys of up to ``limit`` items in ``index`` under ``partition``, in sort order,
        sort values up to ``upto`` (``None``: all). Never a scan. An index may lag a write
        or still hold an item's old values: the caller re-reads each item it acts on."""

    @abstractmethod
    def unindex(self, kind: Kind[T], index: Index, key: str) -> None:
        """Drop the item's ``index`` attributes, nothing else touched, without reading it:
        for an item that cannot be decoded (nothing happens if there is none)."""

    @abstractmethod
    def raw(self, key: str) -> bytes | None:
        """A table's or hand's item as the backend holds it (byte-for-byte comparison in tests)."""

    # -- shared over the generic set --------------------------------------------------

    def write(self, kind: Kind[T], item: T, expected_rev: int | None) -> None:
        """:meth:`insert` when ``expected_rev`` is ``None`` (no item yet), else :meth:`replace`."""
        if expected_rev is None:
            self.insert(kind, item)
        else:
            self.replace(kind, item, expected_rev)

    # -- tables and finished hands (TABLE) --------------------------------------------

    def get(self, table_id: str) -> StoredItem | None:
        return self.read(TABLE, table_id)

    def get_many(self, table_ids: Sequence[str]) -> BatchRead[StoredItem]:
        return self.read_many(TABLE, table_ids)

    def create(self, table: StoredItem) -> None:
        self.insert(TABLE, table)

    def put_if_version(self, table: StoredItem, expected_rev: int) -> None:
        self.replace(TABLE, table, expected_rev)

    def due(self, now_ms: int, limit: int) -> list[str]:
        """Ids of up to ``limit`` tables whose wake time is at or before ``now_ms``, earliest
        bucket first: the sweep's index (kinds.WAKE), bucket by bucket, an hour back."""
        found: list[str] = []
        for bucket in due_buckets(now_ms):
            found += self.query(TABLE, WAKE, bucket, upto=now_ms, limit=limit - len(found))
            if len(found) >= limit:
                break
        return found

    def set_aside(self, table_id: str) -> None:
        """Take a table the sweep cannot read out of its index, so it stops coming back."""
        self.unindex(TABLE, WAKE, table_id)

    # -- push subscriptions, players --------------------------------------------------

    def get_pushes(self, key: str) -> StoredPushes | None:
        return self.read(PUSHES, key)

    def put_pushes(self, pushes: StoredPushes, expected_rev: int | None) -> None:
        self.write(PUSHES, pushes, expected_rev)

    def get_player(self, key: str) -> StoredPlayer | None:
        return self.read(PLAYER, key)

    def put_player(self, player: StoredPlayer, expected_rev: int | None) -> None:
        self.write(PLAYER, player, expected_rev)

    # -- counters ---------------------------------------------------------------------

    def count_up(self, key: str, limit: int, now_s: int, expires_at: int) -> bool:
        """Add one to the counter ``key`` (a new one starts at 1) unless it has reached
        ``limit``: whether it was added. A read, then one conditional write on the count
        read (a refusal writes nothing); a lost race reads again, and since every win raises
        the count, at most ``limit`` races can be lost before the answer is known."""
        if limit < 1:
            raise ValueError("a counter's limit is at least 1")
        for _ in range(limit + 1):
            current = self.read(COUNTER, key)
            if current is not None and current.count >= limit:
                return False
            try:
                if current is None:
                    self.insert(COUNTER, StoredCounter(key, 1, expires_at), now_s=now_s)
                else:
                    counted = StoredCounter(key, current.count + 1, expires_at)
                    self.replace(COUNTER, counted, current.count)
            except VersionConflict:
                continue
            return True
        return False
