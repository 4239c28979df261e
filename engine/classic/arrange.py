"""The best layout of any rack: the most tiles in melds, or the finish.

Tie-breaks, applied in this order so that the same rack always gives the
same layout:

1. Fifteen tiles that can finish return the finish (``discard`` set, no
   leftover). Among finishes the one that scores most wins: seven pairs
   with an okey placed (8), then melds with an okey placed and seven pairs
   without (4; the okey placement first), then melds (2). On equal score,
   melds before pairs, then the lowest discard tile id.
2. Fourteen winning tiles return :func:`engine.classic.hand.winning_arrangement`
   (melds preferred over pairs).
3. Otherwise the melds layout that leaves the fewest tiles out, then has
   the most tiles in runs; among equals, the first found when the lowest
   tile is placed first, trying runs (longest first, then a 1 above 13),
   then sets (all colours first), then leaving the tile out.
4. With ``pairs`` on, a seven-pairs layout replaces it when the rack holds
   at least five pairs (wilds completing pairs count) and the pairs leave
   strictly fewer tiles out than the melds.

>>> from engine.core.tiles import parse_tiles, parse_face, format_tiles
>>> okey = parse_face("K1")
>>> rack = parse_tiles("R1 R2 R3 R4 Y4 B4 K9 K13")
>>> best = best_arrangement(rack, okey)
>>> [format_tiles(g) for g in best.groups], format_tiles(best.leftover)
(['R1 R2 R3', 'R4 Y4 B4'], 'K9 K13')
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.classic.hand import (
    HAND_SIZE,
    Arrangement,
    all_finishes,
    pairs_groups,
    winning_arrangement,
)
from engine.classic.meld_layout import groups_from_path
from engine.classic.meld_search import HIGH_RUN, RUN, SET, encode
from engine.core.melds import check_okey, check_tiles

_RUNS = 64  # score = tiles in melds * _RUNS + tiles in runs

Option = tuple[int, int, int, int, int]  # (left, wilds left, score, shape, wilds used)


def _options(counts: int, wilds: int, r131: bool) -> list[Option]:
    """Every meld the lowest tile can start, with any number of spare wilds.

    As in the win search, a present face is taken rather than a wild, and a
    set's wild only stands for a colour that is absent.
    """
    low = counts & -counts
    slot = (low.bit_length() - 1) >> 1
    unit = 1 << 2 * slot
    rest = counts - unit
    found: list[Option] = []
    runs: list[tuple[int, int, int, int]] = []  # (left, wilds left, size, shape)
    walks = [(unit, 8, 12 - (slot >> 2), RUN)]
    if r131 and slot < 4:
        walks.append((unit << 104, -8, 12, HIGH_RUN))
    for start, shift, steps, shape in walks:
        left, spare, size, step = rest, wilds, 1, start
        for _ in range(steps):
            step = step << shift if shift > 0 else step >> -shift
            if left & (step | step << 1):
                left -= step
                size += 1
                if size >= 2:
                    runs.append((left, spare, size, shape))
            elif spare:
                spare -= 1
                size += 1
            else:
                break
    runs.reverse()
    runs.append((rest, wilds, 1, RUN))
    for left, spare, size, shape in runs:
        for extra in range(max(0, 3 - size), min(spare, 13 - size) + 1):
            total = size + extra
            found.append((left, spare - extra, total * (_RUNS + 1), shape, wilds - spare + extra))
    colour = slot & 3
    others = [u for u in (unit << 2, unit << 4, unit << 6)[: 3 - colour] if rest & (u | u << 1)]
    count = len(others)
    if count == 3:
        found.append((rest - others[0] - others[1] - others[2], wilds, 4 * _RUNS, SET, 0))
    for i in range(count):
        for j in range(i + 1, count):
            left = rest - others[i] - others[j]
            found.append((left, wilds, 3 * _RUNS, SET, 0))
            if count == 2 and wilds:
                found.append((left, wilds - 1, 4 * _RUNS, SET, 1))
    if wilds and count <= 2:
        for other in others:
            found.append((rest - other, wilds - 1, 3 * _RUNS, SET, 1))
            if count == 1 and wilds == 2:
                found.append((rest - other, 0, 4 * _RUNS, SET, 2))
    return found


def _best(counts: int, wilds: int, r131: bool, memo: dict[int, int]) -> int:
    """Best score reachable from this state (tiles left out score nothing)."""
    if not counts:
        return 0
    key = counts | wilds << 104
    known = memo.get(key)
    if known is not None:
        return known
    low = counts & -counts
    best = _best(counts - (1 << ((low.bit_length() - 1) >> 1 << 1)), wilds, r131, memo)
    for left, spare, score, _, _ in _options(counts, wilds, r131):
        value = score + _best(left, spare, r131, memo)
        if value > best:
            best = value
    memo[key] = best
    return best


def _best_path(
    counts: int, wilds: int, r131: bool, memo: dict[int, int]
) -> list[tuple[int, int, int]]:
    """Walk the memo back down: the first option in search order that reaches
    each state's best score. Returned last meld first, as the win search does."""
    path: list[tuple[int, int, int]] = []
    while counts:
        target = _best(counts, wilds, r131, memo)
        for left, spare, score, shape, used in _options(counts, wilds, r131):
            if score + _best(left, spare, r131, memo) == target:
                path.append((counts - left, used, shape))
                counts, wilds = left, spare
                break
        else:
            low = counts & -counts
            counts -= 1 << ((low.bit_length() - 1) >> 1 << 1)
    path.reverse()
    return path


def melds_layout(tiles: Sequence[int], okey: int, *, run_13_1: bool = True) -> Arrangement:
    """The melds layout with the fewest tiles left out (then most in runs)."""
    counts, wilds = encode(tiles, okey)
    memo: dict[int, int] = {}
    path = _best_path(counts, wilds, run_13_1, memo)
    groups, _ = groups_from_path(tiles, okey, path)
    used = {t for g in groups for t in g}
    leftover = tuple(sorted((t for t in tiles if t not in used), key=_tile_order))
    return Arrangement("melds" if groups else None, tuple(groups), leftover)


def _tile_order(tile: int) -> tuple[int, int]:
    # Leftovers by colour then value, fakes last, like a sorted rack.
    face = tile >> 1
    return (face, tile)


def _finish_rank(arrangement: Arrangement, okey: int) -> tuple[int, int, int, int]:
    discard = arrangement.discard
    assert discard is not None
    wild = discard >> 1 == okey
    score = (4 if arrangement.kind == "pairs" else 2) * (2 if wild else 1)
    return (-score, 0 if wild else 1, 0 if arrangement.kind == "melds" else 1, discard)


def best_finish(
    tiles: Sequence[int], okey: int, *, run_13_1: bool = True, pairs: bool = True
) -> Arrangement | None:
    """The finish a player should choose from fifteen tiles (see tie-break 1),
    or ``None`` if no tile can be placed to finish.

    >>> from engine.core.tiles import parse_tiles, parse_face, format_tile
    >>> okey = parse_face("R3")
    >>> rack = parse_tiles("R1 R1 Y2 Y2 B5 B5 K8 K8 K9 K9 Y11 Y11 R3 K10 K10")
    >>> finish = best_finish(rack, okey)     # pairs, placing the okey: 8 points
    >>> finish.kind, format_tile(finish.discard)
    ('pairs', 'R3')
    >>> best_finish(rack, okey, pairs=False) is None
    True
    """
    finishes = all_finishes(tiles, okey, run_13_1=run_13_1, pairs=pairs)
    if not finishes:
        return None
    return min(
        (a for found in finishes.values() for a in found), key=lambda a: _finish_rank(a, okey)
    )


def best_arrangement(
    tiles: Sequence[int], okey: int, *, run_13_1: bool = True, pairs: bool = True
) -> Arrangement:
    """The layout a player would want for any rack (0 to 22 tiles or so).

    See the module docstring for the tie-breaks.

    >>> from engine.core.tiles import parse_tiles, parse_face, format_tiles, format_tile
    >>> okey = parse_face("Y7")
    >>> rack = parse_tiles("R5 R6 R7 K1 K2 K3 B9 B10 B11 B12 Y1 Y2 Y3 Y4 Y7")
    >>> best = best_arrangement(rack, okey)     # placing the okey scores double
    >>> best.kind, format_tile(best.discard), [format_tiles(g) for g in best.groups]
    ('melds', 'Y7', ['Y1 Y2 Y3 Y4', 'K1 K2 K3', 'R5 R6 R7', 'B9 B10 B11 B12'])
    """
    check_okey(okey)
    check_tiles(tiles)
    if len(tiles) == HAND_SIZE + 1:
        finish = best_finish(tiles, okey, run_13_1=run_13_1, pairs=pairs)
        if finish is not None:
            return finish
    elif len(tiles) == HAND_SIZE:
        win = winning_arrangement(tiles, okey, run_13_1=run_13_1, pairs=pairs)
        if win is not None:
            return win
    layout = melds_layout(tiles, okey, run_13_1=run_13_1)
    if pairs:
        pair_groups, singles = pairs_groups(tiles, okey)
        if len(pair_groups) >= 5 and len(singles) < len(layout.leftover):
            return Arrangement("pairs", tuple(pair_groups), tuple(singles))
    return layout
