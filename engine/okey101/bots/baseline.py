"""The 101 benchmark baseline ``random``, and the one entry point for every 101 level.

``random`` is not a table level: it only measures the others
(``python -m engine.simulate --variant 101 --seats normal,random``). It
picks uniformly among the legal actions (every tile of a discard counts as
one action), so it opens when the engine offers an opening only now and
then, and it pays penalties; after putting a left discard back it draws.

>>> from engine.okey101.game import new_match101
>>> from engine.okey101.state import Options101
>>> from engine.okey101.view import view_for
>>> view = view_for(new_match101(Options101(seats=2), bytes(32)), 0)
>>> choose_any101(view, "random", 1) == choose_any101(view, "random", 1)
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.okey101.bots.levels import choose_action101

Action = dict[str, Any]


def choose_random101(view: Mapping[str, Any], seed: int = 0) -> Action:
    """A uniformly random legal action of the seat whose view this is."""
    legal = list(view.get("legal", []))
    if not legal:
        raise ValueError("this seat has no legal action now")
    if view["phase"] == "over":
        return {"type": "next_hand"}
    rng = random.Random(f"{seed}:{view['version']}:{view['you']}")
    events = view.get("events", [])
    if events and events[-1]["type"] == "return_discard" and events[-1].get("seat") == view["you"]:
        return {"type": "draw"} if any(a["type"] == "draw" for a in legal) else {"type": "end_hand"}
    options: list[Action] = []
    for action in legal:
        if "tiles" in action:
            options.extend({"type": action["type"], "tile": t} for t in action["tiles"])
        else:
            options.append(dict(action))
    return rng.choice(options)


def choose_any101(view: Mapping[str, Any], level: str, seed: int = 0) -> Action:
    """:func:`~engine.okey101.bots.levels.choose_action101`, or the baseline for ``"random"``."""
    if level == "random":
        return choose_random101(view, seed)
    return choose_action101(view, level, seed)


__all__ = ["choose_any101", "choose_random101"]
