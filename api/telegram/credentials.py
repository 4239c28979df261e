"""The bot's token and the webhook's secret: where they come from, once per process.

In AWS each is a SecureString in SSM Parameter Store (template.yaml's
``TelegramBotTokenParameter`` and ``TelegramWebhookSecretParameter``, named in
``ISTAKA_TELEGRAM_BOT_TOKEN_PARAMETER`` / ``..._WEBHOOK_SECRET_PARAMETER``), read once
per cold start. Locally they are ``ISTAKA_TELEGRAM_BOT_TOKEN`` and
``ISTAKA_TELEGRAM_WEBHOOK_SECRET``. Neither is ever logged, returned or put in an error:
a leaked token lets anyone speak as the bot and sign init data for any user.
"""

from __future__ import annotations

import threading

from api.web.config import Settings
from api.web.errors import ApiError

_cache: dict[str, str] = {}
_lock = threading.Lock()

TELEGRAM_OFF = ApiError(404, "telegram_off", "Telegram is not set up on this server (no bot token)")


def _from_ssm(settings: Settings, name: str) -> str:
    import boto3  # only in AWS, where the parameter lives

    client = boto3.client("ssm", region_name=settings.region)
    answer = client.get_parameter(Name=name, WithDecryption=True)
    return str(answer["Parameter"]["Value"]).strip()


def _read(settings: Settings, parameter: str | None, local: str) -> str:
    if not parameter:
        return local
    with _lock:
        if parameter not in _cache:
            try:
                _cache[parameter] = _from_ssm(settings, parameter)
            except Exception as err:  # an SSM outage must not look like "no Telegram"
                raise ApiError(
                    503, "telegram_unavailable", "the bot's settings cannot be read now"
                ) from err
        return _cache[parameter]


def bot_token(settings: Settings) -> str | None:
    """The token, ``None`` when Telegram is off (no parameter and no variable)."""
    return _read(settings, settings.telegram_token_parameter, settings.telegram_token) or None


def webhook_secret(settings: Settings) -> str | None:
    return (
        _read(
            settings,
            settings.telegram_webhook_secret_parameter,
            settings.telegram_webhook_secret,
        )
        or None
    )


def require_token(settings: Settings) -> str:
    """The token, or 404 ``telegram_off``."""
    token = bot_token(settings)
    if token is None:
        raise TELEGRAM_OFF
    return token


def enabled(settings: Settings) -> bool:
    """Whether Telegram is configured at all, without reading a parameter."""
    return bool(settings.telegram_token_parameter or settings.telegram_token)
