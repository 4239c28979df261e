"""Every kind of item the store keeps, and every index, declared once.

A :class:`Kind` says what its keys look like, how its dataclass maps to stored attributes
(its codec), which attribute holds its revision and which its expiry, and in which indexes
it appears. Both backends (api/store/sqlite.py, api/store/dynamo.py) implement the generic
set of api/store/items.py once, from these declarations alone; template.yaml's global
secondary indexes are checked against :data:`INDEXES` (tests/api/store/test_store_kinds.py).

An index is sparse: an item carries an index's two attributes only while it belongs in it
(its codec leaves them out otherwise), so an item leaves the index by being written
without them. Attribute names are the ones items were always stored with: a new kind picks
names of its own, and an existing kind's names never change (stored items must read as
before).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar

from api.store.base import (
    StoredCounter,
    StoredItem,
    StoredPlayer,
    StoredPushes,
    StoredTelegram,
    StoredText,
    counter_item,
    stored_item,
)

T = TypeVar("T")
# What a codec writes: attribute name to value. An attribute left out is not stored.
Fields = dict[str, str | int]
# What a backend read: attribute name to value, as stored (checked by the codec).
Read = Mapping[str, object]


@dataclass(frozen=True)
class Attribute:
    """A stored attribute: its DynamoDB name and type (``S`` text, ``N`` integer), and
    its SQLite column when that differs (columns made before attributes were declared)."""

    name: str
    type: Literal["S", "N"]
    column: str = ""
    required: bool = False  # NOT NULL in SQLite

    @property
    def sqlite_column(self) -> str:
        return self.column or self.name


@dataclass(frozen=True)
class Index:
    """A sparse index: the items carrying ``partition`` and ``sort``, found by a partition
    value, in ``sort`` order. DynamoDB: a global secondary index of that name (keys only);
    SQLite: a partial index ``<table>_<name>`` on the two columns."""

    name: str
    partition: Attribute
    sort: Attribute
    projection: Literal["KEYS_ONLY"] = "KEYS_ONLY"


@dataclass(frozen=True)
class Kind(Generic[T]):
    """One kind of item. Every key shares DynamoDB's one table (key attribute ``id``); in
    SQLite each kind lives in ``sqlite_table`` (two kinds may share one if their attributes
    are the same)."""

    name: str
    key_shape: str  # documentation: what its keys look like
    sqlite_table: str
    attributes: tuple[Attribute, ...]  # every attribute but the key, in SQLite column order
    revision: str  # the attribute a conditional write compares
    key: Callable[[T], str]
    encode: Callable[[T], Fields]
    decode: Callable[[str, Read], T]  # CorruptItem for attributes this code never writes
    expiry: str | None = None  # DynamoDB's TTL attribute, if the kind's items expire
    # The attribute whose presence makes an item one of this kind: reading a key that holds
    # another kind's item answers None. None: a key of this shape holds no other kind (an
    # item without its attributes is then corrupt, not absent).
    tell: str | None = None
    indexes: tuple[Index, ...] = ()

    def attribute(self, name: str) -> Attribute:
        return next(a for a in self.attributes if a.name == name)


# -- tables and finished hands --------------------------------------------------------

# The sweep's index. Partition "wb": the wake time's 5-minute bucket, the number of
# 5-minute periods since the epoch ("13674816"); sort "wa": the wake time in epoch ms. Only
# a table with a running clock carries them, so finished and waiting tables, hands and every
# other kind stay out. Short names and a short bucket keep a table inside its 1 KB write
# unit. A sweep queries the current bucket and the LOOKBACK_BUCKETS before it for wake
# times up to now: 13 small queries a run, each reading only due items. A sweep that was
# down longer than the lookback (an hour) leaves older wake times to the first request that
# reads each table.
WAKE_INDEX = "wake"
WAKE_BUCKET = "wb"
WAKE_AT = "wa"
WAKE = Index(WAKE_INDEX, Attribute(WAKE_BUCKET, "S"), Attribute(WAKE_AT, "N", column="wake_at"))
BUCKET_MS = 5 * 60 * 1000
LOOKBACK_BUCKETS = 12

EXPIRES_AT = "expires_at"  # DynamoDB's TTL attribute (template.yaml names the same)
_EXPIRES = Attribute(EXPIRES_AT, "N")
_REV = Attribute("rev", "N", required=True)


def wake_bucket(wake_at_ms: int) -> str:
    """The index partition of a wake time: its 5-minute period since the epoch.

    >>> wake_bucket(4_102_444_800_000 + 299_999), wake_bucket(4_102_444_800_000 + 300_000)
    ('13674816', '13674817')
    """
    return str(wake_at_ms // BUCKET_MS)


def due_buckets(now_ms: int) -> list[str]:
    """The buckets a sweep at ``now_ms`` queries, oldest first."""
    return [wake_bucket(now_ms - k * BUCKET_MS) for k in range(LOOKBACK_BUCKETS, -1, -1)]


# The lobby's index (api/lobby): partition "ol", an open table's listing and shard
# ("classic.live.4.2", api/lobby/facts.py); sort "os", the moment it starts without being
# full (its wake time). Only a waiting open table carries them: it leaves the index when it
# starts or closes. Readers query each shard of the listings they want.
OPEN_INDEX = "open"
OPEN_LISTING = "ol"
OPEN_SORT = "os"
OPEN = Index(OPEN_INDEX, Attribute(OPEN_LISTING, "S"), Attribute(OPEN_SORT, "N"))


def _encode_table(item: StoredItem) -> Fields:
    fields: Fields = {"rev": item.rev, "data": item.data}
    if item.expires_at is not None:
        fields[EXPIRES_AT] = item.expires_at
    if item.wake_at is not None:  # in the sweep's index only while a clock runs
        fields[WAKE_BUCKET] = wake_bucket(item.wake_at)
        fields[WAKE_AT] = item.wake_at
    if item.listed is not None and item.wake_at is not None:
        fields[OPEN_LISTING] = item.listed
        fields[OPEN_SORT] = item.wake_at
    return fields


def _decode_table(key: str, read: Read) -> StoredItem:
    return stored_item(
        key,
        read.get("rev"),
        read.get("data"),
        read.get(EXPIRES_AT),
        read.get(WAKE_AT),
        read.get(OPEN_LISTING),
    )


# A table (api/tables/item.py), keyed by its id, or a finished hand, written once under
# ``<table id>#<hand number>`` (api.tables.item.hand_key): the same attributes, no wake time.
TABLE: Kind[StoredItem] = Kind(
    name="table",
    key_shape="<table id> | <table id>#<hand number>",
    sqlite_table="tables",
    attributes=(
        _REV,
        Attribute("data", "S", required=True),
        _EXPIRES,
        WAKE.sort,
        WAKE.partition,
        OPEN.partition,
        OPEN.sort,
    ),
    revision="rev",
    key=lambda item: item.table_id,
    encode=_encode_table,
    decode=_decode_table,
    expiry=EXPIRES_AT,
    indexes=(WAKE, OPEN),
)


# -- side items: one JSON text each, under an attribute that is not "data" -------------

# Not "data": the stream filters (template.yaml) pass only items with "data", so writing a
# side item never wakes the notifier or the player credits.
PUSH_ATTRIBUTE = "subs"
PLAYER_ATTRIBUTE = "pl"


# The side kinds' dataclasses: the same four fields, told apart by type only.
TextItem = TypeVar("TextItem", StoredPushes, StoredTelegram, StoredPlayer, StoredText)


def _text_kind(
    name: str,
    key_shape: str,
    sqlite_table: str,
    attribute: str,
    make: Callable[[str, int, str, int | None], TextItem],
) -> Kind[TextItem]:
    """A kind whose item is one JSON text under ``attribute``, with a revision and an
    optional expiry; ``make`` builds its dataclass from the checked attributes."""

    def encode(item: TextItem) -> Fields:
        fields: Fields = {"rev": item.rev, attribute: item.data}
        if item.expires_at is not None:
            fields[EXPIRES_AT] = item.expires_at
        return fields

    def decode(key: str, read: Read) -> TextItem:
        item = stored_item(key, read.get("rev"), read.get(attribute), read.get(EXPIRES_AT))
        return make(key, item.rev, item.data, item.expires_at)

    return Kind(
        name=name,
        key_shape=key_shape,
        sqlite_table=sqlite_table,
        # SQLite keeps the text in a column "data" whatever DynamoDB calls it.
        attributes=(_REV, Attribute(attribute, "S", column="data", required=True), _EXPIRES),
        revision="rev",
        key=lambda item: item.key,
        encode=encode,
        decode=decode,
        expiry=EXPIRES_AT,
        tell=attribute,
    )


# One seat's Web Push subscriptions (api/push): the table item stays small, no poll reads them.
PUSHES: Kind[StoredPushes] = _text_kind(
    "pushes",
    "<table id>~push~<seat> (api.tables.item.push_key)",
    "pushes",
    PUSH_ATTRIBUTE,
    StoredPushes,
)

# The Telegram features' small JSON items (api/telegram/items.py). Their attributes and
# SQLite table are the push subscriptions' (where they were stored before they had a kind of
# their own), so the items written then read as before; their keys never collide with a
# seat's subscriptions (api/telegram/links.py, players.py).
TELEGRAM: Kind[StoredTelegram] = _text_kind(
    "telegram",
    "<table id>~tg~<seat> | tguser~<telegram id> | tgplayer~<telegram id>",
    "pushes",
    PUSH_ATTRIBUTE,
    StoredTelegram,
)

# A player (api/players): name, token hashes, candy and stats. Never read inside a move.
PLAYER: Kind[StoredPlayer] = _text_kind(
    "player",
    "pl~<player id> (api.players.model.player_key)",
    "players",
    PLAYER_ATTRIBUTE,
    StoredPlayer,
)


# Per listing, the open table being filled now (api/lobby/seating.py): Play now seats a
# player there first, and a new table becomes the listing's next only by a conditional
# write of this item, so racing players fill one table instead of opening one each.
LOBBY: Kind[StoredText] = _text_kind(
    "lobby",
    "lobby~<variant>.<pace>.<seats> (api.lobby.seating.next_key)",
    "lobby",
    "lh",
    StoredText,
)
# A player's report of a seat, kept with the table and hand for a moderator (api/lobby).
REPORT: Kind[StoredText] = _text_kind(
    "report",
    "report~<table id>~<hand>~<token>~<seat> (api.lobby.safety)",
    "reports",
    "rp",
    StoredText,
)


# -- counters --------------------------------------------------------------------------

COUNT_ATTRIBUTE = "n"

# A counter with a ceiling (api/web/limits.py: creations per client and hour). Its count is its
# revision: counting up is a conditional write on the count read.
COUNTER: Kind[StoredCounter] = Kind(
    name="counter",
    key_shape="rl~<p|t>~<digest>~<hour> (api.web.limits.counter_key)",
    sqlite_table="counters",
    attributes=(
        Attribute(COUNT_ATTRIBUTE, "N", required=True),
        Attribute(EXPIRES_AT, "N", required=True),
    ),
    revision=COUNT_ATTRIBUTE,
    key=lambda item: item.key,
    encode=lambda item: {COUNT_ATTRIBUTE: item.count, EXPIRES_AT: item.expires_at},
    decode=lambda key, read: counter_item(key, read.get(COUNT_ATTRIBUTE), read.get(EXPIRES_AT)),
    expiry=EXPIRES_AT,
    tell=COUNT_ATTRIBUTE,
)

KINDS: tuple[Kind[Any], ...] = (TABLE, PUSHES, TELEGRAM, PLAYER, LOBBY, REPORT, COUNTER)
INDEXES: tuple[Index, ...] = tuple(index for kind in KINDS for index in kind.indexes)
