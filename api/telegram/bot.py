"""The bot's side of a webhook update: ``/start`` opens the mini app; ``/quiet`` and
``/notify`` turn the turn messages off and on.

``/start`` comes bare (the user found the bot) or with a payload from a link
``t.me/<bot>?start=<payload>``. A payload is a start parameter of the mini app
(:data:`START_PARAM`): ``<table id>_<invite code>`` invites to a table, a table id alone
opens it. The answer is a message with one inline ``web_app`` button that opens the mini
app (:func:`app_url`) where the payload points. Only private chats are answered: a
``web_app`` button works nowhere else.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

from api.store.items import Store
from api.telegram.botapi import BotApi
from api.telegram.links import pick_lang, set_notifications
from api.telegram.texts import text
from api.web.config import Settings
from api.web.log import logger

# A table id is 12 URL-safe base64 characters (api/web/auth.py new_table_id), an invite code
# 6 of A-Z and 2-9 without the look-alikes: the two forms differ in length, so an id that
# happens to hold "_" is never read as an invite. Telegram allows [A-Za-z0-9_-]{0,512}.
START_PARAM = re.compile(r"[A-Za-z0-9_-]{12}(_[A-Z2-9]{6})?")
MINI_APP_PAGE = "tg.html"  # the SPA's page for Telegram: its CSP allows Telegram's script


def app_url(settings: Settings, start: str | None = None) -> str | None:
    """The mini app's address, opened at ``start`` when given; ``None`` without a public
    URL (``ISTAKA_PUBLIC_URL``), which a ``web_app`` button needs (https in production).

    >>> app_url(Settings(public_url="https://okey.example/"), "abcdefghijkl_ABC234")
    'https://okey.example/tg.html?tg=1&start=abcdefghijkl_ABC234'
    """
    if not settings.public_url:
        return None
    url = f"{settings.public_url.rstrip('/')}/{MINI_APP_PAGE}?tg=1"
    return f"{url}&start={quote(start)}" if start else url


def app_button(settings: Settings, label: str, start: str | None) -> dict[str, Any] | None:
    """An inline keyboard of one button opening the mini app, ``None`` without a URL."""
    url = app_url(settings, start)
    if url is None:
        return None
    return {"inline_keyboard": [[{"text": label, "web_app": {"url": url}}]]}


def handle_update(update: Any, settings: Settings, api: BotApi, store: Store) -> str:
    """Answer one update; what was done, for the log. Never raises on a strange update:
    Telegram resends any update not answered 200, so one the bot cannot use is dropped."""
    message = update.get("message") if isinstance(update, dict) else None
    if not isinstance(message, dict):
        return "ignored"
    chat, sender, said = message.get("chat"), message.get("from"), message.get("text")
    if not (isinstance(chat, dict) and isinstance(sender, dict) and isinstance(said, str)):
        return "ignored"
    if chat.get("type") != "private" or type(chat.get("id")) is not int:
        return "ignored"
    lang = pick_lang(sender.get("language_code"))
    command, _, rest = said.strip().partition(" ")
    command = command.split("@", 1)[0]  # "/start@IstakaBot" in a client that adds it
    if command == "/start":
        return _start(chat["id"], rest.strip(), lang, settings, api)
    if command in ("/quiet", "/notify") and type(sender.get("id")) is int:
        set_notifications(store, sender["id"], command == "/notify")
        api.call("sendMessage", {"chat_id": chat["id"], "text": text(command[1:], lang)})
        return command[1:]
    return "ignored"


def _start(chat_id: int, payload: str, lang: str, settings: Settings, api: BotApi) -> str:
    start = payload if START_PARAM.fullmatch(payload) else None
    invite = start is not None and "_" in start[12:]
    message: dict[str, Any] = {
        "chat_id": chat_id,
        "text": text("invited" if invite else "welcome", lang),
    }
    button = app_button(settings, text("join" if invite else "play", lang), start)
    if button is None:
        logger.warning("no ISTAKA_PUBLIC_URL: /start answered without the mini app button")
    else:
        message["reply_markup"] = button
    reply = api.call("sendMessage", message)
    done = "start_invite" if invite else "start"
    return done if reply.ok else f"{done}_unsent"
