"""The shell every variant's moves run in: shape checks, the turn check, copy or replay.

A variant supplies three functions to :class:`Moves`: ``parse`` checks an
action's shape and returns what ``play`` needs (its type first), ``play``
changes a state in place and returns the events, ``next_hand`` deals the next
hand of a finished one. :meth:`Moves.apply` and :meth:`Moves.replay` then give
the two entry points with the same checks in the same order.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from engine.core.errors import IllegalAction, MalformedAction, NotYourTurn
from engine.core.state import Event, HandState
from engine.core.tiles import TILE_COUNT

S = TypeVar("S", bound=HandState)
P = TypeVar("P", bound=tuple[Any, ...])


def check_type(state: HandState, seat: int, action: Any, kinds: Collection[str]) -> str:
    """The action's type, once the action is an object, the seat exists and the type is known
    (``next_hand`` is always known)."""
    if not isinstance(action, Mapping):
        raise MalformedAction("an action is an object with a type")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.seats:
        raise MalformedAction(f"no seat {seat!r} at this table")
    kind = action.get("type")
    if kind != "next_hand" and kind not in kinds:
        raise MalformedAction(f"unknown action type {kind!r}")
    return str(kind)


def check_turn(state: HandState, seat: int) -> None:
    if state.phase == "over":
        raise IllegalAction("the hand is over")
    if seat != state.turn:
        raise NotYourTurn("it is not your turn")


def read_tile(value: Any, message: str = "a tile is an id 0..105") -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < TILE_COUNT:
        raise MalformedAction(message)
    return value


def mark_auto(events: list[Event]) -> None:
    """Mark the events of a turn a computer played for the seat (its time ran out)."""
    for event in events:
        event["auto"] = True


@dataclass(frozen=True)
class Moves(Generic[S, P]):
    """A variant's moves behind the shared :meth:`apply` / :meth:`replay` shell."""

    parse: Callable[[S, int, Mapping[str, Any]], P]
    play: Callable[[S, int, P, bool], list[Event]]
    next_hand: Callable[[S], tuple[S, list[Event]]]

    def apply(
        self, state: S, seat: int, action: Mapping[str, Any], auto: bool = False
    ) -> tuple[S, list[Event]]:
        """Check an action and return the new state and its events; ``state`` is unchanged.

        ``auto`` marks a turn a computer played for the seat (its time ran out).
        Raises :class:`MalformedAction`, :class:`NotYourTurn` or :class:`IllegalAction`.
        """
        parsed = self.parse(state, seat, action)
        if parsed[0] == "next_hand":
            return self.next_hand(state)
        check_turn(state, seat)
        new = state.copy()
        return new, self.play(new, seat, parsed, auto)

    def replay(
        self, state: S, seat: int, action: Mapping[str, Any], auto: bool = False
    ) -> list[Event]:
        """Like :meth:`apply`, but changes ``state`` in place.

        Only for rebuilding a state from its own log, where copying the state for
        every replayed action would make loading a long hand quadratic. A refused
        action may leave ``state`` half changed.
        """
        parsed = self.parse(state, seat, action)
        if parsed[0] == "next_hand":
            raise ValueError("a hand's log never holds next_hand")
        check_turn(state, seat)
        return self.play(state, seat, parsed, auto)


def legal_preamble(state: HandState) -> list[dict[str, Any]]:
    """What any seat may do once a hand is over: deal the next one, unless the match is over."""
    return [] if state.match_winners else [{"type": "next_hand"}]


def check_next_hand(state: HandState) -> None:
    if state.phase != "over":
        raise IllegalAction("the hand is still being played")
    if state.match_winners:
        raise IllegalAction("the match is over")
