"""The hard 101 bot's choice to hold back an opening it could make.

A hand is won by the seat that finishes, or, when the pile runs out, by
the opened seat with the lowest rack. Once a seat has opened, the others
lay tiles off onto its melds (about one tile a hand in bot play), which
helps them finish. When another seat finishes, holding back costs the
hand's score (202 instead of the rack) but not the win, which was lost
anyway; when nobody finishes, what counts is the rack after the last
turn. So with :data:`HOLD` on, the hard bot keeps a ready opening on its
rack until it can open and finish in the same turn, or until its last
turn (the pile has fewer tiles than the seats that draw before it).

Which melds to open with is here too: one that finishes at once
(:func:`finish_opening`), else the one that leaves least on the rack after
the turn's further melds and lay-offs (:func:`lean_opening`).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.okey101.bots.after import lay_out
from engine.okey101.bots.seat import Seat, value
from engine.okey101.opening import THRESHOLD, best_opening

# ``on``: hold back at all; ``mid``: still take a left discard that
# completes an opening mid-hand (the opening then goes out at once);
# ``threat``: open anyway once another seat that opened with melds has at
# most this many tiles (0: never). Off by default: against three ``normal``
# it wins a few more hands but costs about ten points of hand score (a held
# opening scores 202 when another seat finishes). 2,000 hands, win share
# and average hand score, without -> with holding: seed 1 27.2% / 60.5 ->
# 27.7% / 70.2, seed 2 28.4% / 54.6 -> 28.9% / 63.9; 1,000 hands, seed 3
# 26.6% -> 31.1% (score 72.2). (Those runs also opened with pairs only on
# the last turn, which on its own changed nothing measurable on seeds 1
# and 2 and cost about 3 points of score, so it was reverted; without it,
# seed 4: 27.8% / 55.6 -> 29.2% / 63.7.) Variants on
# seed 3 (1,000 hands, all below 31.1%): ``mid`` 0, 27.4%; ``threat`` 3,
# 30.0% (score 67.2); opening four tiles of pile before the last turn,
# 28.6%; taking left discards that force the opening, 29.2%; shedding high
# loose tiles while holding, 27.8% and 28.9%; keeping back new melds after
# a mid-hand opening, 30.8%. ``weak``: hold only an opening that would
# leave more than this many points on the rack (the issue's "hold back when
# opening would leave a weak rack"; 0: any). Seed 1, 2,000 hands, share /
# score: off 26.5% / 58.4, on 27.1% / 68.0, weak 20 26.4% / 65.9, weak 40
# 26.4% / 60.6: no gain in share, a worse score. Whole 5-hand matches
# (engine.tools.simulate_matches, 1,000, seed 1): off 29.4%, on 27.3%, weak 40 28.1%.
# ``lean`` (on, whether or not holding): open with the melds of
# :func:`lean_opening` (what leaves least after the turn) rather than the
# richest; 27.3% -> 27.7% of 1,200 hands (seed 1), within the noise.
HOLD = {"on": 0, "mid": 1, "threat": 0, "weak": 0, "lean": 1}
# Look for another opening that finishes when the best one leaves this few tiles.
NEAR = 3


def last_turn(seat: Seat, *, drawn: bool = True) -> bool:
    """Whether this seat will not draw again (the others empty the pile first)."""
    pile = seat.pile_count if drawn else seat.pile_count - 1
    return pile < seat.seats


def rest_after(seat: Seat, rack: Sequence[int], groups: Sequence[Sequence[int]]) -> list[int]:
    """The tiles left after laying ``groups``, more melds, then every lay-off found."""
    okey = seat.okey
    laid = {t for g in groups for t in g}
    rest = [t for t in rack if t not in laid]
    melds = [list(m) for m in seat.table] + [list(g) for g in groups]
    return lay_out(rest, melds, okey, seat.rule, okey_last=False)


def take_to_finish(seat: Seat) -> bool:
    """Whether the left discard lets this unopened seat open and finish this turn."""
    if seat.left_top is None:
        return False
    rack = [*seat.rack, seat.left_top]
    groups = best_opening(rack, seat.okey, rule=seat.rule).groups
    if not any(seat.left_top in g for g in groups):
        return False
    return len(rest_after(seat, rack, groups)) <= 1


def finish_opening(seat: Seat) -> tuple[tuple[int, ...], ...] | None:
    """Melds to open with that let this seat finish this turn, if it finds any.

    The best opening (most points) may leave two small tiles where another
    set of melds leaves one: when the best leaves at most NEAR tiles, every
    tile is tried as the finishing discard.
    """
    rack, okey, threshold = seat.rack, seat.okey, THRESHOLD[seat.rule]
    best = best_opening(rack, okey, rule=seat.rule)
    if best.points < threshold:
        return None
    rest = rest_after(seat, rack, best.groups)
    if len(rest) <= 1:
        return best.groups
    if len(rest) > NEAR:
        return None
    for tile in sorted({t >> 1: t for t in rack}.values()):
        other = best_opening([t for t in rack if t != tile], okey, rule=seat.rule)
        if other.points >= threshold and len(rest_after(seat, rack, other.groups)) <= 1:
            return other.groups
    return None


def lean_opening(seat: Seat) -> tuple[tuple[int, ...], ...] | None:
    """Among the richest opening and those without one tile, the one that leaves least.

    The richest opening lays the most points, but laying more melds and
    lay-offs in the same turn may leave less after another one (a tile the
    richest takes into a set may carry a run on the table further). The
    rack left after the turn (:func:`rest_after`, its discard not counted)
    decides: fewest points, then fewest tiles. None when no opening reaches
    the threshold.
    """
    rack, okey, threshold = seat.rack, seat.okey, THRESHOLD[seat.rule]
    best = best_opening(rack, okey, rule=seat.rule)
    if best.points < threshold:
        return None

    def left(groups: Sequence[Sequence[int]]) -> tuple[int, int]:
        rest = rest_after(seat, rack, groups)
        values = sorted(value(t, okey) for t in rest)
        return sum(values[:-1]), len(rest)  # the highest goes as the discard

    found, score = best.groups, left(best.groups)
    for tile in sorted({t >> 1: t for t in rack}.values()):
        other = best_opening([t for t in rack if t != tile], okey, rule=seat.rule)
        if other.points >= threshold and other.groups != found:
            mine = left(other.groups)
            if mine < score:
                found, score = other.groups, mine
    return found


def hold(seat: Seat, groups: Sequence[Sequence[int]]) -> bool:
    """Whether to keep a ready opening ``groups`` (that does not finish) on the rack this turn."""
    if not HOLD["on"] or seat.taken is not None or last_turn(seat):
        return False
    if seat.fewest <= HOLD["threat"]:
        return False  # another seat may finish soon: save the score
    if not HOLD["weak"]:
        return True
    rest = rest_after(seat, seat.rack, groups)
    return sum(value(t, seat.okey) for t in rest) > HOLD["weak"]


__all__ = [
    "HOLD",
    "NEAR",
    "finish_opening",
    "hold",
    "last_turn",
    "lean_opening",
    "rest_after",
    "take_to_finish",
]
