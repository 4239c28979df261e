"""Small request/response helpers shared by the routers."""

from __future__ import annotations

import json
from typing import Any

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.api_gateway import BaseRouter
from aws_lambda_powertools.event_handler.router import APIGatewayHttpRouter
from marshmallow import Schema

from .auth import bearer_token
from .errors import bad_request


def new_router() -> APIGatewayHttpRouter:
    # Powertools leaves Router.__init__ unannotated; calling it through Any keeps mypy strict.
    factory: Any = APIGatewayHttpRouter
    router: APIGatewayHttpRouter = factory()
    return router


def dumps(body: Any) -> str:
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False)


def json_response(status: int, body: Any, headers: dict[str, str] | None = None) -> Response[str]:
    return Response(
        status_code=status,
        content_type="application/json",
        body=dumps(body),
        headers={"Cache-Control": "no-store", **(headers or {})},
    )


def dumped(
    schema: Schema, data: Any, status: int = 200, headers: dict[str, str] | None = None
) -> Response[str]:
    return json_response(status, schema.dump(data), headers)


def body(router: BaseRouter) -> Any:
    """The JSON body, ``None`` when there is none; bad JSON is the client's 400."""
    try:
        text = router.current_event.decoded_body
    except (UnicodeDecodeError, ValueError) as err:
        raise bad_request("the body is not UTF-8 JSON") from err
    if text is None or not text.strip():
        return None
    try:
        return json.loads(text)
    except ValueError as err:
        raise bad_request("the body is not valid JSON") from err


def query(router: BaseRouter) -> dict[str, str]:
    return dict(router.current_event.query_string_parameters or {})


def header(router: BaseRouter, name: str) -> str | None:
    wanted = name.lower()
    for key, value in (router.current_event.headers or {}).items():
        if key.lower() == wanted:
            return str(value)
    return None


def token(router: BaseRouter) -> str | None:
    return bearer_token(router.current_event.headers or {})
