"""Settings read from the environment, so one code path serves Lambda, the dev server and tests."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field

DEFAULT_SQLITE_PATH = "data/istaka.sqlite3"
DEFAULT_VAPID_KEY_FILE = "data/vapid-private.key"
DEFAULT_TELEGRAM_API = "https://api.telegram.org"

# Creations one client address may make per window (api/web/limits.py); 0 turns a limit off.
PLAYER_LIMIT_ENV = "ISTAKA_PLAYER_CREATE_LIMIT"
TABLE_LIMIT_ENV = "ISTAKA_TABLE_CREATE_LIMIT"
DEFAULT_PLAYER_LIMIT = 20
DEFAULT_TABLE_LIMIT = 60
LIMIT_WINDOW_ENV = "ISTAKA_CREATE_LIMIT_WINDOW_SECONDS"
SAME_ADDRESS_ENV = "ISTAKA_SAME_ADDRESS_TABLES"
DEFAULT_LIMIT_WINDOW_S = 3600


def _env_int(name: str, default: int, env: Mapping[str, str] | None = None) -> int:
    text = (os.environ if env is None else env).get(name, "").strip()
    return int(text) if text else default


@dataclass(frozen=True)
class Settings:
    store: str = "sqlite"  # "sqlite" | "dynamodb"
    sqlite_path: str = DEFAULT_SQLITE_PATH
    table_name: str = "istaka-tables"
    dynamodb_endpoint: str | None = None
    region: str | None = None
    public_url: str | None = None  # base of invite links when the request carries no Origin
    finished_ttl_days: int = 7
    idle_ttl_days: int = 30
    # Keys the tokens of retried joins with each table's own secret, so a leaked item
    # alone cannot give them (api/web/auth.py join_token). Optional: joins work without it.
    secret: str = field(default="", repr=False)
    # Values of X-Origin-Verify that prove a request came through our CloudFront (two during
    # a rotation: the new one and the old). Empty: no check, as in local play and the tests.
    # Kept out of repr so that logging the settings can never print the secret.
    origin_verify: tuple[str, ...] = field(default=(), repr=False)
    # Web Push (api/push): the VAPID private key is read from this SSM parameter (a
    # SecureString) when one is named, as in AWS; else from this file, made on first use.
    vapid_parameter: str | None = None
    vapid_key_file: str = DEFAULT_VAPID_KEY_FILE
    vapid_subject: str | None = None  # the JWT's "sub": a mailto: or https: contact
    # Also accept push endpoints at http://127.0.0.1:<port>/ (the dev server and tests only).
    push_allow_local: bool = False
    # How recent a seat's last recorded request must be for it to count as looking (no
    # push); None: api.push.notifier.LOOKING_SECONDS. The browser tests set 0.
    push_looking_seconds: int | None = None
    # Telegram (api/telegram): the bot's token and the webhook's secret, each from an SSM
    # SecureString when one is named (AWS), else from the environment (local play). No
    # token: every Telegram feature is off. Kept out of repr: a logged Settings shows neither.
    telegram_token: str = field(default="", repr=False)
    telegram_token_parameter: str | None = None
    telegram_webhook_secret: str = field(default="", repr=False)
    telegram_webhook_secret_parameter: str | None = None
    telegram_api: str = DEFAULT_TELEGRAM_API  # the Bot API's base URL (tests: a fake one)
    telegram_bot: str | None = None  # the bot's username, without @ (t.me/<bot>/<app>)
    telegram_app: str | None = None  # the mini app's short name, set with BotFather
    # Per-client creation limits (api/web/limits.py). Unlike the fields above, a Settings()
    # made in code takes them from the environment too: the test session raises them once
    # (tests/__init__.py) for every service its tests build, and a test that checks a limit
    # names it.
    player_create_limit: int = field(
        default_factory=lambda: _env_int(PLAYER_LIMIT_ENV, DEFAULT_PLAYER_LIMIT)
    )
    table_create_limit: int = field(
        default_factory=lambda: _env_int(TABLE_LIMIT_ENV, DEFAULT_TABLE_LIMIT)
    )
    create_window_seconds: int = field(
        default_factory=lambda: _env_int(LIMIT_WINDOW_ENV, DEFAULT_LIMIT_WINDOW_S)
    )
    # Whether two people from one client address may sit at one open table (api/lobby):
    # never in production (collusion); ISTAKA_SAME_ADDRESS_TABLES=1 for local play and the
    # tests, where every browser shares 127.0.0.1. Taken from the environment as the limits are.
    same_address_tables: bool = field(
        default_factory=lambda: os.environ.get(SAME_ADDRESS_ENV, "") == "1"
    )
    # Where a client's address comes from: "socket" (the connection, as the dev server
    # sees it) or "cloudfront" (the CloudFront-Viewer-Address header, set by the stack).
    client_address: str = "socket"

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        return cls(
            store=env.get("ISTAKA_STORE", "sqlite").strip().lower(),
            sqlite_path=env.get("ISTAKA_SQLITE_PATH", DEFAULT_SQLITE_PATH),
            table_name=env.get("ISTAKA_TABLE_NAME", "istaka-tables"),
            dynamodb_endpoint=env.get("ISTAKA_DYNAMODB_ENDPOINT") or None,
            region=env.get("AWS_REGION") or env.get("AWS_DEFAULT_REGION") or None,
            public_url=env.get("ISTAKA_PUBLIC_URL") or None,
            finished_ttl_days=int(env.get("ISTAKA_FINISHED_TTL_DAYS", "7")),
            idle_ttl_days=int(env.get("ISTAKA_IDLE_TTL_DAYS", "30")),
            secret=env.get("ISTAKA_SECRET", ""),
            origin_verify=_secrets(env.get("ISTAKA_ORIGIN_VERIFY", "")),
            vapid_parameter=env.get("ISTAKA_VAPID_PARAMETER") or None,
            vapid_key_file=env.get("ISTAKA_VAPID_KEY_FILE") or DEFAULT_VAPID_KEY_FILE,
            vapid_subject=env.get("ISTAKA_VAPID_SUBJECT") or None,
            push_allow_local=env.get("ISTAKA_PUSH_ALLOW_LOCAL", "") == "1",
            push_looking_seconds=_optional_int(env.get("ISTAKA_PUSH_LOOKING_SECONDS")),
            telegram_token=env.get("ISTAKA_TELEGRAM_BOT_TOKEN", "").strip(),
            telegram_token_parameter=env.get("ISTAKA_TELEGRAM_BOT_TOKEN_PARAMETER") or None,
            telegram_webhook_secret=env.get("ISTAKA_TELEGRAM_WEBHOOK_SECRET", "").strip(),
            telegram_webhook_secret_parameter=(
                env.get("ISTAKA_TELEGRAM_WEBHOOK_SECRET_PARAMETER") or None
            ),
            telegram_api=env.get("ISTAKA_TELEGRAM_API") or DEFAULT_TELEGRAM_API,
            telegram_bot=(env.get("ISTAKA_TELEGRAM_BOT") or "").lstrip("@") or None,
            telegram_app=env.get("ISTAKA_TELEGRAM_APP") or None,
            player_create_limit=_env_int(PLAYER_LIMIT_ENV, DEFAULT_PLAYER_LIMIT, env),
            table_create_limit=_env_int(TABLE_LIMIT_ENV, DEFAULT_TABLE_LIMIT, env),
            create_window_seconds=_env_int(LIMIT_WINDOW_ENV, DEFAULT_LIMIT_WINDOW_S, env),
            client_address=(env.get("ISTAKA_CLIENT_ADDRESS") or "socket").strip().lower(),
        )


def _optional_int(text: str | None) -> int | None:
    return int(text) if text and text.strip() else None


def _secrets(text: str) -> tuple[str, ...]:
    """Comma-separated secrets, blanks dropped (the stack writes "new,old", equal when no
    rotation is under way)."""
    return tuple(dict.fromkeys(part.strip() for part in text.split(",") if part.strip()))
