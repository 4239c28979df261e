"""Players without sign-up: make one, and read or rename "me" (api/players)."""

from __future__ import annotations

from aws_lambda_powertools.event_handler import Response

from api.players.requests import describe, me, new_player, renamed
from api.players.schemas import PlayerCreatedResponse, PlayerRequest, PlayerResponse, RenameRequest
from api.tables.context import get_service
from api.tables.schemas import load
from api.web.http import body, dumped, token
from api.web.limits import charge_request
from api.web.router import router


def create() -> Response[str]:
    request = load(PlayerRequest, body(router))
    service = get_service()
    charge_request(service, "player", router)  # 429 too_many past the client's limit
    answer = new_player(service, request)
    return dumped(PlayerCreatedResponse, answer, status=201)


def read() -> Response[str]:
    service = get_service()
    player = me(service, token(router))
    return dumped(PlayerResponse, describe(player, service.clock.now_ms()))


def patch() -> Response[str]:
    service = get_service()
    player = me(service, token(router))  # the caller first: a stranger learns nothing of the body
    request = load(RenameRequest, body(router))
    player = renamed(service, player, request["name"])
    return dumped(PlayerResponse, describe(player, service.clock.now_ms()))
