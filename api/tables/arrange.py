"""Suggested arrangements of a rack for its sort buttons: by runs, sets or pairs, packed
into a layout (api/tables/layout.py) with a gap between groups."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from api.tables.layout import LAYOUT_SLOTS, ROWS, Layout
from engine.core.tiles import colour_of, is_wild, plays_as, value_of

Groups = list[list[int]]


def pack(groups: Groups, leftover: Sequence[int], discard: int | None = None) -> Layout:
    """Groups left to right with a gap between them, leftovers after, the discard last.

    The top row takes about half the tiles (at least 8): a portrait phone draws each row on
    one line, and a 101 rack of 22 split 11 and 11 keeps its tiles a finger wide there
    (docs/FRONTEND.md). A group stays whole; the leftovers, loose tiles, split where the
    half falls. Where the gaps leave no room for that, the top row takes more."""
    count = sum(map(len, groups)) + len(leftover) + (discard is not None)
    for top in range(max(8, (count + 1) // 2), ROWS * LAYOUT_SLOTS + 1):
        if (rows := _packed(groups, leftover, discard, top)) is not None:
            return rows
    return _dense([list(g) for g in groups if g] + [list(leftover)], discard)


def _packed(
    groups: Groups, leftover: Sequence[int], discard: int | None, top: int
) -> Layout | None:
    # The top row holds at most ``top`` tiles; None when the tiles do not fit so.
    rows: Layout = [[None] * LAYOUT_SLOTS for _ in range(ROWS)]
    row, col, held = 0, 0, 0
    last = LAYOUT_SLOTS - (discard is not None)  # the slots before the discard's, below
    blocks = [list(g) for g in groups if g]
    if leftover:
        blocks.append(list(leftover))
    for n, block in enumerate(blocks):
        loose = bool(leftover) and n == len(blocks) - 1
        if row == 0 and loose and col + 1 < LAYOUT_SLOTS and held < top:
            # Loose tiles fill the top row up to its share; the rest go below.
            room = min(top - held, LAYOUT_SLOTS - col)
            rows[0][col : col + room] = block[:room]
            block, row, col = block[room:], 1, 0
            if not block:
                break
        elif row == 0 and (col + len(block) > LAYOUT_SLOTS or held + len(block) > top):
            row, col = 1, 0
        limit = last if row == ROWS - 1 else LAYOUT_SLOTS
        if row >= ROWS or col + len(block) > limit:
            return None
        rows[row][col : col + len(block)] = block
        held += len(block) if row == 0 else 0
        col += len(block) + 1
    if discard is not None:
        rows[ROWS - 1][LAYOUT_SLOTS - 1] = discard
    return rows


def _dense(blocks: Groups, discard: int | None) -> Layout:
    # Too many groups to keep gaps between them: keep the order, drop the gaps, and share
    # the tiles between the rows as evenly as 15 slots a row allow.
    tiles = [t for b in blocks for t in b] + ([discard] if discard is not None else [])
    top = max(len(tiles) - LAYOUT_SLOTS, (len(tiles) + 1) // 2)
    pad = [None] * LAYOUT_SLOTS
    return [[*tiles[:top], *pad][:LAYOUT_SLOTS], [*tiles[top:], *pad][:LAYOUT_SLOTS]]


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
