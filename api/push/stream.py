"""The notifier Lambda: DynamoDB stream records (NEW_AND_OLD_IMAGES) in, pushes out.

template.yaml's filter passes only MODIFY records of items with a ``data`` attribute:
table items (hand items are only ever inserted; subscription items keep theirs under
``subs``). Each record's old and new item go through :func:`api.push.notifier.notices`,
the same function the dev server's worker uses, and each notice to the sender. A
record whose subscriptions could not be read (the store busy) is reported as failed,
so Lambda retries from it (bisecting, a bounded number of times: template.yaml); a push
service failing is the sender's business and never fails the record.

Each notice also goes to the Telegram sender (api/telegram/sender.py), which messages
the seat's Telegram user, if any, through the bot; without a bot token it sends nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from api.push.notifier import LOOKING_SECONDS, Notice, notices
from api.push.sender import Sender
from api.store import make_store
from api.store.base import StoreBusy, StoredItem
from api.store.stream import table_changes
from api.tables.service import DECODE_ERRORS
from api.web.config import Settings
from api.web.log import logger


class Deliverer(Protocol):
    """Another way a notice reaches its seat (the Telegram bot); never raises but
    :class:`StoreBusy`."""

    def deliver(self, notice: Notice) -> object: ...


_sender: Sender | None = None
_others: list[Deliverer] = []


def sender() -> Sender:
    global _sender
    if _sender is None:
        from api.telegram.sender import TelegramSender

        settings = Settings.from_env()
        _sender = Sender(make_store(settings), settings)
        _others.append(TelegramSender(_sender.store, settings))
    return _sender


def others() -> list[Deliverer]:
    sender()
    return _others


def handle_change(
    send: Sender,
    old: StoredItem | None,
    new: StoredItem,
    now_s: int,
    also: Sequence[Deliverer] = (),
) -> int:
    """Send what one write owes, by Web Push and by each of ``also``; the number of
    notices. Raises :class:`StoreBusy` only."""
    try:
        looking = send.settings.push_looking_seconds
        found = notices(old, new, now_s, LOOKING_SECONDS if looking is None else looking)
    except DECODE_ERRORS as err:
        # Never the item's text: it holds racks and the seed.
        logger.error(
            "stored table cannot be read for notices",
            extra={"table_id": new.table_id, "error": type(err).__name__},
        )
        return 0
    for notice in found:
        send.deliver(notice)
        for other in also:
            other.deliver(notice)
    return len(found)


def handler(event: dict[str, Any], _context: Any) -> dict[str, Any]:
    failures: list[dict[str, str]] = []
    for change in table_changes(event):
        try:
            handle_change(sender(), change.old, change.new, change.at_s, others())
        except StoreBusy as err:
            extra = {"table_id": change.new.table_id, "error": err.code}
            logger.warning("notices postponed", extra=extra)
            failures.append({"itemIdentifier": change.sequence})
    return {"batchItemFailures": failures}
