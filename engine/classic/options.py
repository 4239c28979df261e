"""Table options: every choice RULES.md leaves to the table, with its default."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Literal

from engine.core.errors import InvalidOptions
from engine.core.options import check_table, flat_dict

Scoring = Literal["countdown", "points"]


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
        check_table(self.seats, self.partners)
        if self.scoring not in ("countdown", "points"):
            raise InvalidOptions(f"unknown scoring {self.scoring!r}")
        if not 1 <= self.start_points <= 1000:
            raise InvalidOptions("start_points must be 1..1000")
        if not 1 <= self.hands <= 100:
            raise InvalidOptions("hands must be 1..100")
        if self.target is not None and not 1 <= self.target <= 1000:
            raise InvalidOptions("target must be 1..1000")

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
