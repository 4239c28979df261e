"""Computer players: decision time per level, 4-bot hand time, a strength sample.

Decisions are timed on the views met while four bots of one level play
whole hands (fixed seeds), so every phase of a hand is represented. The
strength sample is short (200 hands per pairing, one process) and only a
smoke check; the benchmark figures come from ``python -m engine.simulate``
with at least 2,000 hands (see the README).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Sequence

from engine.classic.bots import ALL_LEVELS, choose_action
from engine.classic.game import apply, new_match
from engine.classic.options import Options
from engine.classic.view import view_for
from engine.okey101 import bots as bots101
from engine.okey101.game import apply as apply101
from engine.okey101.game import new_match101
from engine.okey101.state import Options101
from engine.okey101.view import view_for as view101
from engine.tools.simulate import Setup, run, summary

DECISION_HANDS = 6  # per level: a few hundred decisions each
HAND_TIMING_HANDS = 30
DECISION_HANDS_101 = 20  # 101 hands are short: about 20 discards
STRENGTH_HANDS = 200


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def play(level_of_seat: Sequence[str], secret: bytes, times: dict[str, list[float]]) -> float:
    """Play one hand; record each decision's time; return the hand's time (ms)."""
    state = new_match(Options(seats=len(level_of_seat)), secret)
    start = time.perf_counter()
    while state.phase != "over":
        seat = state.turn
        level = level_of_seat[seat]
        view = view_for(state, seat, since=state.base_version)
        t0 = time.perf_counter()
        action = choose_action(view, level, seed=seat)
        times.setdefault(level, []).append((time.perf_counter() - t0) * 1000)
        state, _ = apply(state, seat, action)
    return (time.perf_counter() - start) * 1000


def play101(level: str, secret: bytes, times: dict[str, list[float]]) -> float:
    """One 101 hand of four bots of ``level``; each decision timed; the hand's time (ms)."""
    state = new_match101(Options101(seats=4, hands=1), secret)
    start = time.perf_counter()
    while state.phase != "over":
        seat = state.turn
        view = view101(state, seat, since=state.base_version)
        t0 = time.perf_counter()
        action = bots101.choose_action101(view, level, seed=seat)
        times.setdefault(level, []).append((time.perf_counter() - t0) * 1000)
        state, _ = apply101(state, seat, action)
    return (time.perf_counter() - start) * 1000


def main() -> None:
    times: dict[str, list[float]] = {}
    for level in ALL_LEVELS:
        for hand in range(DECISION_HANDS):
            play([level] * 4, bytes([hand, 7]) * 16, times)
    print(f"decision time (ms), four bots of a level, {DECISION_HANDS} hands each:")
    for level in ALL_LEVELS:
        values = times[level]
        print(
            f"  {level:<7} n={len(values):<4} median {statistics.median(values):.3f}"
            f"  p99 {percentile(values, 0.99):.2f}  max {max(values):.1f}"
        )
    for seats in (("normal",) * 4, ("hard", "normal", "normal", "normal")):
        hand_ms = [play(seats, bytes([h, 9]) * 16, {}) for h in range(HAND_TIMING_HANDS)]
        print(
            f"4-bot hand ({','.join(seats)}), {HAND_TIMING_HANDS} hands: median "
            f"{statistics.median(hand_ms):.1f} ms  p99 {percentile(hand_ms, 0.99):.1f} ms"
        )
    times101: dict[str, list[float]] = {}
    hand101: dict[str, list[float]] = {}
    for level in bots101.LEVELS:
        for hand in range(DECISION_HANDS_101):
            hand101.setdefault(level, []).append(play101(level, bytes([hand, 5]) * 16, times101))
    print(f"101 decision time (ms), four bots of a level, {DECISION_HANDS_101} hands each:")
    for level in bots101.LEVELS:
        values = times101[level]
        print(
            f"  {level:<7} n={len(values):<4} median {statistics.median(values):.3f}"
            f"  p99 {percentile(values, 0.99):.2f}  max {max(values):.1f}"
            f"  hand median {statistics.median(hand101[level]):.0f} ms"
        )
    print(f"strength sample ({STRENGTH_HANDS} hands each, 1 process; NOT the benchmark figures):")
    for levels in (
        ("hard", "normal", "normal", "normal"),
        ("normal", "easy", "easy", "easy"),
        ("easy", "random", "random", "random"),
    ):
        setup = Setup(levels, Options(seats=4), 1)
        result = summary(setup, run(setup, STRENGTH_HANDS, 1))
        first = result["seats"][0]
        lo, hi = first["ci95"]
        print(
            f"  {levels[0]} vs 3 {levels[1]}: {first['share']:.1%} of decided hands"
            f" (95% CI {lo:.1%}-{hi:.1%}), {result['draws']} draws"
        )


if __name__ == "__main__":
    main()
