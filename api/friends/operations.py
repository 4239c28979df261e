"""The HTTP operations of friends at a table: rematch, reactions, nudge."""

from __future__ import annotations

from api.friends import routes as friends
from api.friends.nudge import NudgeRequest
from api.friends.reactions import ReactionRequest, ReactionResponse
from api.friends.rematch import RematchRequest, RematchResponse
from api.web.operation import (
    COMMON_ERRORS,
    SEAT,
    Error,
    Operation,
)

OPERATIONS: tuple[Operation, ...] = (
    Operation(
        "post",
        "/api/tables/{table_id}/rematch",
        friends.post_rematch,
        "rematch",
        "Play again, same seats",
        "the caller's seat at the next table",
        RematchResponse,
        request=RematchRequest,
        request_required=False,
        errors=(*COMMON_ERRORS, 401, 403, Error(409, "match_not_over")),
        security=SEAT,
        description=(
            "The first call on a finished table creates the next one: same variant, "
            "options, pace, turn time and seat numbers, computers at their levels. A "
            "repeat by the same seat answers the same table, seat and token. Every other "
            "player's view of the old table, and its status entry, then carry `rematch`, "
            "and they get a `rematch` push; their own call takes their kept seat, with a "
            "new token. The next table deals when every player of the old one is in, or "
            "when the one who asked starts it. Its view carries `series`."
        ),
    ),
    Operation(
        "post",
        "/api/tables/{table_id}/reactions",
        friends.post_reaction,
        "react",
        "A reaction from the seat",
        "the caller's view, the reaction in it",
        ReactionResponse,
        request=ReactionRequest,
        errors=(
            Error(400, "bad_reaction: not one of the listed codes"),
            404,
            503,
            401,
            403,
            Error(429, "too_many_reactions: one every 2 s, 30 a hand; see Retry-After"),
        ),
        security=SEAT,
        description=(
            "One of a fixed list of codes (never free text). The views' `reactions` keep "
            "the last 10; the game `version` does not move (a move sent with the version "
            "from before the reaction still lands), the ETag does."
        ),
    ),
    Operation(
        "post",
        "/api/tables/{table_id}/nudge",
        friends.post_nudge,
        "nudge",
        "Remind the seat on turn",
        "sent; no body",
        status=204,
        request=NudgeRequest,
        request_required=False,
        errors=(
            *COMMON_ERRORS,
            401,
            Error(409, "not_relaxed (a live table), your_turn, or no_one_to_nudge"),
            Error(429, "too_soon: one nudge to a seat an hour (or a quarter turn); Retry-After"),
        ),
        security=SEAT,
        description=(
            "A `nudge` push to the seat on turn (a relaxed table, a caller not on turn). "
            "A second nudge to the same seat within an hour, or a quarter of the turn "
            "time when that is longer, is 429 too_soon."
        ),
    ),
)
