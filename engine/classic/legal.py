"""What a seat may do now: classic's legal actions, the list every view and bot reads.

Apart from the moves themselves (``game.py``), as in ``engine/okey101/legal.py``: the moves
check an action as it is played, this module lists the actions before one is chosen.
"""

from __future__ import annotations

from typing import Any

from engine.classic import hand
from engine.classic.state import GameState
from engine.core.game import legal_preamble


def can_show_indicator(state: GameState, seat: int) -> bool:
    """A seat dealt the indicator's twin may show it once, on its first turn, before acting."""
    if not state.options.indicator_bonus or state.shown[seat] or state.turns_done[seat]:
        return False
    if state.phase != "take" and not (seat == state.starter and state.phase == "discard"):
        return False
    return state.indicator ^ 1 in state.racks[seat]


def legal_actions(state: GameState, seat: int) -> list[dict[str, Any]]:
    """Every action ``seat`` may take now; tile actions list their tiles.

    >>> from engine.classic.game import new_match
    >>> from engine.classic.options import Options
    >>> state = new_match(Options(seats=3), bytes(32))
    >>> [a["type"] for a in legal_actions(state, 1)]
    []
    >>> sorted({a["type"] for a in legal_actions(state, 0)} - {"show_indicator"})
    ['discard']
    """
    if state.phase == "over":
        return legal_preamble(state)
    if seat != state.turn:
        return []
    actions: list[dict[str, Any]] = []
    if can_show_indicator(state, seat):
        actions.append({"type": "show_indicator"})
    if state.phase == "take":
        if state.pile:
            actions.append({"type": "draw"})
        if state.discards[state.left_of(seat)]:
            actions.append({"type": "take_discard"})
        if not state.pile:
            actions.append({"type": "end_hand"})
        return actions
    rack = state.racks[seat]
    opts = state.options
    finishing = hand.finishing_tiles(
        rack, state.okey, run_13_1=opts.run_13_1, pairs=opts.pairs_finish
    )
    if finishing:
        actions.append({"type": "finish", "tiles": sorted(finishing)})
    actions.append({"type": "discard", "tiles": sorted(t for t in rack if t != state.taken)})
    return actions
