"""Shared helpers for tests that play whole hands."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.classic.game import apply, legal_actions, new_match
from engine.classic.options import Options
from engine.classic.state import GameState
from engine.okey101.legal import legal_actions as legal_actions101
from engine.okey101.state import State101


def expand(legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Concrete actions from the view's legal list (tile actions expanded per tile)."""
    out: list[dict[str, Any]] = []
    for entry in legal:
        if "tiles" in entry:
            out.extend({"type": entry["type"], "tile": t} for t in entry["tiles"])
        else:
            out.append({"type": entry["type"]})
    return out


def plain_action(legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The simplest move that moves a classic hand on: finish if possible, else
    draw, else end the hand on an empty pile, else discard the last tile
    offered; ``None`` when none of these is legal (a next_hand, say)."""
    offered = {a["type"]: a for a in legal}
    if "finish" in offered:
        return {"type": "finish", "tile": offered["finish"]["tiles"][0]}
    for kind in ("draw", "end_hand"):
        if kind in offered:
            return {"type": kind}
    if "discard" in offered:
        return {"type": "discard", "tile": offered["discard"]["tiles"][-1]}
    return None


def random_action(
    state: GameState, rng: random.Random, finish_bias: bool = True
) -> tuple[int, dict[str, Any]]:
    """A random legal action of the seat on turn (or next_hand when the hand is over)."""
    seat = state.turn if state.phase != "over" else 0
    actions = expand(legal_actions(state, seat))
    finishes = [a for a in actions if a["type"] == "finish"]
    if finish_bias and finishes:
        return seat, rng.choice(finishes)
    shows = [a for a in actions if a["type"] == "show_indicator"]
    if shows and rng.random() < 0.5:
        return seat, shows[0]
    return seat, rng.choice(actions)


def play_hand(state: GameState, rng: random.Random, max_actions: int = 2000) -> GameState:
    """Random legal play until the hand is over."""
    for _ in range(max_actions):
        if state.phase == "over":
            return state
        seat, action = random_action(state, rng)
        state, _ = apply(state, seat, action)
    raise AssertionError("hand did not end")


def play_match(
    rng: random.Random,
    choose: Callable[[GameState, random.Random], tuple[int, dict[str, Any]]],
    each: Callable[[GameState], object] | None = None,
) -> GameState:
    """A four-seat match dealt from ``rng``, played by ``choose`` until it is over; ``each``
    sees the state after every action."""
    state = new_match(Options(seats=4), rng.randbytes(32))
    while state.phase != "over":
        seat, action = choose(state, rng)
        state, _ = apply(state, seat, action)
        if each is not None:
            each(state)
    return state


def greedy_action(state: GameState, rng: random.Random) -> tuple[int, dict[str, Any]]:
    """A player that finishes when it can and otherwise keeps its best melds.

    Random play almost never finishes; this one does, so the finish paths get exercised.
    """
    from engine.classic.arrange import best_arrangement

    if state.phase == "over":
        return 0, {"type": "next_hand"}
    seat = state.turn
    legal = {entry["type"]: entry for entry in legal_actions(state, seat)}
    if "show_indicator" in legal:
        return seat, {"type": "show_indicator"}
    if "finish" in legal:
        return seat, {"type": "finish", "tile": rng.choice(legal["finish"]["tiles"])}
    if state.phase == "take":
        if "draw" in legal:
            return seat, {"type": "draw"}
        return seat, {"type": rng.choice(["take_discard", "end_hand"])}
    opts = state.options
    arrangement = best_arrangement(
        state.racks[seat], state.okey, run_13_1=opts.run_13_1, pairs=opts.pairs_finish
    )
    throwable = legal["discard"]["tiles"]  # never the tile just taken from the left
    spare = [t for t in arrangement.leftover if t >> 1 != state.okey and t in throwable]
    return seat, {"type": "discard", "tile": rng.choice(spare or throwable)}


def random_action101(state: State101, rng: random.Random) -> dict[str, Any]:
    """A random legal 101 action for the seat on turn, biased towards the rare
    ones (open, lay, layoff, swap) so that random play reaches them."""
    actions = legal_actions101(state, state.turn)
    assert actions, "the seat on turn always has a legal action"
    return pick_rare(actions, rng, 0.7)


def pick_rare(legal: list[dict[str, Any]], rng: random.Random, odds: float) -> dict[str, Any]:
    """One of the 101 ``legal`` actions, other than a draw or a discard with chance ``odds``
    when there is one; a discard's tile picked from those it allows."""
    other = [a for a in legal if a["type"] not in ("draw", "discard")]
    action = dict(rng.choice(other if other and rng.random() < odds else legal))
    if action["type"] == "discard":
        action["tile"] = rng.choice(action.pop("tiles"))
        action.pop("penalised", None)  # warnings in the view, not part of the move
        action.pop("fits", None)
    return action


def every_tile101(state: State101) -> list[int]:
    """Every tile id of a 101 hand, wherever it is (sorted: 0..105 when none is lost)."""
    held = [t for r in state.racks for t in r] + [t for d in state.discards for t in d]
    held += [t for m in state.table for t in m] + state.pile + [state.indicator]
    return sorted(held + state.burned)
