"""The review of a classic hand: at each of a seat's turns, the hard computer's move.

Everything the coach and the measure read comes from ``view_for(state, seat)``
at that moment: the seat's rack, its discards and its left neighbour's, every
discard top, the indicator and the hand's events as the seat saw them. The
replayed state only moves the hand on. The coach's own take is played on the
state when it hides nothing: taking the left discard (face up), or drawing
when the player drew too (the same tile, which the seat saw). When the coach
would draw but the player took, the tile it would have drawn is unknown, so
its discard is ``None`` and its distance is the one it keeps for certain (the
rack before the turn).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.classic.arrange import best_arrangement
from engine.classic.bots.coach import COACH_LEVEL, Coach, Distance
from engine.classic.game import apply, replay_action
from engine.classic.state import GameState
from engine.classic.view import view_for
from engine.core.errors import ActionError
from engine.core.review.replay import Game, ReviewMove, Turn, measure, seen_move, turn_entry
from engine.core.review.seat import SeatReview
from engine.core.review.texts import reason
from engine.core.review.verdicts import classic_verdict, worst

# The coach at a view (the bots' public coach, engine/classic/bots/coach.py); a
# test may put another player in its place.
CoachAt = Callable[[Mapping[str, Any]], Coach]

__all__ = ["COACH_LEVEL", "review_classic"]


def seat_view(state: Game, seat: int) -> dict[str, Any]:
    """The one view the review reads: the seat's own, with the hand's events."""
    assert isinstance(state, GameState)
    return view_for(state, seat, since=state.base_version)


@dataclass
class Move(ReviewMove):
    """A classic turn's move in review terms."""

    show_indicator: bool = False
    after: Game | None = None  # the state at the discard moment (after the take)
    at: Coach | None = None  # the coach at that moment (the coach's own move only)

    def own(self) -> dict[str, Any]:
        return {"show_indicator": self.show_indicator}


def played_move(turn: Turn) -> Move:
    move = Move(after=turn.start)
    for step in turn.steps:
        kind = step.action["type"]
        if kind == "show_indicator":
            move.show_indicator = True
        elif kind in ("draw", "take_discard"):
            move.take = "pile" if kind == "draw" else "discard"
            move.tile = step.events[0]["tile"]
        elif kind == "end_hand":
            move.end_hand = True
        elif kind in ("discard", "finish"):
            move.discard, move.finish = step.action["tile"], kind == "finish"
            continue
        move.after = step.after
    return move


def _same_moment(coach: Move, played: Move) -> bool:
    """Whether the coach reached its discard by the player's own actions (the same
    indicator show and the same take from the same state), so at the same state."""
    return coach.take == played.take and coach.show_indicator == played.show_indicator


def coach_move(
    start: GameState,
    seat: int,
    played: Move,
    coach: CoachAt,
    first: Coach | None = None,
    moment: Coach | None = None,
) -> Move:
    """What the coach plays from the seat's views, starting at the turn's start
    (``first``, ``moment``: the coach at the seat's views at the start and at the
    player's discard moment, if already built; each view is built and advised once)."""
    move = Move()
    try:
        return _coach_move(move, start, seat, played, coach, first, moment)
    except ActionError:
        # A bot's move the rules refuse is a bot bug: this turn's coach says
        # "unknown" (no discard) rather than failing the whole review.
        move.after, move.at, move.discard, move.finish = None, None, None, False
        return move


def _coach_move(
    move: Move,
    start: GameState,
    seat: int,
    played: Move,
    coach: CoachAt,
    first: Coach | None,
    moment: Coach | None,
) -> Move:
    state = start
    at = first if first is not None else coach(seat_view(state, seat))
    action = at.advice.action
    if action["type"] == "show_indicator":
        move.show_indicator = True
        state, _ = apply(state, seat, action)
        at = coach(seat_view(state, seat))
        action = at.advice.action
    if action["type"] == "end_hand":
        move.end_hand = True
        return move
    if action["type"] in ("draw", "take_discard"):
        move.take = "pile" if action["type"] == "draw" else "discard"
        if move.take == "pile" and played.take != "pile":
            return move  # the tile it would draw is one the seat never saw
        state, events = apply(state, seat, action)
        move.tile = events[-1]["tile"]
        same = moment is not None and _same_moment(move, played)
        at = moment if same and moment is not None else coach(seat_view(state, seat))
        action = at.advice.action
    move.after, move.at = state, at
    move.discard, move.finish = action["tile"], action["type"] == "finish"
    return move


def _finish_tiles(view: Mapping[str, Any]) -> list[int]:
    for entry in view["legal"]:
        if entry["type"] == "finish":
            return list(entry["tiles"])
    return []


def _rest(rack: Sequence[int], tile: int | None) -> list[int]:
    out = list(rack)
    if tile is not None:
        out.remove(tile)
    return out


def review_turn(turn: Turn, seat: int, index: int, lang: str, coach: CoachAt) -> dict[str, Any]:
    start = turn.start
    assert isinstance(start, GameState)
    first_coach = coach(seat_view(start, seat))
    first = first_coach.view
    played = played_move(turn)
    # The player's move, measured at its discard moment (its own view after the take).
    assert played.after is not None
    moment_coach = coach(seat_view(played.after, seat))
    moment = moment_coach.view
    advice = coach_move(start, seat, played, coach, first_coach, moment_coach)
    before, outs_before = first_coach.distance(first["rack"])
    okey = start.okey
    rack15 = moment["rack"]
    after, outs = moment_coach.distance(_rest(rack15, played.discard))
    coach_distance: Distance
    if advice.after is not None and advice.discard is not None:
        at = advice.at if advice.at is not None else coach(seat_view(advice.after, seat))
        coach_distance = at.distance(_rest(at.view["rack"], advice.discard))
    else:
        coach_distance = Distance(before, outs_before)  # what it keeps for certain
    coach_after, coach_outs = coach_distance
    finishes = _finish_tiles(moment)
    okey_finishes = [t for t in finishes if t >> 1 == okey]
    left_top = _left_top(first)
    verdict: str
    if played.finish:
        if okey_finishes and played.discard is not None and played.discard >> 1 != okey:
            why = reason("missed_okey_finish", lang, coach_tile=okey_finishes[0])
            verdict = "mistake"
        elif played.discard is not None and played.discard >> 1 == okey:
            verdict, why = "best", reason("finished_okey", lang)
        else:
            verdict, why = "best", reason("finished", lang)
    elif advice.finish:
        verdict = "blunder"
        if advice.take == "discard" and played.take != "discard":
            why = reason("missed_finish_take", lang, taken=left_top)
        else:
            why = reason("missed_finish", lang, coach_tile=advice.discard)
    elif played.end_hand or advice.end_hand:
        verdict, why = "best", reason("coach_move", lang)
    elif advice.discard is None:
        verdict = classic_verdict(after - coach_after, outs, coach_outs)
        code = "coach_unknown" if verdict in ("best", "good") else "take_no_help"
        why = reason(code, lang, taken=played.tile, after=after)
    elif played.take == advice.take and _same_face(played.discard, advice.discard):
        verdict, why = "best", reason("coach_move", lang)
    else:
        verdict = classic_verdict(after - coach_after, outs, coach_outs)
        params = {
            "tile": played.discard,
            "coach_tile": advice.discard,
            "after": after,
            "coach_after": coach_after,
        }
        if verdict == "best":
            why = reason("as_good", lang, after=after, outs=outs)
        elif verdict in ("good", "inaccuracy"):
            why = reason("fewer_outs", lang, **params, outs=outs, coach_outs=coach_outs)
        elif advice.take == "discard" and played.take != "discard":
            why = reason("missed_take", lang, taken=left_top, after=after, coach_after=coach_after)
        else:
            why = _broke(rack15, played.discard, start, lang, params)
    show = any(a["type"] == "show_indicator" for a in first["legal"])
    if show and not played.show_indicator:
        worse = worst(verdict, "mistake")
        if worse != verdict:
            why = reason("missed_indicator", lang, tile=start.indicator ^ 1)
        verdict = worse
    played_okey = played.finish and played.discard is not None and played.discard >> 1 == okey
    measured = measure(
        "tiles_from_win", before, after, coach_after, outs=outs, coach_outs=coach_outs
    )
    return {
        **turn_entry(index, turn, first["rack"], (played, advice), measured, verdict, why),
        "_could_win": (bool(finishes) or advice.finish) and not played.finish,
        "_missed_okey": bool(okey_finishes) and not played_okey,
        "_missed_show": show and not played.show_indicator,
    }


def _same_face(a: int | None, b: int | None) -> bool:
    return a is not None and b is not None and a >> 1 == b >> 1


def _left_top(view: Mapping[str, Any]) -> int | None:
    if view["phase"] != "take":
        return None
    seats = view["seats"]
    top = seats[(view["you"] - 1) % len(seats)]["discard_top"]
    return None if top is None else int(top)


def _broke(
    rack: Sequence[int], tile: int | None, state: GameState, lang: str, params: dict[str, Any]
) -> dict[str, Any]:
    """The reason of a move further from a win: the pair or meld it broke, if any."""
    assert tile is not None
    okey = state.okey
    if tile >> 1 != okey and sum(1 for t in rack if t >> 1 == tile >> 1) >= 2:
        return reason("broke_pair", lang, **params)
    opts = state.options
    layout = best_arrangement(list(rack), okey, run_13_1=opts.run_13_1, pairs=False)
    for group in layout.groups:
        if tile in group and len(group) >= 3:
            return reason("broke_meld", lang, **params, kept=list(group))
    return reason("further_from_win", lang, **params)


def others_move(turn: Turn) -> dict[str, Any]:
    """What another seat did in its turn, as the reviewed seat saw it (a drawn tile is hidden)."""
    played = played_move(turn)
    return seen_move(turn.seat, played, show_indicator=played.show_indicator)


# The review for a seat of a classic hand: review_classic(dealt, actions, seat, lang, coach).
review_classic: SeatReview[CoachAt] = SeatReview(
    "classic", replay_action, review_turn, others_move, coach=Coach
)
