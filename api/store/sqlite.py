"""The embedded store: one SQLite file, the default for local play and tests.

Same semantics as DynamoDB: a conditional replace on the revision. Each kind of item
(api/store/kinds.py) lives in a table of its own, its columns its declared attributes; each
declared index is a partial index on its two columns, so it holds only the rows that carry
them, as DynamoDB's sparse index does. A file made before a column or an index existed gets
it when opened. Each thread
keeps a connection of its own, so threads (the dev server, concurrency tests)
never share one, and a request does not pay for opening the file and setting
it up on every read and write; WAL mode lets readers and the single writer
proceed together.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from api.store.base import MAX_BATCH, BatchRead, CorruptItem, StoreBusy, VersionConflict
from api.store.items import Store
from api.store.kinds import KINDS, TABLE, WAKE, Attribute, Index, Kind

T = TypeVar("T")

# How long a statement waits for another connection's write lock before giving up.
BUSY_TIMEOUT_MS = 10_000
# The primary result codes of "database is locked" and "database table is locked"
# (extended codes such as SQLITE_BUSY_SNAPSHOT keep them in their low byte).
_LOCKED = {sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED}


def _locked(err: sqlite3.OperationalError) -> bool:
    code: int | None = getattr(err, "sqlite_errorcode", None)
    if code is None:  # raised by Python code rather than by SQLite: only its text tells
        return str(err).endswith("is locked")
    return code & 0xFF in _LOCKED


@contextmanager
def _answering(table_id: str) -> Iterator[None]:
    """A lock still held after the busy timeout is :class:`StoreBusy`; other errors are bugs."""
    try:
        yield
    except sqlite3.OperationalError as err:
        if not _locked(err):
            raise
        raise StoreBusy(getattr(err, "sqlite_errorname", "SQLITE_BUSY"), table_id) from err


def _sql_type(attribute: Attribute) -> str:
    return "INTEGER" if attribute.type == "N" else "TEXT"


def table_kinds() -> dict[str, Kind[Any]]:
    """One kind per SQLite table; kinds that share a table declare the same attributes."""
    tables: dict[str, Kind[Any]] = {}
    for kind in KINDS:
        first = tables.setdefault(kind.sqlite_table, kind)
        assert first.attributes == kind.attributes, f"{kind.name} and {first.name} differ"
    return tables


def create_table_sql(kind: Kind[Any]) -> str:
    columns = ["id TEXT PRIMARY KEY"] + [
        f"{a.sqlite_column} {_sql_type(a)}{' NOT NULL' if a.required else ''}"
        for a in kind.attributes
    ]
    return f"CREATE TABLE IF NOT EXISTS {kind.sqlite_table} ({', '.join(columns)})"


def index_sql(kind: Kind[Any], index: Index) -> str:
    """The partial index, as sqlite_master keeps its text (so a changed one is told apart)."""
    part, sort = index.partition.sqlite_column, index.sort.sqlite_column
    return (
        f"CREATE INDEX {kind.sqlite_table}_{index.name} ON {kind.sqlite_table}"
        f" ({part}, {sort}) WHERE {part} IS NOT NULL"
    )


def query_sql(kind: Kind[Any], index: Index) -> str:
    """Keys under a partition value, sort values up to a bound, in sort order, limited: the
    equality on the partition column lets SQLite use the partial index (tests/api/
    test_sweep.py reads the query plan)."""
    part, sort = index.partition.sqlite_column, index.sort.sqlite_column
    return (
        f"SELECT id FROM {kind.sqlite_table} WHERE {part} = ? AND {sort} <= ?"
        f" ORDER BY {sort} LIMIT ?"
    )


# The sweep's query (parameters: bucket, now in ms, limit).
DUE_QUERY = query_sql(TABLE, WAKE)
_NO_BOUND = 2**63 - 1


class SqliteStore(Store):
    def __init__(self, path: str, *, busy_timeout_ms: int = BUSY_TIMEOUT_MS) -> None:
        self.path = path
        self.busy_timeout_ms = busy_timeout_ms
        self._local = threading.local()
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        with self._connect() as db:
            db.execute("PRAGMA journal_mode=WAL")
            for kind in table_kinds().values():
                _set_up(db, kind)

    def _connect(self) -> sqlite3.Connection:
        """This thread's connection (autocommit: each statement is its own transaction)."""
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None:
            wait = self.busy_timeout_ms
            db = sqlite3.connect(self.path, timeout=wait / 1000, isolation_level=None)
            db.execute(f"PRAGMA busy_timeout={int(wait)}")
            # With WAL, NORMAL syncs at checkpoints only: a crash of the process loses
            # nothing, a power cut may lose the last moves. Right for a dev store; FULL
            # costs ms per move.
            db.execute("PRAGMA synchronous=NORMAL")
            self._local.db = db
        return db

    def read(self, kind: Kind[T], key: str) -> T | None:
        with _answering(key), self._connect() as db:
            row = db.execute(f"{_select(kind)} WHERE id = ?", (key,)).fetchone()
        return _decoded(kind, row) if row else None

    def read_many(self, kind: Kind[T], keys: Sequence[str]) -> BatchRead[T]:
        ids = list(dict.fromkeys(keys))
        if len(ids) > MAX_BATCH:
            raise ValueError(f"read_many reads at most {MAX_BATCH} items, not {len(ids)}")
        if not ids:
            return BatchRead({})
        marks = ",".join("?" * len(ids))
        with _answering(ids[0]), self._connect() as db:
            rows = db.execute(f"{_select(kind)} WHERE id IN ({marks})", ids).fetchall()
        found: dict[str, T] = {}
        corrupt: set[str] = set()
        for row in rows:
            try:
                item = _decoded(kind, row)
            except CorruptItem:
                corrupt.add(row[0])
                continue
            if item is not None:
                found[row[0]] = item
        return BatchRead(found, corrupt=frozenset(corrupt))

    def insert(self, kind: Kind[T], item: T, *, now_s: int | None = None) -> None:
        key, values = kind.key(item), _values(kind, item)
        names = ", ".join(["id", *(a.sqlite_column for a in kind.attributes)])
        marks = ", ".join("?" * (len(values) + 1))
        with _answering(key), self._connect() as db:
            if kind.expiry:
                # Expired rows go when new ones come, as DynamoDB's TTL sweeps them eventually.
                expiry = kind.attribute(kind.expiry).sqlite_column
                now = int(time.time()) if now_s is None else now_s
                db.execute(
                    f"DELETE FROM {kind.sqlite_table} WHERE {expiry} IS NOT NULL AND {expiry} < ?",
                    (now,),
                )
            try:
                db.execute(
                    f"INSERT INTO {kind.sqlite_table} ({names}) VALUES ({marks})", (key, *values)
                )
            except sqlite3.IntegrityError as exc:
                raise VersionConflict(f"{kind.name} {key} exists") from exc

    def replace(self, kind: Kind[T], item: T, expected_rev: int) -> None:
        key, values = kind.key(item), _values(kind, item)
        sets = ", ".join(f"{a.sqlite_column} = ?" for a in kind.attributes)
        rev = kind.attribute(kind.revision).sqlite_column
        with _answering(key), self._connect() as db:
            cursor = db.execute(
                f"UPDATE {kind.sqlite_table} SET {sets} WHERE id = ? AND {rev} = ?",
                (*values, key, expected_rev),
            )
            if cursor.rowcount != 1:
                raise VersionConflict(f"{kind.name} {key} changed")

    def delete(self, kind: Kind[T], key: str, expected_rev: int | None = None) -> None:
        with _answering(key), self._connect() as db:
            if expected_rev is None:
                db.execute(f"DELETE FROM {kind.sqlite_table} WHERE id = ?", (key,))
                return
            rev = kind.attribute(kind.revision).sqlite_column
            cursor = db.execute(
                f"DELETE FROM {kind.sqlite_table} WHERE id = ? AND {rev} = ?",
                (key, expected_rev),
            )
            if cursor.rowcount != 1:
                raise VersionConflict(f"{kind.name} {key} changed")

    def query(
        self, kind: Kind[T], index: Index, partition: str, *, upto: int | None, limit: int
    ) -> list[str]:
        bound = _NO_BOUND if upto is None else upto
        with _answering(f"({index.name})"), self._connect() as db:
            rows = db.execute(query_sql(kind, index), (partition, bound, limit)).fetchall()
        return [row[0] for row in rows]

    def unindex(self, kind: Kind[T], index: Index, key: str) -> None:
        part, sort = index.partition.sqlite_column, index.sort.sqlite_column
        with _answering(key), self._connect() as db:
            db.execute(
                f"UPDATE {kind.sqlite_table} SET {part} = NULL, {sort} = NULL WHERE id = ?",
                (key,),
            )

    def raw(self, key: str) -> bytes | None:
        with _answering(key), self._connect() as db:
            row = db.execute(f"{_select(TABLE)} WHERE id = ?", (key,)).fetchone()
        return json.dumps(row, ensure_ascii=False).encode("utf-8") if row else None


def _select(kind: Kind[Any]) -> str:
    columns = ", ".join(["id", *(a.sqlite_column for a in kind.attributes)])
    return f"SELECT {columns} FROM {kind.sqlite_table}"


def _decoded(kind: Kind[T], row: Sequence[Any]) -> T | None:
    """The row's item. SQLite's columns take any type: each is checked by the kind's codec
    as DynamoDB's attributes are. ``None`` for a row of another kind sharing the table."""
    read = {
        a.name: value
        for a, value in zip(kind.attributes, row[1:], strict=True)
        if value is not None
    }
    if kind.tell is not None and kind.tell not in read:
        return None
    return kind.decode(row[0], read)


def _values(kind: Kind[T], item: T) -> list[str | int | None]:
    fields = kind.encode(item)
    return [fields.get(a.name) for a in kind.attributes]


def _set_up(db: sqlite3.Connection, kind: Kind[Any]) -> None:
    """The kind's table, with any column and index a file made before them lacks."""
    table = kind.sqlite_table
    db.execute(create_table_sql(kind))
    have = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
    for attribute in kind.attributes:
        if attribute.sqlite_column not in have:
            db.execute(
                f"ALTER TABLE {table} ADD COLUMN {attribute.sqlite_column} {_sql_type(attribute)}"
            )
    for index in kind.indexes:
        sql = index_sql(kind, index)
        name = f"{table}_{index.name}"
        row = db.execute(
            "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?", (name,)
        ).fetchone()
        if row and row[0] == sql:
            continue
        # Missing, or made on other columns (the wake index was on the wake time alone):
        # made again, and filled from the rows that have a sort value.
        db.execute(f"DROP INDEX IF EXISTS {name}")
        db.execute(sql.replace("CREATE INDEX", "CREATE INDEX IF NOT EXISTS", 1))
        _reindex(db, kind, index)


def _reindex(db: sqlite3.Connection, kind: Kind[Any], index: Index) -> None:
    """Write the index columns of every row with a sort value, as its codec makes them."""
    sort = index.sort.sqlite_column
    part = index.partition.sqlite_column
    for row in db.execute(f"{_select(kind)} WHERE {sort} IS NOT NULL").fetchall():
        try:
            item = _decoded(kind, row)
        except CorruptItem:
            continue  # left out of the index: the sweep could not read it anyway
        if item is None:
            continue
        fields = kind.encode(item)
        db.execute(
            f"UPDATE {kind.sqlite_table} SET {part} = ?, {sort} = ? WHERE id = ?",
            (fields.get(index.partition.name), fields.get(index.sort.name), row[0]),
        )
