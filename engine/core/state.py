"""What every variant's hand state holds: the deal, the turn and the action log.

A variant's state (``engine.classic.state.GameState``,
``engine.okey101.state.State101``) is a dataclass that extends
:class:`HandState` with its own fields. Every field is keyword-only, so a
variant may add fields with or without defaults in any order. States are plain
data: an action copies the state (:meth:`HandState.copy`) and changes the copy.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import TYPE_CHECKING, Any, Protocol, Self, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

TURN_LIMIT = 400
"""Turns (discards, all seats together) after which a hand ends with no winner.

Real hands last 20 to 60 turns. The limit stops a hand that goes round in
circles (RULES.md, "Turn limit") and so bounds a stored hand's log."""

Event = dict[str, Any]


class TableOptions(Protocol):
    """What every variant's options carry."""

    @property
    def variant(self) -> str: ...
    @property
    def seats(self) -> int: ...
    @property
    def partners(self) -> bool: ...

    def to_dict(self) -> dict[str, Any]: ...


@dataclass(kw_only=True)
class HandState:
    """A match and its current hand, as both variants keep them.

    Only the options, the match secret, the hand counters, the variant's
    history and ``log`` are stored (see :mod:`engine.core.record`); everything
    else is rebuilt by dealing from the seed and replaying the log.
    """

    options: TableOptions
    match_secret: bytes
    hand_number: int
    base_version: int = 0  # the match version when this hand was dealt
    seed: bytes
    starter: int
    racks: list[list[int]]
    pile: list[int]  # the next draw is pile[-1]
    discards: list[list[int]]  # discards[s] are the tiles seat s discarded, oldest first
    indicator: int
    okey: int
    turn: int
    phase: str
    log: bytes = b""  # this hand's actions, in the variant's log format
    events: list[Event] = field(default_factory=list)
    taken: int | None = None  # the left discard taken this turn
    match_winners: tuple[int, ...] = ()

    @property
    def seats(self) -> int:
        return self.options.seats

    @property
    def version(self) -> int:
        """Grows by one with every event, across the whole match (``events[i]["v"]``)."""
        return self.base_version + len(self.events)

    def left_of(self, seat: int) -> int:
        """The seat whose discards ``seat`` may take."""
        return (seat - 1) % self.seats

    def copy(self) -> Self:
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
