"""The storage contract, by what is stored: tables and their finished hands
(:class:`TableItems`), seats' push subscriptions (:class:`PushItems`), players
(:class:`PlayerItems`) and counters (:class:`CounterItems`); a :class:`Store` keeps them
all. Every item is written only if its revision is unchanged (a counter: its count).

``rev`` is the store's own counter; it grows with every write (moves, joins,
rack layouts), unlike the game version, so a saved layout never makes a
concurrent move look stale. ``data`` is an opaque compact JSON string.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

# The most items one get_many reads: DynamoDB's BatchGetItem takes at most 100 keys.
MAX_BATCH = 100


@dataclass(frozen=True)
class StoredItem:
    """A table's item (api/table_item.py), or a finished hand's, written once under
    ``api.table_item.hand_key`` (``table_id`` is then that key)."""

    table_id: str
    rev: int
    data: str
    expires_at: int | None = None  # epoch seconds after which the store may drop the item
    # Epoch ms at which the sweep must look at the table (api/sweep.py); None: never. The
    # store indexes it so that due tables are found without reading the others.
    wake_at: int | None = None


@dataclass(frozen=True)
class StoredPushes:
    """One seat's Web Push subscriptions, in an item of their own (``api.table_item.push_key``):
    the table item stays small and no poll ever reads them. ``rev`` guards concurrent
    subscribes as the table's does; ``data`` is an opaque JSON string."""

    key: str
    rev: int
    data: str
    expires_at: int | None = None


@dataclass(frozen=True)
class StoredPlayer:
    """One player (``api.players``), in an item of its own (``api.players.model.player_key``):
    name, token hashes, candy and stats. ``rev`` guards concurrent writes as the table's
    does; ``data`` is an opaque JSON string. Never read or written inside a move."""

    key: str
    rev: int
    data: str
    # Epoch seconds after which the store may drop the player: set only on a player that
    # has never played (api/players/accounts.py), refreshed as it is used.
    expires_at: int | None = None


@dataclass(frozen=True)
class BatchRead:
    """What :meth:`Store.get_many` found.

    An id in neither ``found`` nor ``unread`` is not stored. ``unread`` holds the ids the
    backend left unanswered through its own bounded retries (DynamoDB's
    ``UnprocessedKeys``, when a partition is throttled): asked again later, they may be there.
    """

    found: dict[str, StoredItem]
    unread: frozenset[str] = field(default_factory=frozenset)
    # Ids whose item is there but malformed (:class:`CorruptItem`): each is an error of its
    # own, the rest of the batch is answered.
    corrupt: frozenset[str] = field(default_factory=frozenset)


class CorruptItem(Exception):
    """An item whose attributes are not what this code writes: ``rev`` not an integer,
    ``data`` missing or not text, ``expires_at`` not a number, text that is not valid
    Unicode. Raised by a store's reads; the caller answers ``corrupt_table`` (or logs and
    skips). ``key`` names the item; what it holds is never quoted."""

    def __init__(self, key: str, problem: str) -> None:
        super().__init__(f"item {key}: {problem}")
        self.key = key
        self.problem = problem


def valid_text(text: str) -> bool:
    """Whether ``text`` encodes as UTF-8 (no lone surrogate, which JSON's ``\\ud800``
    escape and Python's str can carry but no store or response can)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def checked_text(key: str, text: str) -> str:
    """``text`` unchanged, or ``ValueError`` before a write that could never be read back."""
    if not valid_text(text):
        raise ValueError(f"item {key}: the text is not valid Unicode")
    return text


def _number(value: object) -> bool:
    return type(value) is int


def stored_item(
    key: object, rev: object, data: object, expires_at: object = None, wake_at: object = None
) -> StoredItem:
    """A :class:`StoredItem` from attributes as a backend gave them, each checked for the
    type this code writes; :class:`CorruptItem` otherwise."""
    name = key if isinstance(key, str) else "?"
    if not _number(rev):
        raise CorruptItem(name, "rev is not an integer")
    if not isinstance(data, str) or not valid_text(data):
        raise CorruptItem(name, "data is missing or not text")
    if expires_at is not None and not _number(expires_at):
        raise CorruptItem(name, "expires_at is not an integer")
    if wake_at is not None and not _number(wake_at):
        raise CorruptItem(name, "wake_at is not an integer")
    assert isinstance(rev, int)
    return StoredItem(
        name,
        rev,
        data,
        expires_at if isinstance(expires_at, int) else None,
        wake_at if isinstance(wake_at, int) else None,
    )


class VersionConflict(Exception):
    """The item changed (or appeared) since it was read: re-read and try again."""


class StoreBusy(Exception):
    """The store did not answer in time: throttled, failing (5xx), unreachable or locked.

    Raised only after the backend's own bounded retries. Nothing was written
    (or, after a lost answer, the write landed and a repeat is harmless: every
    write is conditional). ``code`` names the backend's error, e.g.
    ``ProvisionedThroughputExceededException``; it is all that may be logged,
    since a backend's message can quote the item.
    """

    def __init__(self, code: str, table_id: str) -> None:
        super().__init__(f"{code} on table {table_id}")
        self.code = code
        self.table_id = table_id


class TableItems(Protocol):
    """Tables and their finished hands, each an item keyed by its id. Each method raises
    :class:`StoreBusy` when the backend cannot answer now; so do those of the others."""

    def get(self, table_id: str) -> StoredItem | None:
        """The item, read consistently, or ``None``."""

    def get_many(self, table_ids: Sequence[str]) -> BatchRead:
        """Up to :data:`MAX_BATCH` distinct items in one request to the backend.

        Read consistently, like :meth:`get`; an item that expired but is still stored is
        returned as stored (the caller decides, as it does after :meth:`get`). More than
        ``MAX_BATCH`` distinct ids is a ``ValueError``: the caller bounds its batches.
        """

    def create(self, table: StoredItem) -> None:
        """Write a new item; :class:`VersionConflict` if the id is taken."""

    def put_if_version(self, table: StoredItem, expected_rev: int) -> None:
        """Replace the item only if its stored ``rev`` is ``expected_rev``.

        Raises :class:`VersionConflict` otherwise (also when it is gone).
        """

    def due(self, now_ms: int, limit: int) -> list[str]:
        """Ids of up to ``limit`` items whose ``wake_at`` is at or before ``now_ms``, earliest
        first, found through an index (never a scan of the table). An index may lag a write
        or still hold an item's old wake time: the caller re-reads and re-checks each one.
        """

    def set_aside(self, table_id: str) -> None:
        """Take the item out of the sweep's index (its ``wake_at`` dropped, nothing else
        touched): for a table the sweep cannot read, so that it stops coming back."""

    def raw(self, table_id: str) -> bytes | None:
        """The stored item as the backend holds it, for byte-for-byte comparison in tests."""


class PushItems(Protocol):
    """Each seat's Web Push subscriptions (api/push)."""

    def get_pushes(self, key: str) -> StoredPushes | None:
        """A seat's subscriptions item, read consistently, or ``None``."""

    def put_pushes(self, pushes: StoredPushes, expected_rev: int | None) -> None:
        """Write a seat's subscriptions item if its stored ``rev`` is ``expected_rev``
        (``None``: only if there is none yet); :class:`VersionConflict` otherwise."""


class PlayerItems(Protocol):
    """Players (api/players)."""

    def get_player(self, key: str) -> StoredPlayer | None:
        """A player's item, read consistently, or ``None``."""

    def put_player(self, player: StoredPlayer, expected_rev: int | None) -> None:
        """Write a player's item if its stored ``rev`` is ``expected_rev`` (``None``: only
        if there is none yet); :class:`VersionConflict` otherwise."""


class CounterItems(Protocol):
    """Counters with a ceiling, one item each (api/limits.py: creations per client and hour)."""

    def count_up(self, key: str, limit: int, now_s: int, expires_at: int) -> bool:
        """Add one to the counter ``key`` (a new one starts at 1) unless it has reached
        ``limit``: whether it was added. One conditional write, whatever the answer; the
        counter may be dropped after ``expires_at`` (epoch seconds), and a backend that
        drops expired items itself does so by ``now_s``."""


class Store(TableItems, PushItems, PlayerItems, CounterItems, Protocol):
    """The whole store: what the API's service holds (SQLite, DynamoDB, and the dev
    server's wrapper around either)."""
