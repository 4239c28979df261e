"""Timing of the hand logic: winning_arrangement, best_arrangement, batch CLI.

Corpora come from fixed seeds (see ``tests/handgen.py``): 12,000 hands of 14
tiles (40% winning melds, 10% seven pairs, 25% near misses, 25% random; a
third of each kind holds both okeys) and 1,500 racks of 15 tiles. Each hand
is timed once, with the engine's caches emptied first, so the figures are
what a fresh server process would see on this stream of hands.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from engine.classic import hand as hand_module
from engine.classic.arrange import best_arrangement
from engine.classic.hand import winning_arrangement
from engine.core.tiles import format_tiles
from tests.engine.handgen import corpus, near_miss, random_okey, random_rack, winning_melds_hand


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def line(label: str, values: Sequence[float]) -> str:
    return (
        f"  {label:<34} n={len(values):<6} median {percentile(values, 0.5):7.1f} us"
        f"  p90 {percentile(values, 0.9):7.1f}  p99 {percentile(values, 0.99):7.1f}"
    )


def time_each(
    call: Callable[[list[int], int], object], hands: list[tuple[list[int], int]]
) -> list[float]:
    clock = time.perf_counter_ns
    out = []
    for tiles, okey in hands:
        start = clock()
        call(tiles, okey)
        out.append((clock() - start) / 1000)
    return out


def category(index: int) -> str:
    kind = index % 20
    return (
        "win melds"
        if kind < 8
        else "win pairs"
        if kind < 10
        else "near miss"
        if kind < 15
        else "random"
    )


def bench_winning() -> list[tuple[list[int], int]]:
    hands = corpus(random.Random(20240601), 12_000)
    for failed in hand_module._FAILED:
        failed.clear()
    times = time_each(winning_arrangement, hands)
    wins = sum(winning_arrangement(t, k) is not None for t, k in hands)
    print(f"winning_arrangement, 14 tiles ({len(hands)} hands, {wins} winning):")
    print(line("all", times))
    for name in ("win melds", "win pairs", "near miss", "random"):
        print(line(name, [t for i, t in enumerate(times) if category(i) == name]))
    print(line("two wilds", [t for i, t in enumerate(times) if i % 3 == 0]))
    print(line("warm (second pass, same hands)", time_each(winning_arrangement, hands)))
    return hands


def racks15(count: int) -> list[tuple[list[int], int]]:
    rng = random.Random(99)
    racks = []
    for index in range(count):
        _, okey = random_okey(rng)
        wilds = 2 if index % 3 == 0 else rng.choice((0, 0, 1))
        kind = index % 4
        if kind == 0:  # a winning hand plus one random tile
            tiles = winning_melds_hand(rng, okey, wilds)
            tiles.append(rng.choice([t for t in range(106) if t not in tiles]))
        elif kind == 1:
            tiles = near_miss(rng, winning_melds_hand(rng, okey, wilds, size=15))
        else:
            tiles = random_rack(rng, okey, 15, wilds)
        racks.append((tiles, okey))
    return racks


def bench_best() -> None:
    racks = racks15(1500)
    for failed in hand_module._FAILED:
        failed.clear()
    times = time_each(best_arrangement, racks)
    finishes = sum(best_arrangement(t, k).discard is not None for t, k in racks)
    print(f"best_arrangement, 15 tiles ({len(racks)} racks, {finishes} can finish):")
    print(line("all", times))
    print(line("two wilds", [t for i, t in enumerate(times) if i % 3 == 0]))
    rng = random.Random(5)
    big = [(random_rack(rng, okey, 22, rng.choice((0, 1, 2))), okey) for _, okey in racks[:300]]
    print(line("22 tiles (random racks, 101 size)", time_each(best_arrangement, big)))


def bench_cli(hands: list[tuple[list[int], int]]) -> None:
    # Okey face -> an indicator face that gives it (the face one lower).
    lines = []
    for tiles, okey in hands[:3000]:
        colour, value = divmod(okey, 13)
        indicator = format_tiles([(colour * 13 + (value - 1) % 13) * 2])
        lines.append(json.dumps({"tiles": format_tiles(tiles), "indicator": indicator}))
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(root))
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "engine", "check"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        env=env,
        cwd=root,
        check=True,
    )
    elapsed = time.perf_counter() - start
    outputs = done.stdout.splitlines()
    errors = sum('"error"' in out for out in outputs)
    print(
        f"batch CLI: {len(outputs)} hands in {elapsed:.2f} s incl. start-up "
        f"= {len(outputs) / elapsed:,.0f} hands/s ({errors} errors)"
    )


def main() -> None:
    hands = bench_winning()
    bench_best()
    bench_cli(hands)


if __name__ == "__main__":
    main()
