"""The state of a match: plain data, copied (not mutated) by every action."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from engine.classic.options import Options

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

Phase = Literal["take", "discard", "over"]

TURN_LIMIT = 400
"""Turns (discards, all seats together) after which a hand ends with no winner.

Real hands last 20 to 60 turns. The limit stops a hand that goes round in
circles (RULES.md, "Turn limit") and so bounds a stored hand's log."""
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


Event = dict[str, Any]


@dataclass
class GameState:
    """A match and its current hand.

    Only ``options``, ``match_secret``, the hand counters, ``scores_at_deal``,
    ``history`` and ``log`` are stored (see :mod:`engine.classic.record`); everything
    else is rebuilt by dealing from the seed and replaying the log.
    """

    options: Options
    match_secret: bytes
    hand_number: int
    base_version: int
    scores_at_deal: list[int]
    history: list[HandSummary]
    seed: bytes
    starter: int
    racks: list[list[int]]
    pile: list[int]  # the next draw is pile[-1]
    discards: list[list[int]]  # discards[s] are the tiles seat s discarded, oldest first
    indicator: int
    okey: int
    dice: tuple[int, int] | None
    turn: int
    phase: Phase
    turns_done: list[int]
    shown: list[bool]
    scores: list[int]
    log: bytes = b""
    events: list[Event] = field(default_factory=list)
    taken: int | None = None  # the left discard taken this turn: it may not be discarded
    result: HandResult | None = None
    match_over: bool = False
    match_winners: tuple[int, ...] = ()

    @property
    def seats(self) -> int:
        return self.options.seats

    @property
    def version(self) -> int:
        """Grows by one with every applied action, across the whole match."""
        return self.base_version + len(self.events)

    def left_of(self, seat: int) -> int:
        """The seat whose discards ``seat`` may take."""
        return (seat - 1) % self.seats

    def copy(self) -> GameState:
        return fresh_copy(self)


S = TypeVar("S", bound="DataclassInstance")


def fresh_copy(state: S) -> S:
    """A copy of a state dataclass whose lists (and the lists in them) are new,
    so an action may change the copy in place and leave ``state`` as it was.
    Both variants' states copy this way, so a new list field cannot be missed."""
    lists = {
        f.name: [list(x) if isinstance(x, list) else x for x in value]
        for f in fields(state)
        if isinstance(value := getattr(state, f.name), list)
    }
    return replace(state, **lists)
