"""Scores of a finish, of showing the indicator, and the end of a match."""

from __future__ import annotations

from engine.classic.options import Options
from engine.classic.state import FinishKind


def finish_points(kind: FinishKind, okey_finish: bool) -> int:
    """Points a finish is worth: 2, seven pairs 4, doubled when an okey is placed.

    >>> finish_points("melds", False), finish_points("pairs", True)
    (2, 8)
    """
    base = 4 if kind == "pairs" else 2
    return base * 2 if okey_finish else base


def finish_deltas(options: Options, winner: int, points: int) -> list[int]:
    """Countdown: every other seat loses the points; points mode: the winner gains them.

    With ``partners`` (seats 0+2 against 1+3) the team scores as one: the
    winner's partner gains with it and never loses, so both seats of a team
    always hold the same score, which is the team's score.

    >>> finish_deltas(Options(), 1, 2)
    [-2, 0, -2, -2]
    >>> finish_deltas(Options(partners=True), 1, 2)
    [-2, 0, -2, 0]
    >>> finish_deltas(Options(partners=True, scoring="points"), 2, 4)
    [4, 0, 4, 0]
    """

    def winning(seat: int) -> bool:
        return seat % 2 == winner % 2 if options.partners else seat == winner

    if options.scoring == "countdown":
        return [0 if winning(s) else -points for s in range(options.seats)]
    return [points if winning(s) else 0 for s in range(options.seats)]


def indicator_deltas(options: Options, seat: int) -> list[int]:
    """Showing the indicator: the others lose 1 (countdown) or the seat gains 1 (points)."""
    return finish_deltas(options, seat, 1)


def match_result(options: Options, scores: list[int], hands_played: int) -> tuple[int, ...]:
    """The match winners once the match is over, else ``()``.

    >>> match_result(Options(), [20, 0, 14, 18], 3)
    (0,)
    >>> match_result(Options(scoring="points", hands=2), [2, 2, 0, 0], 2)
    (0, 1)
    >>> match_result(Options(partners=True), [18, -2, 18, -2], 4)  # a team wins as one
    (0, 2)
    """
    if options.scoring == "countdown":
        over = any(score <= 0 for score in scores)
    elif options.target is not None:
        over = any(score >= options.target for score in scores)
    else:
        over = hands_played >= options.hands
    if not over:
        return ()
    best = max(scores)
    return tuple(s for s, score in enumerate(scores) if score == best)
