"""Opening values and the best opening of a 101 Okey rack.

Two rules (table option ``opening_rule``):

``sum101`` (default)
    A meld is worth the sum of the values of its tiles; a wild okey counts
    as the tile it stands for, a fake okey as the okey's face. Opening needs
    a total of at least 101.

``middle34`` (seed 000, footnote)
    A meld is worth its *middle* tile; the footnote adds, for melds of four
    or more tiles, the 4th tile's value divided by 3 and the 5th tile's
    value divided by 4, "remainders dropped". Read literally, with the
    tiles in laid order (runs ascending, so the 4th is "the largest")::

        points = v2 + v4 // 3 + v5 // 4 + v6 // 5 + ...

    i.e. the k-th tile (k >= 4) adds ``v_k // (k - 1)``; the 6th and later
    tiles continue the footnote's pattern (it names only the 4th and 5th).
    The footnote's worked example ``10 11 12 13`` gives middle 11 and says
    "the 13 counts 4" — 13 // 3 = 4 — so the meld is worth 11 + 4 = 15; the
    footnote's "total 14" is an arithmetic slip (the same note also adds
    13+13+13 as 36). Its main example checks out: ``R1-3, B11-13, B6-8,
    Y11-13, 13-set`` gives 2+12+7+12+13 = 46. Opening needs at least 34.

Because every meld of six or more tiles is worth no more than splitting it
into melds of three to five (true for both rules; for ``middle34`` the split
keeps ``v2`` and gains ``v5 > v4//3 + v5//4 + v6//5``), the search only
considers runs of 3..5 tiles and sets of 3..4.

>>> from engine.core.tiles import parse_tiles as p, parse_face
>>> okey = parse_face("Y7")
>>> best_opening(p("R1 R2 R3 B11 B12 B13 B6 B7 B8 Y11 Y12 Y13 R13 B13 K13"), okey).points
138
>>> best_opening(p("R10 R11 R12 R13"), okey, rule="middle34").points
15
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from engine.core.melds import check_okey, check_tiles
from engine.core.tiles import FAKE_FACE, face_counts
from engine.okey101.table import stand_ins

Rule = Literal["sum101", "middle34"]
RULES: tuple[Rule, ...] = ("sum101", "middle34")
THRESHOLD: dict[Rule, int] = {"sum101": 101, "middle34": 34}
PAIRS_TO_OPEN = 5

Faces = tuple[int, ...]


@dataclass(frozen=True)
class Opening:
    """The best opening found: its points, its melds (laid order) and the pairs count."""

    points: int
    groups: tuple[tuple[int, ...], ...]
    pairs: int


def faces_points(faces: Sequence[int], rule: Rule = "sum101") -> int:
    """Points of a meld given the faces its tiles stand for, in laid order.

    >>> faces_points([9, 10, 11, 12]), faces_points([9, 10, 11, 12], "middle34")
    (46, 15)
    >>> faces_points([0, 1, 2, 3, 4], "middle34")  # 2 + 4//3 + 5//4
    4
    """
    values = [f % 13 + 1 for f in faces]
    if rule == "sum101":
        return sum(values)
    if rule == "middle34":
        return values[1] + sum(v // k for k, v in enumerate(values[3:], start=3))
    raise ValueError(f"unknown opening rule: {rule!r}")


def meld_points(meld: Sequence[int], okey: int, rule: Rule = "sum101") -> int:
    """Points of a laid meld of tile ids; ``ValueError`` if it is no meld.

    >>> from engine.core.tiles import parse_tiles as p, parse_face
    >>> meld_points(p("R5 R6 Y7"), parse_face("Y7"))  # the okey is R7
    18
    """
    faces = stand_ins(meld, okey)
    if faces is None:
        raise ValueError("not a meld")
    return faces_points(faces, rule)


def count_pairs(tiles: Sequence[int], okey: int) -> int:
    """How many disjoint pairs the tiles make (a wild okey pairs with anything).

    >>> from engine.core.tiles import parse_tiles as p, parse_face
    >>> count_pairs(p("R5 R5 K2 K3 F F Y7"), parse_face("Y7"))
    3
    """
    check_okey(okey)
    check_tiles(tiles)
    counts, wilds = face_counts(tiles, okey)
    pairs = sum(c // 2 for c in counts)
    singles = sum(c % 2 for c in counts)
    matched = min(wilds, singles)
    return pairs + matched + (wilds - matched) // 2


def _candidates() -> list[list[Faces]]:
    """For each face, the runs (3..5) and sets (3..4) containing it, laid order."""
    by_face: list[list[Faces]] = [[] for _ in range(52)]
    for colour in range(4):
        for length in (3, 4, 5):
            for first in range(13 - length + 1):
                run = tuple(colour * 13 + first + i for i in range(length))
                for face in run:
                    by_face[face].append(run)
    for value in range(13):
        for mask in range(16):
            colours = [c for c in range(4) if mask >> c & 1]
            if len(colours) >= 3:
                group = tuple(c * 13 + value for c in colours)
                for face in group:
                    by_face[face].append(group)
    return by_face


_CANDIDATES = _candidates()


# Faces value by value (R1 Y1 B1 K1 R2 ...): a meld then only reaches a few
# values ahead, so far fewer distinct remainders are memoised than in colour
# order (measured: 15k -> ~2k states on a dense 22-tile rack).
_ORDER = [colour * 13 + value for value in range(13) for colour in range(4)]


class _Search:
    """Exact search: the lowest remaining tile is either left out or in a meld.

    All lower faces are settled by then, so a meld holding it takes real
    tiles from the remaining counts and fills the rest with wilds. Using a
    real tile whenever one is free is never worse (swap it with the wild).
    Results are memoised on the remaining multiset, so the search is a
    dynamic programme over the few multisets that the lowest-first order
    can reach.
    """

    def __init__(self, rule: Rule) -> None:
        self.points = _POINTS[rule]
        memo = _MEMOS[rule]
        if len(memo) > MEMO_LIMIT:
            memo.clear()
        self.memo = memo

    def solve(self, counts: bytearray, wilds: int, pos: int) -> int:
        """Best points of the remaining multiset (``counts`` per face, ``wilds``)."""
        return self._solve(counts, _key(counts, wilds), wilds, pos)

    def _solve(self, counts: bytearray, key: int, wilds: int, pos: int) -> int:
        # ``key`` encodes counts and wilds (see _key), kept up to date by the caller.
        while pos < 52 and not counts[_ORDER[pos]]:
            pos += 1
        if pos == 52:
            return 0
        hit = self.memo.get(key)
        if hit is not None:
            return hit[0]
        face = _ORDER[pos]
        counts[face] -= 1
        best = self._solve(counts, key - _BIT[face], wilds, pos)
        counts[face] += 1
        choice: Faces | None = None
        points = self.points
        if not wilds:
            # Without wilds only melds of real tiles above this one can hold it
            # (the same melds, in the same order, as the general loop finds).
            for meld in _FORWARD[face]:
                for f in meld:
                    if not counts[f]:
                        break
                else:
                    for f in meld:
                        counts[f] -= 1
                    value = points[meld] + self._solve(counts, key - _MASK[meld], 0, pos)
                    for f in meld:
                        counts[f] += 1
                    if value > best:
                        best, choice = value, meld
            self.memo[key] = (best, choice)
            return best
        for meld in _CANDIDATES[face]:
            taken = [f for f in meld if counts[f]]
            missing = len(meld) - len(taken)
            if missing > wilds or (missing == 2 and meld in _LOW_SETS):
                continue
            sub = key - sum(_BIT[f] for f in taken) - missing * _WILD
            for f in taken:
                counts[f] -= 1
            value = points[meld] + self._solve(counts, sub, wilds - missing, pos)
            for f in taken:
                counts[f] += 1
            if value > best:
                best, choice = value, meld
        self.memo[key] = (best, choice)
        return best

    def melds(self, counts: bytearray, wilds: int) -> list[Faces]:
        """Replay the memoised choices from the full rack."""
        chosen: list[Faces] = []
        pos = 0
        while True:
            while pos < 52 and not counts[_ORDER[pos]]:
                pos += 1
            if pos == 52:
                return chosen
            face = _ORDER[pos]
            key = _key(counts, wilds)
            if key not in self.memo:  # cleared meanwhile (another thread's search)
                self._solve(counts, key, wilds, pos)
            _, meld = self.memo[key]
            if meld is None:
                counts[face] -= 1
                continue
            chosen.append(meld)
            for f in meld:
                if counts[f]:
                    counts[f] -= 1
                else:
                    wilds -= 1


# A memo key: two bits per face count (at most 2 copies, fakes included)
# and the wilds above them.
_BIT = [1 << (2 * face) for face in range(52)]
_WILD = 1 << 104


def _key(counts: bytearray, wilds: int) -> int:
    return sum(c * _BIT[f] for f, c in enumerate(counts) if c) + wilds * _WILD


# For each face, its candidate melds whose other faces all come after it in
# _ORDER (the only ones a search without wilds can use when it is lowest).
_RANK = {face: i for i, face in enumerate(_ORDER)}
_FORWARD = [
    [m for m in _CANDIDATES[face] if all(_RANK[f] >= _RANK[face] for f in m)] for face in range(52)
]

# A 3-set of one real tile and two okeys reads as a run on the table (see
# engine.okey101.table.stand_ins), and below 13 the run through the real tile
# is worth as much or more under both rules (v, v+1, v+2; or 11 12 13), so
# such sets are only tried for 13s, which lay unambiguously as ``13 ok ok``.
_LOW_SETS = frozenset(
    m
    for ms in _CANDIDATES
    for m in ms
    if len(m) == 3 and m[0] % 13 < 12 and len({f % 13 for f in m}) == 1
)

# The best melds of a remaining multiset do not depend on the rack it came
# from (every face below the search position is used up), so the memo is
# shared by all searches under a rule: bots try many racks that differ by a
# tile or two. It only speeds things up (each entry is a pure function of
# its key) and is cleared when it grows past MEMO_LIMIT entries.
MEMO_LIMIT = 50_000
_MEMOS: dict[Rule, dict[int, tuple[int, Faces | None]]] = {r: {} for r in RULES}

_MASK = {meld: sum(_BIT[f] for f in meld) for melds in _CANDIDATES for meld in melds}

_POINTS: dict[Rule, dict[Faces, int]] = {
    rule: {meld: faces_points(meld, rule) for melds in _CANDIDATES for meld in melds}
    for rule in RULES
}


def best_opening(tiles: Sequence[int], okey: int, *, rule: Rule = "sum101") -> Opening:
    """The disjoint melds of ``tiles`` worth the most points under ``rule``.

    ``points`` may be below the threshold (101 or 34): then no opening with
    melds exists, and the groups are still the best there is. ``pairs`` is
    :func:`count_pairs` (five or more open with pairs). Groups are tile ids
    in laid order (runs ascending, each okey where it stands).

    >>> from engine.core.tiles import parse_tiles as p, parse_face, format_tiles
    >>> okey = parse_face("Y7")
    >>> found = best_opening(p("R12 R13 R1 K9 Y7 K11 B4 B4"), okey)
    >>> found.points, [format_tiles(g) for g in found.groups], found.pairs
    (36, ['Y7 R12 R13'], 2)
    """
    check_okey(okey)
    check_tiles(tiles)
    if rule not in RULES:
        raise ValueError(f"unknown opening rule: {rule!r}")
    counts = bytearray(52)
    by_face: dict[int, list[int]] = {}
    wild_ids: list[int] = []
    for tile in sorted(tiles):
        face = tile >> 1
        if face == okey:
            wild_ids.append(tile)
            continue
        face = okey if face == FAKE_FACE else face
        counts[face] += 1
        by_face.setdefault(face, []).append(tile)
    search = _Search(rule)
    points = search.solve(counts, len(wild_ids), 0)
    groups = []
    for meld in search.melds(counts, len(wild_ids)):
        group = [by_face[f].pop(0) if by_face.get(f) else wild_ids.pop(0) for f in meld]
        if len({f % 13 for f in meld}) == 1:  # a set: real tiles first, okeys last
            group.sort(key=lambda t: t >> 1 == okey)
        groups.append(tuple(group))
    return Opening(points, tuple(groups), count_pairs(tiles, okey))


def opening_points(tiles: Sequence[int], okey: int, *, rule: Rule = "sum101") -> int:
    """``best_opening(tiles, okey, rule=rule).points``, without the groups or checks (for bots).

    >>> from engine.core.tiles import parse_tiles as p, parse_face
    >>> opening_points(p("R12 R13 R1 K9 Y7 K11 B4 B4"), parse_face("Y7"))
    36
    """
    counts, wilds = face_counts(tiles, okey)
    return _Search(rule).solve(bytearray(counts), wilds, 0)


def can_open(opening: Opening, rule: Rule = "sum101", *, pairs_opening: bool = True) -> bool:
    """Whether an :class:`Opening` reaches the threshold of ``rule`` (or 5 pairs).

    >>> can_open(Opening(101, (), 0)), can_open(Opening(33, (), 5), "middle34")
    (True, True)
    """
    return opening.points >= THRESHOLD[rule] or (pairs_opening and opening.pairs >= PAIRS_TO_OPEN)
