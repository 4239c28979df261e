"""The HTTP operation of a finished hand's review."""

from __future__ import annotations

from api.review import routes as review
from api.review.hand import ReviewQuery, ReviewResponse
from api.web.operation import (
    ANYONE_OR_SEAT,
    HAND_NUMBER,
    Operation,
)

OPERATIONS: tuple[Operation, ...] = (
    Operation(
        "get",
        "/api/tables/{table_id}/hands/{number}/review",
        review.review,
        "handReview",
        "The coach's review of a finished hand",
        "each of the seat's turns: its move, the hard computer's, the measure and a verdict",
        ReviewResponse,
        query=ReviewQuery,
        security=ANYONE_OR_SEAT,
        path_types={"number": HAND_NUMBER},
        answer_headers={
            "Cache-Control": {"schema": {"type": "string"}, "description": "public, max-age=3600"}
        },
        description=(
            "Only for a finished hand (404 hand_not_found for one in play or never dealt), "
            "with the same access as the finished hand. Built from the seat's view at each "
            "of its turns (docs/API.md, docs/BOTS.md for the verdicts); lang en, tr or ko. "
            "A seat the table does not have is 400."
        ),
    ),
)
