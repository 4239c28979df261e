"""The coach's review of a finished hand: ``GET /api/tables/{id}/hands/{n}/review?seat=S``.

The hand is finished, so everything in it is revealed (its seed, every rack),
and the review is open to whoever may read the finished hand itself. It is
built by :func:`engine.review.review_hand` from the seat's view at each of its
turns; a hand still in play is 404 ``hand_not_found`` like the hand endpoint.
"""

from __future__ import annotations

import contextlib
from typing import Any

from marshmallow import Schema, fields, validate

from api.review.stored import in_lang, pack, review_key, unpack
from api.store.base import CorruptItem, StoredItem, VersionConflict
from api.tables.hands import check_finished, hand_of
from api.tables.schemas import QueryInt
from api.tables.service import Service
from api.web.errors import bad_request
from api.web.http import dumps
from api.web.loading import instance
from api.web.log import logger
from engine.core.review.verdicts import VERDICTS
from engine.review import LANGS, review_hand
from engine.variants import VARIANTS


class ReviewQuery(Schema):
    seat = QueryInt(required=True, validate=validate.Range(0, 3))
    lang = fields.String(load_default="en", validate=validate.OneOf(LANGS))


def hand_review(service: Service, table_id: str, number: int, seat: int, lang: str) -> str:
    """The answer's JSON text: the seat's review, read from its item once it has one
    (api/review/stored.py), else computed in English, kept, and said in ``lang``."""
    loaded = service.load(table_id)  # 404 for no table; the table names the seats
    check_finished(loaded, number)
    seats = loaded.state.seats  # every hand of a table has its seats
    if seat >= seats:
        raise bad_request(f"no seat {seat} at this table: seats are 0..{seats - 1}")
    key = review_key(table_id, number, seat)
    answer = _stored(service, key)
    if answer is None:
        hand, _, expires = hand_of(service, loaded, number)
        review = {"table_id": table_id, **review_hand(hand, seat, "en")}
        answer = instance(ReviewResponse).dump(review)
        # Write-once: a request that computed it at the same time finds it there, the same.
        with contextlib.suppress(VersionConflict):
            service.store.create(StoredItem(key, 0, pack(answer), expires))
    return dumps(in_lang(answer, lang))


def _stored(service: Service, key: str) -> dict[str, Any] | None:
    """The stored answer; ``None`` for none, or for one that does not unpack (logged, and
    computed again, since a write-once item is never rewritten)."""
    try:
        stored = service.store.get(key)
        return unpack(stored.data) if stored is not None else None
    except (CorruptItem, ValueError) as err:
        extra = {"key": key, "error": type(err).__name__}
        logger.error("stored review cannot be read", extra=extra)
        return None


Int = fields.Integer
Tile = fields.Integer  # a tile id 0..105, as the views write tiles


class ReasonSchema(Schema):
    code = fields.String(required=True)
    params = fields.Dict(keys=fields.String(), required=True)
    text = fields.String(required=True, metadata={"description": "one line in lang"})


class MoveSchema(Schema):
    take = fields.String(
        allow_none=True,
        required=True,
        validate=validate.OneOf(("pile", "discard")),
        metadata={"description": "null: no take (the starter's first turn, or the hand ended)"},
    )
    tile = Tile(allow_none=True, metadata={"description": "the tile taken (played moves only)"})
    discard = Tile(
        allow_none=True,
        required=True,
        metadata={"description": "thrown or placed to finish; coach: null when unknown"},
    )
    finish = fields.Boolean(required=True)
    show_indicator = fields.Boolean()
    end_hand = fields.Boolean()
    # 101
    opened = fields.String(allow_none=True, metadata={"description": "101: opened this turn"})
    laid = Int(metadata={"description": "101: tiles put on the table this turn"})
    penalty = Int(metadata={"description": "101: penalty points of the discard"})


class MeasureSchema(Schema):
    name = fields.String(required=True, metadata={"description": "tiles_from_win | hand_points"})
    before = Int(required=True)
    after = Int(required=True)
    coach_after = Int(required=True)
    outs = Int()
    coach_outs = Int()
    opening_points = Int(allow_none=True)
    coach_opening_points = Int(allow_none=True)


class OtherMoveSchema(Schema):
    seat = Int(required=True)
    take = fields.String(allow_none=True, required=True)
    tile = Tile(allow_none=True, required=True, metadata={"description": "a drawn tile: null"})
    discard = Tile(allow_none=True, required=True)
    finish = fields.Boolean(required=True)
    show_indicator = fields.Boolean()
    opened = fields.String(allow_none=True)
    laid = Int()


class PenaltySchema(Schema):
    turn = Int()
    tile = Tile(required=True)
    points = Int(required=True)


class ReviewTurnSchema(Schema):
    index = Int(required=True)
    event_index = Int(required=True)
    rack = fields.List(Tile(), required=True)
    played = fields.Nested(MoveSchema, required=True)
    coach = fields.Nested(MoveSchema, required=True)
    measure = fields.Nested(MeasureSchema, required=True)
    verdict = fields.String(required=True, validate=validate.OneOf(VERDICTS))
    reason = fields.Nested(ReasonSchema, required=True)
    others = fields.List(fields.Nested(OtherMoveSchema), required=True)
    # 101
    opened = fields.Boolean()
    penalties = fields.List(fields.Nested(PenaltySchema))
    missed_layoffs = fields.List(Tile())


class LayoffsMissedSchema(Schema):
    turn = Int(required=True)
    tiles = fields.List(Tile(), required=True)


class ReviewSummarySchema(Schema):
    counts = fields.Dict(keys=fields.String(), values=Int(), required=True)
    mistakes = fields.List(Int(), required=True)
    could_have_won = fields.List(Int(), required=True)
    missed_okey_finish = fields.List(Int(), required=True)
    missed_indicator_show = fields.Boolean(required=True)
    others_after = fields.List(fields.Nested(OtherMoveSchema), required=True)
    # 101
    opening_turn = Int(allow_none=True)
    could_open_turn = Int(allow_none=True)
    penalties_taken = fields.List(fields.Nested(PenaltySchema))
    penalties_avoided = Int()
    missed_layoffs = fields.List(fields.Nested(LayoffsMissedSchema))


class ReviewResponse(Schema):
    table_id = fields.String(required=True)
    hand = Int(required=True)
    seat = Int(required=True)
    variant = fields.String(required=True, validate=validate.OneOf(tuple(VARIANTS)))
    lang = fields.String(required=True)
    turns = fields.List(fields.Nested(ReviewTurnSchema), required=True)
    summary = fields.Nested(ReviewSummarySchema, required=True)
