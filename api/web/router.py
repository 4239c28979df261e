"""The one router every operation is registered on (by :func:`register`, from
api/handler.py), and through which a handler reads the request it is answering."""

from __future__ import annotations

from collections.abc import Iterable

from aws_lambda_powertools.event_handler.router import APIGatewayHttpRouter

from api.web.http import new_router
from api.web.operation import Operation

router = new_router()


def register(on: APIGatewayHttpRouter, operations: Iterable[Operation]) -> None:
    """Route each operation to its handler."""
    for operation in operations:
        # By call, not decorator: Powertools' decorators are untyped and would untype these.
        on.route(operation.rule, operation.method.upper())(operation.handler)
