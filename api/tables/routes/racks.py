"""A seat's own rack: its saved layout and suggested arrangements."""

from __future__ import annotations

from aws_lambda_powertools.event_handler import Response

from api.tables.context import get_service
from api.tables.play import arrangement, save_layout
from api.tables.schemas import (
    ArrangementQuery,
    ArrangementResponse,
    RackRequest,
    RackResponse,
    load,
    load_later,
)
from api.web.http import body, dumped, query, token
from api.web.router import router


def put_rack(table_id: str) -> Response[str]:
    request = load_later(RackRequest, body(router))
    answer = save_layout(get_service(), table_id, token(router), request)
    return dumped(RackResponse, answer)


def get_arrangement(table_id: str) -> Response[str]:
    params = load(ArrangementQuery, query(router))
    answer = arrangement(get_service(), table_id, token(router), params.get("seat"), params["by"])
    return dumped(ArrangementResponse, answer)
