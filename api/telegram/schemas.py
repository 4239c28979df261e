"""Requests and answers of the Telegram endpoints (api/telegram/routes.py); the OpenAPI
document (api/web/openapi.py) is built from them."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.telegram.initdata import MAX_INIT_DATA
from engine.core.languages import LANGUAGES

LANGS = LANGUAGES  # engine/core/languages.py


def _init_data() -> fields.String:
    return fields.String(
        required=True,
        validate=validate.Length(min=1, max=MAX_INIT_DATA),
        metadata={
            "description": "Telegram.WebApp.initData as the mini app got it: checked with the "
            "bot's token, at most 24 hours old. Else 401 bad_init_data."
        },
    )


class TelegramPlayerRequest(Schema):
    init_data = _init_data()


class TelegramPlayerResponse(Schema):
    player_id = fields.String(required=True)
    token = fields.String(required=True, metadata={"description": "the player's token"})
    name = fields.String(required=True, metadata={"description": "the Telegram first name"})
    notifications = fields.Boolean(
        required=True, metadata={"description": "whether the bot messages this user on turns"}
    )
    bot = fields.String(
        allow_none=True,
        required=True,
        metadata={"description": "the bot's username, for t.me links (none if not set)"},
    )
    app = fields.String(
        allow_none=True,
        required=True,
        metadata={"description": "the mini app's short name, for t.me links (none if not set)"},
    )


class TelegramSeatRequest(Schema):
    init_data = _init_data()
    seat = fields.Integer(strict=True, validate=validate.Range(0, 3))
    lang = fields.String(load_default=None, validate=validate.OneOf(LANGS))


class TelegramNotificationsRequest(Schema):
    init_data = _init_data()
    enabled = fields.Boolean(required=True, truthy={True}, falsy={False})


class TelegramNotificationsResponse(Schema):
    enabled = fields.Boolean(required=True)


class WebhookResponse(Schema):
    ok = fields.Boolean(required=True)
