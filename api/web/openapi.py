"""The OpenAPI 3 document, built from the operations every package declares (assembled in
api/handler.py) and the marshmallow schemas they name, so it cannot drift from either.
Served at ``GET /api/openapi.json`` by the operation :func:`serving` makes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from aws_lambda_powertools.event_handler import Response
from marshmallow import Schema

from api.web.http import json_response
from api.web.operation import ANYONE, Body, Error, ErrorSchema, Operation

# The usual meaning of each error status; an operation may say more (``Error``).
ERRORS = {
    400: "malformed request or action",
    401: "missing or unknown token",
    403: "the token may not do this",
    404: "no such table",
    409: "conflict",
    422: "refused by the rules",
    429: "too many (too_many, too_many_reactions, too_soon); see Retry-After",
    503: "busy; retry",
}

RETRY_AFTER: dict[str, Any] = {
    "description": "seconds to wait before repeating the request",
    "required": True,
    "schema": {"type": "integer", "minimum": 1},
}


def _json(schema: Body) -> dict[str, Any]:
    return {"application/json": {"schema": schema}}


def _responses(op: Operation) -> dict[str, Any]:
    ok: dict[str, Any] = {"description": op.answer}
    if op.response is not None:
        ok["content"] = _json(op.response)
    if op.answer_headers:
        ok["headers"] = dict(op.answer_headers)
    out: dict[str, Any] = {str(op.status): ok, **op.other_answers}
    for error in op.errors:
        if not isinstance(error, Error):
            error = Error(error, ERRORS[error])
        answer: dict[str, Any] = {
            "description": error.description,
            "content": _json(error.schema or ErrorSchema),
        }
        if error.status in (429, 503):  # our 429s (api/friends) say when, as 503s do
            answer["headers"] = {"Retry-After": dict(RETRY_AFTER)}
        out[str(error.status)] = answer
    return out


def _parameters(op: Operation) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [
        {
            "name": name,
            "in": "path",
            "required": True,
            "schema": dict(op.path_types.get(name, {"type": "string"})),
        }
        for name in op.path_names
    ]
    if op.query is not None:
        out.append({"in": "query", "schema": op.query})
    out.extend({"name": name, "in": "header", **spec} for name, spec in op.headers.items())
    return out


def operation(op: Operation) -> dict[str, Any]:
    """One operation of the document, as apispec takes it."""
    out: dict[str, Any] = {"operationId": op.operation_id, "summary": op.summary}
    if op.description:
        out["description"] = op.description
    if op.security:
        out["security"] = op.security
    parameters = _parameters(op)
    if parameters:
        out["parameters"] = parameters
    if op.request is not None:
        out["requestBody"] = {"required": op.request_required, "content": _json(op.request)}
    out["responses"] = _responses(op)
    return out


def document(
    operations: Sequence[Operation], components: Mapping[str, type[Schema]]
) -> dict[str, Any]:
    """The document of ``operations``, with ``components`` named in it (a field whose
    ``metadata["openapi"]`` holds JSON Schema is documented as that schema)."""
    # apispec is only needed to serve this document: import it here, off the hot path.
    from apispec import APISpec
    from apispec.ext.marshmallow import MarshmallowPlugin

    plugin = MarshmallowPlugin()
    spec = APISpec(
        title="Istaka",
        version="1.0.0",
        openapi_version="3.0.3",
        plugins=[plugin],
        info={"description": "Okey tables for the browser. Errors are {error: {code, message}}."},
    )
    spec.components.security_scheme("seat", {"type": "http", "scheme": "bearer"})
    spec.components.security_scheme("player", {"type": "http", "scheme": "bearer"})
    # Create and join take the player's token in a header of its own, so it never mixes
    # with a seat token (api/players/requests.py).
    spec.components.security_scheme(
        "tablePlayer", {"type": "apiKey", "in": "header", "name": "X-Istaka-Player"}
    )
    for name, schema in components.items():
        spec.components.schema(name, schema=schema)

    def documented_as(_converter: Any, field: Any, **_kwargs: Any) -> dict[str, Any]:
        return dict(field.metadata.get("openapi", {}))

    converter: Any = plugin.converter  # apispec leaves this untyped
    converter.add_attribute_function(documented_as)
    paths: dict[str, dict[str, Any]] = {}
    for op in operations:
        paths.setdefault(op.path, {})[op.method] = operation(op)
    for path, by_method in paths.items():
        spec.path(path=path, operations=by_method)
    document: dict[str, Any] = spec.to_dict()
    return document


def serving(operations: Sequence[Operation], components: Mapping[str, type[Schema]]) -> Operation:
    """The operation that serves the document of ``operations`` and of itself, built on
    first ask (apispec loads only then, off every other request's path)."""
    built: list[dict[str, Any]] = []

    def openapi() -> Response[str]:
        if not built:
            built.append(document((*operations, this), components))
        return json_response(200, built[0], {"Cache-Control": "public, max-age=300"})

    this = Operation(
        "get",
        "/api/openapi.json",
        openapi,
        "openapi",
        "This document",
        "this document",
        errors=(),
        security=ANYONE,
    )
    return this
