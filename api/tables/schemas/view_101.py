"""A 101 table's view (engine.okey101.view.view_for)."""

from __future__ import annotations

from marshmallow import Schema, fields

from api.tables.schemas.common import Int
from api.tables.schemas.shared_view import SharedViewSchema, result_items


class Seat101Schema(Schema):
    seat = Int(required=True)
    tiles = Int(required=True)
    opened = fields.String(allow_none=True, required=True)  # null, "melds" or "pairs"
    discard_top = Int(allow_none=True, required=True)
    discard_count = Int(required=True)
    penalties = Int(required=True)
    total = Int(required=True)


class PenaltyFitSchema(Schema):
    """A penalised discard and the table meld it would extend (engine.okey101.advice)."""

    tile = Int(required=True)
    meld = Int(required=True)  # index into the view's ``table``
    seat = Int(required=True)  # the meld's owner (``table_owners[meld]``)


class Legal101Schema(Schema):
    type = fields.String(required=True)
    tiles = fields.List(Int())  # discard: the tiles allowed
    penalised = fields.List(Int())  # discard: those of them that would cost a 101 penalty
    fits = fields.List(fields.Nested(PenaltyFitSchema))  # discard: the meld each one extends
    melds = fields.List(fields.List(Int()))  # open / lay: a suggestion
    pairs = fields.List(fields.List(Int()))
    points = Int()  # open with melds: the suggestion's points under the table's opening rule
    tile = Int()  # layoff / swap
    meld = Int()
    position = Int()


class View101Schema(SharedViewSchema):
    """A 101 table's view (engine.okey101.view.view_for)."""

    seats = fields.List(fields.Nested(Seat101Schema), required=True)
    legal = fields.List(fields.Nested(Legal101Schema), required=True)
    table = fields.List(fields.List(Int()), required=True)
    table_owners = fields.List(Int(), required=True)
    burned = fields.List(Int(), required=True)
    result = fields.List(Int(), allow_none=True, required=True)
    result_items = result_items()
    finisher = Int(allow_none=True, required=True)
    history = fields.List(fields.List(Int()), required=True)
