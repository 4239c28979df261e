"""Winning hands: fourteen tiles in melds or seven pairs, and the 15th tile.

The count-vector search lives in :mod:`engine.classic.meld_search` and the turning of
its result into display groups in :mod:`engine.classic.meld_layout`; this module
checks input and answers whether and how a rack wins or finishes.

>>> from engine.core.tiles import parse_tiles, parse_face, format_tiles
>>> okey = parse_face("Y7")
>>> hand = parse_tiles("R1 R2 R3 B4 B5 B6 B7 K9 K10 K11 R12 R13 R1 Y7")
>>> arrangement = winning_arrangement(hand, okey)
>>> arrangement.kind, [format_tiles(g) for g in arrangement.groups]
('melds', ['R1 R2 R3', 'B4 B5 B6 B7', 'K9 K10 K11', 'Y7 R12 R13 R1'])
>>> winning_arrangement(hand, okey, run_13_1=False) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from engine.classic.meld_layout import absorb_wilds, groups_from_path
from engine.classic.meld_search import (
    _FAILED,
    _LOW,
    _WILD_UNIT,
    HIGH_RUN,
    RUN,
    SET,
    SLOT_FACE,
    UNIT,
    _solve,
    _unit_table,
    coverable,
    encode,
)
from engine.core.melds import check_okey, check_tiles
from engine.core.tiles import FAKE_FACE, plays_as

__all__ = [
    "HAND_SIZE",
    "HIGH_RUN",
    "RUN",
    "SET",
    "SLOT_FACE",
    "UNIT",
    "Arrangement",
    "absorb_wilds",
    "all_finishes",
    "coverable",
    "encode",
    "finishing_tiles",
    "groups_from_path",
    "meld_arrangement",
    "pairs_arrangement",
    "pairs_groups",
    "winning_arrangement",
]

HAND_SIZE = 14


@dataclass(frozen=True)
class Arrangement:
    """A layout of a rack.

    ``kind`` is ``"melds"`` or ``"pairs"`` for the kind of grouping, or
    ``None`` when there is no group at all. ``groups`` are tile-id tuples in
    display order; ``leftover`` holds the tiles in no group; ``discard`` is
    the tile to place face down when fifteen tiles finish.
    """

    kind: Literal["melds", "pairs"] | None
    groups: tuple[tuple[int, ...], ...]
    leftover: tuple[int, ...] = ()
    discard: int | None = None


def _pools(tiles: Sequence[int], okey: int) -> tuple[dict[int, list[int]], list[int]]:
    """Tile ids by the count unit of the face they play as, and the wild ids;
    both ascending."""
    pools: dict[int, list[int]] = {}
    wild_ids: list[int] = []
    for tile in sorted(tiles):
        face = tile >> 1
        if face == okey:
            wild_ids.append(tile)
        else:
            pools.setdefault(UNIT[okey if face == FAKE_FACE else face], []).append(tile)
    return pools, wild_ids


def meld_arrangement(
    tiles: Sequence[int], okey: int, *, run_13_1: bool = True
) -> Arrangement | None:
    """The melds layout of exactly fourteen tiles, or ``None``; unchecked input."""
    return _melds(tiles, okey, *encode(tiles, okey), run_13_1)


def _melds(
    tiles: Sequence[int], okey: int, counts: int, wilds: int, run_13_1: bool
) -> Arrangement | None:
    if not coverable(counts, wilds, run_13_1):
        return None
    path: list[tuple[int, int, int]] = []
    if not _solve(counts, wilds, _FAILED[run_13_1], path, run_13_1):
        return None
    groups, unused = groups_from_path(tiles, okey, path)
    if unused:
        unused = absorb_wilds(groups, unused, okey, run_13_1)
    assert not unused, "spare wilds always fit a fourteen-tile layout"
    return Arrangement("melds", tuple(groups))


def pairs_groups(tiles: Sequence[int], okey: int) -> tuple[list[tuple[int, ...]], list[int]]:
    """Most pairs the tiles make (identical faces, then wilds with singles,
    then two wilds), in face order; and the tiles left single."""
    pools, wild_ids = _pools(tiles, okey)
    groups: list[tuple[int, ...]] = []
    singles: list[int] = []
    for unit in sorted(pools, key=lambda u: SLOT_FACE[(u.bit_length() - 1) >> 1]):
        ids = pools[unit]
        if len(ids) == 2:
            groups.append((ids[0], ids[1]))
        else:
            singles.append(ids[0])
    paired_singles: list[tuple[int, ...]] = []
    while singles and wild_ids:
        paired_singles.append((singles.pop(0), wild_ids.pop(0)))
    groups = sorted(groups + paired_singles, key=lambda g: (plays_as(g[0], okey), g))
    while len(wild_ids) >= 2:
        groups.append((wild_ids.pop(0), wild_ids.pop(0)))
    return groups, sorted(singles + wild_ids)


def pairs_arrangement(tiles: Sequence[int], okey: int) -> Arrangement | None:
    """The seven-pairs layout of exactly fourteen tiles, or ``None``.

    >>> from engine.core.tiles import parse_tiles, parse_face, format_tiles
    >>> okey = parse_face("B2")
    >>> hand = parse_tiles("R1 R1 Y3 Y3 F F K9 K9 K13 B2 R5 R5 B7 B7")
    >>> [format_tiles(g) for g in pairs_arrangement(hand, okey).groups]
    ['R1 R1', 'R5 R5', 'Y3 Y3', 'F F', 'B7 B7', 'K9 K9', 'K13 B2']
    """
    check_okey(okey)
    check_tiles(tiles)
    if len(tiles) != HAND_SIZE:
        return None
    return _pairs(tiles, okey, *encode(tiles, okey))


def _pairs(tiles: Sequence[int], okey: int, counts: int, wilds: int) -> Arrangement | None:
    # Each face held once needs a wild; with fourteen tiles the rest pair up.
    if (counts & _LOW).bit_count() > wilds:
        return None
    groups, left = pairs_groups(tiles, okey)
    return Arrangement("pairs", tuple(groups)) if not left else None


def winning_arrangement(
    tiles: Sequence[int], okey: int, *, run_13_1: bool = True, pairs: bool = True
) -> Arrangement | None:
    """How fourteen tiles win: all in melds, or (if ``pairs``) seven pairs.

    Melds are preferred when both hold. ``None`` when the tiles do not win or
    are not fourteen.

    >>> from engine.core.tiles import parse_tiles, parse_face, format_tiles
    >>> okey = parse_face("R6")   # indicator R5
    >>> hand = parse_tiles("R1 R6 R3 Y7 B7 K7 R6 K11 K12 K13 K1 B2 Y2 R2")
    >>> [format_tiles(g) for g in winning_arrangement(hand, okey).groups]
    ['R1 R2 R3 R6', 'Y2 B2 R6', 'Y7 B7 K7', 'K11 K12 K13 K1']
    """
    check_okey(okey)
    check_tiles(tiles)
    if len(tiles) != HAND_SIZE:
        return None
    counts, wilds = encode(tiles, okey)
    found = _melds(tiles, okey, counts, wilds, run_13_1)
    if found is None and pairs:
        found = _pairs(tiles, okey, counts, wilds)
    return found


def finishing_tiles(
    tiles: Sequence[int], okey: int, *, run_13_1: bool = True, pairs: bool = True
) -> dict[int, Arrangement]:
    """For fifteen tiles: each tile that can be placed so the other 14 win.

    Tiles that play as the same face give the same verdict, so each face
    (and the wilds as one) is searched once. The arrangements have
    ``discard`` set and never contain it; melds are preferred over pairs.

    >>> from engine.core.tiles import parse_tiles, parse_face, format_tile
    >>> okey = parse_face("Y7")
    >>> rack = parse_tiles("R1 R2 R3 B4 B5 B6 B7 K9 K10 K11 R12 R13 R1 Y9 Y7")
    >>> sorted(format_tile(t) for t in finishing_tiles(rack, okey))
    ['Y9']
    """
    return {
        discard: found[0]
        for discard, found in all_finishes(tiles, okey, run_13_1=run_13_1, pairs=pairs).items()
    }


def all_finishes(
    tiles: Sequence[int], okey: int, *, run_13_1: bool = True, pairs: bool = True
) -> dict[int, list[Arrangement]]:
    """Like :func:`finishing_tiles`, but each discard maps to every kind of
    finish it allows: the melds layout first, then seven pairs."""
    check_okey(okey)
    check_tiles(tiles)
    if len(tiles) != HAND_SIZE + 1:
        return {}
    result: dict[int, list[Arrangement]] = {}
    # One tile per face class; the class's other tile swaps in afterwards.
    by_class: dict[int, list[int]] = {}
    for tile in sorted(tiles):
        face = tile >> 1
        key = -1 if face == okey else plays_as(tile, okey)
        by_class.setdefault(key, []).append(tile)
    table = _unit_table(okey)
    total, total_wilds = encode(tiles, okey)
    for members in by_class.values():
        first = members[0]
        hand = [t for t in tiles if t != first]
        unit = table[first]
        if unit == _WILD_UNIT:
            counts, wilds = total, total_wilds - 1
        else:
            counts, wilds = total - unit, total_wilds
        found = [
            arrangement
            for arrangement in (
                _melds(hand, okey, counts, wilds, run_13_1),
                _pairs(hand, okey, counts, wilds) if pairs else None,
            )
            if arrangement is not None
        ]
        if not found:
            continue
        result[first] = [replace(a, discard=first) for a in found]
        for other in members[1:]:
            swap = {other: first, first: other}
            result[other] = [
                replace(
                    a,
                    groups=tuple(tuple(swap.get(t, t) for t in g) for g in a.groups),
                    discard=other,
                )
                for a in found
            ]
    return result
