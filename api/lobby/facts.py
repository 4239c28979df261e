"""What an open table keeps for the lobby while it waits, inside the table's own item.

A waiting open table is listed (the store's ``open`` index, api/store/kinds.py) under its
listing key and a shard: ``<variant>.<pace>.<seats>.<shard>``. The shard spreads the
index's writes of one listing over :data:`SHARDS` partitions (docs/STORAGE.md has the
arithmetic); readers query every shard. The table leaves the index by being written without
the attributes: when it starts or closes. Imports nothing of the API's, so the stored table
(api/tables/item.py) can hold it.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

SHARDS = 4


def listing_key(variant: str, pace: str, seats: int) -> str:
    """The listing of tables of one variant, pace and seat count.

    >>> listing_key("101", "live", 4)
    '101.live.4'
    """
    return f"{variant}.{pace}.{seats}"


def shard_of(table_id: str) -> int:
    return hashlib.sha256(table_id.encode("ascii")).digest()[0] % SHARDS


def address_digest(address: str | None) -> str | None:
    """A short digest of a client address: enough to tell two apart at one table, too short
    to find the address again (never stored in the clear)."""
    if not address:
        return None
    return hashlib.sha256(b"seat-address:" + address.encode("utf-8")).hexdigest()[:8]


Reliability = list[int]  # [finished, of]: a player's last open-table matches


@dataclass
class Listing:
    """An open table's lobby facts: its listing, and per seat the digest of the address it
    was taken from (dropped when the table starts: only the seating rule reads them) and its
    player's reliability when seated (shown in the lobby and at the table)."""

    key: str  # listing_key(...)
    addresses: list[str | None] = field(default_factory=list)
    reliability: list[Reliability | None] = field(default_factory=list)
    # Closed without starting: a relaxed table nobody else joined in 7 days.
    closed: bool = False

    def encode(self) -> dict[str, Any]:
        data: dict[str, Any] = {"k": self.key, "r": self.reliability}
        if any(self.addresses):
            data["a"] = self.addresses
        if self.closed:
            data["c"] = 1
        return data

    @classmethod
    def decode(cls, data: dict[str, Any]) -> Listing:
        if not isinstance(data, dict) or not set(data) <= {"k", "a", "r", "c"}:
            raise ValueError("the stored lobby facts have fields this code does not write")
        seats = len(data["r"])
        addresses = list(data.get("a", [None] * seats))
        return cls(str(data["k"]), addresses, list(data["r"]), bool(data.get("c")))


# When a waiting open table starts without being full (RULES-level policy, docs/LOBBY.md):
# a live table offers its people "Start now with computers" after START_OFFER_S and starts
# with computers in the empty seats at LIVE_START_S; a relaxed one starts at RELAXED_START_S
# if two or more people sit there, else stays listed until RELAXED_CLOSE_S and closes.
START_OFFER_S = 30
LIVE_START_S = 120
RELAXED_START_S = 24 * 3600
RELAXED_CLOSE_S = 7 * 24 * 3600


def start_at(created_s: int, relaxed: bool, people: int) -> int:
    """Epoch seconds at which a waiting open table starts (or, relaxed with one person,
    closes) without being full.

    >>> start_at(1000, False, 1), start_at(1000, True, 2), start_at(1000, True, 1)
    (1120, 87400, 605800)
    """
    if not relaxed:
        return created_s + LIVE_START_S
    return created_s + (RELAXED_START_S if people >= 2 else RELAXED_CLOSE_S)
