"""The hard level's planning: which tile to throw and whether to take.

It ranks discards by the deficiency they leave (see
:mod:`engine.classic.bots.evaluate`), then by the live outs of the hand left (tiles
it has not seen that would bring it a step closer), less the danger of
feeding the right neighbour. It weighs seven pairs against melds by the
chance of each plan in the turns left (:mod:`engine.classic.bots.pairs`).

>>> from engine.core.tiles import parse_tiles, parse_face, format_tile
>>> know = Knowledge.naive(parse_face("K1"))
>>> rack = parse_tiles("R1 R2 R3 B4 B5 B6 B7 K9 K10 K11 R12 R13 Y5 Y9 B9")
>>> format_tile(best_discard(rack, know, HARD))
'Y5'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.classic.bots.evaluate import encode, pairs_deficiency, search
from engine.classic.bots.outs import discard_deficiencies, improving_faces
from engine.classic.bots.pairs import PAIRS_VALUE, prefers_pairs
from engine.classic.bots.stakes import double_gain
from engine.classic.bots.tracking import Table, dead_mask, live_counts, neighbours
from engine.core.tiles import plays_as


@dataclass(frozen=True)
class Style:
    """How a planning level plays."""

    counts_tiles: bool  # knows which faces are dead and how many copies are live
    pairs: bool  # weighs seven pairs against melds
    caution: float  # weight of the danger of feeding the right neighbour
    outs: int  # how many of the cheapest discards get their live outs counted
    end_outs: int = 0  # the same once the hand is within END_DEFICIENCY of winning


HARD = Style(counts_tiles=True, pairs=True, caution=1.0, outs=4, end_outs=8)
# What a player who counts nothing knows (the normal level's okey wait).
NAIVE = Style(counts_tiles=False, pairs=False, caution=0.0, outs=0)

# Near the end every out counts: from this deficiency down the planner
# counts the outs of more discards, and takes a discard that widens its wait.
END_DEFICIENCY = 2
# A take that keeps the deficiency must bring this many times the outs (plus
# one): a draw may lower the deficiency now, the take only helps later.
WIDEN_FACTOR = 2.0

# Live outs one unit of danger is worth giving up: a take by the right
# neighbour only shifts wins among the others, so danger breaks near-ties.
RISK_IN_OUTS = 1.5
# Looks at an unseen tile a pairs hand gets each turn, for ordering its
# discards (:func:`pairs_turns`); which plan a rack plays is
# :mod:`engine.classic.bots.pairs`'s call.
PAIRS_LOOKS = 1.0
# Turns one step takes at each deficiency with typical outs (the share of
# unseen tiles that help, measured on hard's own hands: 12%, 20%, 29%, ...).
STEP_TURNS = (0.0, 8.3, 5.0, 3.5, 2.6, 1.9, 1.5)


@dataclass
class Knowledge:
    """What the planner uses from a seat's view."""

    okey: int
    wrap: bool
    pairs: bool
    live: list[int]  # per face (52: wild okeys) copies not yet seen
    dead: int  # faces with no copy left, as a bit mask (0 when not counting)
    danger: dict[int, float] = field(default_factory=dict)
    # where the hand stands (the pairs plan weighs the turns left)
    pile: int = 48
    seats: int = 4
    rounds: float = 0.0
    # what a seven-pairs finish is worth against a melds one (see pairs_value)
    pairs_value: float = PAIRS_VALUE

    @property
    def unseen(self) -> int:
        return sum(self.live)

    @classmethod
    def naive(cls, okey: int, *, wrap: bool = True, pairs: bool = True) -> Knowledge:
        """Knowledge of a player who counts nothing: every copy may come."""
        return cls(okey, wrap, pairs, [2] * 53, 0)

    @classmethod
    def of(cls, table: Table, style: Style) -> Knowledge:
        if style.counts_tiles:
            live = live_counts(table)
            dead = dead_mask(live)
        else:
            live = [2] * 53
            for tile in table.rack:
                live[52 if tile >> 1 == table.okey else plays_as(tile, table.okey)] -= 1
            dead = 0
        know = cls(table.okey, table.run_13_1, table.pairs_allowed, live, dead)
        know.pile, know.seats = table.pile_count, table.seats
        know.rounds = table.turns_played / table.seats
        if style.pairs:
            know.pairs_value = pairs_value(table)
        if style.caution:
            know.danger = danger_map(table)
        return know


# A pairs finish that wins a match a melds finish would lose is worth this much more.
DECIDES_MATCH = 20.0


def pairs_value(table: Table) -> float:
    """What seven pairs (4) are worth against melds (2) to this seat: by the
    hand (:data:`PAIRS_VALUE`), unless a melds finish ends the match; then by
    the match shares the two finishes would bring."""
    stakes = double_gain(table, 2)
    if stakes is None:
        return PAIRS_VALUE
    single, double = stakes
    if double <= single:
        return 1.0  # the melds finish does as well: only pace counts
    return DECIDES_MATCH if single == 0 else min(DECIDES_MATCH, double / single)


def danger_map(table: Table) -> dict[int, float]:
    """How much the right neighbour seems to want each face: it took these
    tiles from my discards, so faces that meld with them are risky; faces it
    threw away itself are safe."""
    danger: dict[int, float] = {}
    for tile in table.right_took:
        if tile >> 1 == table.okey:
            continue
        face = plays_as(tile, table.okey)
        danger[face] = danger.get(face, 0.0) + 0.5
        for near, weight in neighbours(face, table.run_13_1):
            danger[near] = danger.get(near, 0.0) + weight
    for tile in table.right_discards:
        if tile >> 1 != table.okey:
            face = plays_as(tile, table.okey)
            danger[face] = danger.get(face, 0.0) - 1.0
    return danger


def potential(face: int, counts: Sequence[int], know: Knowledge) -> float:
    """How much a tile may still help: partners held and live tiles nearby."""
    score = 0.0
    for near, weight in neighbours(face, know.wrap):
        if counts[near]:
            score += 1.5 * weight
        score += weight * know.live[near] / 2
    return score


def pairs_turns(deficiency: int, outs: int, unseen: int) -> float:
    """Turns for seven pairs: every step needs one of the remaining twins,
    drawn or taken from the left (:data:`PAIRS_LOOKS` looks a turn)."""
    if not deficiency:
        return 1.0
    return sum(unseen / (PAIRS_LOOKS * max(outs - i, 0.5)) for i in range(deficiency))


# Deficiency and improving faces per hand, dead faces and faces tried: the
# same hands come back within a decision and from one turn to the next.
_IMPROVING: dict[tuple[object, ...], tuple[int, list[int]]] = {}
_IMPROVING_LIMIT = 20_000


def hand_outs(tiles: Sequence[int], know: Knowledge) -> tuple[int, int]:
    """Deficiency of 14 tiles (melds) and the live tiles that would lower it."""
    counts, wilds = encode(tiles, know.okey)
    faces = [f for f in range(52) if know.live[f] > 0 and counts[f] < 2]
    tried = sum(1 << f for f in faces)
    key = (tuple(counts), wilds, know.dead, know.wrap, tried)
    known = _IMPROVING.get(key)
    if known is None:
        found = search(counts, wilds, know.dead, know.wrap, ties=True)
        better = improving_faces(found, faces) if found.deficiency else []
        if len(_IMPROVING) >= _IMPROVING_LIMIT:
            _IMPROVING.clear()
        known = _IMPROVING[key] = (found.deficiency, better)
    deficiency, better = known
    if deficiency == 0:
        return 0, 0
    return deficiency, know.live[52] + sum(know.live[f] for f in better)


def _less(counts: Sequence[int], face: int) -> list[int]:
    out = list(counts)
    out[face] -= 1
    return out


Ranked = list[tuple[tuple[float, ...], int]]


def _pairs_ranking(
    rack: Sequence[int], counts: list[int], wilds: int, know: Knowledge
) -> tuple[tuple[int, float], Ranked]:
    """Discards for seven pairs, and the (deficiency, live outs) the best leaves."""
    ranked: Ranked = []
    best: tuple[int, float] = (99, 0.0)
    for face in {plays_as(t, know.okey) for t in rack if t >> 1 != know.okey}:
        left = _less(counts, face)
        deficiency = pairs_deficiency(left, wilds, dead_faces=know.dead)
        outs = know.live[52] + sum(know.live[f] for f in range(52) if left[f] == 1)
        turns = pairs_turns(deficiency, outs, know.unseen)
        if (deficiency, -outs) < (best[0], -best[1]):
            best = (deficiency, float(outs))
        tile = next(t for t in rack if t >> 1 != know.okey and plays_as(t, know.okey) == face)
        ranked.append(((float(deficiency), turns, potential(face, counts, know)), tile))
    ranked.sort()
    return best, ranked


def prefers(know: Knowledge, melds: tuple[int, float], pairs: tuple[int, float]) -> bool:
    """Whether seven pairs at (deficiency, outs) beat melds at theirs now
    (see :mod:`engine.classic.bots.pairs`)."""
    return prefers_pairs(
        melds,
        pairs,
        unseen=know.unseen,
        wilds_live=know.live[52],
        pile=know.pile,
        seats=know.seats,
        rounds=know.rounds,
        step_turns=STEP_TURNS,
        value=know.pairs_value,
    )


def ranked_discards(rack: Sequence[int], know: Knowledge, style: Style) -> Ranked:
    """Every non-wild face of a 15-tile rack (one tile each) with its sort
    key, best discard first."""
    counts, wilds = encode(rack, know.okey)
    found = search(counts, wilds, know.dead, know.wrap, ties=True)
    costs = discard_deficiencies(found)
    ranked: Ranked = []
    seen_faces: set[int] = set()
    for tile in sorted(rack):
        face = plays_as(tile, know.okey)
        if tile >> 1 == know.okey or face in seen_faces:
            continue  # wilds stay; both copies of a face are the same discard
        seen_faces.add(face)
        risk = style.caution * know.danger.get(face, 0.0)
        ranked.append(((float(costs[face]), potential(face, counts, know) + risk), tile))
    ranked.sort()
    best = ranked[0][0][0]
    limit = style.end_outs if best <= END_DEFICIENCY and style.end_outs else style.outs
    head = [item for item in ranked if item[0][0] == best][:limit]
    chosen = {tile for _, tile in head}
    scored: Ranked = []
    best_outs = 0
    for key, tile in head:
        _, outs = hand_outs([t for t in rack if t != tile], know)
        best_outs = max(best_outs, outs)
        risk = style.caution * know.danger.get(plays_as(tile, know.okey), 0.0)
        scored.append(((key[0], RISK_IN_OUTS * risk - outs, key[1]), tile))
    scored.sort()
    melds = scored + [((key[0], 99.0, key[1]), t) for key, t in ranked if t not in chosen]
    if style.pairs and know.pairs:
        plan, pairs = _pairs_ranking(rack, counts, wilds, know)
        if prefers(know, (int(best), float(best_outs)), plan):
            return pairs
    return melds


def best_discard(rack: Sequence[int], know: Knowledge, style: Style) -> int:
    return ranked_discards(rack, know, style)[0][1]


def closeness(tiles: Sequence[int], know: Knowledge) -> int:
    """Deficiency of 14 tiles, or of the best 14 of 15, for melds; zero too
    when seven pairs are complete."""
    counts, wilds = encode(tiles, know.okey)
    melds = search(counts, wilds, know.dead, know.wrap).deficiency
    if melds and know.pairs:
        faces = [f for f in range(52) if counts[f]] if len(tiles) > 14 else [-1]
        for face in faces:
            left = _less(counts, face) if face >= 0 else counts
            if pairs_deficiency(left, wilds, dead_faces=know.dead) == 0:
                return 0
    return melds


def take_improves(rack: Sequence[int], tile: int, know: Knowledge) -> bool:
    """Whether taking ``tile`` finishes the hand or brings its melds strictly
    closer. (A rack that plays for seven pairs takes by :func:`take_pairs`
    instead.)"""
    after = closeness([*rack, tile], know)
    return after == 0 or after < closeness(rack, know)


def take_widens(rack: Sequence[int], tile: int, know: Knowledge, style: Style) -> bool:
    """Whether taking ``tile`` near the end keeps the deficiency but leaves
    (after the best discard) at least :data:`WIDEN_FACTOR` times the live
    outs: a wait on two tiles turned into a wait on six is worth a turn."""
    counts, wilds = encode(rack, know.okey)
    if not 0 < search(counts, wilds, know.dead, know.wrap).deficiency <= END_DEFICIENCY:
        return False  # cheap check first: outs cost a tied search
    deficiency, outs = hand_outs(rack, know)
    grown = [*rack, tile]
    throw = best_discard(grown, know, style)
    if plays_as(throw, know.okey) == plays_as(tile, know.okey):
        return False  # it would throw the tile back (or its twin)
    after, more = hand_outs([t for t in grown if t != throw], know)
    return after == deficiency and more >= WIDEN_FACTOR * outs + 1


def plays_pairs(rack: Sequence[int], know: Knowledge, style: Style) -> bool:
    """Whether a 14-tile rack plays for seven pairs now (the test
    :func:`ranked_discards` makes for its discards, see :func:`prefers`)."""
    if not (style.pairs and know.pairs):
        return False
    counts, wilds = encode(rack, know.okey)
    need = pairs_deficiency(counts, wilds, dead_faces=know.dead)
    melds, outs = hand_outs(rack, know)
    if melds == 0 or need >= melds + 2:
        return False  # cheap check first: pairs far behind never win on pace
    singles = know.live[52] + sum(know.live[f] for f in range(52) if counts[f] == 1)
    return prefers(know, (melds, float(outs)), (need, float(singles)))


def take_pairs(rack: Sequence[int], tile: int, know: Knowledge, style: Style) -> bool:
    """Whether to take ``tile`` for seven pairs: it pairs a single of a
    rack that plays for pairs. (A take judged by melds alone would leave
    the pairs plan only the draws: half its pace.)"""
    if tile >> 1 == know.okey:
        return False  # an okey is judged by melds (take_improves) like any tile
    face = plays_as(tile, know.okey)
    counts, _ = encode(rack, know.okey)
    return counts[face] == 1 and plays_pairs(rack, know, style)
