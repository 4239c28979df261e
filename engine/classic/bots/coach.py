"""The bots' public face for the coach: the hard level's move and its measure of a rack.

The review (``engine/classic/review.py``) asks only this module: :func:`advise` for the move
the hard computer makes from a seat's view, :meth:`Coach.distance` for how far a
set of tiles is from a win as that seat knows the hand (dead faces counted). Both
read the view alone, like every bot. The search, the planner and the tracking
behind them are the bots' own and may change shape.

>>> from engine.classic.game import new_match
>>> from engine.classic.options import Options
>>> from engine.classic.view import view_for
>>> state = new_match(Options(seats=4), bytes(32))
>>> coach = Coach(view_for(state, state.turn, since=state.base_version))
>>> coach.advice.take is None and coach.advice.discard is not None  # the starter throws
True
>>> coach.distance(coach.view["rack"][:14]).tiles >= 0
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, NamedTuple

from engine.classic.bots import choose_action
from engine.classic.bots.evaluate import encode, pairs_deficiency, search
from engine.classic.bots.plan import HARD, Knowledge, hand_outs
from engine.classic.bots.tracking import read_view

COACH_LEVEL = "hard"


class Distance(NamedTuple):
    """Tiles still to draw for a win (melds or seven pairs), and the live outs that
    bring 14 tiles a step closer (0 for 15 tiles, or a won hand)."""

    tiles: int
    outs: int


@dataclass(frozen=True)
class Advice:
    """The hard computer's next action from one view, read as the review reads a move."""

    action: dict[str, Any]

    @property
    def kind(self) -> str:
        return str(self.action["type"])

    @property
    def take(self) -> str | None:
        """``"pile"`` for a draw, ``"discard"`` for the left discard, else ``None``."""
        return {"draw": "pile", "take_discard": "discard"}.get(self.kind)

    @property
    def discard(self) -> int | None:
        """The tile thrown or placed to finish, when this action is one."""
        return int(self.action["tile"]) if self.kind in ("discard", "finish") else None

    @property
    def finish(self) -> bool:
        return self.kind == "finish"

    @property
    def show_indicator(self) -> bool:
        return self.kind == "show_indicator"

    @property
    def end_hand(self) -> bool:
        return self.kind == "end_hand"


class Coach:
    """The coach at one view: its advice and its measure, each worked out once."""

    def __init__(self, view: Mapping[str, Any]):
        self.view = view
        # The review measures the same tiles more than once at one view (the player's
        # discard and the coach's, often the same face): each multiset is measured once.
        self._measured: dict[tuple[int, ...], Distance] = {}

    @cached_property
    def advice(self) -> Advice:
        return Advice(choose_action(self.view, COACH_LEVEL, 0))

    @cached_property
    def knowledge(self) -> Knowledge:
        return Knowledge.of(read_view(self.view), HARD)

    def distance(self, tiles: Sequence[int]) -> Distance:
        """How far ``tiles`` (14 or 15 of the seat's) are from a win, as this seat knows
        the hand: the planner's own measure (melds or seven pairs, the better)."""
        key = tuple(sorted(tiles))
        known = self._measured.get(key)
        if known is None:
            known = self._measured[key] = self.measure(tiles)
        return known

    def measure(self, tiles: Sequence[int]) -> Distance:
        """:meth:`distance` worked out afresh (it reads the tiles' faces only)."""
        know = self.knowledge
        counts, wilds = encode(tiles, know.okey)
        melds = search(counts, wilds, know.dead, know.wrap).deficiency
        pairs = pairs_deficiency(counts, wilds, dead_faces=know.dead) if know.pairs else 99
        if len(tiles) != 14 or min(melds, pairs) == 0:
            return Distance(min(melds, pairs), 0)
        if melds <= pairs:
            return Distance(melds, hand_outs(tiles, know)[1])
        singles = [f for f in range(52) if counts[f] == 1]
        return Distance(pairs, know.live[52] + sum(know.live[f] for f in singles))


def advise(view: Mapping[str, Any]) -> Advice:
    """The hard computer's next action from ``view`` (``view_for(state, seat,
    since=state.base_version)``)."""
    return Coach(view).advice


__all__ = ["COACH_LEVEL", "Advice", "Coach", "Distance", "advise"]
