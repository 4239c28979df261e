"""The rule-of-thumb player behind the easy, gentle and normal levels.

It keeps what a casual player sees at a glance: the most tiles it can lay in
complete melds (runs and sets, a wild filling a gap), then tiles that have
a partner (a neighbour of their colour, one with a gap, or the same value in
another colour). It throws the loneliest tile and takes the left discard
only when that discard completes a meld. It does not count outs, track the
table or plan seven pairs; that is what the hard level adds.

>>> from engine.core.tiles import parse_tiles, parse_face, format_tile
>>> okey = parse_face("K1")
>>> rack = parse_tiles("R1 R2 R3 B4 B5 B6 K9 K10 R12 Y5 Y9 B9 K13 Y2 Y12")
>>> format_tile(loneliest(rack, okey))
'K13'
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.tiles import FAKE_FACE

# How strongly a partner binds: next in the run, one gap, same value.
ADJACENT, GAPPED, SAME_VALUE = 1.0, 0.6, 0.8
# The score of a tile laid in a complete meld (loose tiles score far less).
IN_MELD = 10.0


def _face(tile: int, okey: int) -> int:
    face = tile >> 1
    return okey if face == FAKE_FACE else face


def _candidate_melds(faces: Sequence[int], wrap: bool) -> list[tuple[int, ...]]:
    """Index tuples of complete melds among the tiles (no wilds): runs of
    three or more consecutive values of one colour, sets of three or four."""
    by_face: dict[int, list[int]] = {}
    for i, face in enumerate(faces):
        by_face.setdefault(face, []).append(i)
    melds: list[tuple[int, ...]] = []
    top = 14 if wrap else 13
    for colour in range(4):
        for start in range(1, 13):
            chain: list[int] = []
            for v in range(start, top + 1):
                face = colour * 13 + (v - 1) % 13
                if face not in by_face or (v == 14 and start == 1):
                    break
                chain.append(by_face[face][0])
                if len(chain) >= 3:
                    melds.append(tuple(chain))
    for value in range(13):
        present = [by_face[c * 13 + value][0] for c in range(4) if c * 13 + value in by_face]
        if len(present) >= 3:
            melds.append(tuple(present))
            if len(present) == 4:
                melds.extend(tuple(p for p in present if p != skip) for skip in present)
    return melds


def _best_cover(melds: list[tuple[int, ...]], used: int, start: int) -> tuple[int, int]:
    """Most tiles covered by disjoint melds (bit mask of tile indices)."""
    best_count, best_mask = 0, 0
    for k in range(start, len(melds)):
        meld = melds[k]
        mask = sum(1 << i for i in meld)
        if mask & used:
            continue
        count, sub = _best_cover(melds, used | mask, k + 1)
        if count + len(meld) > best_count:
            best_count, best_mask = count + len(meld), sub | mask
    return best_count, best_mask


def meld_cover(tiles: Sequence[int], okey: int, wrap: bool = True) -> tuple[int, set[int]]:
    """Tiles laid in complete melds, counting each wild that completes a
    two-tile start, and the indices of the non-wild tiles so laid.

    >>> from engine.core.tiles import parse_tiles, parse_face
    >>> meld_cover(parse_tiles("R1 R2 R3 B5 Y5 K5 K9"), parse_face("B1"))[0]
    6
    """
    wild_count = sum(1 for t in tiles if t >> 1 == okey)
    index = [i for i, t in enumerate(tiles) if t >> 1 != okey]
    faces = [_face(tiles[i], okey) for i in index]
    count, mask = _best_cover(_candidate_melds(faces, wrap), 0, 0)
    covered = {index[i] for i in range(len(index)) if mask >> i & 1}
    # Each wild turns the strongest loose pair into a meld.
    loose = [i for i in range(len(index)) if not mask >> i & 1]
    used: set[int] = set()
    wilds_left = wild_count
    for a in loose:
        if not wilds_left:
            break
        for b in loose:
            if (
                a < b
                and a not in used
                and b not in used
                and _bond(faces[a], faces[b], wrap, 1.0) > 0
            ):
                used.update((a, b))
                covered.update((index[a], index[b]))
                count += 3
                wilds_left -= 1
                break
    return count + wilds_left, covered


def _bond(a: int, b: int, wrap: bool, gapped: float | None = None) -> float:
    """How directly two faces could share a meld (0: not at all)."""
    if a == b:
        return 0.0
    if a // 13 == b // 13:
        gap = abs(a % 13 - b % 13)
        if wrap and gap > 10:
            gap = 13 - gap  # 12-13-1 wraps; 13-1-2 does not, a small blur
        return ADJACENT if gap == 1 else (GAPPED if gapped is None else gapped) if gap == 2 else 0.0
    return SAME_VALUE if a % 13 == b % 13 else 0.0


def tile_scores(tiles: Sequence[int], okey: int, wrap: bool = True) -> list[float]:
    """How much each tile is worth keeping: wilds and tiles in melds most,
    then tiles with partners among the loose tiles; an end value (1, 13)
    is a little less flexible."""
    _, covered = meld_cover(tiles, okey, wrap)
    faces = [_face(t, okey) for t in tiles]
    scores: list[float] = []
    for i, tile in enumerate(tiles):
        if tile >> 1 == okey:
            scores.append(100.0)
            continue
        if i in covered:
            scores.append(IN_MELD)
            continue
        score = 0.0
        for j, other in enumerate(tiles):
            if j != i and other >> 1 != okey:
                bond = _bond(faces[i], faces[j], wrap)
                score += bond * (0.4 if j in covered else 1.0)
        if faces[i] % 13 in (0, 12):
            score -= 0.1
        scores.append(score)
    return scores


def loneliest(tiles: Sequence[int], okey: int, wrap: bool = True) -> int:
    """The tile a casual player throws: the least worth keeping."""
    order, _ = lonely_order(tiles, okey, wrap)
    return tiles[order[0]]


def lonely_order(
    tiles: Sequence[int], okey: int, wrap: bool = True
) -> tuple[list[int], list[float]]:
    """Indices of the non-wild tiles, loneliest first (ties: higher face
    first), and every tile's score (see :func:`tile_scores`)."""
    scores = tile_scores(tiles, okey, wrap)
    order = sorted(
        (i for i, t in enumerate(tiles) if t >> 1 != okey),
        key=lambda i: (scores[i], -(tiles[i] >> 1), tiles[i]),
    )
    return order, scores


def completes_meld(rack: Sequence[int], tile: int, okey: int, wrap: bool = True) -> bool:
    """Whether taking ``tile`` lays more tiles in complete melds."""
    before, _ = meld_cover(rack, okey, wrap)
    after, _ = meld_cover([*rack, tile], okey, wrap)
    return after > before
