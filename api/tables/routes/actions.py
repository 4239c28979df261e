"""Moves: one seat's action, then the computer turns it sets off."""

from __future__ import annotations

from aws_lambda_powertools.event_handler import Response

from api.tables.context import get_service
from api.tables.play import act
from api.tables.schemas import ActionRequest, AnyViewSchema, load_later
from api.web.http import body, dumped, token
from api.web.router import router


def post_action(table_id: str) -> Response[str]:
    request = load_later(ActionRequest, body(router), code="malformed_action")
    return dumped(AnyViewSchema, act(get_service(), table_id, token(router), request))
