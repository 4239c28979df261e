"""The computer players' levels, the same for both variants.

A table seats a bot at one of :data:`LEVELS`; the API's schemas read them
from here, so a new level is added in one place.
"""

from __future__ import annotations

LEVELS = ("easy", "normal", "hard", "gentle")
"""Levels a table may seat."""
ALL_LEVELS = (*LEVELS, "random")
"""What the simulators accept: ``"random"`` is a benchmark baseline, not a table's bot."""
TIMEOUT_LEVEL = "normal"
"""The level that plays a turn whose time ran out."""
