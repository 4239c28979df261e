"""Friends keep playing (api/friends): rematch, reactions, nudge."""

from __future__ import annotations

from aws_lambda_powertools.event_handler import Response

from api.friends.nudge import nudge
from api.friends.reactions import ReactionResponse, react
from api.friends.rematch import RematchRequest, RematchResponse, rematch
from api.tables.context import get_service
from api.tables.schemas import load_later
from api.web.http import body, dumped, token
from api.web.router import router


def post_rematch(table_id: str) -> Response[str]:
    request = load_later(RematchRequest, body(router))
    answer = rematch(get_service(), table_id, token(router), request)
    return dumped(RematchResponse, answer, headers={"Cache-Control": "no-store"})


def post_reaction(table_id: str) -> Response[str]:
    answer = react(get_service(), table_id, token(router), body(router))
    return dumped(ReactionResponse, answer, headers={"Cache-Control": "no-store"})


def post_nudge(table_id: str) -> Response[str]:
    nudge(get_service(), table_id, token(router), body(router))
    return Response(status_code=204, body="", headers={"Cache-Control": "no-store"})
