"""The HTTP operations of the Telegram mini app and bot."""

from __future__ import annotations

from api.telegram import routes as telegram
from api.telegram import schemas as tg
from api.web.operation import (
    ANYONE_OR_PLAYER,
    COMMON_ERRORS,
    SEAT,
    Error,
    Operation,
)

TELEGRAM_OFF = "Every Telegram route answers 404 telegram_off when no bot token is set."

BAD_INIT = Error(401, "bad_init_data: not signed by the bot, or over 24 hours old")

OPERATIONS: tuple[Operation, ...] = (
    Operation(
        "post",
        "/api/players/telegram",
        telegram.telegram_player,
        "telegramPlayer",
        "The player of a Telegram user",
        "the player linked to the Telegram user",
        tg.TelegramPlayerResponse,
        request=tg.TelegramPlayerRequest,
        errors=(*COMMON_ERRORS, BAD_INIT),
        security=ANYONE_OR_PLAYER,
        description=(
            "The player linked to the Telegram user the init data names, made on "
            "first use with the Telegram first name (cleaned as seat names are). "
            "With X-Istaka-Player, the device's own player is the one linked on first "
            "use (unless another Telegram user has it), and keeps its token; an "
            "unknown token there is ignored. "
            "Nothing is created for init data that is refused. " + TELEGRAM_OFF
        ),
    ),
    Operation(
        "put",
        "/api/players/telegram/notifications",
        telegram.telegram_notifications,
        "telegramNotifications",
        "The bot's turn messages off or on",
        "the switch as it is now",
        tg.TelegramNotificationsResponse,
        request=tg.TelegramNotificationsRequest,
        errors=(*COMMON_ERRORS, BAD_INIT),
        description=(
            "Turn the bot's your-turn and reminder messages off or on for the "
            "Telegram user (the bot's /quiet and /notify do the same). " + TELEGRAM_OFF
        ),
    ),
    Operation(
        "put",
        "/api/tables/{table_id}/telegram",
        telegram.telegram_seat,
        "linkTelegram",
        "Turn messages for a seat through the bot",
        "done; no body",
        status=204,
        request=tg.TelegramSeatRequest,
        errors=(*COMMON_ERRORS, 401, 403),
        security=SEAT,
        description=(
            "The bot messages the Telegram user of the init data when it is this "
            "seat's turn (and with the reminder), in ``lang`` or the user's Telegram "
            "language. The seat token is checked first, then the init data. " + TELEGRAM_OFF
        ),
    ),
    Operation(
        "post",
        "/api/telegram/webhook",
        telegram.telegram_webhook,
        "telegramWebhook",
        "Telegram's updates for the bot",
        "taken",
        tg.WebhookResponse,
        request={"type": "object", "description": "a Telegram Update"},
        errors=(*COMMON_ERRORS, Error(401, "bad_webhook_secret")),
        headers={telegram.SECRET_HEADER: {"required": True, "schema": {"type": "string"}}},
        description=(
            "Telegram's updates (setWebhook with secret_token). Refused with 401 "
            "bad_webhook_secret unless X-Telegram-Bot-Api-Secret-Token is the "
            "webhook's secret; otherwise always 200, whatever the update. /start "
            "[<table id>[_<invite code>]] answers with a button opening the mini app "
            "there; /quiet and /notify switch the turn messages. " + TELEGRAM_OFF
        ),
    ),
)
