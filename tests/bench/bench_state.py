"""Serialised state size across whole 4-seat hands (record as stored, JSON)."""

from __future__ import annotations

import json
import random
import statistics
import time

from engine.classic.record import from_record, to_record
from tests.game_helpers import play_match, random_action


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    sizes: list[int] = []
    final_sizes: list[int] = []
    load_us: list[float] = []
    for hand in range(200):
        state = play_match(
            random.Random(hand),
            random_action,
            lambda now: sizes.append(len(json.dumps(to_record(now), separators=(",", ":")))),
        )
        record = to_record(state)
        final_sizes.append(len(json.dumps(record, separators=(",", ":"))))
        start = time.perf_counter_ns()
        from_record(record)
        load_us.append((time.perf_counter_ns() - start) / 1000)
    print("state record (JSON bytes, 200 random-play 4-seat hands, every action):")
    median, p95 = statistics.median(sizes), percentile(sizes, 0.95)
    print(f"  median {median:.0f}  p95 {p95:.0f}  max {max(sizes)}")
    print(f"  at hand end: median {statistics.median(final_sizes):.0f}  max {max(final_sizes)}")
    print(
        f"from_record (deal + replay) at hand end: median {statistics.median(load_us):.0f} us"
        f"  p99 {percentile(load_us, 0.99):.0f} us"
    )


if __name__ == "__main__":
    main()
