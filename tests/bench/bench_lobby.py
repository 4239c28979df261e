"""Play now under a crowd: time to a seat and what a seat costs in DynamoDB units.

PLAYERS players press Play now at the same moment (threads released by one barrier,
tests/api/lobby/race.py), on the embedded SQLite store, once for one listing (classic, live,
four seats) and once for players who accept four listings. Printed: the median and 95th
percentile time to a seat (retries of 503 included), the 503s retried, and the read and
write units per seated player as DynamoDB would bill them (consistent reads, keys-only
index queries, writes under 1 KB, the indexes' own copies); then what 1,000 views of the
lobby's list cost with and without the edge's cache.

``ISTAKA_BENCH_PLAYERS=50 python -m tests.bench lobby`` for a quicker run.
"""

from __future__ import annotations

import os
import statistics
import tempfile

from api.clock import ManualClock
from api.lobby.listing import CACHE_SECONDS, open_tables
from api.lobby.seating import Choices
from api.store.sqlite import SqliteStore
from api.tables import context
from api.web.config import Settings
from api.web.log import logger
from tests.api.lobby.race import CountingStore, race

PLAYERS = int(os.environ.get("ISTAKA_BENCH_PLAYERS", "200"))
CHOICES = {
    "classic, live, 4 seats": Choices(("classic",), ("live",), (4,)),
    "any of classic/101 x 2/3 seats": Choices(("classic", "101"), ("live",), (2, 3)),
}


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    logger.setLevel("WARNING")
    for label, choices in CHOICES.items():
        with tempfile.TemporaryDirectory() as folder:
            store = CountingStore(SqliteStore(f"{folder}/bench.sqlite3"))
            service = context.configure(
                store=store, clock=ManualClock(), settings=Settings(same_address_tables=True)
            )
            result = race(service, PLAYERS, choices)
            seated = sum(1 for a in result.answers if a)
            ms = [s * 1000 for s in result.seconds]
            print(
                f"  {label}: {seated}/{PLAYERS} seated, time to a seat median "
                f"{statistics.median(ms):.0f} ms, p95 {_percentile(ms, 0.95):.0f} ms, "
                f"{result.retries} busy answers retried"
            )
            print(
                f"    per seat: {store.read_units / max(1, seated):.1f} read units, "
                f"{store.write_units / max(1, seated):.1f} write units"
            )
            before = store.read_units
            open_tables(service, None, None, None)
            listing = store.read_units - before
            context.reset()
    print(
        f"  the list (every listing, empty): {listing:.1f} read units a view; 1,000 views: "
        f"{1000 * listing:.0f} uncached, at most {listing * 60 / CACHE_SECONDS:.0f} a minute "
        f"behind the edge's {CACHE_SECONDS} s cache"
    )


if __name__ == "__main__":
    main()
