"""Melds as laid on the table: what each tile stands for, laying off, okey swaps.

A table meld is a sequence of tile ids *in the order it is laid*: a run
ascends, so a wild okey at index ``i`` of a run starting at value ``s``
stands for value ``s + i``. That order is what fixes the okey's place (``R5
R6 okey`` means the okey is ``R7``), exactly as on a real table. In a set a
wild stands for a colour the real tiles leave free. A 1 is only ever low.

>>> from engine.core.tiles import parse_tiles as p, parse_face, format_face
>>> okey = parse_face("Y7")
>>> [format_face(f) for f in stand_ins(p("R5 R6 Y7"), okey)]
['R5', 'R6', 'R7']
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.tiles import FAKE_FACE

# (tile id, index of the table meld, insertion index in that meld)
Placement = tuple[int, int, int]


def _plays(tile: int, okey: int) -> int | None:
    """Face a tile plays as, or ``None`` for a wild okey."""
    face = tile >> 1
    if face == okey:
        return None
    return okey if face == FAKE_FACE else face


def run_start(meld: Sequence[int], okey: int) -> tuple[int, int] | None:
    """``(colour, first value)`` if the laid order is an ascending run, else ``None``.

    >>> from engine.core.tiles import parse_tiles as p, parse_face
    >>> okey = parse_face("Y7")
    >>> run_start(p("Y7 B2 B3"), okey), run_start(p("R12 R13 R1"), okey)
    ((2, 1), None)
    """
    if not 3 <= len(meld) <= 13:
        return None
    start: tuple[int, int] | None = None
    for index, tile in enumerate(meld):
        face = _plays(tile, okey)
        if face is None:
            continue
        colour, first = face // 13, face % 13 + 1 - index
        if start is None:
            start = (colour, first)
        elif start != (colour, first):
            return None
    if start is None or start[1] < 1 or start[1] + len(meld) - 1 > 13:
        return None
    return start


def set_value(meld: Sequence[int], okey: int) -> tuple[int, frozenset[int]] | None:
    """``(value, colours of the real tiles)`` if the meld is a set, else ``None``.

    >>> from engine.core.tiles import parse_tiles as p, parse_face
    >>> set_value(p("R5 Y7 K5"), parse_face("Y7"))
    (5, frozenset({0, 3}))
    """
    faces = [f for f in (_plays(t, okey) for t in meld) if f is not None]
    if not 3 <= len(meld) <= 4 or not faces:
        return None
    colours = frozenset(f // 13 for f in faces)
    values = {f % 13 + 1 for f in faces}
    if len(values) != 1 or len(colours) != len(faces):
        return None
    return values.pop(), colours


def stand_ins(meld: Sequence[int], okey: int) -> tuple[int, ...] | None:
    """The face each tile of a laid meld stands for, or ``None`` if it is no meld.

    A group that reads as both (one real tile, two wilds) is taken as a run,
    like :func:`engine.core.melds.meld_kind`. Wilds in a set take the free
    colours in order R, Y, B, K (only the value matters for points).

    >>> from engine.core.tiles import parse_tiles as p, parse_face, format_face
    >>> okey = parse_face("Y7")
    >>> [format_face(f) for f in stand_ins(p("R5 Y7 K5"), okey)]
    ['R5', 'Y5', 'K5']
    >>> stand_ins(p("R6 R5 R7"), okey) is None
    True
    """
    run = run_start(meld, okey)
    if run is not None:
        colour, first = run
        return tuple(colour * 13 + first - 1 + i for i in range(len(meld)))
    found = set_value(meld, okey)
    if found is None:
        return None
    value, colours = found
    free = iter(c for c in range(4) if c not in colours)
    result = []
    for tile in meld:
        face = _plays(tile, okey)
        result.append(face if face is not None else next(free) * 13 + value - 1)
    return tuple(result)


def layoffs(
    tiles: Sequence[int], table_melds: Sequence[Sequence[int]], okey: int
) -> list[Placement]:
    """Every single tile of ``tiles`` that can be added to a table meld.

    Each result is ``(tile, meld index, insertion index)``: 0 below a run,
    ``len(meld)`` above a run or onto a set (the missing colour of a
    3-set). One step only: ``R9`` is not listed onto ``R5 R6 R7`` even if
    ``R8`` is also in the rack. A wild okey may go on any end or set.

    >>> from engine.core.tiles import parse_tiles as p, parse_face
    >>> okey = parse_face("Y7")
    >>> layoffs(p("R4 R8 B5 R9"), [p("R5 R6 R7"), p("R5 Y5 K5")], okey)
    [(6, 0, 0), (14, 0, 3), (60, 1, 3)]
    """
    found: list[Placement] = []
    for index, meld in enumerate(table_melds):
        run = run_start(meld, okey)
        set_info = None if run is not None else set_value(meld, okey)
        for tile in tiles:
            face = _plays(tile, okey)
            if run is not None:
                colour, first = run
                last = first + len(meld) - 1
                if first > 1 and face in (None, colour * 13 + first - 2):
                    found.append((tile, index, 0))
                if last < 13 and face in (None, colour * 13 + last):
                    found.append((tile, index, len(meld)))
            elif set_info is not None and len(meld) < 4:
                value, colours = set_info
                if face is None or (face % 13 + 1 == value and face // 13 not in colours):
                    found.append((tile, index, len(meld)))
    return sorted(found)


def okey_swaps(
    tiles: Sequence[int], table_melds: Sequence[Sequence[int]], okey: int
) -> list[Placement]:
    """Rack tiles that can replace a wild okey on the table (which then comes to the rack).

    Each result is ``(tile, meld index, index of the okey in the meld)``. In a
    run the okey stands for one face; in a set for any free colour. A fake
    okey is not wild and cannot be swapped out.

    >>> from engine.core.tiles import parse_tiles as p, parse_face
    >>> okey = parse_face("Y7")
    >>> okey_swaps(p("R6 B5 K5"), [p("R5 Y7 R7"), p("R5 Y7 K5")], okey)
    [(10, 0, 1), (60, 1, 1)]
    """
    found: list[Placement] = []
    for index, meld in enumerate(table_melds):
        wild_at = [i for i, t in enumerate(meld) if _plays(t, okey) is None]
        if not wild_at:
            continue
        run = run_start(meld, okey)
        set_info = None if run is not None else set_value(meld, okey)
        for tile in tiles:
            face = _plays(tile, okey)
            if face is None:
                continue
            for position in wild_at:
                if run is not None:
                    colour, first = run
                    fits = face == colour * 13 + first - 1 + position
                elif set_info is not None:
                    value, colours = set_info
                    fits = face % 13 + 1 == value and face // 13 not in colours
                else:
                    fits = False
                if fits:
                    found.append((tile, index, position))
    return sorted(found)
