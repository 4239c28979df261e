"""What one seat of a 101 table may see: its own rack, never the others' or the pile.

The table (melds laid), every discard pile's top, counts, scores and opened
flags are public. The seed is revealed only when the hand is over, so anyone
can re-deal and check it; drawn tiles are shown to the drawer alone.
"""

from __future__ import annotations

from typing import Any

from engine.core.view import add_events, shared_view  # one secrecy rule for both variants
from engine.okey101.legal import legal_actions
from engine.okey101.state import State101


def view_for(state: State101, seat: int | None, since: int | None = None) -> dict[str, Any]:
    """The view of ``seat`` (``None``: a spectator).

    ``version`` grows with every event across the match; ``since`` asks for
    the events after that version only (see :mod:`engine.core.view`).

    >>> from engine.okey101.game import new_match101
    >>> from engine.okey101.state import Options101
    >>> state = new_match101(Options101(seats=2), bytes(32))
    >>> mine, other = view_for(state, 0), view_for(state, None)
    >>> len(mine["rack"]), other["rack"], mine["seed"], "pile" in mine
    (22, None, None, False)
    """
    seats = [
        {
            "seat": s,
            "tiles": len(state.racks[s]),
            "opened": state.opened[s],
            "discard_top": state.discards[s][-1] if state.discards[s] else None,
            "discard_count": len(state.discards[s]),
            "penalties": state.penalties[s],
            "total": state.totals[s],
        }
        for s in range(state.seats)
    ]
    view = shared_view(state, seat, legal_actions(state, seat) if seat is not None else [])
    view.update(
        seats=seats,
        table=[list(m) for m in state.table],
        table_owners=list(state.table_owners),
        burned=list(state.burned),
        result=list(state.result) if state.result is not None else None,
        result_items=(
            [[dict(item) for item in items] for items in state.result_items]
            if state.result_items is not None
            else None
        ),
        finisher=state.finisher,
        history=[list(h) for h in state.history],
    )
    add_events(view, state, seat, since)
    return view
