"""Best ✨: the layout the sort button suggests for a seat's rack, and the tile it sets
apart on a discarding turn, in either variant.

The tile set apart is the one the player is told to throw, so it must be the move the
review then calls best. In classic that is the coach's own discard (the hard computer,
:func:`engine.classic.bots.coach.advise`, reading the seat's view as the review does);
where the coach does not discard (it shows the indicator first, say) the casual bots'
loneliest loose tile stands in. 101 keeps the casual measure that never walks into a
penalty (:func:`engine.okey101.advice.discard_advice`). A rack that can finish shows
the finish, whatever the turn.
"""

from __future__ import annotations

from typing import Any

from engine.variants import Arrangement, Game, rules_of


def best_layout(state: Game, seat: int) -> Arrangement:
    """Groups, loose tiles, the tile set apart (``None`` off a discarding turn) and the
    kind, for ``seat``'s rack in ``state``."""
    from engine.okey101.advice import discard_advice, set_apart

    rules = rules_of(state)
    rack = list(state.racks[seat])
    groups, leftover, discard, kind = rules.best_arrangement(state, rack)
    if discard is not None:
        return groups, leftover, discard, kind
    legal = rules.legal_actions(state, seat)
    if not any(a["type"] == "discard" for a in legal):
        return groups, leftover, None, kind
    wrap = getattr(state.options, "run_13_1", True)
    tile = _coach_discard(state, seat) if rules.name == "classic" else None
    if tile is not None:
        groups, leftover = set_apart(groups, leftover, tile, state.okey, wrap)
        return groups, leftover, tile, kind
    groups, leftover, discard = discard_advice(rack, state.okey, groups, leftover, legal, wrap)
    return groups, leftover, discard, kind


def _coach_discard(state: Any, seat: int) -> int | None:
    from engine.classic.bots.coach import advise  # the search is heavy: only Best pays

    view = rules_of(state).view_for(state, seat, state.base_version)
    advice = advise(view)
    return advice.discard if advice.kind == "discard" else None
