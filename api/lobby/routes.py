"""The lobby over HTTP: Play now, the list, blocks and reports (api/lobby)."""

from __future__ import annotations

from aws_lambda_powertools.event_handler import Response

from api.lobby.listing import CACHE_SECONDS, open_tables
from api.lobby.play import play_now
from api.lobby.safety import block, blocks, report, unblock
from api.lobby.schemas import (
    BlockRequest,
    BlocksResponse,
    LobbyQuery,
    LobbyResponse,
    PlayNowRequest,
    ReportRequest,
    SeatedResponse,
)
from api.lobby.seating import Choices
from api.players.requests import BAD_PLAYER, PLAYER_HEADER, me, table_player
from api.tables.context import get_service
from api.tables.schemas import load, load_later
from api.web.errors import ApiError, bad_request
from api.web.http import body, dumped, header, query, token
from api.web.limits import request_address
from api.web.router import router

NO_STORE = {"Cache-Control": "no-store"}


def post_play() -> Response[str]:
    service = get_service()
    player = table_player(service, header(router, PLAYER_HEADER))
    if player is None:
        raise ApiError(401, BAD_PLAYER, "Play now needs a player (X-Istaka-Player)")
    request = load(PlayNowRequest, body(router))
    choices = Choices(
        tuple(dict.fromkeys(request["variants"])),
        tuple(dict.fromkeys(request["paces"])),
        tuple(dict.fromkeys(request["seats"])),
    )
    address = request_address(service, router)
    answer = play_now(service, player, choices, request.get("request_id"), address)
    return dumped(SeatedResponse, answer, headers=NO_STORE)


def get_lobby() -> Response[str]:
    params = load(LobbyQuery, query(router))
    filters = (params.get("variant"), params.get("pace"), params.get("seats"))
    rows = open_tables(get_service(), *filters)
    cache = {"Cache-Control": f"public, max-age={CACHE_SECONDS}"}
    return dumped(LobbyResponse, {"tables": rows}, headers=cache)


def post_block() -> Response[str]:
    service = get_service()
    player = me(service, token(router))  # the caller first: a stranger learns nothing of the body
    request = load(BlockRequest, body(router))
    block(service, player, request["table_id"], request["seat"])
    return Response(status_code=204, body="", headers=NO_STORE)


def get_blocks() -> Response[str]:
    player = me(get_service(), token(router))
    return dumped(BlocksResponse, {"blocks": blocks(player)}, headers=NO_STORE)


def delete_block(number: str) -> Response[str]:
    service = get_service()
    player = me(service, token(router))
    if not (number.isascii() and number.isdigit() and len(number) < 4):
        raise bad_request("the block in the path is a number from 0")
    unblock(service, player, int(number))
    return Response(status_code=204, body="", headers=NO_STORE)


def post_report(table_id: str) -> Response[str]:
    request = load_later(ReportRequest, body(router))
    service = get_service()
    report(service, table_id, token(router), request)
    return Response(status_code=204, body="", headers=NO_STORE)
