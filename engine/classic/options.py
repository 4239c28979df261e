"""Table options: every choice RULES.md leaves to the table, with its default."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Literal

from engine.core.errors import InvalidOptions

Scoring = Literal["countdown", "points"]


def flat_dict(options: Any) -> dict[str, Any]:
    """A flat options dataclass as a new dict of its fields.

    Every view carries the options, and ``dataclasses.asdict`` deep-copies
    each value: for fields that are all plain scalars this is several times
    faster and gives the same dict.
    """
    return {field.name: getattr(options, field.name) for field in fields(options)}


@dataclass(frozen=True)
class Options:
    """Options of a classic Okey table.

    >>> Options().seats, Options().scoring, Options().start_points
    (4, 'countdown', 20)
    >>> Options.from_dict({"seats": 2, "run_13_1": False}).to_dict()["run_13_1"]
    False
    """

    variant: Literal["classic"] = "classic"
    seats: int = 4
    scoring: Scoring = "countdown"
    start_points: int = 20
    hands: int = 1
    target: int | None = None
    run_13_1: bool = True
    pairs_finish: bool = True
    indicator_bonus: bool = True
    traditional_deal: bool = False
    partners: bool = False

    def __post_init__(self) -> None:
        if self.variant != "classic":
            raise InvalidOptions(f"unknown variant {self.variant!r}")
        if not 2 <= self.seats <= 4:
            raise InvalidOptions("a table has 2 to 4 seats")
        if self.scoring not in ("countdown", "points"):
            raise InvalidOptions(f"unknown scoring {self.scoring!r}")
        if not 1 <= self.start_points <= 1000:
            raise InvalidOptions("start_points must be 1..1000")
        if not 1 <= self.hands <= 100:
            raise InvalidOptions("hands must be 1..100")
        if self.target is not None and not 1 <= self.target <= 1000:
            raise InvalidOptions("target must be 1..1000")
        if self.partners and self.seats != 4:
            raise InvalidOptions("partners need 4 seats")

    def to_dict(self) -> dict[str, Any]:
        return flat_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Options:
        known = {f.name: f for f in fields(cls)}
        unknown = set(data) - set(known)
        if unknown:
            raise InvalidOptions(f"unknown options: {', '.join(sorted(unknown))}")
        for name, value in data.items():
            expected = known[name].type
            if "bool" in str(expected) and not isinstance(value, bool):
                raise InvalidOptions(f"{name} must be true or false")
            if (
                "int" in str(expected)
                and value is not None
                and (isinstance(value, bool) or not isinstance(value, int))
            ):
                raise InvalidOptions(f"{name} must be an integer")
        return cls(**data)
