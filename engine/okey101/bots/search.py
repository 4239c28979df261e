"""The hard 101 bot's discard search: play each shortlisted discard out on sampled deals.

The shared judge and the one-draw look-ahead rank the tiles; the few best
candidates are then compared by playing the rest of the hand out
(:func:`engine.okey101.bots.rollout.playout`) on the same few guesses at
the hidden tiles (:func:`engine.okey101.bots.sample.sample_deal`, built from
the view alone), and the candidate that wins the most of those hands (a
shared lowest score counts its share, plus a weighed score margin) is
thrown. The same deals serve every candidate, so their difference is not
noise from one lucky deal. All chance comes from the stream the caller
derives from its seed: the same view and seed give the same tile. Off by
default (:data:`SEARCH`): measured, it won no more hands than the judge.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.okey101.bots.rollout import playout
from engine.okey101.bots.sample import Deal, sample_deal
from engine.okey101.bots.seat import Seat
from engine.okey101.scoring import PENALTY
from engine.okey101.table import layoffs

# Settings (a dict so that measurements can try others): ``before`` and
# ``after`` switch the discard search on before and after the seat opened
# with melds, ``hold`` the hold-or-open search; ``candidates`` distinct faces
# are compared over ``deals`` deals; ``margin`` weighs 100 points of lead over
# the best other seat against one won deal; an alternative replaces the
# judge's pick only when it wins more than ``lead`` over the deals.
# All off: measured against three ``normal`` (docs/BOTS.md, 1,200 hands, the
# same deals), before and after with 12 deals of 2 candidates won 28.9% and
# 27.7% (seeds 1 and 2) against 27.7% and 27.7% without, averaging 57.2 and
# 56.6 points a hand against 56.3 and 54.4, and cost ~90 ms at p95; 18 deals
# 28.6% (seed 1); ``lead`` 1 28.2% (seed 1). Holding (300 hands, seed 1):
# 26.2% against 27.3%.
SEARCH: dict[str, Any] = {
    "before": False,
    "after": False,
    "candidates": 2,
    "deals": 12,
    "hold": False,
    "hold_deals": 10,
    "margin": 0.5,
    "lead": 0.0,
}


def _copy(deal: Deal) -> Deal:
    return Deal(
        you=deal.you,
        racks=[list(r) for r in deal.racks],
        pile=list(deal.pile),
        discards=[list(d) for d in deal.discards],
        table=[list(m) for m in deal.table],
        opened=list(deal.opened),
        penalties=list(deal.penalties),
        holding=deal.holding,
        penalise=deal.penalise,
    )


def _outcome(scores: Sequence[int], you: int) -> float:
    """A share of the win (ties split), plus the weighed margin to the best other seat."""
    low = min(scores)
    tied = sum(1 for s in scores if s == low)
    share = 1 / tied if scores[you] == low and tied < len(scores) else 0.0
    best_other = min(s for seat, s in enumerate(scores) if seat != you)
    return share + float(SEARCH["margin"]) * (best_other - scores[you]) / 100


def shortlist(ranked: Sequence[int], first: int, okey: int, size: int) -> list[int]:
    """``first`` and then the best ranked tiles of other faces, ``size`` in all."""
    picked = [first]
    faces = {first >> 1}
    for tile in ranked:
        if len(picked) >= size:
            break
        if tile >> 1 not in faces and tile >> 1 != okey:
            picked.append(tile)
            faces.add(tile >> 1)
    return picked


def search_discard(
    view: Mapping[str, Any], seat: Seat, candidates: Sequence[int], rng: random.Random
) -> int:
    """The candidate that wins most playouts; the first one on a tie."""
    if len(candidates) < 2:
        return candidates[0]
    totals = [0.0] * len(candidates)
    okey = seat.okey
    for _ in range(int(SEARCH["deals"])):
        deal = sample_deal(view, rng)
        for index, tile in enumerate(candidates):
            trial = _copy(deal)
            rack = trial.racks[seat.you]
            layable = tile >> 1 == okey or bool(layoffs([tile], trial.table, okey))
            if trial.penalise and len(rack) > 1 and layable:
                trial.penalties[seat.you] += PENALTY
            rack.remove(tile)
            trial.discards[seat.you].append(tile)
            if not rack:
                return tile  # a finishing discard needs no search
            turn = (seat.you + 1) % len(trial.racks)
            scores = playout(trial, seat.okey, seat.rule, turn)
            totals[index] += _outcome(scores, seat.you)
    best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    # a few deals are noisy: leave the judge's pick only for a clear lead
    return candidates[best] if totals[best] - totals[0] > float(SEARCH["lead"]) else candidates[0]


def search_hold(
    view: Mapping[str, Any],
    seat: Seat,
    groups: tuple[tuple[int, ...], ...],
    rng: random.Random,
) -> bool:
    """Whether keeping the ready opening ``groups`` back wins more playouts than opening now.

    Held, the seat opens once it can open and finish in one turn, or on its
    last turn (:class:`engine.okey101.bots.rollout` plays it so); a tie opens.
    """
    gain = 0.0
    for _ in range(int(SEARCH["hold_deals"])):
        deal = sample_deal(view, rng)
        now = _copy(deal)
        scores = playout(now, seat.okey, seat.rule, seat.you, opening=groups, mid_turn=True)
        gain -= _outcome(scores, seat.you)
        deal.holding = seat.you
        scores = playout(deal, seat.okey, seat.rule, seat.you, mid_turn=True)
        gain += _outcome(scores, seat.you)
    return gain > 0


__all__ = ["SEARCH", "search_discard", "search_hold", "shortlist"]
