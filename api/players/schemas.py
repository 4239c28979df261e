"""The players routes' schemas (api/players/routes.py): a new player, a new name, and
what ``GET /api/players/me`` answers."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.tables.names import DEFAULT_NAMES, Name

Int = fields.Integer


class PlayerRequest(Schema):
    # Left out: a generated name in `lang` ("Player 4821", "Oyuncu 4821", "플레이어 4821").
    name = Name()
    lang = fields.String(load_default="en", validate=validate.OneOf(sorted(DEFAULT_NAMES)))


class RenameRequest(Schema):
    name = Name(required=True)


class PlayerCreatedResponse(Schema):
    player_id = fields.String(required=True)
    token = fields.String(
        required=True,
        metadata={
            "description": "the player's secret: Authorization on /api/players/me, "
            "X-Istaka-Player on creating or joining a table. Shown only this once"
        },
    )
    name = fields.String(required=True)


class VariantStatsSchema(Schema):
    hands_played = Int(required=True)
    hands_won = Int(required=True)
    matches_played = Int(required=True)
    matches_won = Int(required=True)
    streak = Int(required=True, metadata={"description": "matches won in a row, up to now"})
    best_streak = Int(required=True)
    pairs_finishes = Int(required=True)
    okey_finishes = Int(required=True)


class Stats101Schema(VariantStatsSchema):
    best_hand = Int(
        allow_none=True, required=True, metadata={"description": "lowest hand score (101)"}
    )


class PlayerStatsSchema(Schema):
    classic = fields.Nested(VariantStatsSchema, required=True)
    okey101 = fields.Nested(Stats101Schema, required=True, data_key="101", attribute="101")


class PlayerGameSchema(Schema):
    """A table whose hands credited the player: the last hand credited and its candy."""

    table_id = fields.String(required=True)
    hand = Int(required=True, metadata={"description": "as a view's hand: 0 is the first"})
    candy = Int(required=True, metadata={"description": "what that hand earned"})
    game_candy = Int(required=True, metadata={"description": "what the table's hands earned"})
    at = Int(required=True, metadata={"description": "epoch ms of the credit"})
    why = fields.String(
        required=True,
        allow_none=True,
        validate=validate.OneOf(["computer_win_only", "few_moves", "daily_limit"]),
        metadata={
            "description": "why that hand earned less than its rate: a draw or loss against "
            "the computer, fewer than 24 own moves in the game so far, or the daily limit "
            "reached; null when it earned its full rate"
        },
    )


class PlayerResponse(Schema):
    player_id = fields.String(required=True)
    name = fields.String(required=True)
    candy = Int(required=True, metadata={"description": "the balance"})
    candy_today = Int(required=True, metadata={"description": "earned this UTC day"})
    daily_limit = Int(required=True)
    day_ends = Int(required=True, metadata={"description": "epoch ms of the next UTC midnight"})
    stats = fields.Nested(PlayerStatsSchema, required=True)
    games = fields.List(
        fields.Nested(PlayerGameSchema),
        required=True,
        metadata={"description": "the tables credited most recently, newest first (at most 16)"},
    )
