"""Table expiry through the API: the TTL the stores keep, as clients see it."""

from __future__ import annotations

import pytest

from api.clock import ManualClock
from api.tables.service import Service
from tests.api.support import ApiClient
from tests.api.tables.test_flow import aid, hotseat

pytestmark = pytest.mark.usefixtures("service")


def test_a_table_past_its_expiry_is_gone_in_every_store(
    client: ApiClient, clock: ManualClock, service: Service
) -> None:
    """DynamoDB's TTL deletes late and SQLite only on creation; reads must not care."""
    made = hotseat(client, turn_seconds=7 * 86400)
    table, token = made["table_id"], made["token"]
    idle = service.settings.idle_ttl_days * 86400
    stored = service.store.get(table)
    assert stored is not None and stored.expires_at == clock.now_ms() // 1000 + idle
    clock.advance(idle)
    gone = client.call("GET", f"/api/tables/{table}", token=token)
    assert gone.status == 404 and gone.body["error"]["code"] == "table_not_found"
    assert "expired" in gone.body["error"]["message"]
    moved = client.act(
        table, token, {"type": "discard", "tile": 0}, expected_version=1, action_id=aid()
    )
    assert moved.status == 404
    assert service.store.get(table) is not None  # refused without touching the item
