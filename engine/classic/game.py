"""Moves as plain functions on state: ``apply(state, seat, action)``.

>>> state = new_match(Options(seats=2), bytes(32))
>>> state.turn, state.phase, len(state.racks[0])
(0, 'discard', 15)
>>> tile = state.racks[0][0]
>>> state2, events = apply(state, 0, {"type": "discard", "tile": tile})
>>> events[0]["type"], state2.turn, state2.phase, state.turn
('discard', 1, 'take', 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.classic import hand
from engine.classic.legal import can_show_indicator
from engine.classic.legal import legal_actions as legal_actions  # its old home, still imported
from engine.classic.log import LOG_AUTO, LOG_DRAW, LOG_END, LOG_FINISH, LOG_SHOW, LOG_TAKE
from engine.classic.options import Options
from engine.classic.scoring import finish_deltas, finish_points, indicator_deltas, match_result
from engine.classic.state import TURN_LIMIT, Event, GameState, HandResult, HandSummary
from engine.core.deal import deal
from engine.core.errors import IllegalAction
from engine.core.game import (
    Moves,
    check_next_hand,
    check_type,
    mark_auto,
    read_tile,
)
from engine.core.shuffle import hand_seed
from engine.core.tiles import face_of, is_wild, okey_face

ACTION_TYPES = (
    "draw",
    "take_discard",
    "discard",
    "finish",
    "show_indicator",
    "end_hand",
    "next_hand",
)
TILE_ACTIONS = ("discard", "finish")


def new_match(options: Options, match_secret: bytes) -> GameState:
    """Deal the first hand of a match; the match secret derives every hand's seed."""
    if len(match_secret) != 32:
        raise ValueError("the match secret is exactly 32 bytes")
    scores = [options.start_points if options.scoring == "countdown" else 0] * options.seats
    return start_hand(options, match_secret, 0, 0, scores, [])


def start_hand(
    options: Options,
    match_secret: bytes,
    hand_number: int,
    base_version: int,
    scores: list[int],
    history: list[Any],
) -> GameState:
    """Deal hand ``hand_number``; the starter rotates one seat per hand."""
    seed = hand_seed(match_secret, hand_number)
    starter = hand_number % options.seats
    dealt = deal(seed, options.seats, starter, traditional=options.traditional_deal)
    state = GameState(
        options=options,
        match_secret=match_secret,
        hand_number=hand_number,
        base_version=base_version,
        scores_at_deal=list(scores),
        history=list(history),
        seed=seed,
        starter=starter,
        racks=[list(r) for r in dealt.racks],
        pile=list(reversed(dealt.pile)),
        discards=[[] for _ in range(options.seats)],
        indicator=dealt.indicator,
        okey=okey_face(face_of(dealt.indicator)),
        dice=dealt.dice,
        turn=starter,
        phase="discard",
        turns_done=[0] * options.seats,
        shown=[False] * options.seats,
        scores=list(scores),
    )
    state.events.append(
        {"v": base_version + 1, "type": "deal", "seat": starter, "hand": hand_number}
    )
    return state


def _parse(state: GameState, seat: int, action: Mapping[str, Any]) -> tuple[str, int | None]:
    kind = check_type(state, seat, action, ACTION_TYPES)
    if kind in TILE_ACTIONS:
        return kind, read_tile(action.get("tile"), f"{kind} needs a tile id 0..105")
    return kind, None


def apply(
    state: GameState, seat: int, action: Mapping[str, Any], *, auto: bool = False
) -> tuple[GameState, list[Event]]:
    """Check an action and return the new state and the events it caused.

    ``auto`` marks a turn a computer played for the seat (its time ran out).
    Raises :class:`MalformedAction`, :class:`NotYourTurn` or
    :class:`IllegalAction`; the given state is never changed.
    """
    return MOVES.apply(state, seat, action, auto)


def replay_action(
    state: GameState, seat: int, action: Mapping[str, Any], *, auto: bool = False
) -> list[Event]:
    """Like :func:`apply`, but changes ``state`` in place (:meth:`Moves.replay`)."""
    return MOVES.replay(state, seat, action, auto)


def _play(state: GameState, seat: int, parsed: tuple[str, int | None], auto: bool) -> list[Event]:
    kind, tile = parsed
    before, log_start = len(state.events), len(state.log)
    if kind == "draw":
        _draw(state, seat)
    elif kind == "take_discard":
        _take_discard(state, seat)
    elif kind == "discard":
        assert tile is not None
        _discard(state, seat, tile)
    elif kind == "finish":
        assert tile is not None
        _finish(state, seat, tile)
    elif kind == "show_indicator":
        _show_indicator(state, seat)
    else:
        _end_hand(state)
    if auto:
        state.log = state.log[:log_start] + bytes([LOG_AUTO]) + state.log[log_start:]
        mark_auto(state.events[before:])
    return state.events[before:]


def _emit(state: GameState, seat: int, event_type: str, log: bytes, **data: Any) -> None:
    state.log += log
    state.events.append({"v": state.version + 1, "type": event_type, "seat": seat, **data})


def _draw(state: GameState, seat: int) -> None:
    if state.phase != "take":
        raise IllegalAction("you have already taken a tile this turn")
    if not state.pile:
        raise IllegalAction("the draw pile is empty")
    tile = state.pile.pop()
    state.racks[seat].append(tile)
    state.phase = "discard"
    _emit(state, seat, "draw", bytes([LOG_DRAW]), tile=tile)


def _take_discard(state: GameState, seat: int) -> None:
    if state.phase != "take":
        raise IllegalAction("you have already taken a tile this turn")
    left = state.left_of(seat)
    if not state.discards[left]:
        raise IllegalAction("there is no discard to take")
    tile = state.discards[left].pop()
    state.racks[seat].append(tile)
    state.phase = "discard"
    state.taken = tile
    _emit(state, seat, "take_discard", bytes([LOG_TAKE]), tile=tile, source=left)


def _need_fifteen(state: GameState, seat: int, tile: int, verb: str) -> None:
    if state.phase != "discard":
        raise IllegalAction(f"take a tile before you {verb}")
    if tile not in state.racks[seat]:
        raise IllegalAction("that tile is not on your rack")


def _discard(state: GameState, seat: int, tile: int) -> None:
    _need_fifteen(state, seat, tile, "discard")
    if tile == state.taken:
        raise IllegalAction("a tile taken from the left may not be discarded in the same turn")
    state.racks[seat].remove(tile)
    state.discards[seat].append(tile)
    state.turns_done[seat] += 1
    state.turn = (seat + 1) % state.seats
    state.phase = "take"
    state.taken = None
    _emit(state, seat, "discard", bytes([tile]), tile=tile)
    if sum(state.turns_done) >= TURN_LIMIT:
        # Part of the discard, not a logged action of its own: replaying the log ends it again.
        _emit(state, state.turn, "end_hand", b"", reason="turn_limit")
        _close_hand(state, None, None, False, (), None)


def _finish(state: GameState, seat: int, tile: int) -> None:
    _need_fifteen(state, seat, tile, "finish")
    rest = [t for t in state.racks[seat] if t != tile]
    opts = state.options
    # A hand that is both melds and seven pairs is scored as pairs: the player takes the better.
    arrangement = (hand.pairs_arrangement(rest, state.okey) if opts.pairs_finish else None) or (
        hand.winning_arrangement(rest, state.okey, run_13_1=opts.run_13_1, pairs=False)
    )
    if arrangement is None or arrangement.kind is None:
        raise IllegalAction("the other 14 tiles do not form melds or seven pairs")
    okey_finish = is_wild(tile, state.okey)
    points = finish_points(arrangement.kind, okey_finish)
    state.racks[seat] = rest
    _add_scores(state, finish_deltas(opts, seat, points))
    _emit(
        state,
        seat,
        "finish",
        bytes([LOG_FINISH, tile]),
        tile=tile,
        kind=arrangement.kind,
        okey_finish=okey_finish,
        groups=[list(g) for g in arrangement.groups],
        points=points,
    )
    _close_hand(state, seat, arrangement.kind, okey_finish, arrangement.groups, tile)


def _show_indicator(state: GameState, seat: int) -> None:
    if not can_show_indicator(state, seat):
        raise IllegalAction("you may show the indicator only on your first turn, holding its twin")
    state.shown[seat] = True
    _add_scores(state, indicator_deltas(state.options, seat))
    _emit(state, seat, "show_indicator", bytes([LOG_SHOW]), tile=state.indicator ^ 1)


def _end_hand(state: GameState) -> None:
    if state.phase != "take" or state.pile:
        raise IllegalAction("a hand ends without a winner only when the pile is empty")
    _emit(state, state.turn, "end_hand", bytes([LOG_END]))
    _close_hand(state, None, None, False, (), None)


def _add_scores(state: GameState, deltas: list[int]) -> None:
    state.scores = [a + b for a, b in zip(state.scores, deltas, strict=True)]


def _close_hand(
    state: GameState,
    winner: int | None,
    kind: Any,
    okey_finish: bool,
    groups: tuple[tuple[int, ...], ...],
    placed: int | None,
) -> None:
    deltas = tuple(a - b for a, b in zip(state.scores, state.scores_at_deal, strict=True))
    summary = HandSummary(winner, kind, okey_finish, deltas)
    state.result = HandResult(summary, groups, placed)
    state.phase = "over"
    state.match_winners = match_result(state.options, state.scores, state.hand_number + 1)
    state.match_over = bool(state.match_winners)


def _next_hand(state: GameState) -> tuple[GameState, list[Event]]:
    check_next_hand(state)
    assert state.result is not None  # a hand is over once its result is set
    new = start_hand(
        state.options,
        state.match_secret,
        state.hand_number + 1,
        state.version,
        state.scores,
        [*state.history, state.result.summary],
    )
    return new, list(new.events)


MOVES = Moves(parse=_parse, play=_play, next_hand=_next_hand)
