"""Replay a finished hand turn by turn, as the review needs it.

A finished hand is rebuilt from its own record: the deal (the record with an
empty log) and then the logged actions one by one. The replay cuts them into
turns (a seat's actions until the turn passes) and keeps, for each turn, the
state at its start and after each of its actions. The states hold hidden
tiles (the pile, the other racks); the review reads them only through the
variant's ``view_for`` for the reviewed seat (see :mod:`engine.review`).

Nothing here knows a variant: the caller passes the variant's ``replay_action``
(``Rules.replay_action``, engine/variants.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from engine.core.state import HandState

Game = HandState  # either variant's state; each variant's review narrows it to its own
Action = dict[str, Any]
# (state, seat, action, *, auto) -> the events: plays on ``state`` itself, as a replay does
Replay = Callable[..., list[dict[str, Any]]]


@dataclass
class Step:
    """One action of a turn and the state right after it."""

    action: Action
    after: Game
    events: list[dict[str, Any]]  # the events it caused


@dataclass
class Turn:
    """One seat's turn: the state at its start and each action played."""

    seat: int
    start: Game
    steps: list[Step] = field(default_factory=list)

    @property
    def event_index(self) -> int:
        """Index in the hand's events of the turn's first event."""
        return len(self.start.events)


def play_turns(dealt: Game, actions: list[tuple[Action, bool]], play: Replay) -> Iterator[Turn]:
    """The turns of ``actions`` played from ``dealt`` (which is not changed) by the variant's
    ``play`` (its ``replay_action``)."""
    state = dealt.copy()
    current: Turn | None = None
    for action, auto in actions:
        seat = state.turn
        if current is None or current.seat != seat:
            if current is not None:
                yield current
            current = Turn(seat, state.copy())
        events = play(state, seat, action, auto=auto)
        current.steps.append(Step(action, state.copy(), [dict(e) for e in events]))
    if current is not None:
        yield current


def seat_turns(
    dealt: Game,
    actions: list[tuple[Action, bool]],
    seat: int,
    play: Replay,
    review_turn: Callable[[Turn, int], dict[str, Any]],
    others_move: Callable[[Turn], dict[str, Any]],
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Each of ``seat``'s turns reviewed by ``review_turn(turn, index)``, with the other seats'
    moves since its previous turn under ``"others"``; and the others' moves after its last
    turn. Both variants walk a hand this way; what a turn's entry holds is theirs."""
    out: list[dict[str, Any]] = []
    others: list[dict[str, Any]] = []
    for turn in play_turns(dealt, actions, play):
        if turn.seat != seat:
            others.append(others_move(turn))
            continue
        entry = review_turn(turn, len(out))
        entry["others"], others = others, []
        out.append(entry)
    return out, others


@dataclass
class ReviewMove:
    """A turn's move in review terms: what both variants' moves carry (each variant's
    ``Move`` adds its own fields and names the public ones in :meth:`own`)."""

    take: str | None = None  # "pile", "discard" or None (the starter's first turn)
    tile: int | None = None  # the tile taken (None when unknown: the coach's draw)
    discard: int | None = None  # the tile thrown, or placed to finish
    finish: bool = False
    end_hand: bool = False

    def own(self) -> dict[str, Any]:
        """The variant's fields of the public move."""
        return {}

    def public(self, coach: bool) -> dict[str, Any]:
        """The move as it goes out; the coach's without the tile its draw would take, which
        no one saw."""
        out: dict[str, Any] = {"take": self.take, "discard": self.discard, "finish": self.finish}
        out.update(self.own())
        if not coach:
            out["tile"] = self.tile
        if self.end_hand:
            out["end_hand"] = True
        return out


def seen_move(seat: int, played: ReviewMove, **extra: Any) -> dict[str, Any]:
    """Another seat's move as the reviewed seat saw it: a tile taken from the discards is
    public, one drawn from the pile stays hidden. ``extra``: the variant's own fields."""
    return {
        "seat": seat,
        "take": played.take,
        "tile": played.tile if played.take == "discard" else None,
        "discard": played.discard,
        "finish": played.finish,
        **extra,
    }


def measure(name: str, before: int, after: int, coach_after: int, **more: Any) -> dict[str, Any]:
    """A turn's measure: ``name`` before the turn, after the seat's move, after the coach's."""
    return {"name": name, "before": before, "after": after, "coach_after": coach_after, **more}


def turn_entry(
    index: int,
    turn: Turn,
    rack: list[int],
    moves: tuple[ReviewMove, ReviewMove],
    measured: dict[str, Any],
    verdict: str,
    why: dict[str, Any],
) -> dict[str, Any]:
    """The fields every variant's reviewed turn starts with; ``moves``: (played, coach's)."""
    played, advice = moves
    return {
        "index": index,
        "event_index": turn.event_index,
        "rack": list(rack),
        "played": played.public(coach=False),
        "coach": advice.public(coach=True),
        "measure": measured,
        "verdict": verdict,
        "reason": why,
    }
