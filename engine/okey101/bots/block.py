"""How much a discard may help the next seat (the hard 101 bot's blocking).

The next seat may take a discard only when it uses it at once, and a seat
that has not opened uses it only to open: about half of all openings in
bot play come straight after taking the left discard. A discard that lets
the next seat open turns its 202 into a few dozen points, so the hard bot
weighs, for each face it could throw, the melds that face would complete
with tiles it has not seen (they may be on the next seat's rack), each
weighted by its points (higher melds reach the threshold sooner).

>>> live = [2] * 52
>>> danger(12, live) > danger(0, live) > 0   # R13 feeds more than R1
True
>>> dead = list(live); dead[10] = dead[11] = dead[25] = dead[38] = dead[51] = 0
>>> danger(12, dead)                         # R11 R12 and the other 13s all seen
0.0
"""

from __future__ import annotations

from collections.abc import Sequence


def _chance(live: Sequence[int], face: int) -> float:
    """A rough chance that the next seat holds a copy of ``face`` (0, .4 or .65)."""
    return (0.0, 0.4, 0.65)[min(2, live[face])]


def danger(face: int, live: Sequence[int]) -> float:
    """Points-weighted chance that ``face`` completes a meld for the next seat."""
    colour, value = divmod(face, 13)
    total = 0.0
    for a, b in ((value - 2, value - 1), (value - 1, value + 1), (value + 1, value + 2)):
        if a >= 0 and b <= 12:
            chance = _chance(live, colour * 13 + a) * _chance(live, colour * 13 + b)
            total += chance * (a + b + value + 3)
    others = [_chance(live, c * 13 + value) for c in range(4) if c != colour]
    pairs = others[0] * others[1] + others[0] * others[2] + others[1] * others[2]
    total += min(1.0, pairs) * 3 * (value + 1)
    return total


__all__ = ["danger"]
