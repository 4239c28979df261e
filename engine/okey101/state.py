"""Options and state of a 101 Okey match: plain data, copied by every action.

Only the options, the match secret, the hand number, ``base_version``, the
history and ``log`` are stored (see :mod:`engine.okey101.record`); the rest
is rebuilt by dealing from the seed and replaying the log.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from engine.classic.options import flat_dict
from engine.classic.state import fresh_copy
from engine.core.errors import InvalidOptions
from engine.okey101.opening import RULES, Rule
from engine.okey101.scoring import Item, Opened

Phase = Literal["take", "play", "over"]
Event = dict[str, Any]


@dataclass(frozen=True)
class Options101:
    """Table options of the ``101`` variant, defaults as in RULES.md.

    >>> Options101().hands, Options101().opening_rule, Options101().burn_full_sets
    (5, 'sum101', False)
    """

    variant: Literal["101"] = "101"
    seats: int = 4
    hands: int = 5
    opening_rule: Rule = "sum101"
    pairs_opening: bool = True
    okey_swap: bool = True
    discard_must_be_used: bool = True
    burn_full_sets: bool = False
    penalties: bool = True
    partners: bool = False

    def __post_init__(self) -> None:
        if self.variant != "101":
            raise InvalidOptions(f"not a 101 table: {self.variant!r}")
        if not 2 <= self.seats <= 4:
            raise InvalidOptions("a table has 2 to 4 seats")
        if not 1 <= self.hands <= 11:
            raise InvalidOptions("hands must be 1..11")
        if self.opening_rule not in RULES:
            raise InvalidOptions(f"unknown opening rule {self.opening_rule!r}")
        if self.partners and self.seats != 4:
            raise InvalidOptions("partners need 4 seats")

    def to_dict(self) -> dict[str, Any]:
        return flat_dict(self)


@dataclass
class State101:
    """A 101 match and its current hand.

    ``table`` holds every meld (and pair, for seats that opened with pairs)
    in laid order; ``taken`` is the left discard taken this turn, which must
    leave the rack before the turn's discard when ``discard_must_be_used``.
    """

    options: Options101
    match_secret: bytes
    hand_number: int
    seed: bytes
    starter: int
    racks: list[list[int]]
    pile: list[int]  # the next draw is pile[-1]
    discards: list[list[int]]
    indicator: int
    okey: int
    turn: int
    phase: Phase
    opened: list[Opened]
    table: list[tuple[int, ...]]
    table_owners: list[int]  # the seat that laid each meld of ``table``
    burned: list[int]
    penalties: list[int]  # penalty points of this hand
    totals: list[int]  # match totals before this hand
    history: list[tuple[int, ...]]  # each finished hand's deltas
    taken: int | None = None
    turns: int = 0  # discards this hand, all seats together (see TURN_LIMIT)
    events: list[Event] = field(default_factory=list)
    result: tuple[int, ...] | None = None  # this hand's deltas, once over
    result_items: list[list[Item]] | None = None  # each seat's deltas explained, once over
    finisher: int | None = None
    match_winners: tuple[int, ...] = ()
    base_version: int = 0  # the match version when this hand was dealt
    log: bytes = b""  # this hand's actions, see engine.okey101.log

    @property
    def seats(self) -> int:
        return self.options.seats

    @property
    def version(self) -> int:
        """Grows by one with every event, across the whole match (``events[i]["v"]``)."""
        return self.base_version + len(self.events)

    @property
    def match_over(self) -> bool:
        return bool(self.match_winners)

    def left_of(self, seat: int) -> int:
        return (seat - 1) % self.seats

    def copy(self) -> State101:
        return fresh_copy(self)
