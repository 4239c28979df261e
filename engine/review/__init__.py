"""The coach: a finished hand replayed, with the hard computer's move at each of one seat's turns.

``review_hand(hand, seat, lang)`` takes a finished hand's state (rebuilt from
its record) and answers, for each turn of ``seat``: the rack at that moment,
what the seat played, what the hard computer would have played from the
same seat's view, a measure comparing the two, a verdict and a one-line
reason in ``lang`` (en, tr, ko), plus a summary. The coach and the measure read
only the seat's view at each moment (``view_for``), never the pile or other
racks; tests/engine/test_review.py changes hidden tiles and checks that no
coach answer moves. Thresholds: :mod:`engine.review.verdicts`, docs/BOTS.md.
"""

from __future__ import annotations

from typing import Any

from engine.classic.state import GameState
from engine.okey101.state import State101
from engine.review.replay import Action, Game, dealt_and_actions
from engine.review.texts import LANGS, lang_of


class HandNotOver(ValueError):
    """Only a finished hand has a review: one in play would show what is still hidden."""


def review_hand(hand: GameState | State101, seat: int, lang: str = "en") -> dict[str, Any]:
    """The review of finished hand ``hand`` for ``seat`` (0-based), in ``lang``."""
    if hand.phase != "over":
        raise HandNotOver("the hand is still being played")
    if not 0 <= seat < hand.seats:
        raise ValueError(f"no seat {seat} at this table")
    return review_played(*dealt_and_actions(hand), seat, lang)


def review_played(
    dealt: Game, actions: list[tuple[Action, bool]], seat: int, lang: str = "en"
) -> dict[str, Any]:
    """The review of ``actions`` played from the deal ``dealt`` (see :func:`review_hand`)."""
    lang = lang_of(lang)
    if isinstance(dealt, State101):
        from engine.review.okey101 import review_101

        return {"hand": dealt.hand_number, **review_101(dealt, actions, seat, lang)}
    from engine.review.classic import review_classic

    return {"hand": dealt.hand_number, **review_classic(dealt, actions, seat, lang)}


__all__ = ["LANGS", "HandNotOver", "review_hand", "review_played"]
