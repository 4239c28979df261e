"""A tab's beacon that its player stopped looking (api/looking.py)."""

from __future__ import annotations

from aws_lambda_powertools.event_handler import Response

from ..context import get_service
from ..http import body
from ..looking import stopped_looking
from .router import router


def post_away(table_id: str) -> Response[str]:
    stopped_looking(get_service(), table_id, body(router))
    return Response(status_code=204, body="", headers={"Cache-Control": "no-store"})
