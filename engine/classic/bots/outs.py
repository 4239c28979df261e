"""One tile more or less: discards that keep a hand's deficiency, and the
draws (*outs*) that lower it.

Both start from a :func:`~engine.classic.bots.evaluate.search` with ``ties=True``.
A grouping of the changed hand that reaches the target must come from a
set choice that tied for the best (one tile moves the number of kept tiles
by at most one), so only those choices are re-solved, and in each only the
colour, set group or isolated value the tile touches changes. The answers
are exact for the evaluator's model except in one rare corner, noted on
:func:`discard_deficiencies`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.classic.bots.evaluate import Search, Tie, isolated_points
from engine.classic.bots.runs import HAND, colour_id, kept_in, product


def discard_deficiencies(found: Search) -> dict[int, int]:
    """For a searched 15-tile hand: the deficiency left after discarding one
    tile of each face held (wilds are never discarded).

    A face that keeps the deficiency in no tied choice is given one more.
    Dropping a tile from a group nearly always leaves a group; when it
    splits a gapped run or leaves a set that only dead faces could complete
    the true cost is higher, which only blurs the order among tiles worth
    keeping.

    >>> from engine.classic.bots.evaluate import encode, search
    >>> from engine.core.tiles import parse_tiles, parse_face, format_face
    >>> hand = parse_tiles("R1 R2 R3 B4 B5 B6 B7 K9 K10 K11 R12 R13 R1 Y9 B9")
    >>> counts, wilds = encode(hand, parse_face("Y7"))
    >>> costs = discard_deficiencies(search(counts, wilds, ties=True))
    >>> sorted(format_face(f) for f, d in costs.items() if d == 1)  # B9 fits B4..B9
    ['B4', 'B9', 'K10', 'K11', 'Y9']
    """
    best_def = found.deficiency
    base_fixed = found.fixed()
    result: dict[int, int] = {}
    for face, held in enumerate(found.counts):
        if not held:
            continue
        colour, value = divmod(face, 13)
        unit = 1 << (2 * value)
        keeps = False
        if value in found.isolated:
            less = list(found.counts)
            less[face] -= 1
            fixed = found.fixed(value, isolated_points(less, value, found.dead_faces))
            keeps = any(found.leaf(tie, tie.patterns, fixed) >= found.kept for tie in found.ties)
        else:
            for tie in found.ties:
                if not tie.patterns[colour] >> (2 * value) & 3:
                    continue  # every copy sits in a set group of this choice
                changed = list(tie.patterns)
                changed[colour] -= unit
                if found.leaf(tie, changed, base_fixed) >= found.kept:
                    keeps = True
                    break
        result[face] = best_def if keeps else best_def + 1
    return result


# Tied set choices tried per hand when counting outs (crowded hands with
# many sets tie in dozens of ways; the first few found are the fullest).
MAX_TIES = 4


def _near_values(value: int, wrap: bool) -> list[int]:
    """Values (0-based) within two of ``value`` in a run."""
    out = []
    for step in (-2, -1, 1, 2):
        v = value + step
        if wrap:
            v %= 13
        if 0 <= v < 13:
            out.append(v)
    return out


_NEAR = {wrap: [_near_values(v, wrap) for v in range(13)] for wrap in (False, True)}


def improving_faces(found: Search, faces: Iterable[int]) -> list[int]:
    """Of ``faces``, those whose drawing would lower a searched 14-tile hand's
    deficiency.

    For each tied choice a drawn tile may extend a run of its colour (with
    the tiles of nearby isolated values of that colour brought back into
    runs), join a set group, join an isolated value, or start a set with
    tiles of its value that the choice left to runs. Only the first
    :data:`MAX_TIES` tied choices are tried, and a tile that joins two
    tiles a gap of two apart is missed (the search never plans such a run),
    so the count can fall a little short in crowded hands; it never
    counts a tile that does not help.

    >>> from engine.classic.bots.evaluate import encode, search
    >>> from engine.core.tiles import parse_tiles, parse_face, format_face
    >>> hand = parse_tiles("R1 R2 R3 B4 B5 B6 B7 K9 K10 K11 R11 R12 R13 Y5")
    >>> counts, wilds = encode(hand, parse_face("K1"))
    >>> found = search(counts, wilds, ties=True)
    >>> found.deficiency, sorted(format_face(f) for f in improving_faces(found, range(52)))
    (1, ['B3', 'B8', 'K12', 'K8', 'R1', 'R10', 'R4'])
    """
    target = found.kept + 1
    if target > found.cap:
        return []
    dead = [found.dead_faces >> (c * 13) & 0x1FFF for c in range(4)]
    wrap = found.wrap
    base_fixed = found.fixed()
    isolated = found.isolated
    prepared = [_Prepared(found, tie, dead, base_fixed, target) for tie in found.ties[:MAX_TIES]]
    near_values = _NEAR[wrap]
    out: list[int] = []
    for face in faces:
        colour, value = divmod(face, 13)
        unit = 1 << (2 * value)
        bit = 1 << colour
        near_isolated = [
            v for v in near_values[value] if v in isolated and found.counts[colour * 13 + v]
        ]
        more: list[int] | None = None
        for prep in prepared:
            tie = prep.tie
            grown = colour_id(tie.patterns[colour] + unit, dead[colour], wrap)
            if grown != prep.ids[colour]:
                # Faces far from a colour's tiles grow it alike: one answer per grown list.
                runs_gain = prep.runs_gain[colour]
                gains = runs_gain.get(grown)
                if gains is None:
                    kept = kept_in(product(grown, prep.others[colour]), prep.room, prep.cap)
                    gains = runs_gain[grown] = kept >= prep.need
                if gains:
                    break
            if value in isolated or near_isolated:
                if more is None:
                    more = list(found.counts)
                    more[face] += 1
                if _isolated_gain(found, tie, more, colour, value, near_isolated, dead, prep.need):
                    break
            sets = prep.sets_at[value]
            if sets and any(colour not in cols and prep.grows(len(cols)) for cols in sets):
                break
            if prep.at[value] & ~bit and prep.new_set(colour, value):
                break
        else:
            continue
        out.append(face)
    return out


class _Prepared:
    """One tied choice as the outs count reads it: per colour its interned points and
    the product of the others, and the answers that do not depend on the drawn tile's
    colour, worked out once for all the faces tried."""

    def __init__(self, found: Search, tie: Tie, dead: list[int], fixed: int, target: int):
        self.found, self.tie, self.fixed, self.target = found, tie, fixed, target
        wrap = found.wrap
        self.ids = [colour_id(tie.patterns[c], dead[c], wrap) for c in range(4)]
        self.others = []
        for c in range(4):
            rest = fixed
            for o in range(4):
                if o != c:
                    rest = product(rest, self.ids[o])
            self.others.append(rest)
        self.room = HAND - tie.size_sets
        self.cap = found.cap - tie.kept_sets
        self.need = target - tie.kept_sets
        # Per value: the colours of its set groups, and (bit mask) the colours whose
        # tiles of that value the choice left to runs.
        self.sets_at: list[list[tuple[int, ...]]] = [[] for _ in range(13)]
        for v, cols in tie.sets:
            self.sets_at[v].append(cols)
        self.at = [
            sum(1 << c for c in range(4) if tie.patterns[c] >> (2 * v) & 3) for v in range(13)
        ]
        self.runs_gain: list[dict[int, bool]] = [{}, {}, {}, {}]  # per colour, by grown list
        self._grows: dict[int, bool] = {}
        self._new_sets: dict[int, bool] = {}

    def grows(self, size: int) -> bool:
        """Whether one more tile in a set group of ``size`` reaches the target."""
        found = self._grows.get(size)
        if found is None:
            kept = self.found.leaf(self.tie, self.tie.patterns, self.fixed, _grown_set(size))
            found = self._grows[size] = kept >= self.target
        return found

    def new_set(self, colour: int, value: int) -> bool:
        """Whether a drawn tile reaches the target in a new set with tiles of its value
        that the choice left to runs (see :func:`_new_set`)."""
        found, memo = self.found, self._new_sets
        return _new_set(found, self.tie, colour, value, self.fixed, self.target, memo)


def others_at(tie: Tie, colour: int, value: int) -> bool:
    """Whether the tied choice left another colour's tile of this value to runs."""
    shift = 2 * value
    return any(c != colour and tie.patterns[c] >> shift & 3 for c in range(4))


def _grown_set(size: int) -> tuple[int, int]:
    """Kept and size a set group of ``size`` tiles gains from one more."""
    return 1, max(3, size + 1) - max(3, size)


def _new_set(
    found: Search,
    tie: Tie,
    colour: int,
    value: int,
    fixed: int,
    target: int,
    memo: dict[int, bool] | None = None,
) -> bool:
    """Whether a drawn tile reaches ``target`` in a new set with tiles of its
    value that the tied choice left to runs. ``memo`` keeps, per value and
    colours chosen, whether that set reaches it: the drawn tile's colour only
    decides which choices are tried."""
    shift = 2 * value
    others = [c for c in range(4) if c != colour and tie.patterns[c] >> shift & 3]
    for mask in range(1, 1 << len(others)):
        chosen = [others[i] for i in range(len(others)) if mask >> i & 1]
        k = len(chosen) + 1
        if k == 2 and all(
            found.dead_faces >> (c * 13 + value) & 1
            for c in range(4)
            if c != colour and c not in chosen
        ):
            continue  # a pair of colours whose third tile is gone
        key = value << 4 | sum(1 << c for c in chosen)
        reaches = None if memo is None else memo.get(key)
        if reaches is None:
            patterns = list(tie.patterns)
            for c in chosen:
                patterns[c] -= 1 << shift
            reaches = found.leaf(tie, patterns, fixed, (k, max(3, k))) >= target
            if memo is not None:
                memo[key] = reaches
        if reaches:
            return True
    return False


def _isolated_gain(
    found: Search,
    tie: Tie,
    more: list[int],
    colour: int,
    value: int,
    near: list[int],
    dead: list[int],
    need: int,
) -> bool:
    """Whether a drawn tile reaches ``need`` through the isolated values: by
    joining one, or by drawing its colour's tiles there back into runs."""
    room, cap = HAND - tie.size_sets, found.cap - tie.kept_sets
    if value in found.isolated:
        fixed = found.fixed(value, isolated_points(more, value, found.dead_faces))
        if kept_in(_all(found, tie.patterns, fixed, dead), room, cap) >= need:
            return True
    if not near:
        return False
    patterns = list(tie.patterns)
    less = list(more)
    for v in near:
        patterns[colour] += found.counts[colour * 13 + v] << (2 * v)
        less[colour * 13 + v] = 0
    patterns[colour] += 1 << (2 * value)
    fixed = 0
    for v, points_id in found.isolated.items():
        fixed = product(
            fixed, isolated_points(less, v, found.dead_faces) if v in near else points_id
        )
    return kept_in(_all(found, patterns, fixed, dead), room, cap) >= need


def _all(found: Search, patterns: Sequence[int], fixed: int, dead: list[int]) -> int:
    both = fixed
    for c in range(4):
        both = product(both, colour_id(patterns[c], dead[c], found.wrap))
    return both
