"""A tab that stops looking says so: its seat then gets pushes at once.

The page calls ``navigator.sendBeacon`` on ``pagehide`` and when it is hidden. A beacon
cannot set headers, so the seat token travels in the body, as JSON text (sendBeacon's
text/plain string): never in the address, where logs and caches would keep it.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from api.tables import seats
from api.tables.schemas import load
from api.tables.service import Loaded, Service


class AwayRequest(Schema):
    """The body of ``POST /api/tables/{id}/away`` (JSON, whatever its content type)."""

    token = fields.String(required=True, validate=validate.Length(min=1, max=128))
    seat = fields.Integer(strict=True, validate=validate.Range(0, 3))


def stopped_looking(service: Service, table_id: str, body: Any) -> None:
    """Mark the token's seats as not looking now; no game change, no new version."""

    def change(loaded: Loaded) -> Any:
        fields_ = load(AwayRequest, body)
        caller = seats.caller(loaded.table, fields_["token"], required=True)
        seats.seat_for(loaded, caller, fields_.get("seat"))  # 403 for a seat not held
        assert caller.token_index is not None
        if loaded.table.mark_away(caller.token_index, loaded.now_ms // 1000):
            loaded.dirty = True
        return lambda: None

    service.commit(table_id, change)
