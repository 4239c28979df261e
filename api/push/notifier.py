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

from api.push.texts import text_for
from api.store.base import StoredItem
from api.tables.item import LOOKING_SECONDS as LOOKING_SECONDS  # the notifier's rule, re-exported
from api.tables.item import Table
from api.tables.made_names import is_made
from api.tables.turns import turn_key
from api.tables.views import player_name
from engine.variants import Game, from_record

Kind = Literal["started", "hand_over", "your_turn", "reminder", "rematch", "nudge", "joined"]

# A seat whose player made a request in the last 30 s is looking at the table: no push.
# Its record never runs ahead of its last request, so one that stopped asking 30 s ago
# (or said so: POST /api/tables/{id}/away) gets the push; a poll refreshes the record
# as soon as it stops saying "looking" while a push could be owed (api/tables/service.py).
PUSH_QUIET_SECONDS = LOOKING_SECONDS


@dataclass(frozen=True)
class Notice:
    table_id: str
    seat: int
    kind: Kind
    match_over: bool = False  # hand_over: the last hand, so the game is over
    name: str | None = None  # rematch, nudge: the player who asked (a seat's view shows it)


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

    def owe(seat: int, kind: Kind, match_over: bool = False, name: str | None = None) -> None:
        wanted.setdefault(seat, Notice(table.table_id, seat, kind, match_over, name))

    humans = [s for s in range(len(table.seats)) if table.is_human(s)]
    if before.table.status == "waiting" and table.status != "waiting":
        for seat in humans:
            owe(seat, "started")
    elif table.status == "waiting" and table.kind.listed:
        # Someone sat at an open table: the people already waiting there hear of it.
        came = [s for s in humans if not before.table.is_human(s)]
        for seat in humans:
            if came and seat not in came:
                owe(seat, "joined", name=_name(table, came[0]))
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
    _friends(before.table, table, state, owe)
    return [n for n in wanted.values() if not _looking(table, n.seat, now_s, looking_s)]


def _friends(before: Table, table: Table, state: Game, owe: Any) -> None:
    """A rematch offered (every other player of the old table) or a nudge (the seat on
    turn) in this write (api/friends)."""
    offer = table.rematch
    if offer is not None and before.rematch is None:
        by = table.seats[offer.by].token
        for seat, info in enumerate(table.seats):
            if info.token is not None and info.token != by:
                owe(seat, "rematch", name=_name(table, offer.by))
    nudged = table.nudged
    if (
        nudged is not None
        and nudged != before.nudged
        and table.status == "playing"
        and state.phase != "over"
        and state.turn == nudged.seat
        and table.is_human(nudged.seat)
    ):
        owe(nudged.seat, "nudge", name=_name(table, nudged.by))


def _name(table: Table, seat: int) -> str:
    """A seat's name for a notice: a made name's code stays a code, said in the subscriber's
    language when the text is made (api/push/texts.py)."""
    name = table.seats[seat].name
    return name if is_made(name) and name is not None else player_name(table, seat)


def _looking(table: Table, seat: int, now_s: int, looking_s: int) -> bool:
    token = table.seats[seat].token
    if token is None or token >= len(table.seen_times):
        return False
    return now_s - table.last_seen(token) < looking_s


def payload(notice: Notice, lang: str, url: str) -> dict[str, Any]:
    """The JSON a subscriber's service worker gets: the kind, a short text, the link."""
    title, body = text_for(notice.kind, lang, notice.match_over, notice.name)
    return {
        "table_id": notice.table_id,
        "kind": notice.kind,
        "title": title,
        "body": body,
        "url": url,
    }
