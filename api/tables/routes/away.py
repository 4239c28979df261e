"""A tab's beacon that its player stopped looking (api/tables/away.py)."""

from __future__ import annotations

from aws_lambda_powertools.event_handler import Response

from api.tables.away import stopped_looking
from api.tables.context import get_service
from api.web.http import body
from api.web.router import router


def post_away(table_id: str) -> Response[str]:
    stopped_looking(get_service(), table_id, body(router))
    return Response(status_code=204, body="", headers={"Cache-Control": "no-store"})
