"""Best ✨: the layout the sort button suggests for a seat's rack, and the tile it sets
apart on a discarding turn, in either variant, through the variant registry.

The tile set apart is the one the player is told to throw, so it must be the move the
review then calls best: each variant's ``advise_discard`` (engine/variants.py) says how.
A rack that can finish shows the finish, whatever the turn.
"""

from __future__ import annotations

from engine.variants import Arrangement, Game, rules_of


def best_layout(state: Game, seat: int) -> Arrangement:
    """Groups, loose tiles, the tile set apart (``None`` off a discarding turn) and the
    kind, for ``seat``'s rack in ``state``."""
    rules = rules_of(state)
    rack = list(state.racks[seat])
    groups, leftover, discard, kind = rules.best_arrangement(state, rack)
    if discard is None:
        groups, leftover, discard = rules.advise_discard(state, seat, rack, groups, leftover)
    return groups, leftover, discard, kind
