"""A table's pace (RULES.md, "Time"): live (seconds a turn) or relaxed (hours to days).

The pace is not stored: it follows from ``turn_seconds`` (an hour or more is relaxed),
so older items need no migration and the two can never disagree. It decides the turn
time's range, whether a seat is reminded before its deadline, and how long a spectator's
view may be cached.
"""

from __future__ import annotations

from typing import Literal

from api.tables.kinds import kind_named
from api.web.errors import ApiError, bad_request

Pace = Literal["live", "relaxed"]
PACES: tuple[Pace, ...] = ("live", "relaxed")

# The allowed turn times of each pace, in seconds, bounds included.
LIVE_SECONDS = (10, 600)
RELAXED_SECONDS = (3600, 7 * 24 * 3600)
RANGES: dict[Pace, tuple[int, int]] = {"live": LIVE_SECONDS, "relaxed": RELAXED_SECONDS}
MIN_TURN_SECONDS = LIVE_SECONDS[0]
MAX_TURN_SECONDS = RELAXED_SECONDS[1]

# A turn time given without it, by pace; a table that names neither gets its kind's
# default pace (api/tables/kinds.py).
DEFAULT_SECONDS: dict[Pace, int] = {"live": 30, "relaxed": 86400}

BAD_TURN_SECONDS = "bad_turn_seconds"

# A seat is reminded this long before its deadline: an hour, or a tenth of the turn when
# that is shorter. Only on relaxed tables: a live turn is over before a
# once-a-minute sweep could time a reminder, and its player is at the table anyway.
REMINDER_MAX_MS = 3600 * 1000

# How long a spectator's view (the same for every spectator) may be cached, by pace: a
# second keeps a live embed current; on a relaxed table a move a quarter-minute late is
# nothing, and a hundred embeds cost one origin request in that time.
SPECTATOR_MAX_AGE: dict[Pace, int] = {"live": 1, "relaxed": 15}


def pace_of(turn_seconds: int) -> Pace:
    """The pace of a turn time: an hour or more is relaxed.

    >>> pace_of(600), pace_of(3600)
    ('live', 'relaxed')
    """
    return "relaxed" if turn_seconds >= RELAXED_SECONDS[0] else "live"


def turn_seconds_for(mode: str, pace: Pace | None, turn_seconds: int | None) -> int:
    """The turn time of a new table of kind ``mode`` from its request; 400
    ``bad_turn_seconds`` when it lies outside the range of the pace asked for (or, with no
    pace, outside both ranges)."""
    if turn_seconds is None:
        return DEFAULT_SECONDS[pace or kind_named(mode).default_pace]
    low, high = RANGES[pace or pace_of(turn_seconds)]
    if not low <= turn_seconds <= high:
        raise _out_of_range(turn_seconds, pace)
    return turn_seconds


def _out_of_range(turn_seconds: int, pace: Pace | None) -> ApiError:
    live, relaxed = LIVE_SECONDS, RELAXED_SECONDS
    if pace == "live":
        allowed = f"a live table's turn is {live[0]} to {live[1]} seconds"
    elif pace == "relaxed":
        allowed = f"a relaxed table's turn is {relaxed[0]} to {relaxed[1]} seconds (7 days)"
    else:
        allowed = (
            f"a turn is {live[0]} to {live[1]} seconds (live) "
            f"or {relaxed[0]} to {relaxed[1]} seconds (relaxed)"
        )
    return bad_request(f"turn_seconds {turn_seconds}: {allowed}", BAD_TURN_SECONDS)


def reminder_lead_ms(turn_seconds: int) -> int | None:
    """How long before a deadline its seat is reminded; ``None``: no reminder at this pace."""
    if pace_of(turn_seconds) != "relaxed":
        return None
    return min(REMINDER_MAX_MS, turn_seconds * 100)  # a tenth of the turn, in ms


def spectator_cache_control(turn_seconds: int) -> str:
    return f"public, max-age={SPECTATOR_MAX_AGE[pace_of(turn_seconds)]}"
