"""The tables' answers: errors, a made or joined table, a rack, an arrangement and the
tables' status at a glance (a view itself is api/tables/schemas/views.py's)."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from api.friends.schemas import RematchOfferSchema
from api.tables.schemas.common import Int
from api.tables.schemas.shared_view import PlayerSchema, TableFlagsSchema
from api.tables.schemas.views import ViewField
from api.web.operation import ErrorSchema


class StaleErrorSchema(ErrorSchema):
    view = ViewField(required=True)


class CreateTableResponse(Schema):
    table_id = fields.String(required=True)
    seat = Int(required=True)
    seats = fields.List(Int(), required=True)
    token = fields.String(required=True)
    invite_code = fields.String(allow_none=True, required=True)
    invite_url = fields.String(allow_none=True, required=True)
    view = ViewField(required=True)


class JoinResponse(Schema):
    seat = Int(required=True)
    token = fields.String(required=True)
    view = ViewField(required=True)


class RackResponse(Schema):
    ok = fields.Boolean(required=True)
    version = Int(required=True)


class ArrangementResponse(Schema):
    layout = fields.List(fields.List(Int(allow_none=True)), required=True)
    groups = fields.List(fields.List(Int()), required=True)
    leftover = fields.List(Int(), required=True)
    discard = Int(allow_none=True, required=True)
    kind = fields.String(allow_none=True, required=True)


class TableStatusSchema(Schema):
    """One table at a glance (api/tables/yours.py): the spectator's view cut down, and the seats
    of the token asked with."""

    table_id = fields.String(required=True)
    status = fields.String(
        required=True, validate=validate.OneOf(("waiting", "playing", "finished"))
    )
    mode = fields.String(required=True)
    flags = fields.Nested(TableFlagsSchema, required=True)
    variant = fields.String(required=True)
    turn_seconds = Int(required=True)
    deadline = Int(allow_none=True, required=True, metadata={"description": "epoch ms"})
    phase = fields.String(required=True)
    hand = Int(required=True)
    version = Int(required=True)
    match_over = fields.Boolean(required=True)
    players = fields.List(fields.Nested(PlayerSchema), required=True)
    held_seats = fields.List(Int(), required=True)
    turn = Int(allow_none=True, required=True)
    turn_name = fields.String(allow_none=True, required=True)
    your_turn = fields.Boolean(required=True)
    last_move = Int(allow_none=True, required=True, metadata={"description": "epoch ms"})
    rematch = fields.Nested(RematchOfferSchema, allow_none=True, required=True)


class TableStatusErrorSchema(ErrorSchema):
    """An entry that could not be answered: unknown or expired table, a token that holds no
    seat there, an unreadable record, or the store busy for this one table."""

    table_id = fields.String(required=True)


class TableStatusesResponse(Schema):
    now = Int(required=True, metadata={"description": "the server's clock, epoch ms"})
    tables = fields.List(fields.Raw(), required=True)

    def dump(self, obj: Any, *, many: bool | None = None) -> Any:
        tables = [
            (_STATUS_ERROR if "error" in entry else _STATUS).dump(entry) for entry in obj["tables"]
        ]
        return {"now": obj["now"], "tables": tables}


_STATUS = TableStatusSchema()
_STATUS_ERROR = TableStatusErrorSchema()
