"""The embedded store: one SQLite file, the default for local play and tests.

Same semantics as DynamoDB: a conditional replace on ``rev``. Each thread
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

from .base import (
    MAX_BATCH,
    BatchRead,
    CorruptItem,
    StoreBusy,
    StoredItem,
    StoredPlayer,
    StoredPushes,
    VersionConflict,
    stored_item,
)

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


SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    rev INTEGER NOT NULL,
    data TEXT NOT NULL,
    expires_at INTEGER,
    wake_at INTEGER
)
"""
# The sweep's index, partial like DynamoDB's sparse one: only tables with a clock running.
WAKE_INDEX = "CREATE INDEX IF NOT EXISTS tables_wake ON tables (wake_at) WHERE wake_at IS NOT NULL"
COLUMNS = "id, rev, data, expires_at, wake_at"
DUE_QUERY = (
    "SELECT id FROM tables WHERE wake_at IS NOT NULL AND wake_at <= ? ORDER BY wake_at LIMIT ?"
)
# Push subscriptions live in a table of their own: a view never reads them.
PUSH_SCHEMA = """
CREATE TABLE IF NOT EXISTS pushes (
    id TEXT PRIMARY KEY,
    rev INTEGER NOT NULL,
    data TEXT NOT NULL,
    expires_at INTEGER
)
"""
# Players (api/players) too: no table read or write ever touches them.
PLAYER_SCHEMA = """
CREATE TABLE IF NOT EXISTS players (
    id TEXT PRIMARY KEY,
    rev INTEGER NOT NULL,
    data TEXT NOT NULL,
    expires_at INTEGER
)
"""
# Counters (api/limits.py): a key per client address and hour, dropped once expired.
COUNTER_SCHEMA = """
CREATE TABLE IF NOT EXISTS counters (
    id TEXT PRIMARY KEY,
    n INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
)
"""
# One statement, so the check and the increment are one step: a new key starts at 1, an
# existing one grows only below the limit (rowcount 0 when it has reached it).
COUNT_UP = (
    "INSERT INTO counters (id, n, expires_at) VALUES (?, 1, ?)"
    " ON CONFLICT(id) DO UPDATE SET n = n + 1 WHERE n < ?"
)


@contextmanager
def _answering(table_id: str) -> Iterator[None]:
    """A lock still held after the busy timeout is :class:`StoreBusy`; other errors are bugs."""
    try:
        yield
    except sqlite3.OperationalError as err:
        if not _locked(err):
            raise
        raise StoreBusy(getattr(err, "sqlite_errorname", "SQLITE_BUSY"), table_id) from err


class SqliteStore:
    def __init__(self, path: str, *, busy_timeout_ms: int = BUSY_TIMEOUT_MS) -> None:
        self.path = path
        self.busy_timeout_ms = busy_timeout_ms
        self._local = threading.local()
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        with self._connect() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(SCHEMA)
            columns = {row[1] for row in db.execute("PRAGMA table_info(tables)")}
            if "wake_at" not in columns:  # a file made before the sweep existed
                db.execute("ALTER TABLE tables ADD COLUMN wake_at INTEGER")
            db.execute(WAKE_INDEX)
            db.execute(PUSH_SCHEMA)
            db.execute(PLAYER_SCHEMA)
            players = {row[1] for row in db.execute("PRAGMA table_info(players)")}
            if "expires_at" not in players:  # a file made before players could expire
                db.execute("ALTER TABLE players ADD COLUMN expires_at INTEGER")
            db.execute(COUNTER_SCHEMA)

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

    def get(self, table_id: str) -> StoredItem | None:
        with _answering(table_id), self._connect() as db:
            row = db.execute(f"SELECT {COLUMNS} FROM tables WHERE id = ?", (table_id,)).fetchone()
        # SQLite's columns take any type: each is checked as DynamoDB's attributes are.
        return stored_item(*row) if row else None

    def get_many(self, table_ids: Sequence[str]) -> BatchRead:
        ids = list(dict.fromkeys(table_ids))
        if len(ids) > MAX_BATCH:
            raise ValueError(f"get_many reads at most {MAX_BATCH} items, not {len(ids)}")
        if not ids:
            return BatchRead({})
        marks = ",".join("?" * len(ids))
        with _answering(ids[0]), self._connect() as db:
            rows = db.execute(f"SELECT {COLUMNS} FROM tables WHERE id IN ({marks})", ids).fetchall()
        found: dict[str, StoredItem] = {}
        corrupt: set[str] = set()
        for row in rows:
            try:
                found[row[0]] = stored_item(*row)
            except CorruptItem:
                corrupt.add(row[0])
        return BatchRead(found, corrupt=frozenset(corrupt))

    def create(self, table: StoredItem) -> None:
        with _answering(table.table_id), self._connect() as db:
            # Expired rows go when new ones come, as DynamoDB's TTL sweeps them eventually.
            db.execute(
                "DELETE FROM tables WHERE expires_at IS NOT NULL AND expires_at < ?",
                (int(time.time()),),
            )
            try:
                db.execute(
                    f"INSERT INTO tables ({COLUMNS}) VALUES (?, ?, ?, ?, ?)",
                    (table.table_id, table.rev, table.data, table.expires_at, table.wake_at),
                )
            except sqlite3.IntegrityError as exc:
                raise VersionConflict(f"table {table.table_id} exists") from exc

    def put_if_version(self, table: StoredItem, expected_rev: int) -> None:
        with _answering(table.table_id), self._connect() as db:
            cursor = db.execute(
                "UPDATE tables SET rev = ?, data = ?, expires_at = ?, wake_at = ?"
                " WHERE id = ? AND rev = ?",
                (
                    table.rev,
                    table.data,
                    table.expires_at,
                    table.wake_at,
                    table.table_id,
                    expected_rev,
                ),
            )
            if cursor.rowcount != 1:
                raise VersionConflict(f"table {table.table_id} changed")

    def due(self, now_ms: int, limit: int) -> list[str]:
        with _answering("(sweep)"), self._connect() as db:
            # "wake_at IS NOT NULL" lets SQLite use the partial index (EXPLAIN QUERY PLAN
            # in tests/api/test_sweep.py checks it does).
            rows = db.execute(DUE_QUERY, (now_ms, limit)).fetchall()
        return [row[0] for row in rows]

    def get_pushes(self, key: str) -> StoredPushes | None:
        with _answering(key), self._connect() as db:
            row = db.execute(
                "SELECT id, rev, data, expires_at FROM pushes WHERE id = ?", (key,)
            ).fetchone()
        if not row:
            return None
        checked = stored_item(*row)
        return StoredPushes(key, checked.rev, checked.data, checked.expires_at)

    def put_pushes(self, pushes: StoredPushes, expected_rev: int | None) -> None:
        row = (pushes.rev, pushes.data, pushes.expires_at, pushes.key)
        with _answering(pushes.key), self._connect() as db:
            if expected_rev is None:
                db.execute(
                    "DELETE FROM pushes WHERE expires_at IS NOT NULL AND expires_at < ?",
                    (int(time.time()),),
                )
                try:
                    db.execute(
                        "INSERT INTO pushes (rev, data, expires_at, id) VALUES (?, ?, ?, ?)", row
                    )
                except sqlite3.IntegrityError as exc:
                    raise VersionConflict(f"pushes {pushes.key} exist") from exc
                return
            cursor = db.execute(
                "UPDATE pushes SET rev = ?, data = ?, expires_at = ? WHERE id = ? AND rev = ?",
                (*row, expected_rev),
            )
            if cursor.rowcount != 1:
                raise VersionConflict(f"pushes {pushes.key} changed")

    def get_player(self, key: str) -> StoredPlayer | None:
        with _answering(key), self._connect() as db:
            row = db.execute(
                "SELECT id, rev, data, expires_at FROM players WHERE id = ?", (key,)
            ).fetchone()
        if not row:
            return None
        checked = stored_item(*row)
        return StoredPlayer(key, checked.rev, checked.data, checked.expires_at)

    def put_player(self, player: StoredPlayer, expected_rev: int | None) -> None:
        row = (player.rev, player.data, player.expires_at, player.key)
        with _answering(player.key), self._connect() as db:
            if expected_rev is None:
                # Expired players go when new ones come, as DynamoDB's TTL sweeps them.
                db.execute(
                    "DELETE FROM players WHERE expires_at IS NOT NULL AND expires_at < ?",
                    (int(time.time()),),
                )
                try:
                    db.execute(
                        "INSERT INTO players (rev, data, expires_at, id) VALUES (?, ?, ?, ?)", row
                    )
                except sqlite3.IntegrityError as exc:
                    raise VersionConflict(f"player {player.key} exists") from exc
                return
            cursor = db.execute(
                "UPDATE players SET rev = ?, data = ?, expires_at = ? WHERE id = ? AND rev = ?",
                (*row, expected_rev),
            )
            if cursor.rowcount != 1:
                raise VersionConflict(f"player {player.key} changed")

    def count_up(self, key: str, limit: int, now_s: int, expires_at: int) -> bool:
        if limit < 1:
            raise ValueError("a counter's limit is at least 1")
        with _answering(key), self._connect() as db:
            db.execute("DELETE FROM counters WHERE expires_at < ?", (now_s,))
            cursor = db.execute(COUNT_UP, (key, expires_at, limit))
        return cursor.rowcount == 1

    def set_aside(self, table_id: str) -> None:
        with _answering(table_id), self._connect() as db:
            db.execute("UPDATE tables SET wake_at = NULL WHERE id = ?", (table_id,))

    def raw(self, table_id: str) -> bytes | None:
        with _answering(table_id), self._connect() as db:
            row = db.execute(f"SELECT {COLUMNS} FROM tables WHERE id = ?", (table_id,)).fetchone()
        return json.dumps(row, ensure_ascii=False).encode("utf-8") if row else None
