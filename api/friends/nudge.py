"""``POST /api/tables/{id}/nudge``: remind the seat on turn that a friend is waiting.

Only on relaxed tables (a live turn is over in seconds: 409 ``not_relaxed``), from a seat
that is not on turn (409 ``your_turn``), when a person is on turn (409 ``no_one_to_nudge``
for a table waiting, a hand over or a computer's turn). The seat on turn gets a ``nudge``
push (api/push/notifier.py), unless it is looking at the table. At most one nudge to the
same seat in :func:`nudge_gap` (an hour, or a quarter of the turn time when longer) while
that turn lasts: 429 ``too_soon`` with ``Retry-After``. The item keeps the nudge only for
its turn (api/tables/service.py drops it when the turn ends), so the seat's next turn may be
nudged again, and the item carries it for no longer than it matters.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema

from api.friends.item import Nudge
from api.tables import seats
from api.tables.pace import pace_of
from api.tables.schemas import load
from api.tables.service import Loaded, Service
from api.web.errors import ApiError, conflict
from api.web.log import logger

NUDGE_MIN_GAP_S = 3600


class NudgeRequest(Schema):
    """The body of ``POST /api/tables/{id}/nudge``: none, or an empty object."""


def nudge_gap(turn_seconds: int) -> int:
    """Seconds between two nudges to the same seat.

    >>> nudge_gap(3600), nudge_gap(86400)
    (3600, 21600)
    """
    return max(NUDGE_MIN_GAP_S, turn_seconds // 4)


def nudge(service: Service, table_id: str, token: str | None, data: Any) -> None:
    def change(loaded: Loaded) -> Any:
        table = loaded.table
        caller = seats.caller(table, token, required=True)
        load(NudgeRequest, data)
        if pace_of(table.turn_seconds) != "relaxed":
            raise conflict("not_relaxed", "nudges are for relaxed tables only")
        loaded.seen_token = caller.token_index
        service.settle(loaded)  # a turn whose time ran out is played first
        state = loaded.state
        playing = table.status == "playing" and state.phase != "over"
        if playing and state.turn in caller.held:
            raise conflict("your_turn", "it is your turn")
        if not playing or not table.is_human(state.turn):
            raise conflict("no_one_to_nudge", "no player is on turn")
        now = loaded.now_ms // 1000 - table.created
        last = table.nudged
        gap = nudge_gap(table.turn_seconds)
        if last is not None and last.seat == state.turn and now - last.at < gap:
            wait = gap - (now - last.at)
            raise ApiError(429, "too_soon", f"nudged already; again in {wait} s", retry_after=wait)
        table.nudged = Nudge(now, caller.held[0], state.turn)
        loaded.dirty = True
        logger.info("nudge", extra={"table_id": table.table_id, "seat": state.turn})
        return lambda: None

    service.commit(table_id, change)
