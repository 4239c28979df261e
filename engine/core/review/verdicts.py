"""Verdicts and their thresholds, shared by both variants (written out in docs/BOTS.md).

Classic compares *tiles from a win* (the least number of tiles the rack still
needs, melds or seven pairs, counting the faces the seat has seen all copies
of as dead) after the player's move and after the coach's, and on a tie the
live *outs* (unseen tiles that would bring the rack a step closer). 101
compares the points the rack would count if the hand ended now (202 while
not opened, penalties of the turn included) and, while neither has opened,
the points of the best opening the rack holds.
"""

from __future__ import annotations

VERDICTS = ("best", "good", "inaccuracy", "mistake", "blunder")

# Classic: the move keeps the coach's distance but leaves at least this share
# of the coach's outs: good; less: an inaccuracy.
GOOD_OUTS_SHARE = 0.6
# Classic: tiles from a win more than the coach's move leaves: 1 is a
# mistake, this many or more a blunder. A missed finish is always a blunder.
BLUNDER_TILES = 2

# 101, once a rack has opened (or one of the two moves opens): extra points
# the rack would count against the coach's move, at most.
GOOD_POINTS_101 = 5
INACCURACY_POINTS_101 = 20
MISTAKE_POINTS_101 = 60  # more: a blunder (a 101 penalty, an opening missed)
# 101, neither move opens: opening points the coach's rack holds more, at most.
GOOD_OPENING_101 = 3
INACCURACY_OPENING_101 = 10  # more: a mistake


def worst(a: str, b: str) -> str:
    return a if VERDICTS.index(a) >= VERDICTS.index(b) else b


def classic_verdict(tiles_more: int, outs: int, coach_outs: int) -> str:
    """The verdict of a move ``tiles_more`` tiles further from a win than the coach's.

    >>> classic_verdict(0, 8, 8), classic_verdict(0, 5, 8), classic_verdict(0, 2, 8)
    ('best', 'good', 'inaccuracy')
    >>> classic_verdict(1, 8, 8), classic_verdict(2, 8, 8), classic_verdict(-1, 0, 8)
    ('mistake', 'blunder', 'best')
    """
    if tiles_more < 0:
        return "best"
    if tiles_more >= BLUNDER_TILES:
        return "blunder"
    if tiles_more == 1:
        return "mistake"
    if outs >= coach_outs:
        return "best"
    if outs >= GOOD_OUTS_SHARE * coach_outs:
        return "good"
    return "inaccuracy"


def points_verdict(points_more: int) -> str:
    """101: the verdict of a move leaving ``points_more`` points more to count.

    >>> [points_verdict(p) for p in (0, 5, 12, 40, 101)]
    ['best', 'good', 'inaccuracy', 'mistake', 'blunder']
    """
    if points_more <= 0:
        return "best"
    if points_more <= GOOD_POINTS_101:
        return "good"
    if points_more <= INACCURACY_POINTS_101:
        return "inaccuracy"
    if points_more <= MISTAKE_POINTS_101:
        return "mistake"
    return "blunder"


def opening_verdict(points_less: int) -> str:
    """101, neither move opens: the verdict of keeping ``points_less`` fewer opening points.

    >>> [opening_verdict(p) for p in (0, 3, 8, 11)]
    ['best', 'good', 'inaccuracy', 'mistake']
    """
    if points_less <= 0:
        return "best"
    if points_less <= GOOD_OPENING_101:
        return "good"
    if points_less <= INACCURACY_OPENING_101:
        return "inaccuracy"
    return "mistake"


def counts(verdicts: list[str]) -> dict[str, int]:
    return {v: verdicts.count(v) for v in VERDICTS}
