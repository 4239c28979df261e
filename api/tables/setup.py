"""Tables before and around play: create, join, start, and hand a quiet seat to a bot."""

from __future__ import annotations

import re
import secrets
from typing import Any

from api.lobby.facts import START_OFFER_S
from api.players.model import Player
from api.store.base import VersionConflict
from api.tables import seats
from api.tables.item import RecentAction, SeatInfo, Table, action_key
from api.tables.kinds import kind_named
from api.tables.names import default_name
from api.tables.pace import turn_seconds_for
from api.tables.schemas import Later
from api.tables.seats import Caller
from api.tables.service import Loaded, Service
from api.tables.views import build_view, player_name
from api.web.auth import (
    invite_matches,
    join_token,
    match_token,
    new_invite_code,
    new_table_id,
    new_token,
    token_hash,
)
from api.web.errors import ApiError, bad_request, conflict, forbidden, unprocessable
from api.web.log import logger
from engine.core.errors import InvalidOptions
from engine.variants import rules_for

# A seat goes to a computer only after its player has been away this long (or its turn
# ran out): a player still at the table keeps the seat.
QUIET_SECONDS = 300


def _seats_for(request: dict[str, Any], count: int, player: Player | None) -> list[SeatInfo]:
    """Who sits where, from the kind of table and the optional seat list."""
    table_kind = kind_named(request["mode"])
    listed = request.get("seats")
    if player is not None and not request.get("name"):
        request = {**request, "name": player.name}  # the player's name, unless another is given
    if listed is None:
        first = SeatInfo("human", request.get("name") or default_name(0), token=0)
        invited = table_kind.joinable_by_code
        rest = SeatInfo("open") if invited else SeatInfo("bot", level="normal")
        return [first] + [SeatInfo(rest.kind, level=rest.level) for _ in range(count - 1)]
    if len(listed) != count:
        raise bad_request(f"the seat list names {len(listed)} seats, the table has {count}")
    seats: list[SeatInfo] = []
    for index, spec in enumerate(listed):
        kind = spec["kind"]
        if kind == "bot":
            seats.append(SeatInfo("bot", level=spec.get("level") or "normal"))
        elif kind == "open":
            if not table_kind.joinable_by_code:
                raise bad_request("open seats are only for tables with friends")
            seats.append(SeatInfo("open"))
        else:
            if not table_kind.typed_names and any(s.kind == "human" for s in seats):
                raise bad_request("friends take the other seats by joining; list them as open")
            name = spec.get("name") or request.get("name") or default_name(index)
            seats.append(SeatInfo("human", name, token=0))
    if not any(s.kind == "human" for s in seats):
        raise bad_request("the creator needs a seat: list at least one human seat")
    return seats


def create_table(
    service: Service,
    request: dict[str, Any],
    origin: str | None,
    player: Player | None = None,
    *,
    match_secret: bytes | None = None,
) -> dict[str, Any]:
    """A new table from a create request. ``match_secret`` deals a chosen match: for tests
    that need a known deal, never from a request (the routes do not pass it)."""
    variant = request["variant"]
    rules = rules_for(variant)
    if rules is None:
        raise bad_request(f"unknown variant {variant!r}", "unsupported_variant")
    option_data = dict(request.get("options") or {})
    if request.get("seats") is not None:
        option_data.setdefault("seats", len(request["seats"]))
    try:
        state = rules.new_match(option_data, match_secret or secrets.token_bytes(32))
    except (InvalidOptions, TypeError) as err:
        raise bad_request(str(err), "invalid_options") from err
    seats = _seats_for(request, state.options.seats, player)
    mode = request["mode"]
    kind = kind_named(mode)
    turn_seconds = turn_seconds_for(mode, request.get("pace"), request.get("turn_seconds"))
    token = new_token()
    now = service.clock.now_ms()
    table = Table(
        table_id=new_table_id(),
        rev=1,
        status="waiting" if kind.starts_waiting else "playing",
        mode=mode,
        turn_seconds=turn_seconds,
        invite=new_invite_code(),
        tokens=[token_hash(token)],
        seats=seats,
        record={},
        created=now // 1000,
        seen_times=[0],
        # The creator's token is index 0: on a hotseat table it holds every seat.
        players=[player.player_id] if player is not None else [],
    )
    loaded = Loaded(table, state, state, now)
    service.settle(loaded)  # a bot may hold the starting seat
    for _ in range(3):
        try:
            service.create(table, loaded.state, now)
            break
        except VersionConflict:
            table.table_id = new_table_id()
    else:
        raise ApiError(503, "busy", "could not allocate a table id; try again")
    caller = Caller(0, tuple(table.held_by(0)))
    seat = caller.held[0]
    logger.info("table created", extra={"table_id": table.table_id, "mode": mode})
    base = _site(origin) or (service.settings.public_url or "").rstrip("/")
    return {
        "table_id": table.table_id,
        "seat": seat,
        "seats": list(caller.held),
        "token": token,
        "invite_code": table.invite if kind.joinable_by_code else None,
        # The frontend's own route for joining (frontend/js/app.js: #/join/<id>/<code>).
        "invite_url": f"{base}/#/join/{table.table_id}/{table.invite}"
        if kind.joinable_by_code
        else None,
        "view": build_view(table, loaded.state, seat, caller, None, loaded.now_ms // 1000),
    }


def _site(origin: str | None) -> str | None:
    # Browsers send Origin with every POST; "null" (sandboxed frames) and junk are ignored.
    if origin and re.fullmatch(r"https?://[A-Za-z0-9.\-\[\]:]+", origin):
        return origin
    return None


def join_table(
    service: Service,
    table_id: str,
    invite_code: str,
    request: Later,
    player: Player | None = None,
) -> dict[str, Any]:
    fresh = new_token()
    player_id = player.player_id if player is not None else None

    def change(loaded: Loaded) -> Any:
        table = loaded.table
        if not table.kind.joinable_by_code or not invite_matches(invite_code, table.invite):
            raise ApiError(403, "bad_invite", "that invite code does not open this table")
        body = request()  # checked only now: after the table and the invite code
        request_id = body.get("request_id")
        token = fresh
        if request_id is not None:
            secret = service.settings.secret.encode("utf-8")
            token = join_token(secret, loaded.state.match_secret, table.table_id, request_id)
            index = match_token(token, table.tokens)
            held = table.held_by(index) if index is not None else []
            if index is not None and held:
                # The first try took a seat and its answer was lost: answer it again.
                logger.info("join repeated", extra={"table_id": table.table_id, "seat": held[0]})
                return _joined(table, loaded, Caller(index, tuple(held)), token)
        if player_id is not None and player_id in table.players:
            # One seat per player and table: candy with friends needs another person.
            raise conflict("already_seated", "this player holds a seat at this table already")
        if table.status != "waiting":
            raise conflict("table_full", "the game has started; no seat is free")
        # A seat kept for a rematch's player is not free (api/friends/rematch.py).
        free = [
            s for s, info in enumerate(table.seats) if info.kind == "open" and not info.reserved
        ]
        if not free:
            raise conflict("table_full", "every seat is taken")
        seat = free[0]
        index = table.add_token(token_hash(token), loaded.now_ms // 1000, player_id)
        name = body.get("name") or (player.name if player else default_name(seat, body["lang"]))
        table.seats[seat] = SeatInfo("human", name, token=index)
        loaded.dirty = True
        logger.info("seat joined", extra={"table_id": table.table_id, "seat": seat})
        return _joined(table, loaded, Caller(index, (seat,)), token)

    answer: dict[str, Any] = service.commit(table_id, change)
    return answer


def _joined(table: Table, loaded: Loaded, caller: Caller, token: str) -> Any:
    seat = caller.held[0]
    return lambda: {
        "seat": seat,
        "token": token,
        "view": build_view(table, loaded.state, seat, caller, None, loaded.now_ms // 1000),
    }


def _creator(service: Service, loaded: Loaded, token: str | None) -> Caller:
    caller = seats.caller(loaded.table, token, required=True)
    if not caller.creator and not loaded.table.kind.listed:
        raise forbidden("only the table's creator may do this")
    return caller


def deal_in(service: Service, loaded: Loaded) -> None:
    """Start a waiting table: every seat still open goes to a computer, and the computers
    play up to the first human turn."""
    loaded.table.begin()
    loaded.dirty = True
    service.settle(loaded)


def may_start_now(table: Table, now_ms: int) -> None:
    """An open table starts early with computers only once its people are offered that
    (409 ``too_early`` before)."""
    offered = (table.created + START_OFFER_S) * 1000
    if now_ms < offered:
        wait = -(-(offered - now_ms) // 1000)
        raise conflict("too_early", f"an open table waits for players {wait} s more")


def start_table(
    service: Service, table_id: str, token: str | None, request: Later
) -> dict[str, Any]:
    def change(loaded: Loaded) -> Any:
        caller = _creator(service, loaded, token)
        request_id = request().get("request_id")  # checked after the caller, as every body is
        # Kept among the recent action keys (bounded as they are); the prefix keeps it apart
        # from an action_id of the same text.
        key = action_key("start:" + request_id) if request_id is not None else None
        table = loaded.table
        seat = caller.held[0]
        if key is not None and table.find_action(key) is not None:
            # A retry of the start that landed: the current view, nothing stored.
            return lambda: build_view(
                table, loaded.state, seat, caller, None, loaded.now_ms // 1000
            )
        if table.status != "waiting":
            raise conflict("already_started", "the game has already started")
        if table.kind.listed:
            may_start_now(table, loaded.now_ms)  # any seated player, once it is offered
        loaded.seen_token = caller.token_index
        since = loaded.state.version
        deal_in(service, loaded)
        if key is not None:
            table.remember_action(RecentAction(key, seat, since, loaded.state.version))
        logger.info("table started", extra={"table_id": table.table_id})
        return lambda: build_view(table, loaded.state, seat, caller, None, loaded.now_ms // 1000)

    view: dict[str, Any] = service.commit(table_id, change)
    return view


def seat_to_bot(
    service: Service, table_id: str, token: str | None, seat: int, request: Later
) -> dict[str, Any]:
    def change(loaded: Loaded) -> Any:
        caller = _creator(service, loaded, token)
        level = request()["level"]
        table = loaded.table
        if table.kind.hands_quitters_over:
            # Strangers do not take each other's seats: a quiet seat goes over by itself.
            raise forbidden("at an open table a seat goes to a computer only by itself")
        if not 0 <= seat < len(table.seats):
            raise unprocessable("illegal_action", f"no seat {seat} at this table")
        if seat in caller.held:
            raise unprocessable("illegal_action", "you cannot hand your own seat to a computer")
        info = table.seats[seat]
        if info.kind != "human":
            raise unprocessable("illegal_action", "only a player's seat can go to a computer")
        _require_quiet(loaded, seat)
        table.seats[seat] = SeatInfo("bot", info.name, level, info.token)
        loaded.dirty = True
        loaded.seen_token = caller.token_index
        service.settle(loaded)
        logger.info("seat given to computer", extra={"table_id": table.table_id, "seat": seat})
        own = caller.held[0]
        return lambda: build_view(table, loaded.state, own, caller, None, loaded.now_ms // 1000)

    view: dict[str, Any] = service.commit(table_id, change)
    return view


def _require_quiet(loaded: Loaded, seat: int) -> None:
    """Refuse to take a seat from a player who is still there (409 ``seat_active``).

    Quiet means away ``QUIET_SECONDS`` (no request with the seat's token), or its turn
    ran out: on turn past the deadline, or already played for it by the computer
    (``auto``) with no move of its own since. Deadlines are lazy, so any poll that
    came after the deadline has played that turn and left only ``auto`` behind.
    """
    table, state = loaded.table, loaded.state
    info = table.seats[seat]
    assert info.token is not None  # every human seat holds a token
    if info.auto:
        return
    on_turn = table.status == "playing" and state.phase != "over" and state.turn == seat
    quiet_at = (table.last_seen(info.token) + QUIET_SECONDS) * 1000
    if on_turn and table.deadline is not None:
        quiet_at = min(quiet_at, table.deadline)
    if loaded.now_ms >= quiet_at:
        return
    minutes = -(-(quiet_at - loaded.now_ms) // 60_000)
    raise conflict(
        "seat_active",
        f"{player_name(table, seat)} has been here in the last {QUIET_SECONDS // 60} minutes: "
        f"the seat can go to a computer in about {minutes} min, once they have been away "
        f"{QUIET_SECONDS // 60} minutes" + (" or their turn runs out" if on_turn else ""),
    )
