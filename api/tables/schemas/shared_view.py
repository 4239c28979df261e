"""What every variant's view has: engine.core.view.shared_view, the table around it and
the friends' parts (api/friends/schemas.py), and the pieces both variants' views nest."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from api.friends.schemas import (
    InviteSchema,
    NudgeSchema,
    ReactionSchema,
    RematchOfferSchema,
    SeriesSchema,
)
from api.tables.kinds import FLAGS
from api.tables.pace import PACES
from api.tables.schemas.common import Int


class ResultItemSchema(Schema):
    """One line of a seat's hand score (engine.okey101.scoring.hand_items, engine.classic.view)."""

    item = fields.String(required=True)
    points = Int(required=True)
    tiles = Int()  # rack: tiles left
    tile = Int()  # penalty: the tile discarded
    reason = fields.String()  # penalty: "okey" or "layoff"
    seat = Int(allow_none=True)  # classic finish or indicator: whose


def result_items() -> fields.List[Any]:
    """Per seat, its lines (they add up to its delta); null until the hand is over."""
    return fields.List(fields.List(fields.Nested(ResultItemSchema)), allow_none=True, required=True)


# What the table's kind does (api/tables/kinds.py, TableKind.flags): the frontend reads
# these, never the ``mode`` string. One boolean per question, every one always present.
TableFlagsSchema = Schema.from_dict(
    {flag: fields.Boolean(required=True) for flag in FLAGS}, name="TableFlagsSchema"
)


class PlayerSchema(Schema):
    seat = Int(required=True)
    name = fields.String(allow_none=True, required=True)
    kind = fields.String(required=True, validate=validate.OneOf(("human", "bot", "open")))
    level = fields.String(allow_none=True, required=True)
    auto = fields.Boolean(required=True)
    # Open tables (api/lobby): the made name's code (to say it in the reader's language), a
    # seat handed to a computer after its turns ran out, the player's reliability.
    name_code = fields.String()
    quit = fields.Boolean()
    reliability = fields.Nested(
        Schema.from_dict(
            {"finished": Int(required=True), "of": Int(required=True)}, name="SeatReliability"
        )
    )


class LobbyViewSchema(Schema):
    """A waiting open table's timing (epoch ms), or ``closed`` when nobody came."""

    start_now_at = Int(metadata={"description": "its people may start it with computers"})
    starts_at = Int(metadata={"description": "it starts with computers (or closes) by itself"})
    closes = fields.Boolean(metadata={"description": "starts_at closes it: one person, relaxed"})
    closed = fields.Boolean()


class SharedViewSchema(Schema):
    """Fields of every variant's view: engine.core.view.shared_view plus the table around it."""

    version = Int(required=True)
    variant = fields.String(required=True)
    options = fields.Dict(required=True)
    hand = Int(required=True)
    starter = Int(required=True)
    phase = fields.String(required=True)
    turn = Int(allow_none=True, required=True)
    rack = fields.List(Int(), allow_none=True, required=True)
    indicator = Int(required=True)
    okey = Int(required=True)
    okey_name = fields.String(required=True)
    pile_count = Int(required=True)
    seed_hash = fields.String(required=True)
    seed = fields.String(allow_none=True, required=True)
    match_over = fields.Boolean(required=True)
    match_winners = fields.List(Int(), required=True)
    history = fields.List(fields.Raw(), required=True)
    events = fields.List(fields.Dict())
    events_complete = fields.Boolean()
    # the table around the game
    table_id = fields.String(required=True)
    status = fields.String(
        required=True, validate=validate.OneOf(("waiting", "playing", "finished"))
    )
    mode = fields.String(required=True)
    flags = fields.Nested(TableFlagsSchema, required=True)
    turn_seconds = Int(required=True)
    pace = fields.String(required=True, validate=validate.OneOf(PACES))
    deadline = Int(allow_none=True, required=True)
    you = Int(allow_none=True, required=True)
    held_seats = fields.List(Int(), required=True)
    creator = fields.Boolean(required=True)
    invite_code = fields.String(allow_none=True, required=True)
    players = fields.List(fields.Nested(PlayerSchema), required=True)
    rack_layout = fields.List(fields.List(Int(allow_none=True)), allow_none=True, required=True)
    others_here = fields.Boolean(
        required=True,
        metadata={
            "description": "a person at another seat has the table open now (a seat's view "
            "only; false for a spectator): a relaxed table's page then polls as a live one's"
        },
    )
    # Friends (api/friends/views.py): the offer of a finished table, a rematch's series, the
    # last reactions (a seat's view only) and the invite page's facts.
    rematch = fields.Nested(RematchOfferSchema, allow_none=True, required=True)
    series = fields.Nested(SeriesSchema, allow_none=True, required=True)
    reactions = fields.List(fields.Nested(ReactionSchema), required=True)
    invite = fields.Nested(InviteSchema, allow_none=True, required=True)
    # A nudge to this view's seat while its turn lasts (who and when); null otherwise.
    nudge = fields.Nested(NudgeSchema, allow_none=True, required=True)
    # Open tables only (api/lobby): their timing while they wait; null once started.
    lobby = fields.Nested(LobbyViewSchema, allow_none=True)
