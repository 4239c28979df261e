"""Timing of the coach's review (engine/review.py): a whole finished hand, in process.

Classic: hands of four ``normal`` seats lasting 38 to 42 turns (all seats
together, so about ten turns of the reviewed seat); 101: four-seat hands of
``normal`` seats. Each hand is reviewed for seat 0 several times, with the
hand-level caches of the bots emptied first (the per-hand searches and
opening memos a new hand would not find), so a sample is what a review of a
hand the server has not seen costs. Target: 300 ms per whole hand.

``python -m tests.bench review`` prints the median and p95 of each.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence

from engine.classic.bots import evaluate, plan
from engine.okey101 import opening
from engine.review import review_hand
from engine.variants import Game
from tests.engine.review.hands import classic_hand, hand_101

HANDS = 6
REPEATS = 4
TARGET_MS = 300.0


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _forget() -> None:
    """Empty the caches a hand's own searches fill (not the process-wide tables)."""
    for cache in (getattr(evaluate, "_SEARCHES", None), getattr(plan, "_IMPROVING", None)):
        if isinstance(cache, dict):
            cache.clear()
    for memo in getattr(opening, "_MEMOS", {}).values():
        memo.clear()


def classic_hands() -> list[Game]:
    found: list[Game] = []
    secret = 0
    while len(found) < HANDS and secret < 255:
        secret += 1
        hand = classic_hand(secret, ["normal"] * 4)
        if 38 <= sum(hand.turns_done) <= 42:
            found.append(hand)
    return found


def hands_101() -> list[Game]:
    return [hand_101(secret, ["normal"] * 4) for secret in range(1, HANDS + 1)]


def time_reviews(hands: list[Game]) -> tuple[list[float], list[float], list[int]]:
    """Wall-clock and CPU milliseconds per review, and the reviewed seat's turns per hand.

    CPU time is printed too because a shared machine stretches wall-clock time: it is
    what the review costs one core that has nothing else to do."""
    wall, cpu, turns = [], [], []
    review_hand(hands[0], 0)  # imports and process-wide tables, as a warm server has them
    for hand in hands:
        for _ in range(REPEATS):
            _forget()
            start, start_cpu = time.perf_counter(), time.process_time()
            review = review_hand(hand, 0)
            wall.append((time.perf_counter() - start) * 1000)
            cpu.append((time.process_time() - start_cpu) * 1000)
        turns.append(len(review["turns"]))
    return wall, cpu, turns


def report(label: str, make: Callable[[], list[Game]]) -> None:
    hands = make()
    wall, cpu, turns = time_reviews(hands)
    p95 = percentile(wall, 0.95)
    verdict = "within" if p95 <= TARGET_MS else "over"
    print(
        f"  {label:<26} hands={len(hands)} seat turns {min(turns)}-{max(turns)}  "
        f"median {percentile(wall, 0.5):6.1f} ms  p95 {p95:6.1f} ms  "
        f"(cpu median {percentile(cpu, 0.5):6.1f}, p95 {percentile(cpu, 0.95):6.1f}; "
        f"{verdict} the {TARGET_MS:.0f} ms target)"
    )


def main() -> None:
    # Wall-clock time on a shared machine stretches with its load: printed beside the figures.
    one, five, fifteen = os.getloadavg()
    print(f"  load average {one:.1f} {five:.1f} {fifteen:.1f} on {os.cpu_count() or 1} cores")
    report("review, classic ~40 turns", classic_hands)
    report("review, 101 (4 seats)", hands_101)


if __name__ == "__main__":
    main()
