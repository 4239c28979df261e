"""The list of open tables still waiting for players (``GET /api/lobby``).

Served from the ``open`` index (never a scan): each listing's shards are queried, the
tables re-read in one batch (the index lags; a table that started or closed since is left
out), and the rows carry only what the lobby shows: no player id, no token, no typed name.
The answer is the same for everyone, so the edge caches it for a few seconds.
"""

from __future__ import annotations

from typing import Any

from api.lobby.facts import listing_key
from api.lobby.seating import listed_ids, read_tables
from api.store.base import StoreBusy
from api.tables.made_names import render
from api.tables.pace import PACES, Pace, pace_of
from api.tables.service import Loaded, Service
from api.web.errors import store_busy
from engine.variants import VARIANTS, rules_of

MAX_ROWS = 50
SEAT_COUNTS = (2, 3, 4)
CACHE_SECONDS = 5


def open_tables(
    service: Service, variant: str | None, pace: Pace | None, seats: int | None
) -> list[dict[str, Any]]:
    """Up to :data:`MAX_ROWS` waiting open tables of the listings asked for, the ones that
    start soonest first."""
    keys = [
        listing_key(v, p, n)
        for v in ([variant] if variant else list(VARIANTS))
        for p in ([pace] if pace else list(PACES))
        for n in ([seats] if seats else list(SEAT_COUNTS))
    ]
    try:
        ids = listed_ids(service, keys, MAX_ROWS)
        tables = read_tables(service, ids[: 4 * MAX_ROWS])
    except StoreBusy as err:
        raise store_busy(err) from err
    rows = [_row(loaded) for loaded in tables.values() if loaded.table.listed_under() is not None]
    rows.sort(key=lambda row: (row["starts_at"], row["table_id"]))
    return rows[:MAX_ROWS]


def _row(loaded: Loaded) -> dict[str, Any]:
    table = loaded.table
    listing = table.listing
    assert listing is not None
    players = []
    for seat, info in enumerate(table.seats):
        if info.kind != "human" or not info.name:
            continue
        reliability = listing.reliability[seat] if seat < len(listing.reliability) else None
        players.append(
            {
                "name": render(info.name),
                "name_code": info.name,
                "reliability": {"finished": reliability[0], "of": reliability[1]}
                if reliability
                else None,
            }
        )
    return {
        "table_id": table.table_id,
        "variant": rules_of(loaded.state).name,
        "pace": pace_of(table.turn_seconds),
        "turn_seconds": table.turn_seconds,
        "seats": len(table.seats),
        "taken": len(players),
        "players": players,
        "created_at": table.created * 1000,
        "starts_at": table.wake_at(),
    }
