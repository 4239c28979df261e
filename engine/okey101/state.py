"""The state of a 101 Okey match: plain data, copied by every action.

Besides the shared stored fields (:mod:`engine.core.state`), the history is
stored (see :mod:`engine.okey101.record`); the rest is rebuilt by dealing
from the seed and replaying the log.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.core.state import Event, HandState
from engine.okey101.options import Options101
from engine.okey101.scoring import Item, Opened

Phase = Literal["take", "play", "over"]


@dataclass(kw_only=True)
class State101(HandState):
    """A 101 match and its current hand.

    ``table`` holds every meld (and pair, for seats that opened with pairs)
    in laid order; ``taken`` is the left discard taken this turn, which must
    leave the rack before the turn's discard when ``discard_must_be_used``.
    """

    options: Options101
    phase: Phase
    opened: list[Opened]
    table: list[tuple[int, ...]]
    table_owners: list[int]  # the seat that laid each meld of ``table``
    burned: list[int]
    penalties: list[int]  # penalty points of this hand
    totals: list[int]  # match totals before this hand
    history: list[tuple[int, ...]]  # each finished hand's deltas
    turns: int = 0  # discards this hand, all seats together (see TURN_LIMIT)
    result: tuple[int, ...] | None = None  # this hand's deltas, once over
    result_items: list[list[Item]] | None = None  # each seat's deltas explained, once over
    finisher: int | None = None

    @property
    def match_over(self) -> bool:
        return bool(self.match_winners)


__all__ = ["Event", "Options101", "Phase", "State101"]
