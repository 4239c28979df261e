"""Small request/response helpers shared by the routers."""

from __future__ import annotations

import json
from typing import Any

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.api_gateway import BaseRouter
from aws_lambda_powertools.event_handler.router import APIGatewayHttpRouter

from api.web.auth import bearer_token
from api.web.errors import ApiError, bad_request
from api.web.loading import SchemaArg, instance


def new_router() -> APIGatewayHttpRouter:
    # Powertools leaves Router.__init__ unannotated; calling it through Any keeps mypy strict.
    factory: Any = APIGatewayHttpRouter
    router: APIGatewayHttpRouter = factory()
    return router


def dumps(body: Any) -> str:
    """Compact JSON; text that would not encode as UTF-8 (a lone surrogate) is written
    escaped instead, so every answer can be sent."""
    text = json.dumps(body, separators=(",", ":"), ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(body, separators=(",", ":"))
    return text


def json_response(status: int, body: Any, headers: dict[str, str] | None = None) -> Response[str]:
    return json_text_response(status, dumps(body), headers)


def json_text_response(
    status: int, text: str, headers: dict[str, str] | None = None
) -> Response[str]:
    """A response whose JSON is already written (by ``dumps``)."""
    return Response(
        status_code=status,
        content_type="application/json",
        body=text,
        headers={"Cache-Control": "no-store", **(headers or {})},
    )


def dumped(
    schema: SchemaArg,
    data: Any,
    status: int = 200,
    headers: dict[str, str] | None = None,
) -> Response[str]:
    return json_response(status, instance(schema).dump(data), headers)


# No request of the game comes near these: the largest (a 101 opening) is under 1 KB
# and three levels deep. Bigger or deeper bodies are refused before they cost anything.
MAX_BODY_BYTES = 64 * 1024
MAX_JSON_DEPTH = 8


def body(router: BaseRouter) -> Any:
    """The JSON body, ``None`` when there is none; bad JSON is the client's 400.

    Refused before any schema sees it: a body over 64 KB (413), JSON nested
    deeper than ``MAX_JSON_DEPTH``, and text that is not valid Unicode (a lone
    UTF-16 surrogate, which JSON's ``\\udfff`` escape can carry but no store can
    encode).
    """
    try:
        text = router.current_event.decoded_body
    except (UnicodeDecodeError, ValueError) as err:
        raise bad_request("the body is not UTF-8 JSON") from err
    if text is None or not text.strip():
        return None
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BODY_BYTES:
        raise ApiError(413, "body_too_large", f"the body is over {MAX_BODY_BYTES // 1024} KB")
    try:
        data = json.loads(text)
    except RecursionError as err:
        raise bad_request(f"the body nests deeper than {MAX_JSON_DEPTH} levels") from err
    except ValueError as err:
        raise bad_request("the body is not valid JSON") from err
    _check_tree(data)
    return data


def _check_tree(data: Any) -> None:
    """Refuse nesting past ``MAX_JSON_DEPTH`` and strings that are not valid Unicode."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_JSON_DEPTH:
            raise bad_request(f"the body nests deeper than {MAX_JSON_DEPTH} levels")
        if isinstance(item, str):
            _check_text(item)
        elif isinstance(item, dict):
            for key, value in item.items():
                _check_text(key)
                stack.append((value, depth + 1))
        elif isinstance(item, list):
            stack.extend((value, depth + 1) for value in item)


def _check_text(text: str) -> None:
    """A 400 unless ``text`` is valid Unicode (encodes as UTF-8)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as err:
        raise bad_request("the text is not valid Unicode (a lone surrogate)") from err


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
