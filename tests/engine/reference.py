"""Slow, obviously correct reference rules, used to cross-check the engine.

Nothing here shares code with ``engine.core.melds``, ``engine.classic.hand`` or
``engine.classic.arrange``
beyond the tile numbering in ``engine.core.tiles``. Meld validity tries every
placement of the wilds; hands are checked by trying every meld that holds
the first remaining real tile.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from itertools import combinations

from engine.core.tiles import FAKE_FACE


def _face(tile: int, okey: int) -> int | None:
    """Face a tile plays as, or None for a wild."""
    face = tile // 2
    if face == okey:
        return None
    return okey if face == FAKE_FACE else face


@cache
def _valid_faces(faces: tuple[int | None, ...], run_13_1: bool) -> str | None:
    """Try every face for every wild and every run window, by brute force."""
    size = len(faces)
    if size < 3:
        return None
    reals = [f for f in faces if f is not None]
    # A wild that shares neither colour nor value with any real tile can
    # never complete a run or a set, so only those faces are tried.
    near = [
        f for f in range(52) if any(f // 13 == r // 13 or f % 13 == r % 13 for r in reals)
    ] or list(range(52))
    options: list[list[int]] = [near if face is None else [face] for face in faces]
    found_set = False

    def assignments(index: int, chosen: list[int]) -> Iterable[list[int]]:
        if index == size:
            yield chosen
            return
        for face in options[index]:
            yield from assignments(index + 1, [*chosen, face])

    for chosen in assignments(0, []):
        colours = [f // 13 for f in chosen]
        values = [f % 13 + 1 for f in chosen]
        if len(set(colours)) == 1 and size <= 13:
            # Every window of `size` consecutive positions; 14 is a high 1.
            tops = range(size, 15 if run_13_1 else 14)
            for top in tops:
                window = list(range(top - size + 1, top + 1))
                if 1 in window and 14 in window:
                    continue
                wanted = sorted(1 if p == 14 else p for p in window)
                if sorted(values) == wanted:
                    return "run"
        if size <= 4 and len(set(values)) == 1 and len(set(colours)) == size:
            found_set = True
    return "set" if found_set else None


def meld_kind(tiles: Sequence[int], okey: int, run_13_1: bool = True) -> str | None:
    faces = tuple(sorted((_face(t, okey) for t in tiles), key=lambda f: -1 if f is None else f))
    if sum(f is None for f in faces) > 2:
        return None
    return _valid_faces(faces, run_13_1)


def _partitions(
    tiles: tuple[int, ...], okey: int, run_13_1: bool
) -> Iterable[list[tuple[int, ...]]]:
    """Every split of the tiles into valid melds (first real tile first)."""
    if not tiles:
        yield []
        return
    reals = [t for t in tiles if _face(t, okey) is not None]
    if not reals:
        return
    first = reals[0]
    face = _face(first, okey)
    assert face is not None
    # A meld with `first` holds only its colour, its value, or wilds.
    near = [
        t
        for t in tiles
        if t != first
        and (
            _face(t, okey) is None
            or _face(t, okey) // 13 == face // 13  # type: ignore[operator]
            or _face(t, okey) % 13 == face % 13  # type: ignore[operator]
        )
    ]
    for size in range(2, min(len(near), 12) + 1):
        for others in combinations(near, size):
            group = (first, *others)
            if meld_kind(group, okey, run_13_1) is None:
                continue
            rest = tuple(t for t in tiles if t not in group)
            for tail in _partitions(rest, okey, run_13_1):
                yield [group, *tail]


def melds_win(tiles: Sequence[int], okey: int, run_13_1: bool = True) -> bool:
    return _melds_win(tuple(sorted(tiles)), okey, run_13_1)


@lru_cache(maxsize=100_000)
def _melds_win(tiles: tuple[int, ...], okey: int, run_13_1: bool) -> bool:
    return next(iter(_partitions(tiles, okey, run_13_1)), None) is not None


def pairs_win(tiles: Sequence[int], okey: int) -> bool:
    """Seven pairs, by pairing the first tile with every possible partner."""
    if len(tiles) != 14:
        return False

    def ok(rest: tuple[int, ...]) -> bool:
        if not rest:
            return True
        first, others = rest[0], rest[1:]
        for index, other in enumerate(others):
            fa, fb = _face(first, okey), _face(other, okey)
            if (fa is None or fb is None or fa == fb) and ok(others[:index] + others[index + 1 :]):
                return True
        return False

    return ok(tuple(tiles))


def wins(tiles: Sequence[int], okey: int, run_13_1: bool = True, pairs: bool = True) -> str | None:
    if len(tiles) != 14:
        return None
    if melds_win(tiles, okey, run_13_1):
        return "melds"
    if pairs and pairs_win(tiles, okey):
        return "pairs"
    return None


def best_melded(tiles: Sequence[int], okey: int, run_13_1: bool = True) -> tuple[int, int]:
    """(tiles in melds, tiles in runs), maximised over every grouping."""
    return _best(tuple(sorted(tiles)), okey, run_13_1)


@lru_cache(maxsize=100_000)
def _best(tiles: tuple[int, ...], okey: int, run_13_1: bool) -> tuple[int, int]:
    if not tiles:
        return (0, 0)
    first = tiles[0]
    best = _best(tiles[1:], okey, run_13_1)  # first tile left out
    for size in range(2, min(len(tiles) - 1, 13) + 1):
        for others in combinations(tiles[1:], size):
            group = (first, *others)
            kind = meld_kind(group, okey, run_13_1)
            if kind is None:
                continue
            rest = tuple(t for t in tiles if t not in group)
            melded, in_runs = _best(rest, okey, run_13_1)
            score = (melded + len(group), in_runs + (len(group) if kind == "run" else 0))
            best = max(best, score)
    return best
