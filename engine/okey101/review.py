"""The review of a 101 hand: at each of a seat's turns, the hard computer's whole turn.

A 101 turn is a sequence (take, open or lay, lay-offs and swaps, discard), so
the coach is asked again on the seat's fresh view after each of its own
actions, on a copy of the state, until it discards. As in classic (see
:mod:`engine.classic.review`) everything it reads is ``view_for(state, seat)``;
its actions move only tiles the seat holds or sees (the left discard, the
table), and its draw is played only when the player drew too (the same tile).
The measure is the points the seat's rack would count if the hand ended now
(202 while not opened, the penalties of the turn added, -101 for a finish),
and while neither move opens, the points of the best opening the rack holds.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.core.errors import ActionError
from engine.core.review.replay import (
    Action,
    Game,
    ReviewMove,
    Turn,
    measure,
    seen_move,
    turn_entry,
)
from engine.core.review.seat import SeatReview
from engine.core.review.texts import reason
from engine.core.review.verdicts import opening_verdict, points_verdict
from engine.okey101.bots import choose_action101
from engine.okey101.game import apply, replay_action
from engine.okey101.opening import opening_points
from engine.okey101.scoring import FINISH, NEVER_OPENED, rack_points
from engine.okey101.state import State101
from engine.okey101.view import view_for

COACH_LEVEL = "hard"
# A coach's turn is a handful of actions; this bounds a bot that never discards.
MAX_COACH_ACTIONS = 60
Coach = Callable[[Mapping[str, Any], str, int], dict[str, Any]]


def seat_view(state: Game, seat: int) -> dict[str, Any]:
    """The one view the review reads: the seat's own, with the hand's events."""
    assert isinstance(state, State101)
    return view_for(state, seat, since=state.base_version)


@dataclass
class Move(ReviewMove):
    """A 101 turn's move in review terms."""

    opened: str | None = None  # "melds" or "pairs" when the turn opened
    open_points: int = 0  # the best opening the rack held when it opened
    laid: int = 0  # tiles put on the table
    penalty: int = 0
    drew: bool = False  # drew from the pile at some point of the turn
    unknown: bool = False  # the coach would draw a tile the seat never saw
    moment: Game | None = None  # the state just before the discard
    final: Game | None = None  # the state once the turn is played

    def own(self) -> dict[str, Any]:
        return {"opened": self.opened, "laid": self.laid, "penalty": self.penalty}


def _note(move: Move, before: State101, action: Action, after: State101, seat: int) -> None:
    """What one action adds to a move (``before``/``after``: the state around it)."""
    kind = action["type"]
    if kind in ("draw", "take_discard"):
        move.take = "pile" if kind == "draw" else "discard"
        move.drew = move.drew or kind == "draw"
        move.tile = after.events[-1]["tile"]
    elif kind == "open":
        move.opened = "pairs" if "pairs" in action else "melds"
        rule = before.options.opening_rule
        move.open_points = opening_points(before.racks[seat], before.okey, rule=rule)
        move.laid += sum(len(g) for g in action.get("melds") or action.get("pairs") or [])
    elif kind == "lay":
        move.laid += sum(len(g) for g in action.get("melds") or action.get("pairs") or [])
    elif kind == "layoff":
        move.laid += 1
    elif kind == "discard":
        move.moment = before
        move.discard = action["tile"]
        move.penalty = after.penalties[seat] - before.penalties[seat]
        move.finish = after.finisher == seat
    elif kind == "end_hand":
        move.end_hand = True
    move.final = after


def played_move(turn: Turn) -> Move:
    move = Move(moment=turn.start, final=turn.start)
    before = turn.start
    for step in turn.steps:
        assert isinstance(before, State101) and isinstance(step.after, State101)
        _note(move, before, step.action, step.after, turn.seat)
        before = step.after
    return move


def coach_move(start: State101, seat: int, played: Move, coach: Coach) -> Move:
    """The coach's whole turn from the seat's views, starting at the turn's start."""
    move = Move(moment=start, final=start)
    state = start
    for _ in range(MAX_COACH_ACTIONS):
        if state.phase == "over" or state.turn != seat:
            break
        action = coach(seat_view(state, seat), COACH_LEVEL, 0)
        if action["type"] == "draw" and not played.drew:
            move.take, move.unknown = "pile", True
            return move  # the tile it would draw is one the seat never saw
        try:
            after, _ = apply(state, seat, action)
        except ActionError:
            # A bot's move the rules refuse is a bot bug: the review says "unknown"
            # for this turn rather than failing the whole hand.
            move.unknown = True
            return move
        _note(move, state, action, after, seat)
        state = after
        if action["type"] in ("discard", "end_hand"):
            break
    return move


def hand_points(state: Game | None, start: State101, seat: int) -> int:
    """What the seat's rack would count if the hand ended now, this turn's penalties added."""
    assert isinstance(state, State101)
    penalties = state.penalties[seat] - start.penalties[seat]
    if state.finisher == seat:
        return -FINISH + penalties
    opened = state.opened[seat]
    if opened is None:
        return NEVER_OPENED + penalties
    points = rack_points(state.racks[seat], state.okey)
    return (2 * points if opened == "pairs" else points) + penalties


def _opening(state: Game | None, seat: int) -> int | None:
    assert isinstance(state, State101)
    if state.opened[seat] is not None:
        return None
    rule = state.options.opening_rule
    return opening_points(state.racks[seat], state.okey, rule=rule)


def _legal(view: Mapping[str, Any], kind: str) -> list[dict[str, Any]]:
    return [a for a in view["legal"] if a["type"] == kind]


def review_turn(turn: Turn, seat: int, index: int, lang: str, coach: Coach) -> dict[str, Any]:
    start = turn.start
    assert isinstance(start, State101)
    first = seat_view(start, seat)
    played = played_move(turn)
    advice = coach_move(start, seat, played, coach)
    before = hand_points(start, start, seat)
    after = hand_points(played.final, start, seat)
    final = advice.final if not advice.unknown else start
    coach_after = hand_points(final, start, seat)
    opening, coach_opening = _opening(played.final, seat), _opening(final, seat)
    moment = seat_view(played.moment or start, seat)
    layable = {a["tile"] for a in _legal(moment, "layoff")} - {played.discard}
    missed = sorted(layable) if not played.finish else []
    penalised = [t for a in _legal(moment, "discard") for t in a.get("penalised", [])]
    avoided = bool(penalised) and played.discard is not None and played.penalty == 0
    okey = start.okey
    params = {"tile": played.discard, "coach_tile": advice.discard}
    if played.finish:
        verdict, why = "best", reason("finished101", lang)
    elif advice.finish:
        verdict, why = "blunder", reason("missed_finish101", lang)
    elif played.end_hand or advice.end_hand:
        verdict, why = "best", reason("coach_move", lang)
    elif advice.unknown:
        verdict = "best" if after <= before else points_verdict(after - before)
        why = reason("coach_unknown", lang)
    elif (
        played.take == advice.take
        and _same_face(played.discard, advice.discard)
        and played.opened == advice.opened
        and played.laid == advice.laid
    ):
        verdict, why = "best", reason("coach_move", lang)
    elif played.penalty and not advice.penalty:
        verdict, why = "blunder", reason("penalty", lang, tile=played.discard)
    elif opening is not None and coach_opening is not None:
        verdict = opening_verdict(coach_opening - opening)
        if verdict == "best":
            why = reason("as_good101", lang)
        else:
            why = reason("weaker_opening", lang, **params, after=opening, coach_after=coach_opening)
    elif advice.opened and not played.opened and opening is not None:
        verdict = points_verdict(after - coach_after)
        why = reason("missed_open", lang, points=advice.open_points)
    else:
        verdict = points_verdict(after - coach_after)
        if verdict == "best":
            why = reason("as_good101", lang)
        elif missed:
            why = reason("missed_layoffs", lang, tiles=missed, points=after)
        else:
            why = reason("higher_rack", lang, after=after, coach_after=coach_after)
    final_state = played.final
    assert isinstance(final_state, State101)
    coach_okey = advice.finish and advice.discard is not None and advice.discard >> 1 == okey
    played_okey = played.finish and played.discard is not None and played.discard >> 1 == okey
    measured = measure(
        "hand_points",
        before,
        after,
        coach_after,
        opening_points=opening,
        coach_opening_points=coach_opening,
    )
    return {
        **turn_entry(index, turn, first["rack"], (played, advice), measured, verdict, why),
        "opened": final_state.opened[seat] is not None,
        "penalties": (
            [{"tile": played.discard, "points": played.penalty}] if played.penalty else []
        ),
        "missed_layoffs": missed,
        "_could_win": advice.finish and not played.finish,
        "_missed_okey": coach_okey and not played_okey,
        "_could_open": bool(_legal(moment, "open")) or advice.opened is not None,
        "_avoided": avoided,
    }


def _same_face(a: int | None, b: int | None) -> bool:
    return a is not None and b is not None and a >> 1 == b >> 1


def others_move(turn: Turn) -> dict[str, Any]:
    """What another seat did in its turn, as the reviewed seat saw it (a drawn tile is hidden)."""
    played = played_move(turn)
    return seen_move(turn.seat, played, opened=played.opened, laid=played.laid)


def _more_summary(out: list[dict[str, Any]]) -> dict[str, Any]:
    """The summary's 101 fields: the opening, the penalties, the lay-offs missed."""
    return {
        "opening_turn": next((t["index"] for t in out if t["played"]["opened"]), None),
        "could_open_turn": next((t["index"] for t in out if t["_could_open"]), None),
        "penalties_taken": [{"turn": t["index"], **p} for t in out for p in t["penalties"]],
        "penalties_avoided": sum(1 for t in out if t["_avoided"]),
        "missed_layoffs": [
            {"turn": t["index"], "tiles": t["missed_layoffs"]} for t in out if t["missed_layoffs"]
        ],
    }


# The review for a seat of a 101 hand: review_101(dealt, actions, seat, lang, coach). 101 has
# no indicator show: its summary's "missed_indicator_show" is always false.
review_101: SeatReview[Coach] = SeatReview(
    "101",
    replay_action,
    review_turn,
    others_move,
    coach=choose_action101,
    more_summary=_more_summary,
)


__all__ = ["review_101"]
