"""The storage contract: one item per table, written only if its revision is unchanged.

``rev`` is the store's own counter; it grows with every write (moves, joins,
rack layouts), unlike the game version, so a saved layout never makes a
concurrent move look stale. ``data`` is an opaque compact JSON string.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class StoredTable:
    table_id: str
    rev: int
    data: str
    expires_at: int | None = None  # epoch seconds after which the store may drop the item


class VersionConflict(Exception):
    """The item changed (or appeared) since it was read: re-read and try again."""


class TableStore(Protocol):
    def get(self, table_id: str) -> StoredTable | None:
        """The item, read consistently, or ``None``."""

    def create(self, table: StoredTable) -> None:
        """Write a new item; :class:`VersionConflict` if the id is taken."""

    def put_if_version(self, table: StoredTable, expected_rev: int) -> None:
        """Replace the item only if its stored ``rev`` is ``expected_rev``.

        Raises :class:`VersionConflict` otherwise (also when it is gone).
        """

    def raw(self, table_id: str) -> bytes | None:
        """The stored item as the backend holds it, for byte-for-byte comparison in tests."""
