"""Telegram: the mini app's player and seat link, the turn-message switch, the bot's webhook.

Every route answers 404 ``telegram_off`` when no bot token is configured.
"""

from __future__ import annotations

import hmac

from aws_lambda_powertools.event_handler import Response

from api.players.requests import PLAYER_HEADER
from api.tables.context import get_service
from api.tables.schemas import load, load_later
from api.telegram import identity
from api.telegram.bot import handle_update
from api.telegram.botapi import BotApi
from api.telegram.credentials import TELEGRAM_OFF, require_token, webhook_secret
from api.telegram.schemas import (
    TelegramNotificationsRequest,
    TelegramNotificationsResponse,
    TelegramPlayerRequest,
    TelegramPlayerResponse,
    TelegramSeatRequest,
    WebhookResponse,
)
from api.web.errors import ApiError
from api.web.http import body, dumped, header, token
from api.web.log import logger
from api.web.router import router

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
WEBHOOK_TIMEOUT_S = 3.0


def telegram_player() -> Response[str]:
    service = get_service()
    request = load(TelegramPlayerRequest, body(router))
    device = (header(router, PLAYER_HEADER) or "").strip() or None
    return dumped(TelegramPlayerResponse, identity.player(service, request, device))


def telegram_notifications() -> Response[str]:
    service = get_service()
    request = load(TelegramNotificationsRequest, body(router))
    return dumped(TelegramNotificationsResponse, identity.notifications(service, request))


def telegram_seat(table_id: str) -> Response[str]:
    request = load_later(TelegramSeatRequest, body(router))
    identity.link_seat(get_service(), table_id, token(router), request)
    return Response(status_code=204, body="", headers={"Cache-Control": "no-store"})


def telegram_webhook() -> Response[str]:
    """An update from Telegram (setWebhook with ``secret_token``). Checked by the secret
    header before the body is even parsed; once checked, always 200, so that Telegram
    does not resend an update the bot could not act on."""
    service = get_service()
    bot_token = require_token(service.settings)
    secret = webhook_secret(service.settings)
    if secret is None:
        raise TELEGRAM_OFF
    sent = header(router, SECRET_HEADER) or ""
    if not hmac.compare_digest(sent.encode("utf-8", "surrogatepass"), secret.encode("utf-8")):
        logger.info("webhook refused", extra={"header_sent": bool(sent)})
        raise ApiError(401, "bad_webhook_secret", "this webhook answers Telegram only")
    # One try, briefly: a request does not sleep, and a user whose /start went unanswered
    # sends it again. The notifier's messages are the ones retried (api/telegram/sender.py).
    api = BotApi(service.settings.telegram_api, bot_token, attempts=1, timeout=WEBHOOK_TIMEOUT_S)
    try:
        update = body(router)
    except ApiError as err:
        # Not JSON, too big, too deep: Telegram would resend it for ever on a 4xx.
        logger.info("webhook update ignored", extra={"reason": err.code})
        return dumped(WebhookResponse, {"ok": True})
    done = handle_update(update, service.settings, api, service.store)
    logger.info("webhook update", extra={"done": done})
    return dumped(WebhookResponse, {"ok": True})
