"""Many tables at a glance: whose turn, time left and the last move, for the tables a
device holds, from one batch read of the store and no write.

Each entry is answered on its own: a table that is gone, expired or unreadable, or a
token that holds no seat there, is an error for that entry only. A good entry is a
projection of the spectator's view of the table (:func:`api.tables.views.build_view` with no
seat) plus the seats the token holds, so it never shows more than a spectator sees.

Nothing is written: a status read is not the player looking at the table, so it does not
count as seen (a seat followed only from the home screen still counts as away, and may be
notified), and a deadline that passed is not settled here: the next request to that table
(or the scheduled sweep) plays the turn, and the entry shows the deadline as passed.
"""

from __future__ import annotations

from typing import Any

from api.store.base import CorruptItem, StoreBusy
from api.tables import seats
from api.tables.schemas import StatusEntryRequest, load_list
from api.tables.seats import Caller
from api.tables.service import Loaded, Service, corrupt, plausible_id
from api.tables.views import build_view, player_name
from api.web.errors import ApiError, bad_request, busy, store_busy

# Tables one request may ask about; a device keeps its last 50 (frontend/js/storage.js).
# Well under a BatchGetItem's 100 keys, so one batch answers any request.
MAX_STATUS_TABLES = 50
TOO_MANY = "too_many_tables"

# The view's fields that an entry carries, as the spectator's view has them.
VIEW_FIELDS = (
    "table_id",
    "status",
    "mode",
    "flags",
    "variant",
    "turn_seconds",
    "deadline",
    "phase",
    "hand",
    "version",
    "match_over",
    "players",
    "held_seats",
    "rematch",
)


def table_statuses(service: Service, data: Any) -> dict[str, Any]:
    """The answer to ``POST /api/tables/status``: ``{"now", "tables": [entry, ...]}``, one
    entry per request entry, in order."""
    if isinstance(data, list) and len(data) > MAX_STATUS_TABLES:
        raise bad_request(
            f"ask about at most {MAX_STATUS_TABLES} tables at once, not {len(data)}", TOO_MANY
        )
    entries = load_list(StatusEntryRequest, data)
    # A table named twice (two tokens, or a repeat) is read once.
    ids = list(dict.fromkeys(e["table_id"] for e in entries))
    try:
        read = service.store.get_many([i for i in ids if plausible_id(i)])
    except StoreBusy as err:
        raise store_busy(err) from err
    now_ms = service.clock.now_ms()
    tables: dict[str, Loaded | ApiError] = {}
    for table_id in ids:
        try:
            if table_id in read.unread:
                raise busy("the table store is busy; ask about this table again")
            if table_id in read.corrupt:
                raise corrupt(table_id, CorruptItem(table_id, "attributes"), "table")
            stored = read.found.get(table_id) if plausible_id(table_id) else None
            tables[table_id] = Service.decode(table_id, stored, now_ms)
        except ApiError as err:
            tables[table_id] = err
    return {"now": now_ms, "tables": [_entry(tables[e["table_id"]], e) for e in entries]}


def _entry(loaded: Loaded | ApiError, request: dict[str, str]) -> dict[str, Any]:
    try:
        if isinstance(loaded, ApiError):
            raise loaded
        caller = seats.caller(loaded.table, request["token"], required=True)
        return summary(loaded, caller.held)
    except ApiError as err:
        return {"table_id": request["table_id"], **err.body()}


def summary(loaded: Loaded, held: tuple[int, ...]) -> dict[str, Any]:
    """What the home screen shows of one table: the spectator's view cut down, and whose
    turn it is from the token's seats."""
    table, state = loaded.table, loaded.state
    # As a spectator (no seat, not the creator): no rack, no invite code, no events.
    spectator = build_view(table, state, None, Caller(None, held), state.version)
    entry = {name: spectator[name] for name in VIEW_FIELDS}
    playing = table.status == "playing"
    over = state.phase == "over"
    turn = spectator["turn"] if playing and not over else None
    # Seats a computer took over never act again with this token.
    mine = [seat for seat in held if table.is_human(seat)]
    last_move = table.last_move_at()
    entry.update(
        {
            "turn": turn,
            "turn_name": player_name(table, turn) if turn is not None else None,
            # The token's seats may act now: on turn, or a hand is over and any seat
            # deals the next one.
            "your_turn": bool(mine)
            and playing
            and (turn in mine if not over else not state.match_over),
            "last_move": None if last_move is None else last_move * 1000,
        }
    )
    return entry
