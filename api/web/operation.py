"""What the route table says about one HTTP operation, and the pieces its entries share."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from aws_lambda_powertools.event_handler import Response
from marshmallow import Schema, fields

from engine.variants import VARIANTS

# A body as the document describes it: a marshmallow schema class, or JSON Schema as a dict.
Body = type[Schema] | dict[str, Any]
Security = list[dict[str, list[str]]]

# Who may call: anyone; a seat's token; a player's token; anyone, or a seat (a spectator
# sees less); anyone, with an optional player header (api/players/requests.py).
ANYONE: Security = []
SEAT: Security = [{"seat": []}]
PLAYER: Security = [{"player": []}]
ANYONE_OR_SEAT: Security = [{}, {"seat": []}]
ANYONE_OR_PLAYER: Security = [{}, {"tablePlayer": []}]

# The answers an operation may give besides its own, unless it names others.
COMMON_ERRORS = (400, 404, 503)

# Path parameters that are numbers: a seat, and a finished hand's number.
SEAT_NUMBER = {"type": "integer"}
HAND_NUMBER = {"type": "string", "pattern": "^[0-9]{1,3}$"}


class ErrorDetailSchema(Schema):
    code = fields.String(required=True)
    message = fields.String(required=True)


class ErrorSchema(Schema):
    """Every error's body: ``{"error": {"code", "message"}}`` (api/web/errors.py)."""

    error = fields.Nested(ErrorDetailSchema, required=True)


# A view is one variant's, by its "variant" (api/tables/schemas/views.py dump_view).
VIEW: dict[str, Any] = {
    "oneOf": [{"$ref": f"#/components/schemas/{r.view_schema}"} for r in VARIANTS.values()]
}
# A view's caching headers (api/tables/pace.py, api/tables/play.py): on 200s and 304s alike.
VIEW_HEADERS: dict[str, Any] = {
    "ETag": {
        "description": "a digest of exactly this view: send it back in If-None-Match",
        "required": True,
        "schema": {"type": "string"},
    },
    "Cache-Control": {
        "description": "a seat's view: private, no-store. A spectator's (no token): public, "
        "max-age=1 on a live table, max-age=15 on a relaxed one",
        "required": True,
        "schema": {"type": "string"},
    },
}
STATUSES: dict[str, Any] = {
    "type": "object",
    "required": ["now", "tables"],
    "properties": {
        "now": {"type": "integer", "description": "server clock, epoch ms"},
        "tables": {
            "type": "array",
            "items": {
                "oneOf": [
                    {"$ref": "#/components/schemas/TableStatus"},
                    {"$ref": "#/components/schemas/TableStatusError"},
                ]
            },
        },
    },
}


@dataclass(frozen=True)
class Error:
    """An error answer whose meaning here is more precise than the usual one."""

    status: int
    description: str
    schema: type[Schema] | None = None  # None: the usual {error: {code, message}}


@dataclass(frozen=True)
class Operation:
    """One HTTP operation, declared once: the router registers ``handler`` for it and the
    OpenAPI document describes it (api/web/openapi.py)."""

    method: str  # lower case, as OpenAPI writes it
    path: str  # as OpenAPI writes it: "/api/tables/{table_id}"; the handler's arguments
    handler: Callable[..., Response[str]]
    operation_id: str
    summary: str
    answer: str  # what the successful answer is
    response: Body | None = None  # None: no body
    status: int = 200
    request: Body | None = None
    request_required: bool = True
    query: type[Schema] | None = None
    errors: tuple[int | Error, ...] = COMMON_ERRORS
    security: Security = field(default_factory=list)
    description: str | None = None
    # Path parameters that are not plain strings, by name: their JSON Schema.
    path_types: Mapping[str, dict[str, Any]] = field(default_factory=dict)
    # Request headers the document names (the tokens' are in ``security``).
    headers: Mapping[str, dict[str, Any]] = field(default_factory=dict)
    # Headers of the successful answer.
    answer_headers: Mapping[str, dict[str, Any]] = field(default_factory=dict)
    # Answers besides the successful one and the errors, as OpenAPI writes them (a 304).
    other_answers: Mapping[str, dict[str, Any]] = field(default_factory=dict)

    @property
    def rule(self) -> str:
        """The path as Powertools writes a rule: "/api/tables/<table_id>".

        >>> Operation("get", "/api/t/{table_id}/x/{n}", print, "x", "", "").rule
        '/api/t/<table_id>/x/<n>'
        """
        return re.sub(r"\{(\w+)\}", r"<\1>", self.path)

    @property
    def path_names(self) -> list[str]:
        """The path's parameters, in order.

        >>> Operation("get", "/api/t/{table_id}/x/{n}", print, "x", "", "").path_names
        ['table_id', 'n']
        """
        return re.findall(r"\{(\w+)\}", self.path)
