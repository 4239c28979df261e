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

from api.friends.views import friends_view
from api.lobby.facts import START_OFFER_S
from api.tables.item import LOOKING_SECONDS, SEEN_PRESENCE_SECONDS, Table
from api.tables.layout import reconcile, stored_layout
from api.tables.made_names import is_made, render
from api.tables.movetimes import time_of
from api.tables.pace import pace_of, reminder_lead_ms
from api.tables.seats import Caller
from engine.variants import Game, rules_of

# How recent another seat's last request must be for it to count as at the table now.
HERE_SECONDS = SEEN_PRESENCE_SECONDS + LOOKING_SECONDS


def player_name(table: Table, seat: int) -> str:
    name = table.seats[seat].name
    if name:
        return render(name) if is_made(name) else name
    return f"Computer {seat + 1}" if table.seats[seat].kind == "bot" else f"Seat {seat + 1}"


def players(table: Table) -> list[dict[str, Any]]:
    out = []
    for s, info in enumerate(table.seats):
        entry: dict[str, Any] = {
            "seat": s,
            "name": player_name(table, s) if info.kind != "open" else None,
            "kind": info.kind,
            "level": info.level if info.kind == "bot" else None,
            "auto": info.auto,
        }
        if table.kind.made_names and is_made(info.name):
            # The frontend says a made name in the reader's language (api/tables/made_names.py).
            entry["name_code"] = info.name
        if table.kind.hands_quitters_over and info.kind == "bot" and info.token is not None:
            entry["quit"] = True  # "Computer for Tea Fox": its player's turns kept running out
        listing = table.listing
        if listing is not None and s < len(listing.reliability) and listing.reliability[s]:
            finished, of = listing.reliability[s] or (0, 0)
            entry["reliability"] = {"finished": finished, "of": of}
        out.append(entry)
    return out


def lobby_view(table: Table) -> dict[str, Any] | None:
    """A waiting open table's timing: when its people may start it with computers, and
    when it starts (or, relaxed with one person, closes) by itself; epoch ms."""
    if table.listing is None:
        return None
    if table.listing.closed:
        return {"closed": True}
    if table.status != "waiting":
        return None
    return {
        "start_now_at": (table.created + START_OFFER_S) * 1000,
        "starts_at": table.wake_at(),
        "closes": sum(1 for seat in table.seats if seat.kind == "human") < 2
        and reminder_lead_ms(table.turn_seconds) is not None,
    }


def others_here(table: Table, caller: Caller, now_s: int | None) -> bool:
    """Whether a person at another seat has the table open: a human seat the caller does
    not hold whose token asked within :data:`HERE_SECONDS`. A relaxed table's page polls as
    a live one's meanwhile (frontend/js/table/sync.js paceFor). A spectator, or a request
    with no clock (a hand's archive), hears False. The record is the one pushes go by
    (api/tables/item.py): a tab in view renews it at least every ``SEEN_PRESENCE_SECONDS``
    and polls at least every 30 s, so it never looks older than ``HERE_SECONDS``; one gone
    stops counting that long after its last request."""
    if now_s is None or caller.token_index is None:
        return False
    tokens = {
        info.token
        for s, info in enumerate(table.seats)
        if info.kind == "human" and info.token is not None and s not in caller.held
    }
    tokens.discard(caller.token_index)
    return any(now_s - table.last_seen(token) < HERE_SECONDS for token in tokens)


def build_view(
    table: Table,
    state: Game,
    seat: int | None,
    caller: Caller,
    since: int | None,
    now_s: int | None = None,
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
            "others_here": others_here(table, caller, now_s),
        }
    )
    if table.kind.listed:
        view["lobby"] = lobby_view(table)
    names = [player_name(table, s) for s in range(len(table.seats))]
    playing = table.status == "playing" and state.phase != "over"
    view.update(friends_view(table, caller, names, seat, state.turn if playing else None))
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
