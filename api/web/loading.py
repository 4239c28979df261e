"""Loading a request part through a schema, the way every route does: a 400 that names the
fields at fault, and each schema class made once."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from marshmallow import Schema, ValidationError

from api.web.errors import bad_request

SchemaArg = type[Schema] | Schema
# A request refused only for its names answers with this code, so a client can say which
# field to change ("that name is not allowed") without reading the message.
BAD_NAME = "bad_name"
NAME_FIELD = "name"


@cache
def _made(schema: type[Schema]) -> Schema:
    return schema()


def instance(schema: SchemaArg) -> Schema:
    """The schema to load or dump with: a class is made once, and kept."""
    return _made(schema) if isinstance(schema, type) else schema


def load(schema: SchemaArg, data: Any, code: str = "bad_request") -> dict[str, Any]:
    """Validate a request part; any problem is a 400 naming the fields at fault."""
    schema = instance(schema)
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise bad_request("the body must be a JSON object", code)
    try:
        loaded: dict[str, Any] = schema.load(data)
    except ValidationError as err:
        if only_names_at_fault(err.messages):
            code = BAD_NAME
        raise bad_request(_describe(err.messages), code) from err
    return loaded


def load_list(schema: SchemaArg, data: Any) -> list[dict[str, Any]]:
    """A JSON array of objects, each validated by ``schema``; a 400 names the entries at
    fault by index."""
    schema = instance(schema)
    if not isinstance(data, list):
        raise bad_request("the body must be a JSON array")
    try:
        loaded: list[dict[str, Any]] = schema.load(data, many=True)
    except ValidationError as err:
        raise bad_request(_describe(err.messages)) from err
    return loaded


Later = Callable[[], dict[str, Any]]


def load_later(schema: SchemaArg, data: Any, code: str = "bad_request") -> Later:
    """:func:`load`, run when called: once the table is found and the caller may use it.

    A request to a missing table is told so (404), and one without the right token
    (401/403) learns nothing about what its body would have been refused for.
    """
    return cache(lambda: load(schema, data, code))


def _describe(messages: Any, path: str = "") -> str:
    if isinstance(messages, dict):
        return "; ".join(
            _describe(v, f"{path}.{k}" if path else str(k)) for k, v in messages.items()
        )
    text = " ".join(str(m) for m in messages) if isinstance(messages, list) else str(messages)
    return f"{path}: {text}" if path and path != "_schema" else text


def only_names_at_fault(messages: Any) -> bool:
    """Whether every field marshmallow refused is a name (then the answer's code is ``bad_name``).

    >>> only_names_at_fault({"seats": {1: {"name": ["too long"]}}})
    True
    >>> only_names_at_fault({"name": ["too long"], "level": ["unknown"]})
    False
    """
    if not isinstance(messages, dict) or not messages:
        return False
    return all(key == NAME_FIELD or only_names_at_fault(value) for key, value in messages.items())
