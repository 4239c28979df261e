"""The hard 101 bot's discard: look one draw ahead before opening, and (optionally) block.

Before opening, among the few least useful tiles (by the shared judge of
:mod:`engine.okey101.bots`) the hard bot keeps the rack whose next draw is
most likely to open (:func:`engine.okey101.bots.ahead.draw_value`). With
:data:`BLOCK` weights above zero (off by default, see there), while the
next seat has not opened it also weighs how much each
discard could help that seat open (:func:`engine.okey101.bots.block.danger`):
half the openings in bot play come straight after taking the left discard.
A face the next seat let pass not long ago (it drew instead of taking it)
counts as less dangerous.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.tiles import plays_as
from engine.okey101.bots.ahead import draw_value, searches
from engine.okey101.bots.block import danger
from engine.okey101.bots.seat import Seat, live_faces
from engine.okey101.opening import THRESHOLD, opening_points

# Hard players look one draw ahead over this many least useful tiles, as
# long as that takes at most AHEAD_BUDGET opening searches (at least two
# tiles are compared): a dense rack costs up to ~200 searches (~60 ms) for
# four tiles, and a look-ahead over two tiles only (with an opening ready)
# measured within noise (30.6% against 31.1%, 1,000 hands, seed 3).
AHEAD_SHORTLIST = 4
AHEAD_BUDGET = 90
# Weight of the danger of feeding the next seat, before and after opening
# (a dict so that measurements can try others); ``declined`` scales the
# danger of a face the next seat let pass. Off by default: against three
# ``normal`` over the same 2,000 hands (seed 1) it cut the next seat's
# openings off our discards (0.34 -> 0.29 a hand) but cost more than it
# gained (hard 25.9% without, 24.3% with 0.4 before opening, 24.8% with
# 0.4 / 0.08); larger weights after opening cost more still (they keep
# high tiles, which count at the end).
BLOCK = {"before": 0.0, "after": 0.0, "declined": 0.3}


def hard_discard(seat: Seat, ranked: list[int], keep: Mapping[int, float], ahead: bool) -> int:
    """The tile to throw; ``ranked`` is ordered by ``keep`` (face -> worth kept)."""
    okey = seat.okey
    live = live_faces(seat)
    block = not seat.next_opened and (BLOCK["before"] > 0 or BLOCK["after"] > 0)

    def risk(tile: int) -> float:
        if not block:
            return 0.0
        face = plays_as(tile, okey)
        scale = BLOCK["declined"] if face in seat.declined else 1.0
        return danger(face, live) * scale

    if not ahead:
        return min(ranked, key=lambda t: (keep[plays_as(t, okey)] + BLOCK["after"] * risk(t), t))
    threshold = THRESHOLD[seat.rule]
    shortlist: list[int] = []
    for tile in ranked:
        if plays_as(tile, okey) not in {plays_as(t, okey) for t in shortlist}:
            shortlist.append(tile)
        if len(shortlist) == AHEAD_SHORTLIST:
            break
    cost = 0
    for count, tile in enumerate(shortlist):
        cost += searches([t for t in seat.rack if t != tile], live, okey)
        if count >= 2 and cost > AHEAD_BUDGET:
            shortlist = shortlist[:count]
            break

    def worth(tile: int) -> float:
        rest = [t for t in seat.rack if t != tile]
        points = opening_points(rest, okey, rule=seat.rule)
        return points + draw_value(rest, points, live, okey, seat.rule, threshold)

    return max(shortlist, key=lambda t: (worth(t) - BLOCK["before"] * risk(t), -shortlist.index(t)))


__all__ = ["AHEAD_SHORTLIST", "BLOCK", "hard_discard"]
