"""The Lambda entry point: API Gateway (HTTP API, payload 2.0) events in, responses out.

The dev server feeds this same handler, so local play runs the production path.
Nothing here imports Flask.
"""

from __future__ import annotations

import hmac
import re
from typing import Any

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver, Response

from api.friends import operations as friends
from api.lobby import operations as lobby
from api.players import operations as players
from api.push import operations as push
from api.review import operations as review
from api.store.base import CorruptItem, StoreBusy
from api.tables import operations as tables
from api.tables.context import get_service
from api.tables.service import corrupt
from api.telegram import operations as telegram
from api.web.errors import ApiError, store_busy
from api.web.http import json_response
from api.web.log import logger
from api.web.openapi import serving
from api.web.operation import Operation
from api.web.router import register, router

# Each package declares its operations once; they are routed here, and the OpenAPI
# document is built from the same entries (api/web/openapi.py), so the two cannot drift.
_DECLARED = (
    *tables.OPERATIONS,
    *friends.OPERATIONS,
    *lobby.OPERATIONS,
    *players.OPERATIONS,
    *push.OPERATIONS,
    *review.OPERATIONS,
    *telegram.OPERATIONS,
)
OPERATIONS = (*_DECLARED, serving(_DECLARED, tables.COMPONENTS))
register(router, OPERATIONS)
app = APIGatewayHttpResolver()
app.include_router(router)


def _api_error(err: ApiError) -> Response[str]:
    if err.status >= 500:
        logger.warning("request refused", extra={"code": err.code, "status": err.status})
    return json_response(err.status, err.body(), err.headers())


def _bug(err: Exception) -> Response[str]:
    # The exception's text may hold anything; its type and traceback locate the bug.
    logger.exception("unhandled error", extra={"error": type(err).__name__})
    return json_response(500, {"error": {"code": "internal", "message": "internal error"}})


def _corrupt_item(err: CorruptItem) -> Response[str]:
    # An item read outside Service.load (a finished hand's, a side item): the same answer.
    return _api_error(corrupt(err.key, err, "item"))


def _store_busy(err: StoreBusy) -> Response[str]:
    # Wherever the store fails to answer (a table's load, a finished hand's or a player's
    # read, a push item), the answer is the same 503 busy with Retry-After, never a 500.
    return _api_error(store_busy(err))


def _methods_of(operations: tuple[Operation, ...]) -> list[tuple[re.Pattern[str], str]]:
    """Each operation's path as a pattern (a parameter is one path segment), and its method."""
    return [
        (re.compile(re.sub(r"\\\{\w+\\\}", "[^/]+", re.escape(op.path)) + "$"), op.method.upper())
        for op in operations
    ]


def _no_route(_: Exception) -> Response[str]:
    # A path that exists under other methods is 405 with Allow (RFC 9110), not 404.
    path = app.current_event.path
    allowed = sorted({method for pattern, method in _ROUTES if pattern.match(path)})
    if allowed and app.current_event.http_method.upper() not in allowed:
        message = f"this endpoint answers {', '.join(allowed)}"
        error = {"error": {"code": "method_not_allowed", "message": message}}
        return json_response(405, error, {"Allow": ", ".join(allowed)})
    return json_response(404, {"error": {"code": "not_found", "message": "no such endpoint"}})


_ROUTES = _methods_of(OPERATIONS)


# Registered by call, not decorator: Powertools' decorators are untyped and would untype these.
app.exception_handler(ApiError)(_api_error)
app.exception_handler(CorruptItem)(_corrupt_item)
app.exception_handler(StoreBusy)(_store_busy)
app.exception_handler(Exception)(_bug)
app.not_found(_no_route)


# CloudFront adds this header, with a secret value, to every request it sends the API
# (template.yaml), overwriting any a viewer sent. The API's own execute-api URL is public,
# so without the check anyone could call it directly, past the WAF and the edge.
ORIGIN_HEADER = "x-origin-verify"
FORBIDDEN_ORIGIN = ApiError(
    403, "forbidden_origin", "this API answers only through the game's own site"
)


def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    request_id = (event.get("requestContext") or {}).get("requestId")
    logger.set_correlation_id(request_id)
    if _from_cloudfront(event):
        result = app.resolve(event, context)
    else:
        result = _proxy_result(json_response(FORBIDDEN_ORIGIN.status, FORBIDDEN_ORIGIN.body()))
    # Every answer is JSON (or empty): no browser may sniff one into HTML or script.
    result["headers"] = {**(result.get("headers") or {}), "X-Content-Type-Options": "nosniff"}
    return result


def _from_cloudfront(event: dict[str, Any]) -> bool:
    """True when no secret is configured, or the request carries one of the configured
    values. Compared in constant time, and every value is compared, so the time taken
    tells nothing about how much of a guess was right or which value matched."""
    accepted = get_service().settings.origin_verify
    if not accepted:
        return True
    sent = next(
        (str(v) for k, v in (event.get("headers") or {}).items() if k.lower() == ORIGIN_HEADER),
        None,
    )
    given = (sent or "").encode("utf-8", "surrogatepass")
    matched = False
    for secret in accepted:
        matched |= hmac.compare_digest(given, secret.encode("utf-8"))
    if not matched:
        # Whether the header was there tells a probe (absent) from a rotation gone wrong
        # (present but stale); the value itself is never logged.
        refusal = {"code": FORBIDDEN_ORIGIN.code, "header_sent": sent is not None}
        logger.info("request refused", extra=refusal)
    return matched


def _proxy_result(response: Response[str]) -> dict[str, Any]:
    """The HTTP API (payload 2.0) result Powertools would build for ``response``."""
    return {
        "statusCode": response.status_code,
        "body": response.body,
        "isBase64Encoded": False,
        "headers": dict(response.headers),
        "cookies": [],
    }
