"""Which Telegram user plays a seat, and whether that user wants the bot's messages.

A seat is linked by ``PUT /api/tables/<id>/telegram`` from the mini app: the seat's
token proves the seat, fresh init data proves the Telegram user. The link is an item of
its own (``<table id>~tg~<seat>``, expiring with the table, as Web Push subscriptions
do), so linking never writes the table item or slows a move. The switch is one item
per Telegram user (``tguser~<telegram id>``), kept while the player exists: off, the
bot sends that user no "your turn" or "reminder" message at any table.
"""

from __future__ import annotations

from dataclasses import dataclass

from api.store.items import Store
from api.telegram import items
from engine.core.languages import LANGUAGES

SEAT_SEPARATOR = "~tg~"  # "~" is in no table id
USER_PREFIX = "tguser~"
LANGS = LANGUAGES  # engine/core/languages.py


@dataclass(frozen=True)
class SeatLink:
    telegram_id: int
    lang: str


def seat_key(table_id: str, seat: int) -> str:
    """
    >>> seat_key("abc", 1)
    'abc~tg~1'
    """
    return f"{table_id}{SEAT_SEPARATOR}{seat}"


def user_key(telegram_id: int) -> str:
    return f"{USER_PREFIX}{telegram_id}"


def pick_lang(*candidates: str | None) -> str:
    """The first of the app's languages among ``candidates`` (Telegram's ``language_code``
    may be "tr" or "en-US"), else English.

    >>> pick_lang(None, "ko-KR")
    'ko'
    >>> pick_lang("de")
    'en'
    """
    for lang in candidates:
        short = (lang or "").split("-")[0].lower()
        if short in LANGS:
            return short
    return "en"


def link_seat(
    store: Store, table_id: str, seat: int, telegram_id: int, lang: str, expires_at: int
) -> None:
    def put(_: items.Item | None) -> items.Item:
        return {"u": telegram_id, "l": lang}

    items.update(store, seat_key(table_id, seat), put, expires_at)


def seat_link(store: Store, table_id: str, seat: int) -> SeatLink | None:
    found, _ = items.read(store, seat_key(table_id, seat))
    if found is None:
        return None
    return SeatLink(int(found["u"]), pick_lang(found.get("l")))


def notifications_on(store: Store, telegram_id: int) -> bool:
    found, _ = items.read(store, user_key(telegram_id))
    return notifications_on_in(found)


def set_notifications(store: Store, telegram_id: int, on: bool) -> None:
    def put(found: items.Item | None) -> items.Item | None:
        if notifications_on_in(found) == on:
            return None
        return {**(found or {}), "quiet": not on}

    items.update(store, user_key(telegram_id), put)


def notifications_on_in(found: items.Item | None) -> bool:
    return not (found or {}).get("quiet", False)
