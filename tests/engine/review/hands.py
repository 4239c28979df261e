"""Finished hands for the review tests, and hands changed only where a seat cannot see."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.classic.bots import choose_action
from engine.classic.game import apply
from engine.classic.game import new_match as new_classic
from engine.classic.options import Options
from engine.classic.state import GameState
from engine.classic.view import view_for
from engine.core.errors import IllegalAction
from engine.core.review.replay import Action, play_turns
from engine.core.review.texts import TEXTS
from engine.core.review.verdicts import VERDICTS
from engine.okey101.bots import choose_action101
from engine.okey101.game import apply as apply101
from engine.okey101.game import new_match101
from engine.okey101.state import Options101, State101
from engine.okey101.view import view_for as view101
from engine.review import dealt_and_actions, review_hand, review_played
from engine.variants import Game, rules_of

# The review tests' tables: four normal computers.
LEVELS = ["normal", "normal", "normal", "normal"]

Chooser = Callable[[dict[str, Any]], Action]


def careless_classic(view: dict[str, Any]) -> Action:
    """Always draws, always throws the first tile of its rack (never finishes)."""
    kinds = {a["type"] for a in view["legal"]}
    if view["phase"] == "take":
        return {"type": "draw"} if "draw" in kinds else {"type": "end_hand"}
    tiles = next(a["tiles"] for a in view["legal"] if a["type"] == "discard")
    first = next(t for t in view["rack"] if t in tiles)
    return {"type": "discard", "tile": first}


def careless_101(view: dict[str, Any]) -> Action:
    """Draws, never opens, throws the first tile of its rack."""
    if view["phase"] == "take":
        kinds = {a["type"] for a in view["legal"]}
        return {"type": "draw"} if "draw" in kinds else {"type": "end_hand"}
    for entry in view["legal"]:
        if entry["type"] == "discard":
            tile = next(t for t in view["rack"] if t in entry["tiles"])
            return {"type": "discard", "tile": tile}
    return {"type": "return_discard"}


def _play_out(
    state: Any,
    view: Callable[..., dict[str, Any]],
    choose: Callable[[dict[str, Any], str, int], Action],
    play: Callable[..., tuple[Any, Any]],
    levels: list[str],
    player: Chooser | None,
    seat: int,
) -> Any:
    """``state`` played to its end by bots at ``levels`` (``player`` plays ``seat`` if given);
    both variants' engines take the same steps, with their own view, bots and apply."""
    while state.phase != "over":
        turn = state.turn
        seen = view(state, turn, since=state.base_version)
        if player is not None and turn == seat:
            action = player(seen)
        else:
            action = choose(seen, levels[turn], 0)
        state, _ = play(state, turn, action)
    return state


def classic_hand(
    secret: int, levels: list[str], player: Chooser | None = None, seat: int = 0
) -> GameState:
    """A finished classic hand of bots (``player`` plays ``seat`` if given)."""
    state = new_classic(Options(seats=len(levels)), bytes([secret]) * 32)
    done: GameState = _play_out(state, view_for, choose_action, apply, levels, player, seat)
    return done


def hand_101(
    secret: int, levels: list[str], player: Chooser | None = None, seat: int = 0
) -> State101:
    """A finished 101 hand of bots (``player`` plays ``seat`` if given)."""
    state = new_match101(Options101(seats=len(levels)), bytes([secret]) * 32)
    done: State101 = _play_out(state, view101, choose_action101, apply101, levels, player, seat)
    return done


def _public_tiles(hand: Game, seat: int) -> set[int]:
    """Every tile ``seat`` saw during the hand, and every tile whose place the rules check."""
    dealt, _ = dealt_and_actions(hand)
    public = set(dealt.racks[seat]) | {hand.indicator, hand.indicator ^ 1}
    for event in hand.events:
        if event["type"] == "draw" and event["seat"] != seat:
            continue  # another seat's draw: hidden from this seat
        if isinstance(event.get("tile"), int):
            public.add(event["tile"])
        for group in event.get("groups", []) or []:
            public.update(group)
        public.update(event.get("tiles", []) or [])
    if hand.phase == "over" and getattr(hand, "result", None) is not None:
        winner = getattr(hand.result, "summary", None)
        if winner is not None and winner.winner is not None:
            public.update(hand.racks[winner.winner])  # the winner's rack must still win
    return public


def hidden_shuffle(
    hand: Game, seat: int, rng: random.Random
) -> tuple[Game, list[tuple[Action, bool]], int]:
    """The hand's deal with the tiles ``seat`` never sees shuffled among their places
    (other racks, the pile), its actions, and how many tiles moved.

    Those tiles are never thrown, taken, laid or shown, so every action stays legal
    (a 101 take whose use the rules check may not: then another shuffle is tried).
    """
    dealt, actions = dealt_and_actions(hand)
    public = _public_tiles(hand, seat)
    for _ in range(20):
        moved = dealt.copy()
        places: list[tuple[list[int], int]] = []
        for other in range(moved.seats):
            if other != seat:
                rack = moved.racks[other]
                places += [(rack, i) for i, t in enumerate(rack) if t not in public]
        places += [(moved.pile, i) for i, t in enumerate(moved.pile) if t not in public]
        tiles = [where[i] for where, i in places]
        shuffled = list(tiles)
        rng.shuffle(shuffled)
        for (where, i), tile in zip(places, shuffled, strict=True):
            where[i] = tile
        try:
            list(play_turns(moved, actions, rules_of(moved).replay_action))
        except IllegalAction:
            continue
        return moved, actions, sum(a != b for a, b in zip(tiles, shuffled, strict=True))
    raise AssertionError("no shuffle of the hidden tiles replays")


def assert_review_blind(
    hand: Game, seat: int, secret: int, view: Callable[..., dict[str, Any]]
) -> None:
    """Tiles ``seat`` never sees (other racks, the pile beyond what it drew) shuffled among
    their places: the seat's views (``view``, the variant's view_for) at its turns are the
    same, and so is every answer of the review.

    The hands are chosen so that the pile's top changes at a turn where the seat took the
    left discard: a review that played the coach's draw there (reading a tile the seat never
    saw) would answer differently."""
    dealt, actions = dealt_and_actions(hand)
    moved, same_actions, count = hidden_shuffle(hand, seat, random.Random(secret))
    assert count >= 10  # the shuffle really changed the hidden state
    replay = rules_of(dealt).replay_action
    original = [t for t in play_turns(dealt, actions, replay) if t.seat == seat]
    changed = [t for t in play_turns(moved, same_actions, replay) if t.seat == seat]
    assert any(
        any(s.action["type"] == "take_discard" for s in a.steps)
        and a.start.pile[-1] != b.start.pile[-1]
        for a, b in zip(original, changed, strict=True)
    )
    for a, b in zip(original, changed, strict=True):
        assert view(a.start, seat, since=0) == view(b.start, seat, since=0)
    assert review_played(dealt, actions, seat) == review_played(moved, same_actions, seat)


def own_turns(hand: Game, seat: int) -> int:
    """Seat's turns counted from the hand's events: each ends with a discard, a finish
    (classic) or an end of the hand on an empty pile; an end by the turn limit is no turn
    of the seat's (the only end with a reason in 101)."""
    kinds = ("discard", "finish", "end_hand")
    return sum(
        1
        for e in hand.events
        if e["type"] in kinds and e.get("seat") == seat and e.get("reason") != "turn_limit"
    )


def reviewed_turns(hand: Game, variant: str, measure: str) -> dict[str, Any]:
    """Seat 0's review of ``hand``, checked for what every variant's review holds: one turn
    for each of the seat's turns (:func:`own_turns`), in order, each with the coach's take,
    a verdict, a reason and ``measure``; a summary counting every turn."""
    review = review_hand(hand, 0)
    assert review["variant"] == variant and review["seat"] == 0
    assert len(review["turns"]) == own_turns(hand, 0) > 0
    for i, turn in enumerate(review["turns"]):
        assert turn["index"] == i and turn["verdict"] in VERDICTS
        assert turn["coach"]["take"] in ("pile", "discard", None)
        assert turn["reason"]["code"] in TEXTS and turn["reason"]["text"]
        assert turn["measure"]["name"] == measure
    assert sum(review["summary"]["counts"].values()) == len(review["turns"])
    return review


def turn_starts(hand: Game, seat: int) -> list[Game]:
    """The state at the start of each of ``seat``'s turns, replayed from the deal by the
    variant's own ``apply``, independently of the review's replay."""
    dealt, actions = dealt_and_actions(hand)
    apply = rules_of(hand).apply
    state, starts, i = dealt, [], 0
    while i < len(actions):
        turn_seat = state.turn
        if turn_seat == seat:
            starts.append(state.copy())
        while i < len(actions) and state.phase != "over" and state.turn == turn_seat:
            state, _ = apply(state, turn_seat, actions[i][0])
            i += 1
    return starts
