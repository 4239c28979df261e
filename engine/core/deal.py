"""Dealing a hand from its seed: the plain deal and the tea-house deal.

Plain deal: shuffle (see :mod:`engine.core.shuffle`); the starter takes the first
15 tiles of the order, then each following seat in play order 14 (101 Okey
deals 22 and 21 the same way: ``sizes=(22, 21)``); the
indicator is the next tile of the order that is not a fake okey (a fake is
left where it is); the draw pile is the rest in order, drawn from the front.

Tea-house deal (option ``traditional_deal``, seed 001): after the shuffle two
dice are rolled from the same stream (``1 + below(6)`` each). The first 105
tiles of the order form 21 stacks of five (stack ``k`` is tiles
``5k..5k+4``); tile 106 is the spare. The indicator stack is
``(die1 + die2) % 21``; its tiles are turned from the top (first) until one
is not a fake, that tile becomes the indicator and the spare takes its place.
Dealing starts with the stack right after the indicator stack and goes round
the stacks (the indicator stack comes last): two rounds of five tiles per
seat from the starter on, then five more for the starter and four for each
other seat. The pile is what is left, in that same order. The odds are those
of the plain deal: only the animation and the record differ.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.shuffle import SeedStream, shuffled_tiles
from engine.core.tiles import FAKE_FACE, face_of


@dataclass(frozen=True)
class Deal:
    racks: tuple[tuple[int, ...], ...]
    indicator: int
    pile: tuple[int, ...]  # front is drawn first
    dice: tuple[int, int] | None = None


def _is_fake(tile: int) -> bool:
    return face_of(tile) == FAKE_FACE


CLASSIC_SIZES = (15, 14)


def deal(
    seed: bytes,
    seats: int,
    starter: int,
    *,
    sizes: tuple[int, int] = CLASSIC_SIZES,
    traditional: bool = False,
) -> Deal:
    """Deal a hand: ``sizes`` are the starter's rack and every other seat's.

    The tea-house deal is the classic one only (stacks of five make 15 and 14).

    >>> d = deal(bytes(32), 4, 0)
    >>> [len(r) for r in d.racks], len(d.pile)
    ([15, 14, 14, 14], 48)
    >>> t = deal(bytes(32), 3, 1, traditional=True)
    >>> [len(r) for r in t.racks], len(t.pile), t.dice is not None
    ([14, 15, 14], 62, True)
    >>> [len(r) for r in deal(bytes(32), 2, 1, sizes=(22, 21)).racks]
    [21, 22]
    """
    if traditional and sizes != CLASSIC_SIZES:
        raise ValueError("the tea-house deal deals 15 and 14 tiles")
    stream = SeedStream(seed)
    order = shuffled_tiles(seed, stream)
    seat_order = [(starter + k) % seats for k in range(seats)]
    racks: list[list[int]] = [[] for _ in range(seats)]
    if not traditional:
        pos = 0
        for k, seat in enumerate(seat_order):
            take = sizes[0] if k == 0 else sizes[1]
            racks[seat] = order[pos : pos + take]
            pos += take
        rest = order[pos:]
        at = next(i for i, t in enumerate(rest) if not _is_fake(t))
        indicator = rest.pop(at)
        return Deal(tuple(tuple(r) for r in racks), indicator, tuple(rest))

    die1, die2 = 1 + stream.below(6), 1 + stream.below(6)
    stacks = [order[5 * k : 5 * k + 5] for k in range(21)]
    spare = order[105]
    chosen = (die1 + die2) % 21
    stack = stacks[chosen]
    at = next(i for i, t in enumerate(stack) if not _is_fake(t))
    indicator = stack[at]
    stack[at] = spare
    sequence = [t for k in range(1, 22) for t in stacks[(chosen + k) % 21]]
    pos = 0
    for rnd in range(3):
        for k, seat in enumerate(seat_order):
            take = 5 if rnd < 2 or k == 0 else 4
            racks[seat].extend(sequence[pos : pos + take])
            pos += take
    return Deal(tuple(tuple(r) for r in racks), indicator, tuple(sequence[pos:]), (die1, die2))
