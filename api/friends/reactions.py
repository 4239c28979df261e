"""``POST /api/tables/{id}/reactions``: a seat's emoji or short phrase, from a fixed list.

Kept in the table item (api/friends/item.py), never in the engine's record: a reaction
changes the views (so their ETags) but never the game ``version``, so a move sent with
the version seen before it still lands. Bounded per seat: one every
:data:`REACTION_GAP_S` seconds and :data:`REACTIONS_PER_HAND` in a hand, else 429
``too_many_reactions`` with ``Retry-After``.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from api.friends.item import REACTIONS, Reaction, Reactions
from api.tables import seats
from api.tables.schemas import ViewField, load
from api.tables.service import Loaded, Service
from api.tables.views import build_view
from api.web.errors import ApiError
from api.web.log import logger

REACTION_GAP_S = 2
REACTIONS_PER_HAND = 30
# After the 30th reaction of a hand there is nothing to wait for but the next hand.
RETRY_AFTER_HAND_S = 60
BAD_REACTION = "bad_reaction"


class ReactionRequest(Schema):
    """The body of ``POST /api/tables/{id}/reactions``."""

    reaction = fields.String(required=True, validate=validate.OneOf(REACTIONS))
    seat = fields.Integer(strict=True, validate=validate.Range(0, 3))  # a hotseat token's


class ReactionResponse(Schema):
    view = ViewField(required=True)


def too_many(message: str, retry_after: int) -> ApiError:
    return ApiError(429, "too_many_reactions", message, retry_after=max(1, retry_after))


def react(service: Service, table_id: str, token: str | None, data: Any) -> dict[str, Any]:
    """Add the caller's reaction; the caller's view."""

    def change(loaded: Loaded) -> Any:
        table = loaded.table
        caller = seats.caller(table, token, required=True)
        # Checked after the token: anything but a listed code (free text too) is bad_reaction.
        fields_ = load(ReactionRequest, data, BAD_REACTION)
        seat = seats.seat_for(loaded, caller, fields_.get("seat"))
        assert seat is not None
        # Kept in whole seconds, rounded up: a reaction is never kept as earlier than it was
        # made, so the gap, measured in ms from that, is never shorter than 2 s.
        now = -(-loaded.now_ms // 1000) - table.created
        hand = loaded.state.hand_number
        kept = table.reactions or Reactions()
        last = kept.last_of(seat)
        waited_ms = loaded.now_ms - (table.created + last.at) * 1000 if last else None
        if waited_ms is not None and waited_ms < REACTION_GAP_S * 1000:
            left_s = -(-(REACTION_GAP_S * 1000 - waited_ms) // 1000)
            raise too_many(f"one reaction every {REACTION_GAP_S} s", left_s)
        if kept.count(hand, seat) >= REACTIONS_PER_HAND:
            raise too_many(f"{REACTIONS_PER_HAND} reactions a hand at most", RETRY_AFTER_HAND_S)
        kept.add(hand, len(table.seats), Reaction(seat, fields_["reaction"], now))
        table.reactions = kept
        loaded.dirty = True  # the game is not touched: its version stays
        loaded.seen_token = caller.token_index
        logger.info("reaction", extra={"table_id": table.table_id, "seat": seat})
        return lambda: {
            "view": build_view(table, loaded.state, seat, caller, None, loaded.now_ms // 1000)
        }

    answer: dict[str, Any] = service.commit(table_id, change)
    return answer
