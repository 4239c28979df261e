"""``POST /api/tables/{id}/rematch``: one next table for everyone, in the same seats.

The first call on a finished table claims the offer in the old table's item (one
conditional write, so two seats asking at once agree on one next table id) and then
creates that table. Every seat's token at the next table is derived, never stored: an
HMAC of the next table's id and the old token's index under a key made from the server's
secret and the old table's own secret. So a repeat by the same seat (same ``request_id``
or none) answers the same seat and token, and whichever request reaches the next table
first can create it exactly as the one who asked would: a crash between the two writes
loses nothing, and a race creates it once (a conditional create).

A next table id is made once, for one offer, and never made again: if the next table
cannot be found once the offer is older than :data:`CREATE_WINDOW_S` (no request takes
that long to make it), it was made and has expired (its finished hands, push items may
live on), so a new offer with a new id replaces it. Reusing the id would let the old
tokens open the new table and serve the old table's archived hands as the new one's.

At the next table the seat that asked holds token 0 (it is that table's creator and may
start it); every other person's seat is kept for them (an open seat holding the token
they will get, which no invite can take). The table deals once every one of them is in,
or when its creator starts it (then a kept seat goes to the computer, its token still
showing it).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from typing import Any

from marshmallow import Schema, fields

from api.friends.item import Rematch, Series
from api.store.base import VersionConflict
from api.tables import seats
from api.tables.item import LOOKING_SECONDS, SeatInfo, Table
from api.tables.schemas import Later, ViewField, request_id_field
from api.tables.seats import Caller
from api.tables.service import Loaded, Service
from api.tables.views import build_view
from api.web.auth import match_token, new_invite_code, new_table_id, token_hash
from api.web.errors import ApiError, conflict, forbidden
from api.web.log import logger
from engine.variants import rules_of


class RematchRequest(Schema):
    """The body of ``POST /api/tables/{id}/rematch`` (optional)."""

    request_id = request_id_field()


class RematchResponse(Schema):
    table_id = fields.String(required=True, metadata={"description": "the next table"})
    seat = fields.Integer(required=True, metadata={"description": "the same seat as before"})
    seats = fields.List(fields.Integer(), required=True)
    token = fields.String(required=True)
    view = ViewField(required=True)


# How long after an offer its next table may still be missing because it is being made (or
# the request making it died): far past the Lambda's 10 s timeout.
CREATE_WINDOW_S = 60


class _Gone(Exception):
    """The offer's next table was made and is gone: the offer must be made anew."""

    def __init__(self, offer: Rematch) -> None:
        super().__init__(offer.table_id)
        self.offer = offer


def rematch(service: Service, table_id: str, token: str | None, request: Later) -> dict[str, Any]:
    """The caller's seat at the next table, made by the first call (see the module)."""
    stale: Rematch | None = None
    for _ in range(2):
        try:
            return _rematch(service, table_id, token, request, stale)
        except _Gone as gone:
            stale = gone.offer
    raise conflict("rematch_unavailable", "the next table cannot be made now; try again")


def _rematch(
    service: Service, table_id: str, token: str | None, request: Later, stale: Rematch | None
) -> dict[str, Any]:
    claimed: list[bool] = []

    def claim(loaded: Loaded) -> Any:
        table = loaded.table
        caller = seats.caller(table, token, required=True)
        request()  # checked after the caller, as every table route's body
        if not caller.held:
            raise forbidden("this token holds no seat at this table")
        if table.status != "finished" and not loaded.state.match_over:
            raise conflict("match_not_over", "the match is still being played")
        claimed.clear()
        if table.rematch is None or table.rematch == stale:
            at = loaded.now_ms // 1000
            table.rematch = Rematch(new_table_id(), caller.held[0], at)
            loaded.dirty = True
            claimed.append(True)
            logger.info("rematch offered", extra={"table_id": table.table_id})
        return lambda: (table, loaded.state, caller)

    old, old_state, caller = service.commit(table_id, claim)
    assert old.rematch is not None and caller.token_index is not None
    key = _key(service, old_state.match_secret)
    mine = rematch_token(key, old.rematch.table_id, caller.token_index)
    if claimed:
        made = _create_next(service, old, old_state, key)
        if made is not None:  # no one was faster: the caller's seat is in it already
            return _answer(made, mine, Caller(0, tuple(made.table.held_by(0))))
    return _join_next(service, old, old_state, key, mine)


def _key(service: Service, old_secret: bytes) -> bytes:
    return hmac.new(service.settings.secret.encode("utf-8"), old_secret, hashlib.sha256).digest()


def rematch_token(key: bytes, next_id: str, old_token: int) -> str:
    """The next table's token for the holder of ``old_token`` at the old table."""
    message = b"rematch\0%s\0%d" % (next_id.encode("utf-8"), old_token)
    digest = hmac.new(key, message, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")


def _join_next(
    service: Service, old: Table, old_state: Any, key: bytes, token: str
) -> dict[str, Any]:
    """Take the caller's kept seat at the next table (made first if it is not there yet)."""

    def take(loaded: Loaded) -> Any:
        table = loaded.table
        index = match_token(token, table.tokens)
        if index is None:  # a next table not made from this one: never expected
            raise conflict("rematch_unavailable", "the next table has no seat for this token")
        held = table.held_by(index)
        for seat in held:
            info = table.seats[seat]
            if info.reserved:
                table.seats[seat] = SeatInfo("human", info.name, token=index)
                loaded.dirty = True
        everyone = all(info.kind != "open" for info in table.seats)
        if loaded.dirty and table.status == "waiting" and everyone:
            table.status = "playing"  # every player of the old table is in: deal
            logger.info("rematch dealt", extra={"table_id": table.table_id})
        loaded.seen_token = index
        service.settle(loaded)
        made = loaded
        return lambda: _answer(made, token, Caller(index, tuple(held)))

    assert old.rematch is not None
    for attempt in range(2):
        try:
            answer: dict[str, Any] = service.commit(old.rematch.table_id, take)
            return answer
        except ApiError as err:
            if err.code != "table_not_found" or attempt:
                raise
            if not _fresh(service, old.rematch):
                raise _Gone(old.rematch) from err  # made once, expired since: never again
            # The one who asked has not made it yet (or never will): make it as they would.
            _create_next(service, old, old_state, key)
    raise AssertionError("unreachable")


def _fresh(service: Service, offer: Rematch) -> bool:
    """Whether the offer's next table may be missing only because it is still being made."""
    now_s = service.clock.now_ms() // 1000
    return offer.at is not None and now_s - offer.at <= CREATE_WINDOW_S


def _create_next(service: Service, old: Table, old_state: Any, key: bytes) -> Loaded | None:
    """Create the next table as the seat that asked would; ``None`` if it exists already."""
    assert old.rematch is not None
    next_id = old.rematch.table_id
    by_token = old.seats[old.rematch.by].token
    assert by_token is not None  # the seat that asked holds a token
    people = [info.token for info in old.seats if info.token is not None]
    order = list(dict.fromkeys([by_token, *people]))  # the one who asked holds token 0
    index_of = {token: index for index, token in enumerate(order)}
    places: list[SeatInfo] = []
    for info in old.seats:
        if info.token is None:
            # Computers stay computers at their levels.
            bot = info.kind == "bot"
            places.append(SeatInfo("bot", level=info.level) if bot else SeatInfo("open"))
        elif info.token == by_token:
            places.append(SeatInfo("human", info.name, token=0))
        else:
            places.append(SeatInfo("open", info.name, token=index_of[info.token]))
    waiting = any(info.kind == "open" for info in places)
    now = service.clock.now_ms()
    wins = list(old.series.wins) if old.series else [0] * len(old.seats)
    for seat in old_state.match_winners:
        wins[seat] += 1
    players = [old.players[t] if t < len(old.players) else None for t in order]
    table = Table(
        table_id=next_id,
        rev=1,
        status="waiting" if waiting else "playing",
        mode=old.mode,
        turn_seconds=old.turn_seconds,
        invite=new_invite_code(),
        tokens=[token_hash(rematch_token(key, next_id, t)) for t in order],
        seats=places,
        record={},
        created=now // 1000,
        # The one who asked is here now; the others have not come yet (so pushes reach them).
        seen_times=[0] + [-LOOKING_SECONDS] * (len(order) - 1),
        players=players if any(players) else [],
        series=Series(old.table_id, (old.series.tables if old.series else 1) + 1, tuple(wins)),
    )
    state = rules_of(old_state).start(old_state.options, secrets.token_bytes(32))
    loaded = Loaded(table, state, state, now)
    service.settle(loaded)  # a computer may hold the starting seat
    try:
        service.create(table, loaded.state, now)
    except VersionConflict:
        return None
    logger.info("rematch table created", extra={"table_id": next_id, "previous": old.table_id})
    return loaded


def _answer(loaded: Loaded, token: str, caller: Caller) -> dict[str, Any]:
    seat = seats.seat_for(loaded, caller, None)
    return {
        "table_id": loaded.table.table_id,
        "seat": seat,
        "seats": list(caller.held),
        "token": token,
        "view": build_view(loaded.table, loaded.state, seat, caller, None, loaded.now_ms // 1000),
    }
