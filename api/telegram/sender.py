"""The bot's "your turn" and "reminder" messages: the notices of :mod:`api.push.notifier`
(the same triggers as Web Push), sent to the Telegram user linked to the seat.

Runs beside the Web Push sender, in the notifier only (the stream Lambda, or the dev
server's worker thread: api/push/stream.py ``handle_change``), never in a player's
request. A seat with no Telegram link, or whose user sent ``/quiet`` (or turned the
switch off in the app), gets nothing. The Bot API's failures are retried a bounded
number of times (:mod:`.botapi`), then given up: a message is never worth a move.
"""

from __future__ import annotations

from api.push.notifier import Notice
from api.push.texts import text_for
from api.store.base import StoreBusy
from api.store.items import Store
from api.telegram.bot import app_button
from api.telegram.botapi import BotApi
from api.telegram.credentials import bot_token, enabled
from api.telegram.links import notifications_on, seat_link
from api.telegram.texts import text
from api.web.config import Settings
from api.web.log import logger

KINDS = ("your_turn", "reminder", "nudge", "rematch")  # nudge, rematch: api/friends


class TelegramSender:
    """Sends through ``api`` when given (tests), else through a client made on first use
    with the configured token: with none, Telegram is off and nothing is sent."""

    def __init__(self, store: Store, settings: Settings, api: BotApi | None = None) -> None:
        self.store = store
        self.settings = settings
        self._api = api

    def api(self) -> BotApi | None:
        if self._api is None:
            try:
                token = bot_token(self.settings)
            except Exception as err:  # SSM unreadable now: try again at the next notice
                logger.warning("telegram token not read", extra={"error": type(err).__name__})
                return None
            if token is not None:
                self._api = BotApi(self.settings.telegram_api, token)
        return self._api

    def deliver(self, notice: Notice) -> bool:
        """Send the notice's message if its seat is linked and listening; whether one went."""
        if notice.kind not in KINDS or not enabled(self.settings):
            return False
        api = self.api()
        if api is None:
            return False
        try:
            link = seat_link(self.store, notice.table_id, notice.seat)
            if link is None or not notifications_on(self.store, link.telegram_id):
                return False
        except StoreBusy as err:
            # Not raised on: the stream would retry the whole record and send its Web
            # Pushes twice. A missed Telegram message is the lesser harm.
            logger.warning("telegram link not read", extra={"error": err.code})
            return False
        title, body = text_for(notice.kind, link.lang, name=notice.name)
        message: dict[str, object] = {"chat_id": link.telegram_id, "text": f"{title}\n{body}"}
        button = app_button(self.settings, text("open", link.lang), notice.table_id)
        if button is not None:
            message["reply_markup"] = button
        reply = api.call("sendMessage", message)
        logger.info(
            "telegram notice",
            extra={"table_id": notice.table_id, "kind": notice.kind, "sent": reply.ok},
        )
        return reply.ok
