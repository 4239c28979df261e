"""The coach: a finished hand replayed, with the hard computer's move at each of one seat's turns.

``review_hand(hand, seat, lang)`` takes a finished hand's state (rebuilt from
its record) and answers, for each turn of ``seat``: the rack at that moment,
what the seat played, what the hard computer would have played from the
same seat's view, a measure comparing the two, a verdict and a one-line
reason in ``lang`` (en, tr, ko), plus a summary. The coach and the measure read
only the seat's view at each moment (``view_for``), never the pile or other
racks; tests/engine/review/ changes hidden tiles and checks that no coach answer
moves. Thresholds: :mod:`engine.core.review.verdicts`, docs/BOTS.md.

This is the one entry point: each variant's review (``engine/classic/review.py``,
``engine/okey101/review.py``) is reached through its ``Rules`` (engine/variants.py),
what they share is in ``engine/core/review/``.
"""

from __future__ import annotations

from typing import Any

from engine.core.review.replay import Action
from engine.core.review.texts import LANGS, lang_of
from engine.variants import Game, from_record, rules_of


class HandNotOver(ValueError):
    """Only a finished hand has a review: one in play would show what is still hidden."""


def review_hand(hand: Game, seat: int, lang: str = "en") -> dict[str, Any]:
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
    review = rules_of(dealt).review()
    return {"hand": dealt.hand_number, **review(dealt, actions, seat, lang_of(lang))}


def dealt_and_actions(hand: Game) -> tuple[Game, list[tuple[Action, bool]]]:
    """The hand as dealt, and its actions in order (each with whether a computer played it).

    The deal is the hand's own record with an empty log: no variant is named here."""
    rules = rules_of(hand)
    dealt = from_record({**rules.to_record(hand), "l": ""})
    return dealt, rules.decode_log(hand.log)  # a state's log is unpacked


__all__ = ["LANGS", "HandNotOver", "dealt_and_actions", "review_hand", "review_played"]
