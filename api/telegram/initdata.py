"""Telegram Mini App init data: checked exactly as Telegram documents it
(core.telegram.org/bots/webapps, "Validating data received via the Mini App"). Pure.

``Telegram.WebApp.initData`` is a query string (``query_id=...&user=%7B...%7D&
auth_date=...&hash=...``). It is genuine when:

- the data-check-string is every received field but ``hash``, as ``key=value`` with
  the value URL-decoded, sorted by key and joined with line feeds;
- the secret key is ``HMAC_SHA256(key="WebAppData", message=bot_token)``;
- ``hash`` is the hex ``HMAC_SHA256(key=secret_key, message=data_check_string)``,
  compared in constant time;

and it is fresh when ``auth_date`` is at most :data:`MAX_AGE_S` old. Anything else
raises :class:`BadInitData`, whose ``reason`` may be logged; the data itself never is
(it names the user and, replayed within a day, would sign them in).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from dataclasses import dataclass, field
from urllib.parse import parse_qsl

MAX_AGE_S = 24 * 3600
# Telegram's clock and ours may differ a little; data from further ahead is refused.
MAX_AHEAD_S = 300
# initData is a few hundred bytes (a photo URL makes it longest); far more is not Telegram's.
MAX_INIT_DATA = 4096


class BadInitData(Exception):
    """Not genuine, not fresh or not readable. ``reason`` is one word, fit for a log."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class TelegramUser:
    id: int
    first_name: str
    language_code: str | None = None


@dataclass(frozen=True)
class InitData:
    user: TelegramUser
    auth_date: int  # epoch seconds
    start_param: str | None = None  # t.me/<bot>/<app>?startapp=<this>
    signature: str = field(default="", repr=False)  # the data's hash: one per launch


def login_secret(bot_token: str, data: InitData) -> str:
    """The secret part of the player token one launch's data is answered with: the same
    data gives the same token (a replay mints nothing, so revokes no other device), and
    only who holds the bot token could compute it from the data."""
    message = b"player-token\0" + data.signature.encode("ascii")
    digest = hmac.new(secret_key(bot_token), message, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")


def secret_key(bot_token: str) -> bytes:
    return hmac.new(b"WebAppData", bot_token.encode("utf-8"), hashlib.sha256).digest()


def data_check_string(fields: dict[str, str]) -> str:
    """The text the hash signs: every field but ``hash``, sorted, ``key=value`` per line.

    >>> data_check_string({"b": "2", "hash": "x", "a": "1"})
    'a=1\\nb=2'
    """
    return "\n".join(f"{k}={fields[k]}" for k in sorted(fields) if k != "hash")


def expected_hash(fields: dict[str, str], bot_token: str) -> str:
    text = data_check_string(fields).encode("utf-8")
    return hmac.new(secret_key(bot_token), text, hashlib.sha256).hexdigest()


def parse_fields(init_data: str) -> dict[str, str]:
    """The fields of the query string, URL-decoded; a field sent twice is refused (which
    of the two would the hash have meant?)."""
    if not init_data or len(init_data) > MAX_INIT_DATA:
        raise BadInitData("size")
    try:
        pairs = parse_qsl(init_data, keep_blank_values=True, strict_parsing=True)
    except ValueError as err:
        raise BadInitData("malformed") from err
    fields = dict(pairs)
    if len(fields) != len(pairs):
        raise BadInitData("repeated_field")
    return fields


def validate(init_data: str, bot_token: str, now_s: int, max_age_s: int = MAX_AGE_S) -> InitData:
    """The user the data speaks for, if Telegram signed it with this bot's token lately."""
    fields = parse_fields(init_data)
    sent = fields.get("hash", "")
    # compare_digest on bytes: a non-ASCII hash is simply wrong, never a TypeError.
    if not hmac.compare_digest(
        sent.encode("utf-8"), expected_hash(fields, bot_token).encode("ascii")
    ):
        raise BadInitData("hash")
    # Seconds as Telegram writes them: ASCII digits, nothing around them (int() would also
    # take " 1700000000" and Arabic-Indic digits).
    sent_date = fields.get("auth_date", "")
    if not (sent_date.isascii() and sent_date.isdigit() and len(sent_date) <= 12):
        raise BadInitData("auth_date")
    auth_date = int(sent_date)
    if now_s - auth_date > max_age_s:
        raise BadInitData("stale")
    if auth_date - now_s > MAX_AHEAD_S:
        raise BadInitData("future")
    start = fields.get("start_param") or None
    return InitData(_user(fields.get("user")), auth_date, start, sent)


def _user(text: str | None) -> TelegramUser:
    if text is None:
        raise BadInitData("no_user")  # opened from an inline query or a keyboard button
    try:
        data = json.loads(text)
        user_id = data["id"]
        first = data.get("first_name") or ""
        lang = data.get("language_code")
    except (ValueError, TypeError, KeyError) as err:
        raise BadInitData("user") from err
    if type(user_id) is not int or user_id <= 0 or not isinstance(first, str):
        raise BadInitData("user")
    # Signed is not clean: Telegram's JSON may carry any \\u escape, a lone surrogate too,
    # which no store can hold. The name is cleaned later (telegram_name); a language code
    # is a short ASCII tag or nothing.
    language = lang if isinstance(lang, str) and lang.isascii() and len(lang) <= 16 else None
    return TelegramUser(user_id, first, language)
