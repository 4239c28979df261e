"""The part of a seat's view every variant builds the same way, and its one event rule.

A seat sees its own rack; of the others only what the variant's view adds
(counts, discard tops, scores...). The draw pile's order and the seed stay
hidden until the hand is over; then the seed is revealed so anyone can re-deal
the hand and check it. A drawn tile is shown to the drawer alone.

Events: every view carries the events of this hand after ``since`` (all of
this hand's events without ``since``), as the acting seat's view shows them.
A view is then enough on its own for a bot or a client that arrives mid-hand
(it needs the discards and takes so far), and a hand's events are bounded by
its turn limit. Events of earlier hands are gone, so with ``since`` the view
also says whether the list covers everything after it (``events_complete``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.shuffle import seed_hash
from engine.core.state import Event, HandState
from engine.core.tiles import format_face

# Events whose tile only the acting seat may see.
PRIVATE_TILE_EVENTS = frozenset({"draw"})


def shared_view(
    state: HandState, seat: int | None, legal: Sequence[dict[str, Any]]
) -> dict[str, Any]:
    """The fields every variant's view carries, in one place so a secret rule is written once.

    The seed appears only once the hand is over; the rack only for its own seat.
    """
    over = state.phase == "over"
    options = state.options.to_dict()
    return {
        "version": state.version,
        "variant": options["variant"],
        "options": options,
        "hand": state.hand_number,
        "starter": state.starter,
        "phase": state.phase,
        "turn": None if over else state.turn,
        "you": seat,
        "rack": list(state.racks[seat]) if seat is not None else None,
        "indicator": state.indicator,
        "okey": state.okey,
        "okey_name": format_face(state.okey),
        "pile_count": len(state.pile),
        "legal": list(legal),
        "seed_hash": seed_hash(state.seed),
        "seed": state.seed.hex() if over else None,
        "match_over": bool(state.match_winners),
        "match_winners": list(state.match_winners),
    }


def public_event(event: Event, viewer: int | None) -> Event:
    """An event as ``viewer`` may see it (a drawn tile is the drawer's alone)."""
    if event["type"] in PRIVATE_TILE_EVENTS and event.get("seat") != viewer:
        return {k: v for k, v in event.items() if k != "tile"}
    return dict(event)


def add_events(view: dict[str, Any], state: HandState, seat: int | None, since: int | None) -> None:
    """This hand's events after ``since`` (all without it) into ``view``, as ``seat`` sees them."""
    view["events"] = [
        public_event(e, seat) for e in state.events if since is None or e["v"] > since
    ]
    if since is not None:
        view["events_complete"] = since >= state.base_version
