"""Conflicting moves at once: exactly one lands, the rest hear 409, nothing is lost or doubled.

Threads call the service directly, as separate Lambda instances would reach
the store at once (a single Powertools resolver serves one event at a time).
"""

from __future__ import annotations

import time
import uuid
from typing import Any

from api.clock import ManualClock
from api.store.base import StoredItem
from api.store.items import Store
from api.tables.play import act
from api.tables.service import Service
from api.tables.setup import create_table
from api.web.config import Settings
from tests.api.support import at_once

THREADS = 20


class SlowReads:
    """Holds every read a moment, so all threads work from the same revision."""

    def __init__(self, inner: Store) -> None:
        self.inner = inner

    def get(self, table_id: str) -> StoredItem | None:
        item = self.inner.get(table_id)
        time.sleep(0.01)
        return item

    def create(self, table: StoredItem) -> None:
        self.inner.create(table)

    def put_if_version(self, table: StoredItem, expected_rev: int) -> None:
        self.inner.put_if_version(table, expected_rev)

    def raw(self, table_id: str) -> bytes | None:
        return self.inner.raw(table_id)


def test_twenty_conflicting_moves_one_lands(atomic_store: Store) -> None:
    service = Service(SlowReads(atomic_store), ManualClock(), Settings())
    made = create_table(
        service,
        {"variant": "classic", "mode": "computer", "turn_seconds": 30, "name": "A"},
        None,
    )
    table, token, view = made["table_id"], made["token"], made["view"]
    rack, version = view["rack"], view["version"]
    ids = [uuid.uuid4().hex for _ in range(THREADS)]

    def move(i: int) -> Any:
        request = {
            "type": "discard",
            "tile": rack[i % len(rack)],
            "expected_version": version,
            "action_id": ids[i],
        }
        return lambda: act(service, table, token, lambda: request)

    results = at_once([move(i) for i in range(THREADS)])
    winners = [i for i, (status, _) in enumerate(results) if status == 200]
    assert len(winners) == 1, [s for s, _ in results]
    assert all(
        status == 409 and body["error"]["code"] == "stale_version"
        for i, (status, body) in enumerate(results)
        if i != winners[0]
    )
    answer = results[winners[0]][1]

    stored = service.load(table)
    own = [e for e in stored.state.events if e["seat"] == 0 and e["type"] == "discard"]
    assert [e["tile"] for e in own] == [rack[winners[0] % len(rack)]]
    assert stored.state.version == answer["version"]

    # Retries of the winning id, all at once: each answered, applied once.
    retries = at_once([move(winners[0]) for _ in range(8)])
    assert all(status == 200 for status, _ in retries)
    assert all(body["version"] == answer["version"] for _, body in retries)
    assert service.load(table).state.version == answer["version"]
    # A loser's id was never applied, so its retry is still stale.
    loser = next(i for i in range(THREADS) if i != winners[0])
    status, body = at_once([move(loser)])[0]
    assert status == 409 and body["error"]["code"] == "stale_version"
