"""Tables: create, join, start, hand a seat to a bot, and each seat's view."""

from __future__ import annotations

from aws_lambda_powertools.event_handler import Response

from api.lobby.play import join_open
from api.lobby.schemas import SeatedResponse
from api.players.requests import BAD_PLAYER, PLAYER_HEADER, table_player
from api.tables.context import get_service
from api.tables.hands import finished_hand
from api.tables.schemas import (
    AnyViewSchema,
    BotSeatRequest,
    CreateTableRequest,
    CreateTableResponse,
    JoinRequest,
    JoinResponse,
    StartRequest,
    TableStatusesResponse,
    ViewQuery,
    load,
    load_later,
)
from api.tables.setup import create_table, join_table, seat_to_bot, start_table
from api.tables.view_request import get_view
from api.tables.yours import table_statuses
from api.web.errors import ApiError, bad_request
from api.web.http import body, dumped, header, json_text_response, query, token
from api.web.limits import charge_request, request_address
from api.web.router import router


def create() -> Response[str]:
    request = load(CreateTableRequest, body(router))
    service = get_service()
    player = table_player(service, header(router, PLAYER_HEADER))
    charge_request(service, "table", router)  # 429 too_many past the client's limit
    answer = create_table(service, request, header(router, "origin"), player)
    return dumped(CreateTableResponse, answer, status=201)


def view(table_id: str) -> Response[str]:
    params = load(ViewQuery, query(router))
    shown = get_view(
        get_service(),
        table_id,
        token(router),
        params.get("seat"),
        params.get("since"),
        header(router, "if-none-match"),
        away=params["away"],
    )
    # A seat's view: private, no-store. A spectator's: public for a second or two on a live
    # table, longer on a relaxed one, so CloudFront answers a crowd of embeds (api/tables/pace.py).
    headers = {"ETag": shown.tag, "Cache-Control": shown.cache_control}
    if shown.text is None:
        return Response(status_code=304, body="", headers=headers)
    return json_text_response(200, shown.text, headers)  # the text the tag was taken of


def hand(table_id: str, number: str) -> Response[str]:
    # isdigit() alone accepts "²" and other digits int() refuses: ASCII only.
    if not (number.isascii() and number.isdigit() and len(number) < 4):
        raise bad_request("the hand in the path is a number from 0")
    answer = finished_hand(get_service(), table_id, int(number))
    # A finished hand never changes: a browser may keep it.
    return dumped(AnyViewSchema, answer, headers={"Cache-Control": "public, max-age=3600"})


def join(table_id: str) -> Response[str]:
    data = body(router)
    if isinstance(data, dict) and "invite_code" not in data:
        return _join_open(table_id)
    # The invite code is a join's credential: read first, checked with the table (as a token is).
    invite = data.get("invite_code") if isinstance(data, dict) else None
    invite_code = invite if isinstance(invite, str) else ""
    request = load_later(JoinRequest, data)
    service = get_service()
    player = table_player(service, header(router, PLAYER_HEADER))
    answer = join_table(service, table_id, invite_code, request, player)
    return dumped(JoinResponse, answer)


def start(table_id: str) -> Response[str]:
    request = load_later(StartRequest, body(router))
    answer = start_table(get_service(), table_id, token(router), request)
    return dumped(AnyViewSchema, answer)


def seat_bot(table_id: str, seat: str) -> Response[str]:
    request = load_later(BotSeatRequest, body(router))
    # isdigit() alone accepts "²" and other digits int() refuses: ASCII only.
    if not (seat.isascii() and seat.isdigit() and len(seat) < 3):
        raise bad_request("the seat in the path is a number 0..3")
    number = int(seat)
    answer = seat_to_bot(get_service(), table_id, token(router), number, request)
    return dumped(AnyViewSchema, answer)


def statuses() -> Response[str]:
    answer = table_statuses(get_service(), body(router))
    return dumped(TableStatusesResponse, answer)


def _join_open(table_id: str) -> Response[str]:
    """A seat at an open table from the lobby's list: the player header, no invite code."""
    service = get_service()
    player = table_player(service, header(router, PLAYER_HEADER))
    if player is None:
        raise ApiError(401, BAD_PLAYER, "joining an open table needs a player (X-Istaka-Player)")
    answer = join_open(service, table_id, player, request_address(service, router))
    return dumped(SeatedResponse, answer)
