"""What the 101 bots weigh: links between tiles, tiles near the table, and
one draw of look-ahead for the hard bot before it has opened.

Until a seat opens, its rack counts 202 whatever it holds, so the only goal
is to reach the opening threshold. For each discard worth considering, this
looks at every face the seat may still draw (its unseen copies) and asks
how often the next draw would open, and how many points it would add on
average. Only faces that make a meld of three with two rack tiles (or
with an okey) can add points, so only those are searched: a few dozen
opening searches per candidate (:func:`searches` counts them).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.okey101.opening import Rule, opening_points
from engine.okey101.table import run_start

# How much one more chance in a hundred to open is worth against one
# point of average gain.
OPEN_WEIGHT = 2.0


def _helpful_faces(faces: Sequence[int], live: Sequence[int], okey: int) -> list[int]:
    """Unseen faces that could join a meld with some rack face."""
    found: set[int] = set()
    for face in faces:
        colour, value = divmod(face, 13)
        found.update(colour * 13 + v for v in range(value - 2, value + 3) if 0 <= v < 13)
        found.update(c * 13 + value for c in range(4))
    return sorted(f for f in found if live[f] > 0 and f != okey)


def _partners(face: int, have: set[int]) -> bool:
    """Whether two faces of ``have`` make a meld of three with ``face``."""
    colour, value = divmod(face, 13)
    run = [colour * 13 + v in have if 0 <= v < 13 else False for v in range(value - 2, value + 3)]
    if (run[0] and run[1]) or (run[1] and run[3]) or (run[3] and run[4]):
        return True
    return sum(c * 13 + value in have for c in range(4) if c != colour) >= 2


def searches(rest: Sequence[int], live: Sequence[int], okey: int) -> int:
    """How many opening searches :func:`draw_value` makes for ``rest`` (its cost)."""
    return sum(1 for _, _, search in _draws(rest, live, okey) if search)


def _draws(rest: Sequence[int], live: Sequence[int], okey: int) -> list[tuple[int, int, bool]]:
    """``(face, tile id, whether a search is needed)`` for each draw worth weighing."""
    okey_id = okey * 2
    faces = [t >> 1 for t in rest if t >> 1 != okey and t < 104]
    wild = len(faces) < len(rest)  # an okey (or a fake, which counts too)
    have = set(faces)
    found = []
    for face in _helpful_faces(faces, live, okey):
        tile = face * 2 if face * 2 not in rest else face * 2 + 1
        if tile in rest or tile == okey_id or tile == okey_id + 1:
            continue
        found.append((face, tile, wild or _partners(face, have)))
    return found


def draw_value(
    rest: Sequence[int], base: int, live: Sequence[int], okey: int, rule: Rule, threshold: int
) -> float:
    """Expected worth of the next draw for a rack ``rest`` (tile ids) whose best
    opening is worth ``base`` (the caller has it already)."""
    total = sum(live)
    if total == 0:
        return 0.0
    opens = gain = 0.0
    for face, tile, search in _draws(rest, live, okey):
        # without a search no meld can hold the tile: the best opening stays
        points = opening_points([*rest, tile], okey, rule=rule) if search else base
        weight = live[face] / total
        opens += weight * (points >= threshold)
        gain += weight * max(0, points - base)
    return opens * 100 * OPEN_WEIGHT + gain


def near_table(table: Sequence[Sequence[int]], okey: int) -> list[int]:
    """Faces two steps beyond a table run's end: layable once the gap is laid."""
    near = []
    for meld in table:
        run = run_start(meld, okey)
        if run is not None:
            colour, first = run
            last = first + len(meld) - 1
            near += [colour * 13 + v - 1 for v in (first - 2, last + 2) if 1 <= v <= 13]
    return near


def link(a: int, b: int, outs: list[int] | None) -> float:
    """How much faces ``a`` and ``b`` help each other towards a meld.

    With ``outs`` (hard), a link counts the unseen tiles that would complete
    it; without, a fixed weight.
    """
    if a == b:
        return 0.0  # a duplicate adds nothing to melds
    ca, va, cb, vb = a // 13, a % 13, b // 13, b % 13
    needs: list[int] = []
    if ca == cb and abs(va - vb) == 1:
        lo, hi = min(va, vb), max(va, vb)
        needs = [ca * 13 + v for v in (lo - 1, hi + 1) if 0 <= v < 13]
        weight = 2.0
    elif ca == cb and abs(va - vb) == 2:
        needs = [ca * 13 + min(va, vb) + 1]
        weight = 1.0
    elif va == vb:
        needs = [c * 13 + va for c in range(4) if c not in (ca, cb)]
        weight = 2.0
    else:
        return 0.0
    if outs is None:
        return weight
    return min(weight, sum(outs[f] for f in needs) * weight / 3)
