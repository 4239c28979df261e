"""Moves: one seat's action, then the computer turns it sets off."""

from __future__ import annotations

from aws_lambda_powertools.event_handler import Response

from ..context import get_service
from ..http import body, dumped, token
from ..play import act
from ..schemas import ActionRequest, AnyViewSchema, load_later
from .router import router


def post_action(table_id: str) -> Response[str]:
    request = load_later(ActionRequest, body(router), code="malformed_action")
    return dumped(AnyViewSchema, act(get_service(), table_id, token(router), request))
