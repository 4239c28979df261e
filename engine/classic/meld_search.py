"""The win search on count vectors: encoding a rack, a cheap cover check,
and the meld search itself.

The search works on a *count vector*: one Python int holding two bits per
face (a face has at most two copies, and a fake okey is counted on the
okey's face, whose real copies are wild and counted apart). Faces are laid
out value-major, ``slot = (value - 1) * 4 + colour``, so the lowest set bit
is the lowest remaining tile by value, and the same colour one value higher
is eight bits up. The lowest remaining tile must start its meld (or be the 1
above a 13), which keeps the search narrow; unsolvable sub-hands are
remembered across calls, since many hands share their upper part.

The search returns a *path* of melds as count vectors; :mod:`engine.classic.meld_layout`
turns it into tile ids, and :mod:`engine.classic.hand` builds the public API on both.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.tiles import FAKE_FACE

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

    >>> from engine.core.tiles import parse_tiles, parse_face
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


def _runs(
    options: list[tuple[int, int, int]], left: int, spare: int, step: int, walk: int, shape: int
) -> None:
    """Appends to ``options`` each run that starts at ``step``'s face (already taken from
    ``left``) and walks ``walk`` faces up (down if negative), as (counts left, wilds
    left, ``shape``), shortest first."""
    size = 1
    for _ in range(abs(walk)):
        step = step << 8 if walk > 0 else step >> 8
        if left & (step | step << 1):
            left -= step
            size += 1
            if size >= 3:
                options.append((left, spare, shape))
            elif spare:
                options.append((left, spare - 1, shape))
        elif spare:
            spare -= 1
            size += 1
        else:
            break


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
    _runs(options, rest, wilds, unit, 12 - (slot >> 2), RUN)
    if r131 and slot < 4:
        # The 1 above the 13: walk down from the 13.
        _runs(options, rest, wilds, unit << 104, -12, HIGH_RUN)
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
