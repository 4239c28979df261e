"""The coach's review of a finished hand (api/review/hand.py)."""

from __future__ import annotations

from aws_lambda_powertools.event_handler import Response

from api.review.hand import ReviewQuery, hand_review
from api.tables.context import get_service
from api.tables.schemas import load
from api.web.errors import bad_request
from api.web.http import json_text_response, query
from api.web.router import router


def review(table_id: str, number: str) -> Response[str]:
    # isdigit() alone accepts "²" and other digits int() refuses: ASCII only.
    if not (number.isascii() and number.isdigit() and len(number) < 4):
        raise bad_request("the hand in the path is a number from 0")
    params = load(ReviewQuery, query(router))
    text = hand_review(get_service(), table_id, int(number), params["seat"], params["lang"])
    # A finished hand never changes, nor does its review: a browser or CloudFront may keep it.
    return json_text_response(200, text, headers={"Cache-Control": "public, max-age=3600"})
