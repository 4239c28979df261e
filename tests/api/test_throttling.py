"""A table that stays contended is a 503 ``busy`` with ``Retry-After``, never a 500;
nothing stored changes and nothing secret is logged. Conflicts are retried after
jittered, growing, capped pauses; the sleep and the random source are the service's
injected ones, so the schedule is read here, never waited out.
"""

from __future__ import annotations

import json
import random
import uuid
from typing import Any

import pytest

from api.clock import ManualClock
from api.config import Settings
from api.service import BACKOFF_BUDGET_S, MAX_ATTEMPTS, Service
from api.store.base import StoredTable, TableStore, VersionConflict
from api.store.sqlite import SqliteStore

from .support import ApiClient, LogLines

# The schedule's ceilings: 20 ms doubling, capped at 400 ms.
CEILINGS = [0.02, 0.04, 0.08, 0.16, 0.32, 0.4, 0.4, 0.4, 0.4]


class ScriptedRandom(random.Random):
    """Draws the given fractions in turn, so each pause (a fraction of its ceiling) is known."""

    def __init__(self, fractions: list[float]) -> None:
        super().__init__(0)
        self.fractions = list(fractions)

    def random(self) -> float:
        return self.fractions.pop(0)


class Conflicts:
    """Loses the first ``n`` conditional writes, as if another request had just written."""

    def __init__(self, inner: TableStore, n: int) -> None:
        self.inner = inner
        self.left = n
        self.writes = 0

    def get(self, table_id: str) -> StoredTable | None:
        return self.inner.get(table_id)

    def create(self, table: StoredTable) -> None:
        self.inner.create(table)

    def put_if_version(self, table: StoredTable, expected_rev: int) -> None:
        self.writes += 1
        if self.left:
            self.left -= 1
            raise VersionConflict(table.table_id)
        self.inner.put_if_version(table, expected_rev)

    def raw(self, table_id: str) -> bytes | None:
        return self.inner.raw(table_id)


def discard(client: ApiClient, made: dict[str, Any], action_id: str | None = None) -> Any:
    """The starter's first move at a computer table: discard its first tile."""
    view = made["view"]
    action = {"type": "discard", "tile": view["rack"][0]}
    return client.act(
        made["table_id"],
        made["token"],
        action,
        expected_version=view["version"],
        action_id=action_id or uuid.uuid4().hex,
    )


def secrets(store: TableStore, made: dict[str, Any]) -> list[str]:
    """What must never reach a log line or an error body: the token, the seed, the invite
    code, the rack, the stored item itself."""
    stored = store.get(made["table_id"])
    assert stored is not None
    data = json.loads(stored.data)
    return [
        made["token"],
        data["g"]["m"],
        data["iv"],
        json.dumps(made["view"]["rack"]),
        stored.data,
    ]


def assert_busy(reply: Any, retry_after: str) -> None:
    assert reply.status == 503, reply.text
    assert reply.body == {"error": {"code": "busy", "message": reply.body["error"]["message"]}}
    assert reply.body["error"]["message"]
    assert reply.headers["Retry-After"] == retry_after
    assert reply.headers["Content-Type"] == "application/json"


def warnings_of(lines: LogLines, message: str) -> list[dict[str, Any]]:
    records = [json.loads(line) for line in lines.lines]
    return [r for r in records if r["message"] == message and r["level"] == "WARNING"]


# -- conflicts -------------------------------------------------------------------------


def test_conflicts_back_off_growing_jittered_capped_then_the_move_lands_once(
    client: ApiClient, sqlite_service: Service
) -> None:
    made = client.create(mode="computer", name="A")
    fractions = [0.9, 0.3, 1.0, 0.6, 0.8, 0.5, 1.0, 0.7]
    sleeps: list[float] = []
    conflicts = Conflicts(sqlite_service.store, len(fractions))
    sqlite_service.store = conflicts
    sqlite_service.sleep = sleeps.append
    sqlite_service.rng = ScriptedRandom(fractions)

    reply = discard(client, made)

    assert reply.status == 200, reply.text
    assert conflicts.writes == len(fractions) + 1
    assert sleeps == pytest.approx([c * f for c, f in zip(CEILINGS, fractions, strict=False)])
    assert sum(sleeps) <= BACKOFF_BUDGET_S
    tile = made["view"]["rack"][0]
    state = sqlite_service.load(made["table_id"]).state
    mine = [e["tile"] for e in state.events if e["seat"] == 0 and e["type"] == "discard"]
    assert mine == [tile]


def test_the_pauses_are_jittered_and_bounded_whatever_the_draw() -> None:
    schedules = []
    for seed in range(300):
        service = Service(
            SqliteStore(":memory:"), ManualClock(), Settings(), rng=random.Random(seed)
        )
        pauses = list(service.backoff())
        assert len(pauses) <= MAX_ATTEMPTS - 1
        assert all(0 <= p <= c for p, c in zip(pauses, CEILINGS, strict=False)), pauses
        assert sum(pauses) <= BACKOFF_BUDGET_S
        schedules.append(pauses)
    firsts = {round(s[0], 6) for s in schedules}
    assert len(firsts) > 250  # drawn, not fixed: colliding requests spread apart


def test_a_table_that_stays_contended_is_503_busy_with_retry_after(
    client: ApiClient, sqlite_service: Service
) -> None:
    made = client.create(mode="computer", name="A")
    tid = made["table_id"]
    hidden = secrets(sqlite_service.store, made)
    before = sqlite_service.store.raw(tid)
    sleeps: list[float] = []
    conflicts = Conflicts(sqlite_service.store, 10**6)
    sqlite_service.store = conflicts
    sqlite_service.sleep = sleeps.append
    sqlite_service.rng = ScriptedRandom([1.0] * MAX_ATTEMPTS)  # every pause at its ceiling

    lines = LogLines()
    with lines.attached():
        reply = discard(client, made)

    assert_busy(reply, "1")
    # Up to the cap, then stopped where one more 0.4 s would pass the 2 s budget.
    assert sleeps == pytest.approx([0.02, 0.04, 0.08, 0.16, 0.32, 0.4, 0.4, 0.4])
    assert sum(sleeps) <= BACKOFF_BUDGET_S
    assert conflicts.writes == len(sleeps) + 1
    assert conflicts.raw(tid) == before
    assert [r["table_id"] for r in warnings_of(lines, "table still contended")] == [tid]
    assert not [s for s in hidden if any(s in line for line in lines.lines)]
