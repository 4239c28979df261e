"""The state of a match: plain data, copied (not mutated) by every action."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from engine.classic.options import Options
from engine.core.state import TURN_LIMIT, Event, HandState

Phase = Literal["take", "discard", "over"]

FinishKind = Literal["melds", "pairs"]


@dataclass(frozen=True)
class HandSummary:
    """What the match table keeps of a finished hand."""

    winner: int | None
    kind: FinishKind | None
    okey_finish: bool
    deltas: tuple[int, ...]

    def to_list(self) -> list[Any]:
        return [self.winner, self.kind, self.okey_finish, list(self.deltas)]

    @classmethod
    def from_list(cls, data: list[Any]) -> HandSummary:
        return cls(data[0], data[1], bool(data[2]), tuple(data[3]))


@dataclass(frozen=True)
class HandResult:
    """How the current hand ended; the winner's rack is public from then on."""

    summary: HandSummary
    groups: tuple[tuple[int, ...], ...] = ()
    placed: int | None = None


@dataclass(kw_only=True)
class GameState(HandState):
    """A classic match and its current hand: the shared hand state (:class:`HandState`)
    plus the scores, the indicator shows, the dice of a tea-house deal and the result.

    Besides the shared stored fields, ``scores_at_deal`` is stored (see
    :mod:`engine.classic.record`).
    """

    options: Options
    phase: Phase
    scores_at_deal: list[int]
    history: list[HandSummary]
    dice: tuple[int, int] | None
    turns_done: list[int]
    shown: list[bool]
    scores: list[int]
    result: HandResult | None = None
    match_over: bool = False


__all__ = ["TURN_LIMIT", "Event", "FinishKind", "GameState", "HandResult", "HandSummary", "Phase"]
