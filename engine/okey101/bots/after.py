"""The hard 101 bot's discard once it has opened with melds: one draw of look-ahead.

Once opened, a seat wins the hand by finishing (laying off everything and
discarding its last tile) or, when the pile runs out, by keeping the lowest
rack. So for each tile it could throw, the hard bot looks at every face it
may draw next (its unseen copies, from its own view) and asks what that
draw would leave after the next turn's lay-offs and melds and the next
discard (the highest tile left): a finish is worth :data:`AFTER` ``finish``
points below zero, anything else what the rack would still count. It keeps
the rack whose next draw leaves the least on average. Only draws that can
change the rack need a search: a face that goes onto a table meld (with
the rack tiles that follow it there), or one that makes a meld of three
with two rack tiles (or one and an okey); every other draw only adds its
own value.

>>> from engine.core.tiles import parse_tiles as p, parse_face
>>> okey = parse_face("Y7")
>>> table = (tuple(p("R5 R6 R7")),)
>>> left = leftover(p("R8 R9 K2"), table, okey, "sum101")   # R8, then R9, go on the run
>>> [t for t in left] == p("K2")
True
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.tiles import plays_as
from engine.okey101.bots.ahead import _partners
from engine.okey101.bots.seat import Action, Seat, is_okey, live_faces, value
from engine.okey101.opening import Rule, best_opening
from engine.okey101.table import layoffs, run_start, set_value

# ``on``: use the look-ahead for the discard once opened. Off: it measured
# no gain against three ``normal`` (1,200 hands, seed 1: 26.9% with it,
# 27.3% without; with it, 27.4% with ``finish`` 150 and 27.2% counting the left
# neighbour's discard as a second draw for the faces that make a meld).
# ``finish_now`` (on) is the finish check of :func:`finish_now`.
# ``finish``: what finishing next turn is worth, in rack points below zero
# (the finisher scores -101 and wins the hand; a rack of a few points still
# loses to a finish, so the weight is well above the usual rack); ``now``:
# weight of the rack's points right after this discard, for a hand that ends
# before this seat draws again (another seat finishes).
AFTER = {"on": 0, "finish": 60.0, "now": 0.3, "shortlist": 5, "finish_rack": 10, "finish_now": 1}


def leftover(
    tiles: Sequence[int], table: Sequence[Sequence[int]], okey: int, rule: Rule
) -> list[int]:
    """The tiles still on the rack after laying every meld and lay-off found (greedy).

    At least one tile stays (the finishing discard), as the rules demand.
    """
    # real tiles first: an okey left last finishes the hand
    return lay_out(list(tiles), [list(m) for m in table], okey, rule, okey_last=True)


def lay_out(
    rest: list[int], melds: list[list[int]], okey: int, rule: Rule, *, okey_last: bool
) -> list[int]:
    """What stays of ``rest`` after laying the best opening it still holds (when that leaves
    a tile) and then lay-offs onto ``melds`` one by one while more than one tile is left:
    the first place found, or with ``okey_last`` the first for a real tile. Both lists are
    changed."""
    more = best_opening(rest, okey, rule=rule).groups
    if more and sum(map(len, more)) < len(rest):
        used = {t for g in more for t in g}
        rest = [t for t in rest if t not in used]
        melds += [list(g) for g in more]
    while len(rest) > 1:
        places = layoffs(rest, melds, okey)
        if not places:
            break
        if okey_last:
            places.sort(key=lambda x: (is_okey(x[0], okey), x))
        tile, meld, position = places[0]
        melds[meld].insert(position, tile)
        rest.remove(tile)
    return rest


def _after_turn(left: Sequence[int], okey: int) -> float:
    """Points a rack of ``left`` (after lay-offs) still counts once it has discarded."""
    if len(left) <= 1:
        return -AFTER["finish"]
    values = [value(t, okey) for t in left]
    throwable = [value(t, okey) for t in left if not is_okey(t, okey)] or values
    return sum(values) - max(throwable)


def _draw_tile(face: int, rest: Sequence[int]) -> int:
    """A tile id of ``face`` that is not on the rack (the rack holds at most both)."""
    return face * 2 if face * 2 not in rest else face * 2 + 1


def _onto(table: Sequence[Sequence[int]], okey: int) -> dict[int, int]:
    """For each face that can be laid off on ``table``, one meld it can go on."""
    found: dict[int, int] = {}
    for index, meld in enumerate(table):
        run = run_start(meld, okey)
        if run is not None:
            colour, first = run
            last = first + len(meld) - 1
            ends = [v for v in (first - 1, last + 1) if 1 <= v <= 13]
            faces = [colour * 13 + v - 1 for v in ends]
        else:
            info = set_value(meld, okey)
            if info is None or len(meld) >= 4:
                continue
            value_, colours = info
            faces = [c * 13 + value_ - 1 for c in range(4) if c not in colours]
        for face in faces:
            if face != okey:
                found.setdefault(face, index)
    return found


def _chain(
    rest: Sequence[int], tile: int, meld: int, table: Sequence[Sequence[int]], okey: int
) -> list[int]:
    """``rest`` after ``tile`` goes onto table meld ``meld`` and rack tiles follow it there.

    (The rack held no layable tile before, so only that meld can take more.)
    """
    grown = list(table[meld])
    grown.insert(layoffs([tile], [grown], okey)[0][2], tile)
    left = list(rest)
    while len(left) > 1:
        places = layoffs(left, [grown], okey)
        if not places:
            break
        grown.insert(places[0][2], places[0][0])
        left.remove(places[0][0])
    return left


def expected_left(
    seat: Seat, rest: Sequence[int], live: Sequence[int], onto: dict[int, int] | None = None
) -> float:
    """What ``rest`` (the rack after a discard) leaves after the next draw, on average."""
    okey, rule = seat.okey, seat.rule
    onto = _onto(seat.table, okey) if onto is None else onto
    total = sum(live[f] for f in range(52) if f != okey)
    now = sum(value(t, okey) for t in rest)
    if total == 0:
        return now
    wild = any(is_okey(t, okey) for t in rest)
    have = {plays_as(t, okey) for t in rest if not is_okey(t, okey)}
    expected = 0.0
    for face in range(52):
        if live[face] == 0 or face == okey:
            continue
        tile = _draw_tile(face, rest)
        tiles = [*rest, tile]
        if wild or _partners(face, have):
            left = leftover(tiles, seat.table, okey, rule)
        elif face in onto:
            left = _chain(rest, tile, onto[face], seat.table, okey)
        else:
            left = tiles  # the draw makes no meld and goes nowhere
        expected += live[face] * _after_turn(left, okey)
    return expected / total + AFTER["now"] * now


def after_discard(seat: Seat, ranked: Sequence[int]) -> int:
    """The tile to throw among ``ranked`` (legal, not penalised, least useful first).

    Looks at the first ``shortlist`` tiles of ``ranked`` and at the highest
    one, and keeps the rack whose next draw leaves the least.
    """
    okey = seat.okey
    picks: list[int] = []
    for tile in ranked:
        if plays_as(tile, okey) not in {plays_as(t, okey) for t in picks}:
            picks.append(tile)
        if len(picks) == AFTER["shortlist"]:
            break
    top = max(ranked, key=lambda t: (value(t, okey), -ranked.index(t)))
    if top not in picks:
        picks.append(top)
    live = live_faces(seat)
    onto = _onto(seat.table, okey)

    def worth(tile: int) -> float:
        rest = list(seat.rack)
        rest.remove(tile)
        return expected_left(seat, rest, live, onto)

    return min(picks, key=lambda t: (worth(t), picks.index(t)))


def finish_now(seat: Seat) -> Action | None:
    """The first step of a finish this turn that the usual order would miss, if any.

    The engine suggests laying the melds worth most, and only when they leave
    a tile to discard; a rack whose tiles all go into melds (R1 R2 R3 R4:
    no suggestion) or whose best melds take the tiles lay-offs need, would
    sit a turn longer. So each tile is tried as the finishing discard (an
    okey first: it doubles the finish): if the others go down as melds and
    lay-offs, the melds are laid now (the lay-offs and the discard follow).
    """
    rack, okey = seat.rack, seat.okey
    if seat.opened != "melds" or not 2 <= len(rack) <= AFTER["finish_rack"]:
        return None
    tried: set[int] = set()
    for last in sorted(rack, key=lambda t: (not is_okey(t, okey), -value(t, okey), t)):
        face = plays_as(last, okey) if not is_okey(last, okey) else -1
        if last == seat.taken or face in tried:
            continue
        tried.add(face)
        rest = [t for t in rack if t != last]
        groups = best_opening(rest, okey, rule=seat.rule).groups
        laid = {t for g in groups for t in g}
        left = [t for t in rest if t not in laid]
        melds = [list(m) for m in seat.table] + [list(g) for g in groups]
        while left:
            places = layoffs(left, melds, okey)
            if not places:
                break
            tile, meld, position = places[0]
            melds[meld].insert(position, tile)
            left.remove(tile)
        if left:
            continue
        if groups:
            return {"type": "lay", "melds": [list(g) for g in groups]}
        return None  # lay-offs alone: the usual order finishes already
    return None


__all__ = ["AFTER", "after_discard", "expected_left", "finish_now", "leftover"]
