"""Computer players: ``choose_action(view, level, seed)``.

A bot is a function of what its seat may see: it gets the seat's view
(``engine.classic.view.view_for(state, seat, since=state.base_version)``, so every
event of the hand) and returns one legal action in the engine's form. It
never sees the state, so it cannot cheat; the same view and seed always give
the same action.

>>> from engine.classic.game import new_match, apply
>>> from engine.classic.options import Options
>>> from engine.classic.view import view_for
>>> state = new_match(Options(seats=2), bytes(32))
>>> action = choose_action(view_for(state, 0, since=state.base_version), "normal")
>>> action["type"] in ("discard", "finish", "show_indicator")
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.classic.bots.levels import decide
from engine.core.levels import ALL_LEVELS, LEVELS, TIMEOUT_LEVEL


def choose_action(view: Mapping[str, Any], level: str, seed: int = 0) -> dict[str, Any]:
    """One legal action for the seat whose view this is.

    ``level`` is one of :data:`LEVELS` or ``"random"``. When the hand is over
    the answer is ``next_hand``. Raises ``ValueError`` for an unknown level
    or when the seat has nothing to do (not its turn, or the match is over).
    """
    return decide(view, level, seed)


__all__ = ["ALL_LEVELS", "LEVELS", "TIMEOUT_LEVEL", "choose_action"]
