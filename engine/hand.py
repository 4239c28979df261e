"""Winning hands: fourteen tiles in melds or seven pairs, and the 15th tile.

The search works on a *count vector*: one Python int holding two bits per
face (a face has at most two copies, and a fake okey is counted on the
okey's face, whose real copies are wild and counted apart). Faces are laid
out value-major, ``slot = (value - 1) * 4 + colour``, so the lowest set bit
is the lowest remaining tile by value, and the same colour one value higher
is eight bits up. The lowest remaining tile must start its meld (or be the 1
above a 13), which keeps the search narrow; unsolvable sub-hands are
remembered across calls, since many hands share their upper part.

>>> from engine.tiles import parse_tiles, parse_face, format_tiles
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
from operator import itemgetter
from typing import Literal

from engine.melds import check_okey, check_tiles, display_order, plays
from engine.tiles import FAKE_FACE

HAND_SIZE = 14

# Face -> one count unit at that face's slot; slot -> face.
UNIT = tuple(1 << (2 * ((f % 13) * 4 + f // 13)) for f in range(52))
SLOT_FACE = tuple((s & 3) * 13 + (s >> 2) for s in range(52))
_LOW = sum(1 << (2 * s) for s in range(52))  # low bit of every slot
_HIGH = _LOW << 1
_VALUE_ONE = sum(1 << (2 * c) for c in range(4))  # the four 1s
_BYTE0 = sum(1 << (8 * v) for v in range(14))  # the R slot of every value
_WILD_SHIFT = 104
_FAIL_CAP = 400_000
# Unsolvable (counts, wilds) keys, one store per run_13_1 setting.
_FAILED: tuple[set[int], set[int]] = (set(), set())


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


# Wilds are counted in the bits above the faces, so one sum gives both.
_WILD_UNIT = 1 << _WILD_SHIFT
_FACE_MASK = _WILD_UNIT - 1
_TABLES: dict[int, tuple[int, ...]] = {}


def _unit_table(okey: int) -> tuple[int, ...]:
    """Count unit of each tile id for this okey (a wild adds to the wild field)."""
    table = _TABLES.get(okey)
    if table is None:
        table = tuple(
            _WILD_UNIT if t >> 1 == okey else UNIT[okey if t >> 1 == FAKE_FACE else t >> 1]
            for t in range(106)
        )
        _TABLES[okey] = table
    return table


def encode(tiles: Sequence[int], okey: int) -> tuple[int, int]:
    """Count vector and number of wilds; the caller has validated the ids.

    >>> from engine.tiles import parse_tiles, parse_face
    >>> counts, wilds = encode(parse_tiles("R1 R1 Y1 F Y7"), parse_face("Y7"))
    >>> counts == 2 * UNIT[parse_face("R1")] + UNIT[parse_face("Y1")] + UNIT[parse_face("Y7")]
    True
    >>> wilds
    1
    """
    total = sum(map(_unit_table(okey).__getitem__, tiles))
    return total & _FACE_MASK, total >> _WILD_SHIFT


def coverable(counts: int, wilds: int, run_13_1: bool) -> bool:
    """Cheap necessary condition: every tile has enough partners for a meld.

    Without wilds a tile needs two neighbours in its colour or two other
    colours at its value; with one wild, one such partner (and a face held
    twice needs it for both copies, so one partner without a wild); with two
    wilds all but at most two single tiles need a partner.
    """
    present = (counts | counts >> 1) & _LOW
    if run_13_1:
        present |= (present & _VALUE_ONE) << 104  # a 1 also sits above 13
    # Colours present per value, summed into the low bits of each byte.
    per_value = (
        (present & _BYTE0)
        + (present >> 2 & _BYTE0)
        + (present >> 4 & _BYTE0)
        + (present >> 6 & _BYTE0)
    )
    step, gap = present >> 8, present >> 16
    runs3 = present & step & gap
    run_cover = runs3 | runs3 << 8 | runs3 << 16
    set_cover = (per_value & per_value >> 1 | per_value >> 2) & _BYTE0
    cover0 = run_cover | set_cover * 0x55
    cover0 |= cover0 >> 104
    loose0 = present & ~cover0 & _LOW
    if not loose0:
        return True
    if wilds == 0:
        return False
    twos = counts >> 1 & _LOW
    adjacent = present & step
    gapped = present & gap
    pair_set = (per_value >> 1 | per_value >> 2) & _BYTE0
    cover1 = adjacent | adjacent << 8 | gapped | gapped << 16 | pair_set * 0x55
    cover1 |= cover1 >> 104
    if wilds == 1:
        # Only one meld holds the wild, and no meld holds a face twice.
        return not (loose0 & twos) and not (loose0 & ~cover1 & _LOW)
    loose1 = loose0 & ~cover1 & _LOW
    return not (loose1 & twos) and loose1.bit_count() <= 2


def _solve(
    counts: int, wilds: int, failed: set[int], path: list[tuple[int, int, int]], r131: bool
) -> bool:
    """Whether ``counts`` splits into melds using at most ``wilds`` wilds.

    Melds get only the wilds they need (gaps, or to reach three tiles);
    spare wilds can always be added to a fourteen-tile layout afterwards.
    On success ``path`` holds ``(counts removed, wilds used, shape)`` per
    meld, last meld first; shape is RUN, HIGH_RUN (a 1 above 13) or SET.
    """
    if not counts:
        return True
    key = counts | wilds << _WILD_SHIFT
    if key in failed:
        return False
    low = counts & -counts
    slot = (low.bit_length() - 1) >> 1
    unit = 1 << 2 * slot
    rest = counts - unit

    # Runs upward from this tile. A present face is always taken rather than
    # a wild: a wild there could swap with that tile wherever it goes.
    # Longest first, since a run is rarely split.
    options: list[tuple[int, int, int]] = []
    left = rest
    spare = wilds
    size = 1
    step = unit
    for _ in range(12 - (slot >> 2)):
        step <<= 8
        if left & (step | step << 1):
            left -= step
            size += 1
            if size >= 3:
                options.append((left, spare, RUN))
            elif spare:
                options.append((left, spare - 1, RUN))
        elif spare:
            spare -= 1
            size += 1
        else:
            break
    if r131 and slot < 4:
        # The 1 above the 13: walk down from the 13.
        left = rest
        spare = wilds
        size = 1
        step = unit << 104
        for _ in range(12):
            step >>= 8
            if left & (step | step << 1):
                left -= step
                size += 1
                if size >= 3:
                    options.append((left, spare, HIGH_RUN))
                elif spare:
                    options.append((left, spare - 1, HIGH_RUN))
            elif spare:
                spare -= 1
                size += 1
            else:
                break
    for left, spare, shape in reversed(options):
        if _solve(left, spare, failed, path, r131):
            path.append((counts - left, wilds - spare, shape))
            return True
    if wilds == 2 and _solve(rest, 0, failed, path, r131):
        path.append((unit, 2, RUN))
        return True

    # Sets: the other colours at this value are all above this one.
    colour = slot & 3
    if colour < 3:
        others = [u for u in (unit << 2, unit << 4, unit << 6)[: 3 - colour] if rest & (u | u << 1)]
        count = len(others)
        if count >= 2:
            for chosen in _SUBSETS[count]:
                left = rest
                for index in chosen:
                    left -= others[index]
                if _solve(left, wilds, failed, path, r131):
                    path.append((counts - left, 0, SET))
                    return True
        # Two colours and a wild; pointless when the wild could only stand
        # for a colour that is present (count 3).
        if wilds and 1 <= count <= 2:
            for other in others:
                if _solve(rest - other, wilds - 1, failed, path, r131):
                    path.append((unit + other, 1, SET))
                    return True

    if len(failed) >= _FAIL_CAP:
        failed.clear()
    failed.add(key)
    return False


RUN, HIGH_RUN, SET = 0, 1, 2
_SUBSETS = {2: ((0, 1),), 3: ((0, 1, 2), (0, 1), (0, 2), (1, 2))}


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
    from engine.melds import meld_kind

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
    groups = sorted(groups + paired_singles, key=lambda g: (plays(g[0], okey), g))
    while len(wild_ids) >= 2:
        groups.append((wild_ids.pop(0), wild_ids.pop(0)))
    return groups, sorted(singles + wild_ids)


def pairs_arrangement(tiles: Sequence[int], okey: int) -> Arrangement | None:
    """The seven-pairs layout of exactly fourteen tiles, or ``None``.

    >>> from engine.tiles import parse_tiles, parse_face, format_tiles
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

    >>> from engine.tiles import parse_tiles, parse_face, format_tiles
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

    >>> from engine.tiles import parse_tiles, parse_face, format_tile
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
        key = -1 if face == okey else plays(tile, okey)
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
