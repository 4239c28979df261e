"""A classic table's view (engine.classic.view.view_for)."""

from __future__ import annotations

from marshmallow import Schema, fields

from api.tables.schemas.common import Int
from api.tables.schemas.shared_view import SharedViewSchema, result_items


class SeatViewSchema(Schema):
    seat = Int(required=True)
    tiles = Int(required=True)
    discard_top = Int(allow_none=True, required=True)
    discard_count = Int(required=True)
    discards = fields.List(Int(), allow_none=True, required=True)
    score = Int(required=True)
    shown_indicator = fields.Boolean(required=True)


class LegalSchema(Schema):
    type = fields.String(required=True)
    tiles = fields.List(Int())


class ResultSchema(Schema):
    winner = Int(allow_none=True, required=True)
    kind = fields.String(allow_none=True, required=True)
    okey_finish = fields.Boolean(required=True)
    deltas = fields.List(Int(), required=True)
    groups = fields.List(fields.List(Int()), required=True)
    placed = Int(allow_none=True, required=True)


class ViewSchema(SharedViewSchema):
    """A classic table's view (engine.classic.view.view_for)."""

    seats = fields.List(fields.Nested(SeatViewSchema), required=True)
    legal = fields.List(fields.Nested(LegalSchema), required=True)
    dice = fields.List(Int(), allow_none=True, required=True)
    scores = fields.List(Int(), required=True)
    result = fields.Nested(ResultSchema, allow_none=True, required=True)
    result_items = result_items()
