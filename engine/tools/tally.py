"""What the simulator counts for any variant: hands, draws, turns, timings,
and per-entry counters named by each variant's :attr:`TallyBase.COUNTS`.

Measuring only (see :mod:`engine.tools.simulate`); merged across worker processes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Self


@dataclass
class TallyBase:
    """Results of some hands; ``COUNTS`` lists the per-entry lists to add up."""

    entries: int
    hands: int = 0
    draws: int = 0
    stopped: int = 0
    turns: int = 0
    decision_ns: dict[str, list[int]] = field(default_factory=dict)
    hand_ns: list[int] = field(default_factory=list)

    COUNTS: ClassVar[tuple[str, ...]] = ()

    def __post_init__(self) -> None:
        for name in self.COUNTS:
            if not getattr(self, name):
                setattr(self, name, [0] * self.entries)

    def merge(self, other: Self) -> None:
        self.hands += other.hands
        self.draws += other.draws
        self.stopped += other.stopped
        self.turns += other.turns
        for name in self.COUNTS:
            mine, theirs = getattr(self, name), getattr(other, name)
            for i, value in enumerate(theirs):
                mine[i] += value
        for level, times in other.decision_ns.items():
            self.decision_ns.setdefault(level, []).extend(times)
        self.hand_ns.extend(other.hand_ns)
