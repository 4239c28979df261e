"""The tables' request bodies and query strings, each bounded by what the game allows."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from api.tables.kinds import DEFAULT, NAMES
from api.tables.names import DEFAULT_NAMES, Name
from api.tables.pace import (
    BAD_TURN_SECONDS,
    LIVE_SECONDS,
    MAX_TURN_SECONDS,
    MIN_TURN_SECONDS,
    PACES,
    RELAXED_SECONDS,
)
from api.tables.schemas.common import QueryInt, request_id_field, strict_int
from engine.core.levels import LEVELS as BOT_LEVELS

MODES = NAMES  # the kinds of table (api/tables/kinds.py)


class OptionsSchema(Schema):
    seats = strict_int(validate=validate.Range(2, 4))
    scoring = fields.String(validate=validate.OneOf(("countdown", "points")))
    start_points = strict_int(validate=validate.Range(1, 1000))
    hands = strict_int(validate=validate.Range(1, 100))
    target = strict_int(allow_none=True, validate=validate.Range(1, 1000))
    run_13_1 = fields.Boolean(truthy={True}, falsy={False})
    pairs_finish = fields.Boolean(truthy={True}, falsy={False})
    indicator_bonus = fields.Boolean(truthy={True}, falsy={False})
    traditional_deal = fields.Boolean(truthy={True}, falsy={False})
    # 101 (variant "101"): hands 1..11 there; classic options are refused on 101 tables and back
    opening_rule = fields.String(validate=validate.OneOf(("sum101", "middle34")))
    pairs_opening = fields.Boolean(truthy={True}, falsy={False})
    okey_swap = fields.Boolean(truthy={True}, falsy={False})
    discard_must_be_used = fields.Boolean(truthy={True}, falsy={False})
    burn_full_sets = fields.Boolean(truthy={True}, falsy={False})
    penalties = fields.Boolean(truthy={True}, falsy={False})
    partners = fields.Boolean(truthy={True}, falsy={False})


class SeatSpecSchema(Schema):
    kind = fields.String(required=True, validate=validate.OneOf(("human", "bot", "open")))
    name = Name()
    level = fields.String(validate=validate.OneOf(BOT_LEVELS))


class CreateTableRequest(Schema):
    variant = fields.String(load_default="classic", validate=validate.Length(max=16))
    mode = fields.String(load_default=DEFAULT, validate=validate.OneOf(MODES))
    options = fields.Nested(OptionsSchema, load_default=dict)
    seats = fields.List(
        fields.Nested(SeatSpecSchema), validate=validate.Length(min=2, max=4), allow_none=True
    )
    # The range is the pace's, checked by api.tables.pace (400 bad_turn_seconds), not here.
    pace = fields.String(
        validate=validate.OneOf(PACES),
        metadata={
            "description": f"live: {LIVE_SECONDS[0]}..{LIVE_SECONDS[1]} s a turn; relaxed: "
            f"{RELAXED_SECONDS[0]}..{RELAXED_SECONDS[1]} s. Default: relaxed for friends "
            "tables, live otherwise"
        },
    )
    turn_seconds = strict_int(
        metadata={
            "minimum": MIN_TURN_SECONDS,
            "maximum": MAX_TURN_SECONDS,
            "description": "within the pace's range (else 400 "
            f"{BAD_TURN_SECONDS}); without a pace, an hour or more makes the table relaxed. "
            "Default: 30 (live), 86400 (relaxed)",
        }
    )
    name = Name()


class JoinRequest(Schema):
    invite_code = fields.String(required=True, validate=validate.Length(min=1, max=16))
    # Left out: the seat's generated name in `lang` ("Player 2"); an empty name is refused.
    name = Name()
    lang = fields.String(load_default="en", validate=validate.OneOf(sorted(DEFAULT_NAMES)))
    request_id = request_id_field()


class StartRequest(Schema):
    request_id = request_id_field()


class BotSeatRequest(Schema):
    level = fields.String(load_default="normal", validate=validate.OneOf(BOT_LEVELS))


TILE_ID = validate.Range(0, 105)
# 101 groups: at most 22 tiles on a rack, so at most 11 groups of at most 13 tiles.
MAX_RACK = 22


def _at_most_a_rack(tiles: int) -> None:
    # Each list is bounded on its own; together they still cannot name more than a rack holds.
    if tiles > MAX_RACK:
        raise ValidationError(f"a request names at most {MAX_RACK} tiles, a full 101 rack")


def _groups() -> fields.List[Any]:
    return fields.List(
        fields.List(strict_int(validate=TILE_ID), validate=validate.Length(min=1, max=13)),
        validate=validate.Length(min=1, max=11),
        metadata={"description": f"melds and pairs together name at most {MAX_RACK} tiles"},
    )


class ActionRequest(Schema):
    type = fields.String(required=True, validate=validate.Length(min=1, max=32))
    tile = strict_int(allow_none=True)
    # 101 only: open/lay take melds or pairs; layoff/swap take tile, meld and position
    melds = _groups()
    pairs = _groups()
    # Ignored: a 101 view's legal ``open`` carries its points, and a client may send that
    # suggestion back as it is (as the table's Open ✨ did before it named the opening).
    points = strict_int(load_only=True)
    meld = strict_int(validate=validate.Range(0, 105))
    position = strict_int(validate=validate.Range(0, 13))
    expected_version = strict_int(required=True, validate=validate.Range(min=0))
    action_id = fields.String(required=True, validate=validate.Length(min=1, max=64))
    seat = strict_int(validate=validate.Range(0, 3))

    @validates_schema
    def _tiles(self, data: dict[str, Any], **_kwargs: Any) -> None:
        groups = [*(data.get("melds") or []), *(data.get("pairs") or [])]
        _at_most_a_rack(sum(len(group) for group in groups))


class RackRequest(Schema):
    layout = fields.List(
        fields.List(
            strict_int(allow_none=True, validate=validate.Range(0, 105)),
            validate=validate.Length(equal=15),
        ),
        required=True,
        validate=validate.Length(equal=2),
        metadata={"description": f"at most {MAX_RACK} tiles, the rest null"},
    )
    seat = strict_int(validate=validate.Range(0, 3))

    @validates_schema
    def _tiles(self, data: dict[str, Any], **_kwargs: Any) -> None:
        _at_most_a_rack(sum(tile is not None for row in data["layout"] for tile in row))


class StatusEntryRequest(Schema):
    """One table of ``POST /api/tables/status``: its id and the seat token this device holds."""

    table_id = fields.String(required=True, validate=validate.Length(min=1, max=64))
    token = fields.String(required=True, validate=validate.Length(min=1, max=128))


class ViewQuery(Schema):
    seat = QueryInt(validate=validate.Range(0, 3))
    since = QueryInt(validate=validate.Range(min=0))
    # "1" from a tab the player cannot see: the poll does not count as the player looking.
    away = fields.Boolean(load_default=False, truthy={"1"}, falsy={"0"})


class SeatQuery(Schema):
    seat = QueryInt(validate=validate.Range(0, 3))


class ArrangementQuery(Schema):
    seat = QueryInt(validate=validate.Range(0, 3))
    by = fields.String(
        load_default="best", validate=validate.OneOf(("best", "runs", "sets", "pairs"))
    )
