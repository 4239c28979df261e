"""The computers' level at a table against the computer (api/tables/levels.py)."""

from __future__ import annotations

from aws_lambda_powertools.event_handler import Response

from api.tables.context import get_service
from api.tables.levels import LevelRequest, set_level
from api.tables.schemas import AnyViewSchema, load_later
from api.web.http import body, dumped, token
from api.web.router import router


def put_level(table_id: str) -> Response[str]:
    request = load_later(LevelRequest, body(router))
    answer = set_level(get_service(), table_id, token(router), request)
    return dumped(AnyViewSchema, answer)
