"""The friends' parts of a view (api/tables/schemas/shared_view.py and responses.py nest them in
every view and status)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.friends.item import REACTIONS


class RematchOfferSchema(Schema):
    """A finished table's rematch: the next table and who asked for it first."""

    table_id = fields.String(required=True)
    by = fields.Integer(required=True, metadata={"description": "the seat that asked"})
    by_name = fields.String(allow_none=True, required=True)


class SeriesSchema(Schema):
    """A rematch table's chain: the table before it and the matches won so far."""

    previous_table_id = fields.String(required=True)
    tables = fields.Integer(
        required=True, metadata={"description": "tables in the chain, this one included"}
    )
    wins = fields.List(
        fields.Integer(),
        required=True,
        metadata={"description": "per seat: matches won at the tables before this one"},
    )
    names = fields.List(fields.String(), required=True)


class NudgeSchema(Schema):
    """A nudge to the seat whose view this is, while its turn lasts (api/friends/nudge.py)."""

    by = fields.Integer(required=True, metadata={"description": "the seat that nudged"})
    by_name = fields.String(required=True, metadata={"description": "that seat's name"})
    at = fields.Integer(required=True, metadata={"description": "epoch ms"})


class ReactionSchema(Schema):
    seat = fields.Integer(required=True)
    reaction = fields.String(required=True, validate=validate.OneOf(REACTIONS))
    at = fields.Integer(required=True, metadata={"description": "epoch ms"})


class InviteSchema(Schema):
    """What the join page shows of a friends table still waiting for players."""

    by_name = fields.String(allow_none=True, required=True)
    seated = fields.List(
        fields.String(allow_none=True),
        required=True,
        metadata={"description": "per seat: who sits there, null for a free seat"},
    )
