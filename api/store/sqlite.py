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
from pathlib import Path

from .base import StoredTable, VersionConflict

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    rev INTEGER NOT NULL,
    data TEXT NOT NULL,
    expires_at INTEGER
)
"""


class SqliteStore:
    def __init__(self, path: str) -> None:
        self.path = path
        self._local = threading.local()
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        with self._connect() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(SCHEMA)

    def _connect(self) -> sqlite3.Connection:
        """This thread's connection (autocommit: each statement is its own transaction)."""
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, timeout=10, isolation_level=None)
            db.execute("PRAGMA busy_timeout=10000")
            # With WAL, NORMAL syncs at checkpoints only: a crash of the process loses
            # nothing, a power cut may lose the last moves. Right for a dev store; FULL
            # costs ms per move.
            db.execute("PRAGMA synchronous=NORMAL")
            self._local.db = db
        return db

    def get(self, table_id: str) -> StoredTable | None:
        with self._connect() as db:
            row = db.execute(
                "SELECT id, rev, data, expires_at FROM tables WHERE id = ?", (table_id,)
            ).fetchone()
        return StoredTable(row[0], row[1], row[2], row[3]) if row else None

    def create(self, table: StoredTable) -> None:
        with self._connect() as db:
            # Expired rows go when new ones come, as DynamoDB's TTL sweeps them eventually.
            db.execute(
                "DELETE FROM tables WHERE expires_at IS NOT NULL AND expires_at < ?",
                (int(time.time()),),
            )
            try:
                db.execute(
                    "INSERT INTO tables (id, rev, data, expires_at) VALUES (?, ?, ?, ?)",
                    (table.table_id, table.rev, table.data, table.expires_at),
                )
            except sqlite3.IntegrityError as exc:
                raise VersionConflict(f"table {table.table_id} exists") from exc

    def put_if_version(self, table: StoredTable, expected_rev: int) -> None:
        with self._connect() as db:
            cursor = db.execute(
                "UPDATE tables SET rev = ?, data = ?, expires_at = ? WHERE id = ? AND rev = ?",
                (table.rev, table.data, table.expires_at, table.table_id, expected_rev),
            )
            if cursor.rowcount != 1:
                raise VersionConflict(f"table {table.table_id} changed")

    def raw(self, table_id: str) -> bytes | None:
        with self._connect() as db:
            row = db.execute(
                "SELECT id, rev, data, expires_at FROM tables WHERE id = ?", (table_id,)
            ).fetchone()
        return json.dumps(row, ensure_ascii=False).encode("utf-8") if row else None
