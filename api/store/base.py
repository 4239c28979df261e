"""What the store holds and how it fails: the dataclass of each kind of item (tables and
their finished hands, seats' push subscriptions, players, Telegram items, counters; each
declared in api/store/kinds.py), a batch read's answer, and the store's errors. Every item
is written only if its revision is unchanged (a counter: its count).

``rev`` is the store's own counter; it grows with every write (moves, joins,
rack layouts), unlike the game version, so a saved layout never makes a
concurrent move look stale. ``data`` is an opaque compact JSON string.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, TypeVar

T = TypeVar("T")

# The most items one get_many reads: DynamoDB's BatchGetItem takes at most 100 keys.
MAX_BATCH = 100


@dataclass(frozen=True)
class StoredItem:
    """A table's item (api/tables/item.py), or a finished hand's, written once under
    ``api.tables.item.hand_key`` (``table_id`` is then that key)."""

    table_id: str
    rev: int
    data: str
    expires_at: int | None = None  # epoch seconds after which the store may drop the item
    # Epoch ms at which the sweep must look at the table (api/tables/sweep.py); None: never. The
    # store indexes it so that due tables are found without reading the others.
    wake_at: int | None = None
    # The open index's partition while an open table waits for players (api/lobby/facts.py);
    # sorted there by ``wake_at``, the moment it starts without being full.
    listed: str | None = None


@dataclass(frozen=True)
class StoredPushes:
    """One seat's Web Push subscriptions, in an item of their own (``api.tables.item.push_key``):
    the table item stays small and no poll ever reads them. ``rev`` guards concurrent
    subscribes as the table's does; ``data`` is an opaque JSON string."""

    key: str
    rev: int
    data: str
    expires_at: int | None = None


@dataclass(frozen=True)
class StoredText:
    """A small item of one opaque JSON string: the lobby's pointers and the players'
    reports (api/lobby). ``rev`` guards concurrent writes as the table's does."""

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
class StoredTelegram:
    """A small JSON item of the Telegram features (api/telegram/items.py): a seat's or a
    user's link. ``rev`` guards concurrent writes; ``data`` is an opaque JSON string."""

    key: str
    rev: int
    data: str
    expires_at: int | None = None


@dataclass(frozen=True)
class StoredCounter:
    """A counter with a ceiling (api/web/limits.py). Its ``count`` is its revision: each count
    is a write conditional on the count read."""

    key: str
    count: int
    expires_at: int  # epoch seconds after which the store may drop it


@dataclass(frozen=True)
class BatchRead(Generic[T]):
    """What :meth:`Store.read_many` (and :meth:`Store.get_many`) found.

    An id in neither ``found`` nor ``unread`` is not stored. ``unread`` holds the ids the
    backend left unanswered through its own bounded retries (DynamoDB's
    ``UnprocessedKeys``, when a partition is throttled): asked again later, they may be there.
    """

    found: dict[str, T]
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
    key: object,
    rev: object,
    data: object,
    expires_at: object = None,
    wake_at: object = None,
    listed: object = None,
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
    if listed is not None and not isinstance(listed, str):
        raise CorruptItem(name, "the open listing is not text")
    assert isinstance(rev, int)
    return StoredItem(
        name,
        rev,
        data,
        expires_at if isinstance(expires_at, int) else None,
        wake_at if isinstance(wake_at, int) else None,
        listed if isinstance(listed, str) else None,
    )


def counter_item(key: object, count: object, expires_at: object) -> StoredCounter:
    """A :class:`StoredCounter` from attributes as a backend gave them, checked."""
    name = key if isinstance(key, str) else "?"
    if not _number(count) or not _number(expires_at):
        raise CorruptItem(name, "a counter's count or expiry is not an integer")
    assert isinstance(count, int) and isinstance(expires_at, int)
    return StoredCounter(name, count, expires_at)


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


__all__ = [
    "MAX_BATCH",
    "BatchRead",
    "CorruptItem",
    "StoreBusy",
    "StoredCounter",
    "StoredItem",
    "StoredPlayer",
    "StoredPushes",
    "StoredTelegram",
    "VersionConflict",
    "checked_text",
    "counter_item",
    "stored_item",
    "valid_text",
]
