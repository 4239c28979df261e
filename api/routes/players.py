"""Players without sign-up: make one, and read or rename "me" (api/players)."""

from __future__ import annotations

from aws_lambda_powertools.event_handler import Response

from ..context import get_service
from ..http import body, dumped, new_router, token
from ..players.requests import describe, me, new_player, renamed
from ..schemas import SCHEMAS, load

router = new_router()


@router.post("/players")
def create() -> Response[str]:
    request = load(SCHEMAS["player_new"], body(router))
    answer = new_player(get_service(), request)
    return dumped(SCHEMAS["player_created"], answer, status=201)


@router.get("/players/me")
def read() -> Response[str]:
    service = get_service()
    player = me(service, token(router))
    return dumped(SCHEMAS["player"], describe(player, service.clock.now_ms()))


@router.patch("/players/me")
def patch() -> Response[str]:
    service = get_service()
    player = me(service, token(router))  # the caller first: a stranger learns nothing of the body
    request = load(SCHEMAS["player_rename"], body(router))
    player = renamed(service, player, request["name"])
    return dumped(SCHEMAS["player"], describe(player, service.clock.now_ms()))
