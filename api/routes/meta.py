"""The API's own description."""

from __future__ import annotations

from aws_lambda_powertools.event_handler import Response

from ..http import json_response, new_router
from ..openapi import document

router = new_router()


@router.get("/openapi.json")
def openapi() -> Response[str]:
    return json_response(200, document(), {"Cache-Control": "public, max-age=300"})
