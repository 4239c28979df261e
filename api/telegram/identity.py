"""The requests the mini app makes as a Telegram user: each proves who it is with fresh
init data (:mod:`.initdata`), checked before anything is read or written."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from api.store.base import StoreBusy, VersionConflict
from api.tables import seats
from api.tables.service import Service
from api.telegram import links
from api.telegram.credentials import require_token
from api.telegram.initdata import BadInitData, InitData, login_secret, validate
from api.telegram.players import find_or_create_player_for_telegram
from api.web.errors import RETRY_AFTER_STORE, ApiError, busy
from api.web.log import logger

Body = dict[str, Any]


def verify(service: Service, init_data: str) -> InitData:
    """The init data's user, or 401 ``bad_init_data`` (404 ``telegram_off`` without a bot)."""
    token = require_token(service.settings)
    try:
        return validate(init_data, token, service.clock.now_ms() // 1000)
    except BadInitData as err:
        # The reason only: the data itself would sign its user in for a day.
        logger.info("init data refused", extra={"reason": err.reason})
        message = "the Telegram init data is not valid or too old"
        raise ApiError(401, "bad_init_data", message) from err


def player(service: Service, body: Body, device_token: str | None = None) -> Body:
    """``POST /api/players/telegram``: the player linked to the Telegram user. The device's
    own player (``X-Istaka-Player``; an unknown token is no error here, only ignored) is the
    one linked on first use, and keeps its token."""
    data = verify(service, body["init_data"])
    try:
        secret = login_secret(require_token(service.settings), data)
        linked = find_or_create_player_for_telegram(
            service, data.user.id, data.user.first_name, device_token, secret
        )
        on = links.notifications_on(service.store, data.user.id)
    except (StoreBusy, VersionConflict) as err:
        raise busy("the player store is busy; try again", RETRY_AFTER_STORE) from err
    settings = service.settings
    return {
        "player_id": linked.player_id,
        "token": linked.token,
        "name": linked.name,
        "notifications": on,
        "bot": settings.telegram_bot,
        "app": settings.telegram_app,
    }


def link_seat(
    service: Service, table_id: str, token: str | None, request: Callable[[], Body]
) -> None:
    """``PUT /api/tables/<id>/telegram``: the bot's turn messages for this seat go to the
    Telegram user. The table and the seat token are checked first, then the body, then
    the init data."""
    require_token(service.settings)
    loaded = service.load(table_id)
    caller = seats.caller(loaded.table, token, required=True)
    body = request()
    seat = seats.seat_for(loaded, caller, body.get("seat"))
    assert seat is not None
    data = verify(service, body["init_data"])
    lang = links.pick_lang(body.get("lang"), data.user.language_code)
    expires = service.expires_at(loaded.table, loaded.now_ms)
    try:
        links.link_seat(service.store, table_id, seat, data.user.id, lang, expires)
    except (StoreBusy, VersionConflict) as err:
        raise busy("the table store is busy; try again", RETRY_AFTER_STORE) from err


def notifications(service: Service, body: Body) -> Body:
    """``PUT /api/players/telegram/notifications``: the user's switch for turn messages."""
    data = verify(service, body["init_data"])
    try:
        links.set_notifications(service.store, data.user.id, bool(body["enabled"]))
    except (StoreBusy, VersionConflict) as err:
        raise busy("the player store is busy; try again", RETRY_AFTER_STORE) from err
    return {"enabled": bool(body["enabled"])}
