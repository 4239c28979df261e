"""Moves: one seat's action, then the computer turns it sets off."""

from __future__ import annotations

from aws_lambda_powertools.event_handler import Response

from ..context import get_service
from ..http import body, dumped, new_router, token
from ..play import act
from ..schemas import SCHEMAS, load_later

router = new_router()


@router.post("/tables/<table_id>/actions")
def post_action(table_id: str) -> Response[str]:
    request = load_later(SCHEMAS["action"], body(router), code="malformed_action")
    return dumped(SCHEMAS["view"], act(get_service(), table_id, token(router), request))
