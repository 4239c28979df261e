"""Marshmallow schemas for the tables' requests and responses, and the loading helpers every
route uses (each takes a schema class, made once). Web Push's and the players' own
schemas are in api/push/schemas.py and api/players/schemas.py; the OpenAPI document is
built from all of them."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from engine.core.levels import LEVELS as BOT_LEVELS  # re-exported for the API schemas

from .errors import bad_request
from .friends.schemas import InviteSchema, ReactionSchema, RematchOfferSchema, SeriesSchema
from .names import BAD_NAME, DEFAULT_NAMES, Name, only_names_at_fault
from .pace import (
    BAD_TURN_SECONDS,
    LIVE_SECONDS,
    MAX_TURN_SECONDS,
    MIN_TURN_SECONDS,
    PACES,
    RELAXED_SECONDS,
)

MODES = ("computer", "friends", "hotseat")
Int = fields.Integer


class QueryInt(fields.Integer):
    """A number in a query string: ASCII digits only, as a client writes it. ``int()`` and
    marshmallow alone accept ``" 0"``, ``"+0"``, ``"1_0"`` and other scripts' digits
    (``"٣"``, ``"１"``), each a second spelling of one request."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if not (isinstance(value, str) and value.isascii() and value.isdigit() and len(value) < 10):
            raise ValidationError("a number here is ASCII digits only")
        return int(value)


def _strict_int(**kwargs: Any) -> fields.Integer:
    return fields.Integer(strict=True, **kwargs)


# -- requests -------------------------------------------------------------------------


class OptionsSchema(Schema):
    seats = _strict_int(validate=validate.Range(2, 4))
    scoring = fields.String(validate=validate.OneOf(("countdown", "points")))
    start_points = _strict_int(validate=validate.Range(1, 1000))
    hands = _strict_int(validate=validate.Range(1, 100))
    target = _strict_int(allow_none=True, validate=validate.Range(1, 1000))
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
    mode = fields.String(load_default="computer", validate=validate.OneOf(MODES))
    options = fields.Nested(OptionsSchema, load_default=dict)
    seats = fields.List(
        fields.Nested(SeatSpecSchema), validate=validate.Length(min=2, max=4), allow_none=True
    )
    # The range is the pace's, checked by api.pace (400 bad_turn_seconds), not here.
    pace = fields.String(
        validate=validate.OneOf(PACES),
        metadata={
            "description": f"live: {LIVE_SECONDS[0]}..{LIVE_SECONDS[1]} s a turn; relaxed: "
            f"{RELAXED_SECONDS[0]}..{RELAXED_SECONDS[1]} s. Default: relaxed for friends "
            "tables, live otherwise"
        },
    )
    turn_seconds = _strict_int(
        metadata={
            "minimum": MIN_TURN_SECONDS,
            "maximum": MAX_TURN_SECONDS,
            "description": "within the pace's range (else 400 "
            f"{BAD_TURN_SECONDS}); without a pace, an hour or more makes the table relaxed. "
            "Default: 30 (live), 86400 (relaxed)",
        }
    )
    name = Name()


class FullMatch(validate.Regexp):
    """A pattern the whole value must match (``Regexp`` lets ``$`` pass a final newline)."""

    def __call__(self, value: Any) -> Any:
        if self.regex.fullmatch(value) is None:
            raise ValidationError(self._format_error(value))
        return value


def _request_id() -> fields.String:
    # A retry's key and, for a join, what gives its token again: random, so unguessable.
    return fields.String(
        validate=[
            validate.Length(min=16, max=64),
            FullMatch(r"^[A-Za-z0-9_-]+$", error="letters, digits, '-' and '_' only"),
        ]
    )


class JoinRequest(Schema):
    invite_code = fields.String(required=True, validate=validate.Length(min=1, max=16))
    # Left out: the seat's generated name in `lang` ("Player 2"); an empty name is refused.
    name = Name()
    lang = fields.String(load_default="en", validate=validate.OneOf(sorted(DEFAULT_NAMES)))
    request_id = _request_id()


class StartRequest(Schema):
    request_id = _request_id()


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
        fields.List(_strict_int(validate=TILE_ID), validate=validate.Length(min=1, max=13)),
        validate=validate.Length(min=1, max=11),
        metadata={"description": f"melds and pairs together name at most {MAX_RACK} tiles"},
    )


class ActionRequest(Schema):
    type = fields.String(required=True, validate=validate.Length(min=1, max=32))
    tile = _strict_int(allow_none=True)
    # 101 only: open/lay take melds or pairs; layoff/swap take tile, meld and position
    melds = _groups()
    pairs = _groups()
    meld = _strict_int(validate=validate.Range(0, 105))
    position = _strict_int(validate=validate.Range(0, 13))
    expected_version = _strict_int(required=True, validate=validate.Range(min=0))
    action_id = fields.String(required=True, validate=validate.Length(min=1, max=64))
    seat = _strict_int(validate=validate.Range(0, 3))

    @validates_schema
    def _tiles(self, data: dict[str, Any], **_kwargs: Any) -> None:
        groups = [*(data.get("melds") or []), *(data.get("pairs") or [])]
        _at_most_a_rack(sum(len(group) for group in groups))


class RackRequest(Schema):
    layout = fields.List(
        fields.List(
            _strict_int(allow_none=True, validate=validate.Range(0, 105)),
            validate=validate.Length(equal=15),
        ),
        required=True,
        validate=validate.Length(equal=2),
        metadata={"description": f"at most {MAX_RACK} tiles, the rest null"},
    )
    seat = _strict_int(validate=validate.Range(0, 3))

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


# -- responses ------------------------------------------------------------------------


class ErrorDetailSchema(Schema):
    code = fields.String(required=True)
    message = fields.String(required=True)


class ErrorSchema(Schema):
    error = fields.Nested(ErrorDetailSchema, required=True)


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


class ResultItemSchema(Schema):
    """One line of a seat's hand score (engine.okey101.scoring.hand_items, engine.classic.view)."""

    item = fields.String(required=True)
    points = Int(required=True)
    tiles = Int()  # rack: tiles left
    tile = Int()  # penalty: the tile discarded
    reason = fields.String()  # penalty: "okey" or "layoff"
    seat = Int(allow_none=True)  # classic finish or indicator: whose


def _result_items() -> fields.List[Any]:
    """Per seat, its lines (they add up to its delta); null until the hand is over."""
    return fields.List(fields.List(fields.Nested(ResultItemSchema)), allow_none=True, required=True)


class PlayerSchema(Schema):
    seat = Int(required=True)
    name = fields.String(allow_none=True, required=True)
    kind = fields.String(required=True, validate=validate.OneOf(("human", "bot", "open")))
    level = fields.String(allow_none=True, required=True)
    auto = fields.Boolean(required=True)


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
    turn_seconds = Int(required=True)
    pace = fields.String(required=True, validate=validate.OneOf(PACES))
    deadline = Int(allow_none=True, required=True)
    you = Int(allow_none=True, required=True)
    held_seats = fields.List(Int(), required=True)
    creator = fields.Boolean(required=True)
    invite_code = fields.String(allow_none=True, required=True)
    players = fields.List(fields.Nested(PlayerSchema), required=True)
    rack_layout = fields.List(fields.List(Int(allow_none=True)), allow_none=True, required=True)
    # Friends (api/friends/views.py): the offer of a finished table, a rematch's series, the
    # last reactions (a seat's view only) and the invite page's facts.
    rematch = fields.Nested(RematchOfferSchema, allow_none=True, required=True)
    series = fields.Nested(SeriesSchema, allow_none=True, required=True)
    reactions = fields.List(fields.Nested(ReactionSchema), required=True)
    invite = fields.Nested(InviteSchema, allow_none=True, required=True)


class ViewSchema(SharedViewSchema):
    """A classic table's view (engine.classic.view.view_for)."""

    seats = fields.List(fields.Nested(SeatViewSchema), required=True)
    legal = fields.List(fields.Nested(LegalSchema), required=True)
    dice = fields.List(Int(), allow_none=True, required=True)
    scores = fields.List(Int(), required=True)
    result = fields.Nested(ResultSchema, allow_none=True, required=True)
    result_items = _result_items()


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
    result_items = _result_items()
    finisher = Int(allow_none=True, required=True)
    history = fields.List(fields.List(Int()), required=True)


_VIEW_SCHEMAS = {"101": View101Schema()}
_CLASSIC_VIEW = ViewSchema()


def dump_view(view: dict[str, Any]) -> dict[str, Any]:
    """A view through the schema of its variant."""
    schema = _VIEW_SCHEMAS.get(view.get("variant") or "", _CLASSIC_VIEW)
    dumped: dict[str, Any] = schema.dump(view)
    return dumped


class ViewField(fields.Field[Any]):
    """A view of either variant (documented as oneOf View, View101)."""

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return None if value is None else dump_view(value)


class AnyViewSchema(Schema):
    """Dumps a whole view by its variant (a response that is just a view)."""

    def dump(self, obj: Any, *, many: bool | None = None) -> Any:
        return dump_view(obj)


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
    """One table at a glance (api/status.py): the spectator's view cut down, and the seats
    of the token asked with."""

    table_id = fields.String(required=True)
    status = fields.String(
        required=True, validate=validate.OneOf(("waiting", "playing", "finished"))
    )
    mode = fields.String(required=True)
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


SchemaArg = type[Schema] | Schema


@cache
def _made(schema: type[Schema]) -> Schema:
    return schema()


def instance(schema: SchemaArg) -> Schema:
    """The schema to load or dump with: a class is made once, and kept."""
    return _made(schema) if isinstance(schema, type) else schema


def load(schema: SchemaArg, data: Any, code: str = "bad_request") -> dict[str, Any]:
    """Validate a request part; any problem is a 400 naming the fields at fault."""
    schema = instance(schema)
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise bad_request("the body must be a JSON object", code)
    try:
        loaded: dict[str, Any] = schema.load(data)
    except ValidationError as err:
        if only_names_at_fault(err.messages):
            code = BAD_NAME
        raise bad_request(_describe(err.messages), code) from err
    return loaded


def load_list(schema: SchemaArg, data: Any) -> list[dict[str, Any]]:
    """A JSON array of objects, each validated by ``schema``; a 400 names the entries at
    fault by index."""
    schema = instance(schema)
    if not isinstance(data, list):
        raise bad_request("the body must be a JSON array")
    try:
        loaded: list[dict[str, Any]] = schema.load(data, many=True)
    except ValidationError as err:
        raise bad_request(_describe(err.messages)) from err
    return loaded


Later = Callable[[], dict[str, Any]]


def load_later(schema: SchemaArg, data: Any, code: str = "bad_request") -> Later:
    """:func:`load`, run when called: once the table is found and the caller may use it.

    A request to a missing table is told so (404), and one without the right token
    (401/403) learns nothing about what its body would have been refused for.
    """
    return cache(lambda: load(schema, data, code))


def _describe(messages: Any, path: str = "") -> str:
    if isinstance(messages, dict):
        return "; ".join(
            _describe(v, f"{path}.{k}" if path else str(k)) for k, v in messages.items()
        )
    text = " ".join(str(m) for m in messages) if isinstance(messages, list) else str(messages)
    return f"{path}: {text}" if path and path != "_schema" else text
