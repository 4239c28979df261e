"""What a finish is worth to the match, when it ends the match.

A bot's view carries the match scores, the hand's number and the table's
options, so a seat can tell when its finish ends the match (countdown: some
seat falls to 0; points: the last hand, or the target reached) and whether
it then wins. Late in a match that matters more than the hand: a seat that
would end the match behind (or level) with a plain finish of 2 but ahead
with a double one (the okey placed, or seven pairs) should wait for the
double; a seat that wins with the plain finish should take it at once.

>>> from engine.classic.bots.tracking import Table
>>> table = Table(me=0, seats=4, rack=[], okey=0, indicator=0, phase="discard", legal=[],
...     pile_count=30, run_13_1=True, pairs_allowed=True, left_top=None, my_turns=3,
...     turns_played=12, scores=[2, 4, 0, 0], hand=4,
...     options={"scoring": "points", "hands": 5})
>>> finish_share(table, 2), finish_share(table, 4)
(0.5, 1.0)
"""

from __future__ import annotations

from engine.classic.bots.tracking import Table
from engine.classic.options import Options
from engine.classic.scoring import finish_deltas, match_result
from engine.core.errors import InvalidOptions


def _options(table: Table) -> Options | None:
    try:
        return Options.from_dict({k: v for k, v in table.options.items() if k != "variant"})
    except (InvalidOptions, TypeError, ValueError):
        return None


def finish_share(table: Table, points: int) -> float | None:
    """This seat's share of the match if it finished now for ``points``
    (1 alone on top, 1/k level with k - 1 others, 0 behind); ``None`` when
    that finish would not end the match."""
    options = _options(table)
    if options is None or len(table.scores) != table.seats:
        return None
    deltas = finish_deltas(options, table.me, points)
    after = [s + d for s, d in zip(table.scores, deltas, strict=True)]
    winners = match_result(options, after, table.hand + 1)
    if not winners:
        return None
    return 1 / len(winners) if table.me in winners else 0.0


def double_gain(table: Table, points: int) -> tuple[float, float] | None:
    """(share with ``points``, share with twice as many) when a finish for
    ``points`` ends the match; ``None`` when it would not."""
    single = finish_share(table, points)
    if single is None:
        return None
    double = finish_share(table, 2 * points)
    return single, single if double is None else double
