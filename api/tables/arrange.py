"""Suggested arrangements of a rack for its sort buttons: by runs, sets or pairs, packed
into a layout (api/tables/layout.py) with a gap between groups."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from api.tables.layout import LAYOUT_SLOTS, ROWS, Layout
from engine.core.tiles import colour_of, is_wild, plays_as, value_of

Groups = list[list[int]]


def pack(groups: Groups, leftover: Sequence[int], discard: int | None = None) -> Layout:
    """Groups left to right with a gap between them, leftovers after, the discard last."""
    blocks = [list(g) for g in groups if g]
    if leftover:
        blocks.append(list(leftover))
    rows: Layout = [[None] * LAYOUT_SLOTS for _ in range(ROWS)]
    row, col = 0, 0
    for block in blocks:
        if col + len(block) > LAYOUT_SLOTS:
            row, col = row + 1, 0
        if row >= ROWS or len(block) > LAYOUT_SLOTS:
            return _dense(blocks, discard)
        rows[row][col : col + len(block)] = block
        col += len(block) + 1
    if discard is not None:
        if rows[ROWS - 1][LAYOUT_SLOTS - 1] is not None:
            return _dense(blocks, discard)
        rows[ROWS - 1][LAYOUT_SLOTS - 1] = discard
    return rows


def _dense(blocks: Groups, discard: int | None) -> Layout:
    # Too many groups to keep gaps between them: keep the order, drop the gaps.
    tiles = [t for b in blocks for t in b] + ([discard] if discard is not None else [])
    slots: list[int | None] = [*tiles, *[None] * (ROWS * LAYOUT_SLOTS - len(tiles))]
    return [slots[:LAYOUT_SLOTS], slots[LAYOUT_SLOTS:]]


def _keep(group: list[int], groups: Groups, spare: list[int]) -> None:
    # A lone tile is no group: it joins the leftovers.
    if len(group) > 1:
        groups.append(group)
    else:
        spare.extend(group)


def _split_wilds(rack: Sequence[int], okey: int) -> tuple[list[int], list[int]]:
    wilds = sorted(t for t in rack if is_wild(t, okey))
    return [t for t in rack if not is_wild(t, okey)], wilds


def sort_runs(rack: Sequence[int], okey: int) -> tuple[Groups, list[int]]:
    """Chains of consecutive values in one colour; the okeys go last."""
    plain, wilds = _split_wilds(rack, okey)
    ordered = sorted(plain, key=lambda t: (plays_as(t, okey), t))
    groups: Groups = []
    spare: list[int] = []
    chain: list[int] = []
    for tile in ordered:
        face = plays_as(tile, okey)
        if chain:
            last = plays_as(chain[-1], okey)
            if colour_of(last) == colour_of(face) and value_of(face) == value_of(last) + 1:
                chain.append(tile)
                continue
            if face == last:
                spare.append(tile)  # a second copy cannot extend the same run
                continue
            _keep(chain, groups, spare)
        chain = [tile]
    if chain:
        _keep(chain, groups, spare)
    return groups, sorted(spare, key=lambda t: (plays_as(t, okey), t)) + wilds


def sort_sets(rack: Sequence[int], okey: int) -> tuple[Groups, list[int]]:
    """Tiles of one value in different colours together; the okeys go last."""
    plain, wilds = _split_wilds(rack, okey)
    by_value: dict[int, list[int]] = defaultdict(list)
    for tile in sorted(plain, key=lambda t: (plays_as(t, okey), t)):
        by_value[value_of(plays_as(tile, okey))].append(tile)
    groups: Groups = []
    spare: list[int] = []
    for value in sorted(by_value):
        first: list[int] = []
        second: list[int] = []
        for tile in by_value[value]:
            colour = colour_of(plays_as(tile, okey))
            taken = {colour_of(plays_as(t, okey)) for t in first}
            (second if colour in taken else first).append(tile)
        for group in (first, second):
            _keep(group, groups, spare)
    return groups, spare + wilds


def sort_pairs(rack: Sequence[int], okey: int) -> tuple[Groups, list[int]]:
    """Identical tiles side by side; the okeys go last."""
    plain, wilds = _split_wilds(rack, okey)
    by_face: dict[int, list[int]] = defaultdict(list)
    for tile in sorted(plain, key=lambda t: (plays_as(t, okey), t)):
        by_face[plays_as(tile, okey)].append(tile)
    groups: Groups = []
    spare: list[int] = []
    for face in sorted(by_face):
        tiles = by_face[face]
        while len(tiles) >= 2:
            groups.append(tiles[:2])
            tiles = tiles[2:]
        spare.extend(tiles)
    return groups, spare + wilds
