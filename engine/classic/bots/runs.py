"""Runs of one colour: the Pareto lists the deficiency search combines.

A colour's tiles (two bits per value) are split into *run groups*: subsets
of one run, a gap of one missing tile allowed between neighbours, so a group
of ``k`` tiles will become a run of ``size = max(3, span)`` tiles. The
answer is the Pareto list of ``(kept, size)`` over all such splits (keeping
more tiles in less room is better). Lists are interned to small ints and
combined by a cached max-plus product; colour patterns recur endlessly
across hands, so nearly every lookup is a cache hit.

>>> colour_points((0, 0, 0, 0, 1, 1, 1, 0, 0, 1, 0, 0, 0), 0, True)
((0, 0), (3, 3), (4, 6))
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache

HAND = 14
Points = tuple[tuple[int, int], ...]  # Pareto list of (kept, size), size ascending
_EMPTY: Points = ((0, 0),)
_CACHE_LIMIT = 400_000

# Pareto lists are interned to small ints so the hot caches key on ints.
POINTS: list[Points] = [_EMPTY]
_POINT_ID: dict[Points, int] = {_EMPTY: 0}
# A full cache is cleared in place, never replaced (runs_kept holds them).
_COLOUR_CACHE: dict[int, int] = {}
_PRODUCT_CACHE: dict[int, int] = {}


def intern(points: Points) -> int:
    found = _POINT_ID.get(points)
    if found is None:
        found = _POINT_ID[points] = len(POINTS)
        POINTS.append(points)
    return found


def pareto(points: list[tuple[int, int]]) -> Points:
    """Keep the points no other point beats on both kept (more) and size (less)."""
    points.sort(key=lambda p: (p[1], -p[0]))
    out: list[tuple[int, int]] = []
    best = -1
    for kept, size in points:
        if size <= HAND and kept > best:
            out.append((kept, size))
            best = kept
    return tuple(out)


def _chains(state: Sequence[int], start: int, top: int) -> Iterator[list[int]]:
    """Value chains of one colour starting at ``start``: each next value at most
    two above the last (one missing tile between), span at most 13. Wider
    gaps are never worth planning for, and :func:`_has_run_partner` relies
    on this reach."""
    stack: list[list[int]] = [[start]]
    while stack:
        chain = stack.pop()
        yield chain
        last = chain[-1]
        for nxt in range(last + 1, min(last + 2, top, start + 12) + 1):
            if state[nxt]:
                stack.append([*chain, nxt])


def _dead_at(dead: int, position: int) -> bool:
    return bool(dead >> ((position - 1) % 13) & 1)


def _run_feasible(chain: list[int], dead: int, top: int) -> bool:
    """Whether the tiles still missing from this run can come from live faces."""
    if not dead or len(chain) == 1:
        return True
    low, high = chain[0], chain[-1]
    held = set(chain)
    if any(_dead_at(dead, p) for p in range(low, high + 1) if p not in held):
        return False
    if high - low >= 2:
        return True
    # Two adjacent tiles: some three-wide window around them must be live.
    for first in range(max(1, high - 2), low + 1):
        if first + 2 <= top and not any(
            _dead_at(dead, p) for p in range(first, first + 3) if p not in held
        ):
            return True
    return False


@lru_cache(maxsize=1 << 17)
def _runs(state: tuple[int, ...], dead: int, top: int) -> Points:
    """Pareto points of the run groups of one colour; ``state[p]`` is the count
    at position ``p`` (1..14, where 14 is a 1 above the 13)."""
    start = next((p for p in range(1, 15) if state[p]), 0)
    if not start:
        return _EMPTY
    rest = list(state)
    rest[start] -= 1
    points = list(_runs(tuple(rest), dead, top))  # the tile is not kept
    for chain in _chains(state, start, top):
        if not _run_feasible(chain, dead, top):
            continue
        left = list(state)
        for p in chain:
            left[p] -= 1
        kept, size = len(chain), max(3, chain[-1] - start + 1)
        points.extend((k + kept, s + size) for k, s in _runs(tuple(left), dead, top))
    return pareto(points)


def colour_points(counts: Sequence[int], dead: int, wrap: bool) -> Points:
    """Pareto ``(kept, size)`` points of one colour's tiles used in runs.

    ``counts[v - 1]`` holds the tiles of value ``v``; bit ``v - 1`` of
    ``dead`` is set when no copy of value ``v`` can still be drawn.

    >>> colour_points((0, 0, 0, 0, 1, 1, 1, 0, 0, 1, 0, 0, 0), 0, True)
    ((0, 0), (3, 3), (4, 6))
    """
    if not any(counts):
        return _EMPTY
    top = 14 if wrap else 13
    ones = counts[0] if wrap else 0
    points: list[tuple[int, int]] = []
    for high in range(ones + 1):
        points.extend(_runs((0, counts[0] - high, *counts[1:], high), dead, top))
    return pareto(points)


# Values within two of each value (wrapping): a run's feasibility reads the dead
# faces only there (the gaps inside a chain, the windows around two neighbours).
_NEAR_DEAD = [sum(1 << (v + d) % 13 for d in range(-2, 3)) for v in range(13)]
# Colour points by pattern and the dead faces near its tiles only: a hand's dead
# faces change turn by turn, mostly far from a given colour's tiles.
_NEAR_CACHE: dict[int, int] = {}


def colour_id(pattern: int, dead: int, wrap: bool) -> int:
    """Interned colour points for a pattern packed two bits per value."""
    key = pattern | dead << 26 | wrap << 39
    found = _COLOUR_CACHE.get(key)
    if found is None:
        counts = tuple(pattern >> (2 * v) & 3 for v in range(13))
        near = 0
        for v in range(13):
            if counts[v]:
                near |= _NEAR_DEAD[v]
        near_key = pattern | (dead & near) << 26 | wrap << 39
        found = _NEAR_CACHE.get(near_key)
        if found is None:
            found = intern(colour_points(counts, dead & near, wrap))
            if len(_NEAR_CACHE) >= _CACHE_LIMIT:
                _NEAR_CACHE.clear()
            _NEAR_CACHE[near_key] = found
        if len(_COLOUR_CACHE) >= _CACHE_LIMIT:
            _COLOUR_CACHE.clear()
        _COLOUR_CACHE[key] = found
    return found


def product(a: int, b: int) -> int:
    """Interned max-plus product of two interned Pareto lists."""
    if not a or not b:
        return a or b
    key = (a << 32 | b) if a < b else (b << 32 | a)
    found = _PRODUCT_CACHE.get(key)
    if found is None:
        pa, pb = POINTS[a], POINTS[b]
        found = intern(pareto([(ka + kb, sa + sb) for ka, sa in pa for kb, sb in pb]))
        if len(_PRODUCT_CACHE) >= _CACHE_LIMIT:
            _PRODUCT_CACHE.clear()
        _PRODUCT_CACHE[key] = found
    return found


def best_kept(points: Points, room: int, cap: int) -> int:
    best = 0
    for kept, size in points:
        if size <= room and best < kept <= cap:
            best = kept
    return best


Kept = Callable[[Sequence[int], int, int, int], int]
_KEPT_FNS: dict[tuple[int, bool], Kept] = {}
_BEST_KEPT: dict[int, int] = {}  # best_kept by interned list, room and cap


def kept_in(points_id: int, room: int, cap: int) -> int:
    """``best_kept`` of an interned list, cached (the outs count asks it per face)."""
    if room < 0 or cap < 0:
        return 0
    key = points_id << 10 | room << 5 | cap
    found = _BEST_KEPT.get(key)
    if found is None:
        if len(_BEST_KEPT) >= _CACHE_LIMIT:
            _BEST_KEPT.clear()
        found = _BEST_KEPT[key] = best_kept(POINTS[points_id], room, cap)
    return found


def runs_kept(dead_faces: int, wrap: bool) -> Kept:
    """For one set of dead faces: ``kept(patterns, fixed, room, cap)``, the
    tiles four colour patterns and the isolated values' points keep in
    ``room`` slots (at most ``cap``), with the cache look-ups inlined: this
    is the search's innermost step."""
    fn = _KEPT_FNS.get((dead_faces, wrap))
    if fn is None:
        if len(_KEPT_FNS) >= 1000:
            _KEPT_FNS.clear()
        fn = _KEPT_FNS[(dead_faces, wrap)] = _make_kept(dead_faces, wrap)
    return fn


def _make_kept(dead_faces: int, wrap: bool) -> Kept:
    dead = [dead_faces >> (c * 13) & 0x1FFF for c in range(4)]
    # The keys of colour_id's and product's caches, looked up here directly.
    k0, k1, k2, k3 = (dead[c] << 26 | wrap << 39 for c in range(4))
    colours, products, points, kept_at = _COLOUR_CACHE, _PRODUCT_CACHE, POINTS, _BEST_KEPT

    def pair(a: int, b: int) -> int:
        if not a or not b:
            return a or b
        found = products.get((a << 32 | b) if a < b else (b << 32 | a))
        return product(a, b) if found is None else found

    def kept(patterns: Sequence[int], fixed: int, room: int, cap: int) -> int:
        if room < 0 or cap < 0:
            return 0  # as best_kept answers: nothing fits
        p0, p1, p2, p3 = patterns
        i0 = colours.get(p0 | k0)
        if i0 is None:
            i0 = colour_id(p0, dead[0], wrap)
        i1 = colours.get(p1 | k1)
        if i1 is None:
            i1 = colour_id(p1, dead[1], wrap)
        i2 = colours.get(p2 | k2)
        if i2 is None:
            i2 = colour_id(p2, dead[2], wrap)
        i3 = colours.get(p3 | k3)
        if i3 is None:
            i3 = colour_id(p3, dead[3], wrap)
        both = pair(pair(pair(i0, i1), pair(i2, i3)), fixed)
        key = both << 10 | room << 5 | cap
        found = kept_at.get(key)
        if found is None:
            if len(kept_at) >= _CACHE_LIMIT:
                kept_at.clear()
            found = kept_at[key] = best_kept(points[both], room, cap)
        return found

    return kept
