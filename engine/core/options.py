"""What both variants' options share: the table size, partners, and how options become a dict."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from engine.core.errors import InvalidOptions


def flat_dict(options: Any) -> dict[str, Any]:
    """A flat options dataclass as a new dict of its fields.

    Every view carries the options, and ``dataclasses.asdict`` deep-copies
    each value: for fields that are all plain scalars this is several times
    faster and gives the same dict.
    """
    return {field.name: getattr(options, field.name) for field in fields(options)}


def check_table(seats: int, partners: bool) -> None:
    """The checks every variant's options make: 2 to 4 seats, partners only at 4."""
    if not 2 <= seats <= 4:
        raise InvalidOptions("a table has 2 to 4 seats")
    if partners and seats != 4:
        raise InvalidOptions("partners need 4 seats")


def compact_options(
    options: Any, defaults: dict[str, Any], keep: tuple[str, ...]
) -> dict[str, Any]:
    """The options a record stores: those in ``keep``, and those that differ from ``defaults``."""
    return {k: v for k, v in options.to_dict().items() if k in keep or v != defaults[k]}
