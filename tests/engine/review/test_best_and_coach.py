"""Best ✨ and the coach agree: on a classic discarding turn the tile Best sets apart
(engine/best.py, what the sort button shows) is the coach's discard, so a player who
throws it is told "Best" by Review this hand for that discard.

The agreement is counted by face (two copies of a face leave the same rack, which is all
the review measures), at seat 0 of classic deals played by the easy computer. A turn
where the coach shows the indicator first has no coach discard to agree with; a rack that
can finish agrees when both finish. Run alone, it prints the agreement of today's Best
and of the one before it (the casual bots' loneliest loose tile):

    python -m tests.engine.review.test_best_and_coach [DEALS]
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

from engine.best import best_layout
from engine.classic.bots import choose_action
from engine.classic.bots.coach import advise
from engine.classic.game import apply, new_match
from engine.classic.options import Options
from engine.classic.state import GameState
from engine.classic.view import view_for
from engine.okey101.advice import discard_advice
from engine.variants import rules_of

SEAT = 0


def discard_turns(deals: int) -> Iterator[tuple[GameState, dict[str, Any]]]:
    """Every turn of seat 0 with a legal discard, over ``deals`` deals, and its view."""
    for deal in range(deals):
        state = new_match(Options(seats=4), bytes([deal, 7]) * 16)
        while state.phase != "over":
            seat = state.turn
            view = view_for(state, seat, since=state.base_version)
            if seat == SEAT and any(a["type"] == "discard" for a in view["legal"]):
                yield state, view
            state, _ = apply(state, seat, choose_action(view, "easy", deal))


def before(state: GameState) -> int | None:
    """Best's tile as it was: the finish, else the loneliest loose tile (discard_advice)."""
    rack = list(state.racks[SEAT])
    groups, leftover, discard, _ = rules_of(state).best_arrangement(state, rack)
    if discard is not None:
        return discard
    legal = rules_of(state).legal_actions(state, SEAT)
    return discard_advice(rack, state.okey, groups, leftover, legal, state.options.run_13_1)[2]


def same_face(tile: int | None, other: int | None) -> bool:
    return tile is not None and other is not None and tile >> 1 == other >> 1


def agreement(deals: int) -> dict[str, int]:
    """Turns counted, finishes among them, and Best's agreements with the coach, now and
    before."""
    counted = finishes = now = then = 0
    for state, view in discard_turns(deals):
        coach = advise(view)
        if coach.kind not in ("discard", "finish"):
            continue  # the indicator shown first: nothing to set apart yet
        counted += 1
        _, _, tile, _ = best_layout(state, SEAT)
        old = before(state)
        if coach.kind == "finish":
            # Both finish the hand (Best shows the finish scoring most): the review counts
            # the finish, not which of equal tiles went last.
            finishes += 1
            finish = rules_of(state).best_arrangement(state, list(state.racks[SEAT]))[2]
            now += finish is not None and tile == finish
            then += finish is not None and old == finish
            continue
        now += same_face(tile, coach.discard)
        then += same_face(old, coach.discard)
    return {"turns": counted, "finishes": finishes, "now": now, "before": then}


def test_best_sets_apart_the_coachs_discard() -> None:
    found = agreement(6)
    assert found["turns"] >= 40
    assert found["now"] == found["turns"], found


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    found = agreement(deals)
    turns = found["turns"]
    print(
        f"{deals} classic deals, {turns} discarding turns of seat 0 "
        f"({found['finishes']} of them finishes): Best agrees with the coach on "
        f"{found['now']} ({found['now'] / turns:.1%}); before: {found['before']} "
        f"({found['before'] / turns:.1%})"
    )


if __name__ == "__main__":
    main()
