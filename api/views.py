"""What a seat sees: the engine's view_for plus the table around it.

Every game field comes from the variant's view_for (engine.classic.view or
engine.okey101.view), the one place that decides what a seat may see; this
module adds only lobby facts (names, deadline, layout) that the engine does
not know.
"""

from __future__ import annotations

import base64
import hashlib
from typing import Any

from engine.variants import Game, rules_of

from .friends.views import friends_view
from .layout import reconcile, stored_layout
from .movetimes import time_of
from .pace import pace_of
from .seats import Caller
from .table_item import Table


def player_name(table: Table, seat: int) -> str:
    name = table.seats[seat].name
    if name:
        return name
    return f"Computer {seat + 1}" if table.seats[seat].kind == "bot" else f"Seat {seat + 1}"


def players(table: Table) -> list[dict[str, Any]]:
    return [
        {
            "seat": s,
            "name": player_name(table, s) if info.kind != "open" else None,
            "kind": info.kind,
            "level": info.level if info.kind == "bot" else None,
            "auto": info.auto,
        }
        for s, info in enumerate(table.seats)
    ]


def build_view(
    table: Table, state: Game, seat: int | None, caller: Caller, since: int | None
) -> dict[str, Any]:
    view_for = rules_of(state).view_for
    if table.status == "waiting":
        # Before the start nobody sees a rack: the deal is fixed, but play has not begun.
        view = view_for(state, None, since)
    else:
        view = view_for(state, seat, since)
    layout = None
    if seat is not None and table.status != "waiting":
        layout = reconcile(stored_layout(table, seat), state.racks[seat])
    invite = table.invite if caller.creator and table.kind.joinable_by_code else None
    view.update(
        {
            "table_id": table.table_id,
            "status": table.status,
            "mode": table.mode,
            "flags": table.kind.flags(),
            "turn_seconds": table.turn_seconds,
            "pace": pace_of(table.turn_seconds),
            "deadline": table.deadline,
            "you": seat,
            "held_seats": list(caller.held),
            "creator": caller.creator,
            "invite_code": invite,
            "players": players(table),
            "rack_layout": layout,
        }
    )
    names = [player_name(table, s) for s in range(len(table.seats))]
    view.update(friends_view(table, caller, names))
    for event in view.get("events", []):
        at = time_of(table.move_times, event["v"])
        if at is not None:
            event["at"] = table.created + at  # epoch seconds; the engine keeps no time
    return view


def etag(text: str) -> str:
    """A digest of exactly the view text this caller is sent.

    Two polls get the same tag only when they would get the same view, and the tag says
    nothing more than the view does: a write counter in it showed spectators (and the
    other seats) each time a player rearranged a rack.
    """
    # surrogatepass: whatever the text holds, the digest is taken, never a 500 (the items
    # are checked when read, api/store/base.py stored_item, so this is the last guard).
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()[:12]
    return '"' + base64.urlsafe_b64encode(digest).decode("ascii") + '"'
