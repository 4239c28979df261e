"""A seat's own rack: its saved layout and suggested arrangements."""

from __future__ import annotations

from aws_lambda_powertools.event_handler import Response

from ..context import get_service
from ..http import body, dumped, new_router, query, token
from ..play import arrangement, save_layout
from ..schemas import SCHEMAS, load, load_later

router = new_router()


@router.put("/tables/<table_id>/rack")
def put_rack(table_id: str) -> Response[str]:
    request = load_later(SCHEMAS["rack"], body(router))
    answer = save_layout(get_service(), table_id, token(router), request)
    return dumped(SCHEMAS["rack_saved"], answer)


@router.get("/tables/<table_id>/arrangement")
def get_arrangement(table_id: str) -> Response[str]:
    params = load(SCHEMAS["arrangement_query"], query(router))
    answer = arrangement(get_service(), table_id, token(router), params.get("seat"), params["by"])
    return dumped(SCHEMAS["arrangement"], answer)
