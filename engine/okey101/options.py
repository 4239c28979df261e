"""The options of a 101 Okey table, with their defaults as in RULES.md."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from engine.core.errors import InvalidOptions
from engine.core.options import check_table, flat_dict
from engine.okey101.opening import RULES, Rule


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
        check_table(self.seats, self.partners)
        if not 1 <= self.hands <= 11:
            raise InvalidOptions("hands must be 1..11")
        if self.opening_rule not in RULES:
            raise InvalidOptions(f"unknown opening rule {self.opening_rule!r}")

    def to_dict(self) -> dict[str, Any]:
        return flat_dict(self)
