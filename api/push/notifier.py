"""What one write of a table tells whom: old item and new item in, notices out. Pure.

The same function runs in AWS on each DynamoDB stream record (:mod:`api.push.stream`)
and locally on each write the dev server's store makes (infra/push_worker.py). A notice
names a table, a seat and a kind; what it says is made per subscription, in the
language chosen when subscribing (:func:`payload`), and holds nothing a seat's view
would not show: no tile, no rack, not even whose move it was.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ..store.base import StoredItem
from ..table_item import SEEN_REFRESH_SECONDS, Table
from ..turns import turn_key
from ..variants import Game, from_record
from .texts import text_for

Kind = Literal["started", "hand_over", "your_turn", "reminder"]

# A seat whose player made a request in the last 30 s is looking at the table: no push.
# A poll records itself only when the seat's record is SEEN_REFRESH_SECONDS old (a write
# each time would cost more than the push saves), so a record may lag the last poll by
# that much: a seat counts as looking while its record is younger than both together.
# Every seat that polled in the last 30 s is then skipped; one that stopped 30 to 60 s
# ago may be skipped too (it gets the reminder later, or sees the table when it looks).
PUSH_QUIET_SECONDS = 30
LOOKING_SECONDS = PUSH_QUIET_SECONDS + SEEN_REFRESH_SECONDS


@dataclass(frozen=True)
class Notice:
    table_id: str
    seat: int
    kind: Kind
    match_over: bool = False  # hand_over: the last hand, so the game is over


@dataclass(frozen=True)
class _Side:
    table: Table
    state: Game


def _decode(stored: StoredItem) -> _Side:
    table = Table.from_stored(stored)
    return _Side(table, from_record(table.record))


def notices(
    old: StoredItem | None, new: StoredItem, now_s: int, looking_s: int = LOOKING_SECONDS
) -> list[Notice]:
    """The notices one write owes, at most one per seat, for human seats not looking now
    (a seat whose last recorded request is under ``looking_s`` old).

    A new item (no ``old``) owes none: nobody can have subscribed to a table that did
    not exist. Raises what a stored item that does not decode raises (the caller logs it).
    """
    if old is None:
        return []
    before, after = _decode(old), _decode(new)
    table, state = after.table, after.state
    wanted: dict[int, Notice] = {}

    def owe(seat: int, kind: Kind, match_over: bool = False) -> None:
        wanted.setdefault(seat, Notice(table.table_id, seat, kind, match_over))

    humans = [s for s in range(len(table.seats)) if table.is_human(s)]
    if before.table.status == "waiting" and table.status != "waiting":
        for seat in humans:
            owe(seat, "started")
    elif table.status != "waiting":
        ended = state.phase == "over" and (
            before.state.phase != "over" or before.state.hand_number != state.hand_number
        )
        if ended:
            for seat in humans:
                owe(seat, "hand_over", state.match_over)
    if table.status == "playing" and state.phase != "over" and table.is_human(state.turn):
        seat = state.turn
        if turn_key(before.state) != turn_key(state) or before.table.status == "waiting":
            owe(seat, "your_turn")
        reminded = table.reminded
        if (
            reminded is not None
            and reminded == table.deadline
            and before.table.reminded != reminded
        ):
            owe(seat, "reminder")
    return [n for n in wanted.values() if not _looking(table, n.seat, now_s, looking_s)]


def _looking(table: Table, seat: int, now_s: int, looking_s: int) -> bool:
    token = table.seats[seat].token
    if token is None or token >= len(table.seen_times):
        return False
    return now_s - table.last_seen(token) < looking_s


def payload(notice: Notice, lang: str, url: str) -> dict[str, Any]:
    """The JSON a subscriber's service worker gets: the kind, a short text, the link."""
    title, body = text_for(notice.kind, lang, notice.match_over)
    return {
        "table_id": notice.table_id,
        "kind": notice.kind,
        "title": title,
        "body": body,
        "url": url,
    }
