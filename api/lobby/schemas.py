"""The lobby's request bodies, query strings and answers."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from api.lobby.listing import SEAT_COUNTS
from api.lobby.safety import REPORT_REASONS
from api.tables.pace import PACES
from api.tables.schemas.common import QueryInt, request_id_field, strict_int
from api.tables.schemas.views import ViewField
from engine.variants import VARIANTS

VARIANT_NAMES = tuple(VARIANTS)


def _choices(
    allowed: tuple[object, ...], default: list[object], inner: fields.Field[Any]
) -> fields.List[Any]:
    return fields.List(
        inner,
        load_default=default,
        validate=validate.Length(min=1, max=len(allowed)),
        metadata={"description": f"any of {', '.join(map(str, allowed))}; default {default}"},
    )


class PlayNowRequest(Schema):
    variants = _choices(
        VARIANT_NAMES, ["classic"], fields.String(validate=validate.OneOf(VARIANT_NAMES))
    )
    paces = _choices(PACES, ["live"], fields.String(validate=validate.OneOf(PACES)))
    seats = _choices(SEAT_COUNTS, [4], strict_int(validate=validate.OneOf(SEAT_COUNTS)))
    request_id = request_id_field()


class SeatedResponse(Schema):
    table_id = fields.String(required=True)
    seat = fields.Integer(required=True)
    token = fields.String(required=True)
    view = ViewField(required=True)
    waiting = fields.Boolean(required=True, metadata={"description": "not started yet"})


class LobbyQuery(Schema):
    variant = fields.String(validate=validate.OneOf(VARIANT_NAMES))
    pace = fields.String(validate=validate.OneOf(PACES))
    seats = QueryInt(validate=validate.OneOf(SEAT_COUNTS))


class ReliabilitySchema(Schema):
    finished = fields.Integer(required=True)
    of = fields.Integer(required=True)


class LobbyPlayerSchema(Schema):
    name = fields.String(required=True, metadata={"description": "the made name, in English"})
    name_code = fields.String(required=True, metadata={"description": "to say it in any language"})
    reliability = fields.Nested(ReliabilitySchema, allow_none=True, required=True)


class OpenTableSchema(Schema):
    table_id = fields.String(required=True)
    variant = fields.String(required=True)
    pace = fields.String(required=True)
    turn_seconds = fields.Integer(required=True)
    seats = fields.Integer(required=True)
    taken = fields.Integer(required=True)
    players = fields.List(fields.Nested(LobbyPlayerSchema), required=True)
    created_at = fields.Integer(required=True, metadata={"description": "epoch ms"})
    starts_at = fields.Integer(
        required=True, metadata={"description": "epoch ms: it starts with computers then"}
    )


class LobbyResponse(Schema):
    tables = fields.List(fields.Nested(OpenTableSchema), required=True)


class JoinOpenRequest(Schema):
    """A join from the lobby's list: no invite code, nothing else needed."""


class BlockRequest(Schema):
    table_id = fields.String(required=True, validate=validate.Length(min=1, max=64))
    seat = strict_int(required=True, validate=validate.Range(0, 3))


class BlockSchema(Schema):
    n = fields.Integer(required=True)
    name = fields.String(required=True)
    name_code = fields.String(required=True)
    at = fields.Integer(required=True, metadata={"description": "epoch ms"})


class BlocksResponse(Schema):
    blocks = fields.List(fields.Nested(BlockSchema), required=True)


class ReportRequest(Schema):
    seat = strict_int(required=True, validate=validate.Range(0, 3))
    reason = fields.String(required=True, validate=validate.OneOf(REPORT_REASONS))
