"""The Lambda entry point: API Gateway (HTTP API, payload 2.0) events in, responses out.

The dev server feeds this same handler, so local play runs the production path.
Nothing here imports Flask.
"""

from __future__ import annotations

from typing import Any

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver, Response

from .errors import ApiError
from .http import json_response
from .log import logger
from .routes import actions, meta, racks, tables

app = APIGatewayHttpResolver()
app.include_router(tables.router, prefix="/api")
app.include_router(actions.router, prefix="/api")
app.include_router(racks.router, prefix="/api")
app.include_router(meta.router, prefix="/api")


def _api_error(err: ApiError) -> Response[str]:
    if err.status >= 500:
        logger.warning("request refused", extra={"code": err.code, "status": err.status})
    return json_response(err.status, err.body(), err.headers())


def _bug(err: Exception) -> Response[str]:
    # The exception's text may hold anything; its type and traceback locate the bug.
    logger.exception("unhandled error", extra={"error": type(err).__name__})
    return json_response(500, {"error": {"code": "internal", "message": "internal error"}})


def _no_route(_: Exception) -> Response[str]:
    return json_response(404, {"error": {"code": "not_found", "message": "no such endpoint"}})


# Registered by call, not decorator: Powertools' decorators are untyped and would untype these.
app.exception_handler(ApiError)(_api_error)
app.exception_handler(Exception)(_bug)
app.not_found(_no_route)


def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    request_id = (event.get("requestContext") or {}).get("requestId")
    logger.set_correlation_id(request_id)
    return app.resolve(event, context)
