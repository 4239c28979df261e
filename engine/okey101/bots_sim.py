"""Bot-only 101 hands, for tests and measurements.

>>> state = play_hand101(("normal", "normal"), seed=1)
>>> state.phase, len(state.result or ())
('over', 2)
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.okey101.bots import choose_action101
from engine.okey101.game import apply, new_match101
from engine.okey101.state import Options101, State101
from engine.okey101.view import view_for

Decide = Callable[[Mapping[str, Any], str, int], dict[str, Any]]

# A 101 hand has at most ~85 draws, each followed by a handful of lays; far
# more steps than that means a bot is looping.
MAX_STEPS = 5000


def play_hand101(
    levels: Sequence[str],
    seed: int,
    *,
    decide: Decide = choose_action101,
    options: Options101 | None = None,
) -> State101:
    """Play one hand with ``levels[s]`` at seat ``s``; return the finished state.

    Seat 0 starts. Raises ``RuntimeError`` if the hand does not end within
    :data:`MAX_STEPS` actions (an engine error propagates as is).
    """
    opts = options or Options101(seats=len(levels), hands=1)
    secret = hashlib.sha256(f"play_hand101:{seed}".encode()).digest()
    state = new_match101(opts, secret)
    for step in range(MAX_STEPS):
        if state.phase == "over":
            return state
        seat = state.turn
        action = decide(view_for(state, seat), levels[seat], seed * 7919 + step)
        state, _ = apply(state, seat, action)
    raise RuntimeError(f"hand {seed} did not end in {MAX_STEPS} steps")


__all__ = ["play_hand101"]
