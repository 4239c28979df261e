"""A seat's review of a whole hand, the same walk for both variants.

A variant declares its review as a :class:`SeatReview`: its name, its ``replay_action``, how
it reviews one of the seat's turns and how it shows another seat's move, its default coach
and the summary fields only it has. The walk, the summary both variants give and the shape
of the answer are here once.

A reviewed turn may carry fields starting with ``_`` for the summary: ``_could_win`` (the
seat or the coach could finish and the seat did not), ``_missed_okey`` (a finish with the
okey the seat did not play) and ``_missed_show`` (an indicator show the seat let pass; a
variant without one leaves it out). They never go out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from engine.core.review.replay import Action, Game, Replay, Turn, seat_turns
from engine.core.review.verdicts import counts

C = TypeVar("C")  # the variant's coach: what its turn review asks for a move
Entry = dict[str, Any]


def _nothing_more(out: list[Entry]) -> Entry:
    return {}


@dataclass(frozen=True)
class SeatReview(Generic[C]):
    """One variant's review; called as ``review(dealt, actions, seat, lang, coach)``."""

    variant: str  # the answer's "variant"
    play: Replay  # the variant's replay_action
    # (turn, seat, index among the seat's turns, lang, coach) -> the turn's entry
    review_turn: Callable[[Turn, int, int, str, C], Entry]
    others_move: Callable[[Turn], Entry]  # another seat's move, as the seat saw it
    coach: C  # the coach a review asks unless a test passes another
    more_summary: Callable[[list[Entry]], Entry] = _nothing_more  # the variant's own fields

    def __call__(
        self,
        dealt: Game,
        actions: list[tuple[Action, bool]],
        seat: int,
        lang: str = "en",
        coach: C | None = None,
    ) -> Entry:
        """The review for ``seat`` of the hand ``actions`` played from ``dealt``."""
        at = self.coach if coach is None else coach
        out, others = seat_turns(
            dealt,
            actions,
            seat,
            self.play,
            lambda turn, index: self.review_turn(turn, seat, index, lang, at),
            self.others_move,
        )
        summary = {
            "counts": counts([t["verdict"] for t in out]),
            "mistakes": [t["index"] for t in out if t["verdict"] in ("mistake", "blunder")],
            "could_have_won": [t["index"] for t in out if t["_could_win"]],
            "missed_okey_finish": [t["index"] for t in out if t["_missed_okey"]],
            "missed_indicator_show": any(t.get("_missed_show", False) for t in out),
            "others_after": others,  # what the others did after the seat's last turn
            **self.more_summary(out),
        }
        for entry in out:
            for key in [k for k in entry if k.startswith("_")]:
                entry.pop(key)
        return {
            "variant": self.variant,
            "seat": seat,
            "lang": lang,
            "turns": out,
            "summary": summary,
        }
