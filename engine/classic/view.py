"""What one seat of a classic table may see.

A classic seat sees, besides the shared part (:mod:`engine.core.view`), of
the others only tile counts, the top of each discard pile (the full pile of
its own discards and its left neighbour's), scores and indicator shows.
"""

from __future__ import annotations

from typing import Any

from engine.classic.legal import legal_actions
from engine.classic.scoring import indicator_deltas
from engine.classic.state import GameState
from engine.core.view import add_events, shared_view


def _may_browse(viewer: int | None, owner: int, state: GameState) -> bool:
    return viewer is not None and (viewer == owner or state.left_of(viewer) == owner)


def view_for(state: GameState, seat: int | None, since: int | None = None) -> dict[str, Any]:
    """What ``seat`` (or a spectator, ``None``) may see, with its legal actions.

    ``since`` asks for the events after that version only; without it the
    view carries this hand's events (see :mod:`engine.core.view`).

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
    add_events(view, state, seat, since)
    for event in view["events"]:
        _scored(event, state)
    return view


def _scored(event: dict[str, Any], state: GameState) -> None:
    """An indicator show with what it does to every seat's score (``deltas``, by seat),
    so the felt can say "Computer 2 showed the indicator: -1" as it happens."""
    if event["type"] == "show_indicator":
        event["deltas"] = indicator_deltas(state.options, event["seat"])


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
