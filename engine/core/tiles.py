"""Tiles, their notation and the okey.

Each of the 106 physical tiles has a stable id. Ids 0..103 are the coloured
tiles: ``id = colour * 26 + (value - 1) * 2 + copy``; ids 104 and 105 are the
two fake okeys. ``id // 2`` is the tile's *face* (0..51 for coloured faces,
52 for the fake okey), so the two copies of a face share it.

>>> parse("R7"), format_tile(parse("R7"))
(12, 'R7')
>>> format_tile(105)
'F'
>>> format_face(okey_face(face_of(parse("B13"))))
'B1'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

COLOURS = "RYBK"
COLOUR_NAMES = ("red", "yellow", "blue", "black")
TILE_COUNT = 106
FAKE_FACE = 52
FAKE_IDS = (104, 105)
ALL_TILES = tuple(range(TILE_COUNT))


def face_of(tile: int) -> int:
    """The face of a tile id: 0..51 for coloured tiles, 52 for a fake okey.

    >>> face_of(0), face_of(1), face_of(104)
    (0, 0, 52)
    """
    return tile >> 1


def colour_of(face: int) -> int:
    """Colour index (0 R, 1 Y, 2 B, 3 K) of a coloured face."""
    return face // 13


def value_of(face: int) -> int:
    """Value 1..13 of a coloured face."""
    return face % 13 + 1


def make_face(colour: int, value: int) -> int:
    """Face from colour index and value 1..13.

    >>> format_face(make_face(3, 13))
    'K13'
    """
    return colour * 13 + value - 1


def format_face(face: int) -> str:
    """Notation of a face: ``R7``, ``K13`` or ``F``."""
    if face == FAKE_FACE:
        return "F"
    return f"{COLOURS[colour_of(face)]}{value_of(face)}"


def format_tile(tile: int) -> str:
    """Notation of a tile id (its face; the copy is not shown)."""
    return format_face(face_of(tile))


def format_tiles(tiles: Iterable[int]) -> str:
    """Space-separated notation of tile ids.

    >>> format_tiles([0, 2, 4, 104])
    'R1 R2 R3 F'
    """
    return " ".join(format_tile(t) for t in tiles)


def parse_face(text: str) -> int:
    """Face of a notation string; raises ``ValueError`` on bad input.

    >>> parse_face("y6"), parse_face("F")
    (18, 52)
    """
    text = text.strip().upper()
    if text == "F":
        return FAKE_FACE
    if len(text) < 2 or text[0] not in COLOURS or not text[1:].isdigit():
        raise ValueError(f"not a tile: {text!r}")
    value = int(text[1:])
    if not 1 <= value <= 13:
        raise ValueError(f"tile value out of range: {text!r}")
    return make_face(COLOURS.index(text[0]), value)


def parse(text: str) -> int:
    """Tile id (first copy) of a notation string.

    >>> parse("R1"), parse("F")
    (0, 104)
    """
    return parse_face(text) * 2


def parse_tiles(text: str | Sequence[str]) -> list[int]:
    """Tile ids for a notation string, giving repeated faces their next copy.

    Raises ``ValueError`` if a face appears more often than the set holds it.

    >>> parse_tiles("R1 R1 F F")
    [0, 1, 104, 105]
    """
    words = text.split() if isinstance(text, str) else list(text)
    used: dict[int, int] = {}
    tiles = []
    for word in words:
        face = parse_face(word)
        copy = used.get(face, 0)
        if copy > 1:
            raise ValueError(f"more than two copies of {format_face(face)}")
        used[face] = copy + 1
        tiles.append(face * 2 + copy)
    return tiles


def okey_face(indicator_face: int) -> int:
    """The okey: the indicator's colour, one higher, 13 wrapping to 1.

    >>> format_face(okey_face(parse_face("Y6")))
    'Y7'
    """
    if indicator_face == FAKE_FACE:
        raise ValueError("a fake okey is never the indicator")
    return make_face(colour_of(indicator_face), value_of(indicator_face) % 13 + 1)


def is_wild(tile: int, okey: int) -> bool:
    """Whether a tile id is one of the two real okeys (wild) for okey face ``okey``."""
    return tile >> 1 == okey


def plays_as(tile: int, okey: int) -> int:
    """The face a non-wild tile plays as: a fake okey plays as the okey's face.

    >>> plays_as(104, parse_face("Y7")) == parse_face("Y7")
    True
    """
    face = tile >> 1
    return okey if face == FAKE_FACE else face


def face_counts(tiles: Iterable[int], okey: int) -> tuple[list[int], int]:
    """Copies of each coloured face among the tiles that are not wild (a fake
    okey counted on the okey's face), and the number of wild okeys: the shape
    every meld search starts from.

    >>> counts, wilds = face_counts(parse_tiles("R1 R1 F Y7"), parse_face("Y7"))
    >>> counts[parse_face("R1")], counts[parse_face("Y7")], wilds
    (2, 1, 1)
    """
    counts = [0] * 52
    wilds = 0
    for tile in tiles:
        face = tile >> 1
        if face == okey:
            wilds += 1
        else:
            counts[okey if face == FAKE_FACE else face] += 1
    return counts, wilds


def tile_label(tile: int, okey: int | None = None) -> str:
    """Human label for screen readers and logs: ``red 7``, ``fake okey``.

    >>> tile_label(parse("Y7"), parse_face("Y7"))
    'yellow 7, okey'
    """
    face = tile >> 1
    if face == FAKE_FACE:
        return "fake okey"
    label = f"{COLOUR_NAMES[colour_of(face)]} {value_of(face)}"
    return f"{label}, okey" if okey is not None and face == okey else label
