"""The API's own description."""

from __future__ import annotations

from aws_lambda_powertools.event_handler import Response

from ..http import json_response


def openapi() -> Response[str]:
    # The document is built from the route table, which names this handler: imported
    # when first asked for, as apispec is.
    from ..openapi import document

    return json_response(200, document(), {"Cache-Control": "public, max-age=300"})
