"""A measurement, not a benchmark: how much could the hard 101 bot gain by
choosing its discards before opening better?

It plays ``hard`` against three ``normal`` twice over the same deals: as
shipped, and told the tile it will most likely draw next (the fourth tile
from the top of the pile: each other seat usually draws one first; right
in 821 of 1,092 draws measured). That
is cheating, so it only bounds what a better pre-opening look-ahead could
give: the one-draw look-ahead (:func:`engine.okey101.bots.ahead.draw_value`)
then weighs that single face instead of every unseen one.

    python -m tests.bench.oracle_101 --hands 2000 --seed 1
"""

from __future__ import annotations

import argparse
import hashlib
import multiprocessing
from typing import Any

from engine.okey101.bots import choose_action101
from engine.okey101.bots import hard as bots_hard
from engine.okey101.bots.seat import Seat
from engine.okey101.game import apply, new_match101
from engine.okey101.state import Options101
from engine.okey101.view import view_for
from engine.tools.simulate101 import hand_wins

_SHIPPED = bots_hard.live_faces
_NEXT: list[int | None] = [None]


def _told(seat: Seat) -> list[int]:
    face = _NEXT[0]
    if face is None:
        return _SHIPPED(seat)
    live = [0] * 52
    live[face] = 1
    return live


def _hand(job: tuple[int, int, bool]) -> tuple[float, bool]:
    """One hand: hard's share of the win and whether the hand was decided."""
    number, seed, oracle = job
    bots_hard.live_faces = _told if oracle else _SHIPPED  # type: ignore[assignment]
    hard = number % 4
    levels = ["normal"] * 4
    levels[hard] = "hard"
    secret = hashlib.sha256(f"oracle_101:{seed}:{number}".encode()).digest()
    state = new_match101(Options101(seats=4, hands=1), secret)
    for step in range(5000):
        if state.phase == "over":
            break
        seat = state.turn
        _NEXT[0] = None
        if seat == hard and len(state.pile) >= 4:
            face = state.pile[-4] >> 1
            _NEXT[0] = face if face < 52 and face != state.okey else None
        action = choose_action101(view_for(state, seat), levels[seat], number * 7919 + step)
        state, _ = apply(state, seat, action)
    wins = hand_wins(state.result or (), partners=False)
    return wins[hard], sum(wins) > 0


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    args = parser.parse_args(argv)
    results: dict[str, Any] = {}
    with multiprocessing.Pool(args.jobs) as pool:
        for name, oracle in (("shipped", False), ("told its next draw", True)):
            jobs = [(n, args.seed, oracle) for n in range(args.hands)]
            played = pool.map(_hand, jobs, chunksize=20)
            won = sum(w for w, _ in played)
            decided = sum(1 for _, d in played if d)
            results[name] = won / max(1, decided)
            share = 100 * results[name]
            print(f"hard vs 3 normal, {name}: {share:.1f}% of {decided} decided hands")


if __name__ == "__main__":
    main()
