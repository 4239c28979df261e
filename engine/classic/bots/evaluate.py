"""How far a rack is from winning: the *deficiency* of a hand.

The deficiency is the least number of tiles a hand still has to draw before
fourteen of its tiles win. For melds it is exact up to three
simplifications: a tile kept alone is assumed to find partners, one or two
free slots are assumed to extend some meld, and a run never plans a gap of
two missing tiles between neighbours (so two wilds side by side in a run are
seen one step late). It is computed like this:

* keep some tiles in *groups*, each a subset of one meld (a run of one
  colour, gaps allowed, or tiles of one value in different colours); a
  group of ``k`` kept tiles becomes a meld of ``size`` tiles
  (``max(3, span)`` for runs, ``max(3, k)`` for sets);
* the groups must fit in fourteen slots and wilds fill any slot, so the
  deficiency is ``14 - wilds - kept`` for the best grouping with
  ``sum(size) <= 14`` and ``kept + wilds <= 14``.

Runs are solved per colour (see :mod:`engine.classic.bots.runs`). Sets are
enumerated over the values whose tiles could also sit in runs; values whose
tiles have no run partner are folded in as fixed Pareto lists.

Tiles whose every copy has been seen elsewhere are *dead*: a group that can
only be completed by dead faces does not count. That is how the hard bot's
tile counting changes its plans.

>>> from engine.core.tiles import parse_tiles, parse_face
>>> okey = parse_face("Y7")
>>> deficiency(parse_tiles("R1 R2 R3 B4 B5 B6 B7 K9 K10 K11 R12 R13 R1 Y7"), okey)
0
>>> deficiency(parse_tiles("R1 R2 R3 B4 B5 B6 B7 K9 K10 K11 R12 R13 B1 Y9"), okey)
2
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.classic.bots.runs import HAND, intern, pareto, product, runs_kept
from engine.core.tiles import face_counts

# The bot modules know it by this name.
encode = face_counts


def _set_groups(colours: Sequence[int], here: Sequence[int]) -> list[list[tuple[int, ...]]]:
    """Ways to put one value's tiles into at most two set groups (colour
    copies permitting); the empty way first."""
    n = len(colours)
    subsets = [
        tuple(colours[i] for i in range(n) if mask >> i & 1)
        for mask in range(1, 1 << n)
        if (mask & (mask - 1))  # two colours or more
    ]
    ways: list[list[tuple[int, ...]]] = [[]]
    for i, first in enumerate(subsets):
        ways.append([first])
        for second in subsets[i:]:
            if all(here[c] >= (c in first) + (c in second) for c in range(4)):
                ways.append([first, second])
    return ways


def _live_set(group: Sequence[int], value: int, dead_faces: int) -> bool:
    if len(group) != 2:
        return True
    return any(not dead_faces >> (c * 13 + value) & 1 for c in range(4) if c not in group)


def has_run_partner(counts: Sequence[int], colour: int, value: int, wrap: bool) -> bool:
    """Whether a tile could share a run with another tile of its colour."""
    base = colour * 13
    for step in (-2, -1, 1, 2):
        v = value + step
        if wrap:
            v %= 13
        elif not 0 <= v < 13:
            continue
        if counts[base + v]:
            return True
    return False


def _value_key(counts: Sequence[int], value: int, dead_faces: int) -> int:
    """What a value's set choices depend on, packed: its four colours' counts and
    dead bits, and the value."""
    key = value
    for c in range(4):
        face = c * 13 + value
        key = key << 3 | counts[face] << 1 | (dead_faces >> face & 1)
    return key


# Per-value answers by _value_key: a search meets the same few values in
# nearly every hand, so these are computed once per process.
_ISOLATED: dict[int, int] = {}
_WAYS: dict[int, list[_Way]] = {}
_VALUE_LIMIT = 50_000


def isolated_points(counts: Sequence[int], value: int, dead_faces: int) -> int:
    """Interned points of one value's tiles when none has a run partner: set
    groups, and the rest kept alone or dropped."""
    key = _value_key(counts, value, dead_faces)
    found = _ISOLATED.get(key)
    if found is None:
        if len(_ISOLATED) >= _VALUE_LIMIT:
            _ISOLATED.clear()
        found = _ISOLATED[key] = _isolated_points(counts, value, dead_faces)
    return found


def _isolated_points(counts: Sequence[int], value: int, dead_faces: int) -> int:
    here = [counts[c * 13 + value] for c in range(4)]
    colours = [c for c in range(4) if here[c]]
    total = sum(here)
    points: list[tuple[int, int]] = []
    for groups in _set_groups(colours, here):
        if not all(_live_set(g, value, dead_faces) for g in groups):
            continue
        kept = sum(len(g) for g in groups)
        size = sum(max(3, len(g)) for g in groups)
        points.extend((kept + j, size + 3 * j) for j in range(total - kept + 1))
    return intern(pareto(points))


@dataclass(frozen=True)
class _Way:
    """One choice of set groups at a contested value."""

    value: int
    groups: tuple[tuple[int, ...], ...]  # colours of each set group
    kept: int
    size: int
    changes: tuple[tuple[int, int], ...]  # (colour, packed counts taken) per colour used


@dataclass(frozen=True)
class Tie:
    """A choice of set groups that reaches the best grouping."""

    patterns: tuple[int, int, int, int]  # what is left of each colour for runs
    kept_sets: int
    size_sets: int
    sets: tuple[tuple[int, tuple[int, ...]], ...]  # (value, colours) per set group


@dataclass
class Search:
    """The best grouping found for a hand and the set choices that reach it."""

    counts: list[int]
    wilds: int
    dead_faces: int
    wrap: bool
    kept: int
    isolated: dict[int, int]  # value -> interned points
    ties: list[Tie]

    @property
    def deficiency(self) -> int:
        return max(0, HAND - self.wilds - self.kept)

    @property
    def cap(self) -> int:
        return HAND - self.wilds

    def fixed(self, value: int | None = None, points: int = 0) -> int:
        """Product of the isolated values' points, one value's replaced."""
        fixed = 0
        for v, points_id in self.isolated.items():
            fixed = product(fixed, points if v == value else points_id)
        return fixed

    def leaf(
        self, tie: Tie, patterns: Sequence[int], fixed: int, extra: tuple[int, int] = (0, 0)
    ) -> int:
        """Tiles kept by ``tie`` with other colour patterns (and set groups
        grown by ``extra`` kept and size)."""
        kept_sets, size_sets = tie.kept_sets + extra[0], tie.size_sets + extra[1]
        if size_sets > HAND or kept_sets > self.cap:
            return -1
        kept = runs_kept(self.dead_faces, self.wrap)
        return kept_sets + kept(patterns, fixed, HAND - size_sets, self.cap - kept_sets)


def _patterns(counts: Sequence[int]) -> list[int]:
    return [
        sum(counts[c * 13 + v] << (2 * v) for v in range(13) if counts[c * 13 + v])
        for c in range(4)
    ]


def _contested_ways(
    counts: Sequence[int], value: int, colours: list[int], dead_faces: int
) -> list[_Way]:
    """A contested value's set choices, fullest first (callers only read the list)."""
    key = _value_key(counts, value, dead_faces)
    found = _WAYS.get(key)
    if found is None:
        if len(_WAYS) >= _VALUE_LIMIT:
            _WAYS.clear()
        found = _WAYS[key] = _ways(counts, value, colours, dead_faces)
    return found


def _ways(counts: Sequence[int], value: int, colours: list[int], dead_faces: int) -> list[_Way]:
    unit = 1 << (2 * value)
    here = [counts[c * 13 + value] for c in range(4)]
    ways: list[_Way] = []
    for groups in _set_groups(colours, here):
        if not all(_live_set(g, value, dead_faces) for g in groups):
            continue
        deltas = [0, 0, 0, 0]
        for g in groups:
            for c in g:
                deltas[c] += unit
        kept = sum(len(g) for g in groups)
        size = sum(max(3, len(g)) for g in groups)
        changes = tuple((c, d) for c, d in enumerate(deltas) if d)
        ways.append(_Way(value, tuple(groups), kept, size, changes))
    # Fuller set choices first: they are usually right, so a target is met sooner.
    ways.sort(key=lambda w: -w.kept)
    return ways


# Set choices tried per search at most (a typical hand has a handful).
MAX_LEAVES = 400


# Recent searches by their arguments (a search is a pure function of them,
# and a decision meets the same hand in its take and its discard checks).
# Callers only read the answers.
_SEARCHES: dict[tuple[object, ...], Search] = {}
_SEARCHES_LIMIT = 2_000


def search(
    counts: Sequence[int],
    wilds: int,
    dead_faces: int = 0,
    wrap: bool = True,
    ties: bool = False,
    target: int | None = None,
) -> Search:
    """Best grouping of a hand given as face counts and wilds (14 or 15 tiles).

    With ``ties`` every set choice reaching the best is kept (the discard
    and outs functions need them); otherwise the search stops once it keeps
    ``target`` tiles, or all it possibly could. A hand crowded with sets
    stops after :data:`MAX_LEAVES` set choices (fullest sets first), which
    bounds the slowest decisions at the price of rare misjudgements.
    """
    key = (tuple(counts), wilds, dead_faces, wrap, ties, target)
    found = _SEARCHES.get(key)
    if found is None:
        if len(_SEARCHES) >= _SEARCHES_LIMIT:
            _SEARCHES.clear()
        found = _SEARCHES[key] = _search(counts, wilds, dead_faces, wrap, ties, target)
    return found


def _search(
    counts: Sequence[int], wilds: int, dead_faces: int, wrap: bool, ties: bool, target: int | None
) -> Search:
    cap = HAND - wilds
    stop = min(cap, sum(counts))
    if target is not None:
        stop = min(stop, target)
    isolated: dict[int, int] = {}
    contested: list[list[_Way]] = []
    patterns = _patterns(counts)
    for value in range(13):
        colours = [c for c in range(4) if counts[c * 13 + value]]
        if len(colours) < 2:
            continue
        if any(has_run_partner(counts, c, value, wrap) for c in colours):
            contested.append(_contested_ways(counts, value, colours, dead_faces))
            continue
        isolated[value] = isolated_points(counts, value, dead_faces)
        for c in colours:
            patterns[c] -= counts[c * 13 + value] << (2 * value)
    fixed = 0
    for points_id in isolated.values():
        fixed = product(fixed, points_id)
    best = -1
    tied: list[Tie] = []
    chosen: list[_Way] = []
    leaves = 0
    runs_of = runs_kept(dead_faces, wrap)

    def leaf(kept_sets: int, size_sets: int) -> bool:
        """Score the set choice made; whether to stop."""
        nonlocal best, tied, leaves
        leaves += 1
        kept = kept_sets + runs_of(patterns, fixed, HAND - size_sets, cap - kept_sets)
        if kept > best or (ties and kept == best):
            if kept > best:
                best = kept
                tied = []
            if ties:
                sets = tuple((w.value, g) for w in chosen for g in w.groups)
                tied.append(
                    Tie(
                        (patterns[0], patterns[1], patterns[2], patterns[3]),
                        kept_sets,
                        size_sets,
                        sets,
                    )
                )
        return leaves >= MAX_LEAVES or (not ties and best >= stop)

    last = len(contested) - 1

    def visit(depth: int, kept_sets: int, size_sets: int) -> bool:
        for way in contested[depth]:
            kept, size = kept_sets + way.kept, size_sets + way.size
            if size > HAND or kept > cap:
                continue
            for c, delta in way.changes:
                patterns[c] -= delta
            chosen.append(way)
            done = visit(depth + 1, kept, size) if depth < last else leaf(kept, size)
            chosen.pop()
            for c, delta in way.changes:
                patterns[c] += delta
            if done:
                return True
        return False

    if contested:
        visit(0, 0, 0)
    else:
        leaf(0, 0)
    return Search(list(counts), wilds, dead_faces, wrap, max(best, 0), isolated, tied)


def meld_deficiency(
    counts: Sequence[int], wilds: int, *, dead_faces: int = 0, wrap: bool = True
) -> int:
    """Deficiency of a hand given as face counts and wilds (14 or 15 tiles).

    >>> from engine.core.tiles import parse_tiles, parse_face
    >>> counts, wilds = encode(parse_tiles("R5 R6 R7 Y5 B5"), parse_face("K1"))
    >>> meld_deficiency(counts, wilds)
    9
    """
    return search(counts, wilds, dead_faces, wrap).deficiency


def pairs_deficiency(counts: Sequence[int], wilds: int, *, dead_faces: int = 0) -> int:
    """Tiles still to draw for seven pairs. A single whose twin is dead pairs
    only with a wild; a pair built from nothing costs two draws.

    >>> from engine.core.tiles import parse_tiles, parse_face
    >>> hand = parse_tiles("R1 R1 Y3 Y3 K9 K9 K13 B7 B7 R5 R5 B2 B3 B4")
    >>> counts, wilds = encode(hand, parse_face("K1"))
    >>> dead = sum(1 << parse_face(f) for f in ("K13", "B2", "B3", "B4"))
    >>> pairs_deficiency(counts, wilds), pairs_deficiency(counts, wilds, dead_faces=dead)
    (2, 4)
    """
    pairs = live = dead_singles = 0
    for face, n in enumerate(counts):
        if n >= 2:
            pairs += 1
        elif n == 1:
            if dead_faces >> face & 1:
                dead_singles += 1
            else:
                live += 1
    need = max(0, 7 - pairs)
    on_dead = min(wilds, dead_singles, need)
    on_live = min(wilds - on_dead, live, need - on_dead)
    need -= on_dead + on_live
    need = max(0, need - (wilds - on_dead - on_live) // 2)
    live -= on_live
    return min(need, live) + 2 * max(0, need - live)


def deficiency(
    tiles: Sequence[int], okey: int, *, run_13_1: bool = True, pairs: bool = False
) -> int:
    """Deficiency of tile ids (14 or 15); with ``pairs`` the better of both plans."""
    counts, wilds = encode(tiles, okey)
    best = meld_deficiency(counts, wilds, wrap=run_13_1)
    if pairs:
        best = min(best, pairs_deficiency(counts, wilds))
    return best
