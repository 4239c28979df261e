"""Single melds and pairs: is a group of tiles a run, a set or a pair?

Everything here works on tile ids (see :mod:`engine.core.tiles`) and the okey
*face*. Both real copies of the okey face are wild; a fake okey (``F``) is
not wild and plays as the okey face.

These functions check one group at a time and favour clarity over speed; the
hand search in :mod:`engine.classic.meld_search` has its own fast inner loop and only calls
into here to order groups for display.

>>> from engine.core.tiles import parse_tiles, parse_face
>>> okey = parse_face("K1")
>>> meld_kind(parse_tiles("R12 R13 R1"), okey)
'run'
>>> meld_kind(parse_tiles("R13 R1 R2"), okey) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from engine.core.tiles import FAKE_FACE, TILE_COUNT, plays_as

MeldKind = Literal["run", "set"]

# A run occupies positions 1..13, or 2..14 where 14 is a 1 placed above the 13.
_HIGH_ONE = 14


def check_tiles(tiles: Sequence[int]) -> None:
    """Raise ``ValueError`` unless ``tiles`` are distinct valid tile ids.

    Distinct ids imply at most two copies of a face, which the fast search
    relies on (two bits per face).

    >>> check_tiles([0, 0])
    Traceback (most recent call last):
    ...
    ValueError: tile id 0 given twice
    """
    # Fast path for the common case; non-int ids fail later as indices.
    if not tiles or (len(set(tiles)) == len(tiles) and min(tiles) >= 0 and max(tiles) < TILE_COUNT):
        return
    seen: set[int] = set()
    for tile in tiles:
        if not isinstance(tile, int) or not 0 <= tile < TILE_COUNT:
            raise ValueError(f"not a tile id: {tile!r}")
        if tile in seen:
            raise ValueError(f"tile id {tile} given twice")
        seen.add(tile)


def check_okey(okey: int) -> None:
    """Raise ``ValueError`` unless ``okey`` is a coloured face (0..51)."""
    if not isinstance(okey, int) or not 0 <= okey < FAKE_FACE:
        raise ValueError(f"okey must be a coloured face 0..51, got {okey!r}")


def _split(tiles: Sequence[int], okey: int) -> tuple[list[int], int]:
    """Faces the non-wild tiles play as, and the number of wilds."""
    faces = [plays_as(tile, okey) for tile in tiles if tile >> 1 != okey]
    return faces, len(tiles) - len(faces)


def _run_positions(faces: Sequence[int], size: int, run_13_1: bool) -> list[int] | None:
    """Positions (1..14) of the real faces if they fit one run of ``size`` tiles.

    The wilds fill the gaps and the ends; a window of ``size`` always fits in
    1..13 (or 2..14) because ``size <= 13``, so only the span matters.
    """
    if not 3 <= size <= 13 or not faces:
        return None
    colour = faces[0] // 13
    if any(face // 13 != colour for face in faces):
        return None
    values = [face % 13 + 1 for face in faces]
    candidates = [values]
    if run_13_1 and 1 in values:
        candidates.append([_HIGH_ONE if v == 1 else v for v in values])
    for positions in candidates:
        if len(set(positions)) == len(positions) and max(positions) - min(positions) < size:
            return positions
    return None


def _is_set(faces: Sequence[int], size: int) -> bool:
    if not 3 <= size <= 4 or not faces:
        return False
    value = faces[0] % 13
    colours = {face // 13 for face in faces}
    return all(face % 13 == value for face in faces) and len(colours) == len(faces)


def meld_kind(tiles: Sequence[int], okey: int, *, run_13_1: bool = True) -> MeldKind | None:
    """``"run"`` or ``"set"`` if the tile ids form a valid meld, else ``None``.

    A group that is both (one real tile and two wilds) is called a run.

    >>> from engine.core.tiles import parse_tiles as p, parse_face
    >>> okey = parse_face("Y7")          # the two Y7 are wild, F plays as Y7
    >>> meld_kind(p("R5 Y7 Y7"), okey), meld_kind(p("R5 B5 Y7 K5"), okey)
    ('run', 'set')
    >>> meld_kind(p("R11 R12 R13 R1"), okey), meld_kind(p("R11 R12 R13 R1"), okey, run_13_1=False)
    ('run', None)
    >>> meld_kind(p("Y6 F Y8"), okey), meld_kind(p("R5 F R7"), okey)
    ('run', None)
    """
    check_okey(okey)
    check_tiles(tiles)
    faces, wilds = _split(tiles, okey)
    size = len(faces) + wilds
    if _run_positions(faces, size, run_13_1) is not None:
        return "run"
    if _is_set(faces, size):
        return "set"
    return None


def is_pair(a: int, b: int, okey: int) -> bool:
    """Whether two tiles form a pair for seven pairs.

    Identical faces pair (two fakes too); a wild okey pairs with anything.

    >>> from engine.core.tiles import parse, parse_face
    >>> okey = parse_face("Y7")
    >>> is_pair(parse("R5"), parse("R5") + 1, okey), is_pair(parse("R5"), parse("R6"), okey)
    (True, False)
    >>> is_pair(parse("Y7"), parse("R6"), okey), is_pair(104, parse("Y7"), okey)
    (True, True)
    """
    check_okey(okey)
    check_tiles((a, b))
    if a >> 1 == okey or b >> 1 == okey:
        return True
    fa, fb = a >> 1, b >> 1
    return (okey if fa == FAKE_FACE else fa) == (okey if fb == FAKE_FACE else fb)


def display_order(tiles: Sequence[int], okey: int, *, run_13_1: bool = True) -> tuple[int, ...]:
    """The tiles of a valid meld in the order a player would lay them out.

    Runs ascend with each wild where it stands (gaps first, then above the
    top while that stays at or below 13, then below the bottom); sets go by
    colour with wilds last. Raises ``ValueError`` if the group is no meld.

    >>> from engine.core.tiles import parse_tiles as p, parse_face, format_tiles
    >>> okey = parse_face("K1")
    >>> format_tiles(display_order(p("R1 K1 R12"), okey))
    'R12 K1 R1'
    >>> format_tiles(display_order(p("K1 R13 R12"), okey))
    'K1 R12 R13'
    >>> format_tiles(display_order(p("K5 K1 R5 B5"), okey))
    'R5 B5 K5 K1'
    """
    kind = meld_kind(tiles, okey, run_13_1=run_13_1)
    if kind is None:
        raise ValueError("not a meld")
    reals = sorted((t for t in tiles if t >> 1 != okey), key=lambda t: (plays_as(t, okey), t))
    wild_ids = sorted(t for t in tiles if t >> 1 == okey)
    if kind == "set":
        return (*reals, *wild_ids)
    faces = [plays_as(t, okey) for t in reals]
    positions = _run_positions(faces, len(tiles), run_13_1)
    assert positions is not None
    by_position = dict(zip(positions, reals, strict=True))
    low, high = min(positions), max(positions)
    spare = len(tiles) - (high - low + 1)
    up = min(spare, max(0, 13 - high))
    low -= spare - up
    high += up
    wild_iter = iter(wild_ids)
    return tuple(
        by_position[pos] if pos in by_position else next(wild_iter) for pos in range(low, high + 1)
    )
