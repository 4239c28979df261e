"""The one place that builds what a seat may see.

Every response a client gets is built here. A seat sees its own rack; of
the others only tile counts, the top of each discard pile (the full pile of
its own discards and its left neighbour's), scores and public events. The
draw pile's order and the seed stay hidden until the hand is over; then the
seed is revealed so anyone can re-deal the hand and check it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from engine.classic.game import legal_actions
from engine.classic.scoring import indicator_deltas
from engine.classic.state import Event, GameState
from engine.core.shuffle import seed_hash
from engine.core.tiles import format_face

# Events whose tile only the acting seat may see.
PRIVATE_TILE_EVENTS = frozenset({"draw"})


class _Options(Protocol):
    def to_dict(self) -> dict[str, Any]: ...


class Dealt(Protocol):
    """What every variant's state has: enough to build the shared part of a view."""

    @property
    def options(self) -> _Options: ...
    @property
    def version(self) -> int: ...
    @property
    def match_over(self) -> bool: ...

    @property
    def hand_number(self) -> int: ...
    @property
    def starter(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def turn(self) -> int: ...
    @property
    def racks(self) -> list[list[int]]: ...
    @property
    def indicator(self) -> int: ...
    @property
    def okey(self) -> int: ...
    @property
    def pile(self) -> list[int]: ...
    @property
    def seed(self) -> bytes: ...
    @property
    def match_winners(self) -> tuple[int, ...]: ...


def shared_view(state: Dealt, seat: int | None, legal: Sequence[dict[str, Any]]) -> dict[str, Any]:
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
        "match_over": state.match_over,
        "match_winners": list(state.match_winners),
    }


def _may_browse(viewer: int | None, owner: int, state: GameState) -> bool:
    return viewer is not None and (viewer == owner or state.left_of(viewer) == owner)


def public_event(event: Event, viewer: int | None) -> Event:
    """An event as ``viewer`` may see it (a drawn tile is the drawer's alone)."""
    if event["type"] in PRIVATE_TILE_EVENTS and event.get("seat") != viewer:
        return {k: v for k, v in event.items() if k != "tile"}
    return dict(event)


def view_for(state: GameState, seat: int | None, since: int | None = None) -> dict[str, Any]:
    """What ``seat`` (or a spectator, ``None``) may see, with its legal actions.

    ``since`` asks for the events after that version; events of earlier
    hands are gone, so ``events_complete`` says whether the list covers it.

    >>> from engine.classic.game import new_match
    >>> from engine.classic.options import Options
    >>> state = new_match(Options(seats=2), bytes(32))
    >>> mine, spectator = view_for(state, 0), view_for(state, None)
    >>> len(mine["rack"]), spectator["rack"], mine["seed"]
    (15, None, None)
    """
    seats = []
    for s in range(state.seats):
        pile = state.discards[s]
        seats.append(
            {
                "seat": s,
                "tiles": len(state.racks[s]),
                "discard_top": pile[-1] if pile else None,
                "discard_count": len(pile),
                "discards": list(pile) if _may_browse(seat, s, state) else None,
                "score": state.scores[s],
                "shown_indicator": state.shown[s],
            }
        )
    legal = legal_actions(state, seat) if seat is not None else []
    view = shared_view(state, seat, legal)
    view.update(
        seats=seats,
        dice=list(state.dice) if state.dice else None,
        scores=list(state.scores),
        history=[summary.to_list() for summary in state.history],
        result=_result(state),
        result_items=_result_items(state),
    )
    if since is not None:
        first = state.base_version + 1
        view["events"] = [public_event(e, seat) for e in state.events if e["v"] > since]
        view["events_complete"] = since >= first - 1
    return view


def _result_items(state: GameState) -> list[list[dict[str, Any]]] | None:
    """Each seat's hand delta as lines: ``finish`` (the winner's finish, with ``seat``)
    and one ``indicator`` line per indicator shown (``seat``: who showed it), so a
    "-1" is never unexplained. A seat's lines add up to its delta; lines of 0 are left out.
    """
    if state.result is None:
        return None
    summary = state.result.summary
    shows = [s for s in range(state.seats) if state.shown[s]]
    shown_deltas = {s: indicator_deltas(state.options, s) for s in shows}
    out = []
    for seat, delta in enumerate(summary.deltas):
        lines: list[dict[str, Any]] = [
            {"item": "indicator", "points": shown_deltas[s][seat], "seat": s}
            for s in shows
            if shown_deltas[s][seat]
        ]
        rest = delta - sum(line["points"] for line in lines)
        if rest:
            lines.insert(0, {"item": "finish", "points": rest, "seat": summary.winner})
        out.append(lines)
    return out


def _result(state: GameState) -> dict[str, Any] | None:
    if state.result is None:
        return None
    summary = state.result.summary
    return {
        "winner": summary.winner,
        "kind": summary.kind,
        "okey_finish": summary.okey_finish,
        "deltas": list(summary.deltas),
        "groups": [list(g) for g in state.result.groups],
        "placed": state.result.placed,
    }
