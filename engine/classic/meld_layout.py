"""From a search path to display groups: real tile ids assigned to each
meld, spare wilds placed, and the melds put in display order.

A path comes from :mod:`engine.classic.meld_search` (or the best-layout search in
:mod:`engine.classic.arrange`): ``(counts removed, wilds used, shape)`` per meld,
last meld first.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter

from engine.classic.meld_search import HIGH_RUN, SET, SLOT_FACE
from engine.core.melds import display_order

# A meld between search and display: shape, (position, id) of its real
# tiles in ascending position (colour for sets), and the wild ids it holds.
_Draft = tuple[int, list[tuple[int, int]], list[int]]


def _drafts(
    tiles: Sequence[int], okey: int, path: Sequence[tuple[int, int, int]]
) -> tuple[list[_Draft], list[int]]:
    """Melds of a search path with real tile ids assigned, and spare wilds."""
    have = set(tiles)
    wild_ids = [t for t in (okey * 2, okey * 2 + 1) if t in have]
    okey_slot = (okey % 13) << 2 | okey // 13
    drafts: list[_Draft] = []
    for removed, wild_count, shape in reversed(path):
        placed: list[tuple[int, int]] = []
        while removed:
            slot = _LOW_SLOT[removed & -removed]
            removed -= 1 << (slot << 1)
            tile = 104 if slot == okey_slot else _SLOT_TILE[slot]
            if tile not in have:
                tile += 1
            have.discard(tile)
            placed.append(((slot >> 2) + 1, tile))
        if shape == HIGH_RUN and placed[0][0] == 1:
            placed.append((14, placed.pop(0)[1]))
        drafts.append((shape, placed, wild_ids[:wild_count]))
        del wild_ids[:wild_count]
    return drafts, wild_ids


# Lowest set bit of a count vector -> its slot; slot -> first tile id.
_LOW_SLOT = {1 << b: b >> 1 for b in range(104)}
_SLOT_TILE = tuple(2 * SLOT_FACE[s] for s in range(52))


def _render(draft: _Draft) -> tuple[int, ...]:
    """Display order: runs ascend with each wild where it stands (gaps
    first, then above the top while that stays at or below 13, then below);
    sets go by colour with wilds last."""
    shape, placed, wild_ids = draft
    if shape == SET or not wild_ids:
        return (*(tile for _, tile in placed), *wild_ids)
    low, high = placed[0][0], placed[-1][0]
    spare = len(wild_ids) - (high - low + 1 - len(placed))
    up = min(spare, max(0, 13 - high))
    low -= spare - up
    by_position = dict(placed)
    fill = iter(wild_ids)
    return tuple(
        by_position[p] if p in by_position else next(fill) for p in range(low, high + up + 1)
    )


def _place_spares(drafts: list[_Draft], spares: list[int]) -> list[int]:
    """Add spare wilds to melds with room (a set of three, a run under 13)."""
    for shape, placed, wild_ids in drafts:
        room = (4 if shape == SET else 13) - len(placed) - len(wild_ids)
        while spares and room > 0:
            wild_ids.append(spares.pop(0))
            room -= 1
    return spares


def groups_from_path(
    tiles: Sequence[int], okey: int, path: Sequence[tuple[int, int, int]]
) -> tuple[list[tuple[int, ...]], list[int]]:
    """Display-ordered groups of a search path, spare wilds placed where a
    meld has room; also the wilds left over."""
    drafts, spares = _drafts(tiles, okey, path)
    if spares:
        spares = _place_spares(drafts, spares)
    # Groups go by their lowest real tile, value first (a high 1 counts 14);
    # no two drafts share that tile, so comparing the placed lists is enough.
    drafts.sort(key=_PLACED)
    return [_render(d) for d in drafts], spares


_PLACED = itemgetter(1)


def absorb_wilds(
    groups: list[tuple[int, ...]], wild_ids: Sequence[int], okey: int, run_13_1: bool
) -> list[int]:
    """Put spare wilds into the groups where the melds stay valid.

    Tries, for each wild: adding it to a group; splitting a run of six or
    more in two and adding it to the first part; with two wilds left,
    taking one tile out of a group of four into a new run with both.
    Returns the wilds that found no place (none for a 14-tile layout).
    """
    from engine.core.melds import meld_kind

    def valid(group: Sequence[int]) -> bool:
        return meld_kind(group, okey, run_13_1=run_13_1) is not None

    def order(group: Sequence[int]) -> tuple[int, ...]:
        return display_order(group, okey, run_13_1=run_13_1)

    spare = list(wild_ids)
    while spare:
        wild = spare[0]
        placed = False
        for index, group in enumerate(groups):
            if valid((*group, wild)):
                groups[index] = order((*group, wild))
                placed = True
                break
        if not placed:
            for index, group in enumerate(groups):
                for cut in range(3, len(group) - 2):
                    head, tail = group[:cut], group[cut:]
                    if valid(tail) and valid((*head, wild)):
                        groups[index : index + 1] = [order((*head, wild)), order(tail)]
                        placed = True
                        break
                if placed:
                    break
        if not placed and len(spare) >= 2:
            pair = (spare[0], spare[1])
            for index, group in enumerate(groups):
                for tile in group:
                    rest = tuple(t for t in group if t != tile)
                    if tile >> 1 != okey and valid(rest):
                        groups[index : index + 1] = [order(rest), order((tile, *pair))]
                        del spare[:2]
                        return absorb_wilds(groups, spare, okey, run_13_1)
        if not placed:
            return spare
        spare.pop(0)
    return spare
