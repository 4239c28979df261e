"""Seven pairs or melds: which plan a hard rack plays at this moment.

Seven pairs score double, but they come slowly: a rack holds ``14 - 2p``
singles next to its ``p`` pairs, each single has one twin left at most, and
every twin found removes two singles (one paired, one thrown). Five dealt
pairs are rare (a 14-tile deal holds 0.9 pairs on average), so a rule that
only looks at the deal almost never fires; racks gather pairs during the
hand. So the choice is made at every decision, from what the seat has seen:

* the pairs path: its deficiency and its live outs (the unseen twins of its
  singles, whose other copy was neither thrown nor shown, and the unseen
  okeys), one step after another, each step with two singles fewer;
* the melds path: the evaluator's deficiency and live outs for the first
  step, the typical pace after it (:data:`~engine.classic.bots.plan.STEP_TURNS`);
* for both, the chance to get there in the turns this seat has left (the
  pile shared by the seats), while nobody else has finished (the hazard
  that :func:`engine.classic.bots.finish.threat` was fitted to).

The rack plays pairs when :data:`PAIRS_VALUE` (or, when a finish ends the
match, what pairs are worth to the match) times the pairs chance beats
the melds chance. Early in a hand the melds path nearly always wins (many
outs, many turns); late, a rack whose pairs are one twin away while its
melds need three tiles switches. Pure: the answers depend on the counts given.
"""

from __future__ import annotations

from collections.abc import Sequence

# A pairs finish scores twice a melds finish (in countdown and in points), so
# the plan with the most points expected wins. (It costs few hands: racks
# where the two plans come close are rare, about one decision in 250.)
PAIRS_VALUE = 2.0
# Looks at an unseen tile per turn: the draw and the left neighbour's discard
# (taken when it helps, for either plan; it is one tile the neighbour chose
# to throw, so it counts for less than a draw).
LOOKS = 1.6
# The chance per round that another seat finishes (fitted by finish.threat:
# about 0 for the first rounds, then growing by this much a round).
HAZARD_SLOPE = 0.056
HAZARD_QUIET = 2.5
HAZARD_CAP = 0.6
# Never plan more turns ahead than this.
MAX_HORIZON = 14


def hazards(rounds: float, seats: int, turns: int) -> list[float]:
    """Chance, before each of this seat's next ``turns`` turns, that another
    seat finishes first (scaled by how many others there are)."""
    out = []
    for t in range(turns):
        per_seat = max(0.01, HAZARD_SLOPE * (rounds + t - HAZARD_QUIET))
        out.append(min(HAZARD_CAP, per_seat * (seats - 1) / 3))
    return out


def reach(hits: Sequence[float], hazard: Sequence[float]) -> float:
    """Chance to make every step in turn within ``len(hazard)`` turns (step
    ``i`` lands in a turn with chance ``hits[i]``), the hand still running.

    >>> round(reach([0.5], [0.0, 0.0]), 3), round(reach([0.5, 0.5], [0.0, 0.0]), 3)
    (0.75, 0.25)
    """
    if not hits:
        return 1.0
    steps = len(hits)
    at = [1.0] + [0.0] * steps  # chance of having made k steps
    alive = 1.0
    total = 0.0
    for q in hazard:
        alive *= 1 - q
        moved = [0.0] * (steps + 1)
        for k in range(steps):
            gain = at[k] * hits[k]
            moved[k] += at[k] - gain
            moved[k + 1] += gain
        total += moved[steps] * alive
        moved[steps] = 0.0
        at = moved
    return total


def pairs_hits(deficiency: int, outs: float, unseen: int, wilds_live: int) -> list[float]:
    """Chance per turn of each step to seven pairs: each twin found leaves
    two singles fewer (the paired one and the one thrown), so two outs fewer
    (never below the live okeys, or one)."""
    hits = []
    for i in range(deficiency):
        live = max(float(wilds_live), outs - 2 * i, 1.0)
        hits.append(min(0.95, LOOKS * live / max(1, unseen - i)))
    return hits


def melds_hits(
    deficiency: int, outs: float, unseen: int, step_turns: Sequence[float]
) -> list[float]:
    """Chance per turn of each step to melds: the first at the rack's own
    live outs, the later ones at the typical pace of their deficiency."""
    if deficiency <= 0:
        return []
    hits = [min(0.95, LOOKS * max(outs, 0.5) / max(1, unseen))]
    for d in range(deficiency - 1, 0, -1):
        hits.append(min(0.95, LOOKS / step_turns[min(d, len(step_turns) - 1)]))
    return hits


def horizon(pile: int, seats: int) -> int:
    """This seat's turns left: each round takes about one tile per seat."""
    return max(1, min(MAX_HORIZON, pile // max(1, seats) + 1))


def prefers_pairs(
    melds: tuple[int, float],
    pairs: tuple[int, float],
    *,
    unseen: int,
    wilds_live: int,
    pile: int,
    seats: int,
    rounds: float,
    step_turns: Sequence[float],
    value: float = PAIRS_VALUE,
) -> bool:
    """Whether a rack with these (deficiency, live outs) for melds and for
    seven pairs should play pairs now.

    >>> from engine.classic.bots.plan import STEP_TURNS
    >>> late = dict(unseen=50, wilds_live=1, pile=12, seats=4, rounds=6, step_turns=STEP_TURNS)
    >>> prefers_pairs((3, 18), (1, 3), **late), prefers_pairs((1, 8), (1, 3), **late)
    (True, False)
    """
    need_m, outs_m = melds
    need_p, outs_p = pairs
    if need_m == 0 or need_p >= need_m + 2:
        return False  # a finished hand, or pairs far behind: never on pace
    if need_p == 0:
        return True
    hazard = hazards(rounds, seats, horizon(pile, seats))
    chance_p = reach(pairs_hits(need_p, outs_p, unseen, wilds_live), hazard)
    chance_m = reach(melds_hits(need_m, outs_m, unseen, step_turns), hazard)
    return value * chance_p > chance_m
