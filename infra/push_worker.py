"""The dev server's change stream: a store wrapper that queues each table write, and a
worker thread that turns them into pushes, as the notifier Lambda does in AWS, and into
players' candy and stats, as the player credit Lambda does (api/players/stream.py).

The wrapper only remembers the item a request read and, once the conditional write
of its next revision has landed, puts (old, new, time) on a queue: no push is sent,
nor waited for, inside a request. The worker thread drains the queue through
:func:`api.push.stream.handle_change`, the Lambda's own code, pauses and retries
included, so a slow or failing push service delays other pushes, never a move. The
bot's Telegram messages (api/telegram/sender.py) go from the same thread, after each push.
"""

from __future__ import annotations

import queue
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from api.clock import Clock, SystemClock
from api.players.stream import handle_change as credit_players
from api.push.sender import Sender
from api.push.stream import Deliverer, handle_change
from api.store.base import BatchRead, StoredItem
from api.store.items import Store
from api.store.kinds import TABLE, Index, Kind
from api.web.config import Settings
from api.web.log import logger

REMEMBERED_READS = 256
T = TypeVar("T")


@dataclass(frozen=True)
class Change:
    old: StoredItem
    new: StoredItem
    at_s: int


class NotifyingStore(Store):
    """A :class:`Store` that reports each replaced table item to ``changes``: one wrapper
    of the generic set, every other kind and call passed through untouched."""

    def __init__(self, inner: Store, changes: queue.Queue[Change | None], clock: Clock):
        self.inner = inner
        self.changes = changes
        self.clock = clock
        self._reads: OrderedDict[str, StoredItem] = OrderedDict()
        self._lock = threading.Lock()

    def _remember(self, item: StoredItem) -> None:
        with self._lock:
            self._reads[item.table_id] = item
            self._reads.move_to_end(item.table_id)
            while len(self._reads) > REMEMBERED_READS:
                self._reads.popitem(last=False)

    def read(self, kind: Kind[T], key: str) -> T | None:
        item = self.inner.read(kind, key)
        if kind is TABLE and isinstance(item, StoredItem):
            self._remember(item)
        return item

    def insert(self, kind: Kind[T], item: T, *, now_s: int | None = None) -> None:
        self.inner.insert(kind, item, now_s=now_s)
        if kind is TABLE and isinstance(item, StoredItem):
            self._remember(item)  # a new table owes no push: nobody has subscribed yet

    def replace(self, kind: Kind[T], item: T, expected_rev: int) -> None:
        if kind is not TABLE or not isinstance(item, StoredItem):
            self.inner.replace(kind, item, expected_rev)  # not a table: no change to report
            return
        with self._lock:
            old = self._reads.get(item.table_id)
        if old is None or old.rev != expected_rev:
            old = self.inner.get(item.table_id)  # not read through us: read it now
        self.inner.replace(kind, item, expected_rev)
        self._remember(item)
        # Landed, so the item replaced had rev expected_rev: the one read, if it matched.
        if old is not None and old.rev == expected_rev:
            self.changes.put(Change(old, item, self.clock.now_ms() // 1000))

    def read_many(self, kind: Kind[T], keys: Sequence[str]) -> BatchRead[T]:
        return self.inner.read_many(kind, keys)  # read-only: nothing to remember for a push

    def delete(self, kind: Kind[T], key: str, expected_rev: int | None = None) -> None:
        self.inner.delete(kind, key, expected_rev)

    def query(
        self, kind: Kind[T], index: Index, partition: str, *, upto: int | None, limit: int
    ) -> list[str]:
        return self.inner.query(kind, index, partition, upto=upto, limit=limit)

    def unindex(self, kind: Kind[T], index: Index, key: str) -> None:
        self.inner.unindex(kind, index, key)  # an index only: no change to report

    def raw(self, key: str) -> bytes | None:
        return self.inner.raw(key)


class PushWorker:
    """Drains a :class:`NotifyingStore`'s queue in a daemon thread."""

    def __init__(
        self,
        store: Store,
        settings: Settings,
        *,
        clock: Clock | None = None,
        sender: Sender | None = None,
        telegram: Deliverer | None = None,
    ) -> None:
        self.changes: queue.Queue[Change | None] = queue.Queue()
        self.store = NotifyingStore(store, self.changes, clock or SystemClock())
        self.sender = sender or Sender(store, settings)
        if telegram is None:
            from api.telegram.sender import TelegramSender

            telegram = TelegramSender(store, settings)
        self.also: list[Deliverer] = [telegram]
        self._thread = threading.Thread(target=self._run, name="push-worker", daemon=True)

    def start(self) -> PushWorker:
        self._thread.start()
        return self

    def stop(self, timeout: float = 10) -> None:
        self.changes.put(None)
        self._thread.join(timeout)

    def drain(self) -> None:
        """Wait until every queued change has been handled (tests)."""
        self.changes.join()

    def _run(self) -> None:
        while True:
            change = self.changes.get()
            try:
                if change is None:
                    return
                self._handle(change)
            finally:
                self.changes.task_done()

    def _handle(self, change: Change) -> None:
        """Both consumers of the stream in AWS, each on its own: pushes, then credits."""
        try:
            handle_change(self.sender, change.old, change.new, change.at_s, self.also)
        except Exception as err:  # the worker outlives any one change
            logger.warning("notices not sent", extra={"error": type(err).__name__})
        try:
            credit_players(self.store.inner, change.old, change.new, change.at_s)
        except Exception as err:
            logger.warning("credits not written", extra={"error": type(err).__name__})
