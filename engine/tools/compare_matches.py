"""Two runs of the same matches, compared match by match.

``python -m engine.compare_matches --before BEFORE.jsonl --after AFTER.jsonl --level hard``

reads the ``--per-match`` files of ``python -m engine.simulate_matches`` run in
two trees with the same ``--seats`` and ``--seed`` (several files an arm pool
seeds). A match is dealt from a secret of the seed and its number, its bots
are seeded from them and the levels rotate by its number, so the same match
number in both runs starts from the same deal with the same seating: each
match is its own control. Two independent runs' intervals ignore that, and a
difference of 1 or 2 points at 1,000 matches stays inside them; a paired
comparison counts only the matches where the change changed the winner.

Per arm it prints the level's share of the paired matches (a shared win
counts its share, as in ``simulate_matches``) with a 95% Wilson interval;
then the discordant matches (the level won only before, only after: a shared
win counts as won), McNemar's exact two-sided p-value on them, and a 95%
interval for the difference in share (after minus before) from the per-match
differences. Matches stopped in either run (a bot looped) are left out.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from engine.tools.simulate import wilson

Key = tuple[int, int]  # (seed, match number)


@dataclass(frozen=True)
class Paired:
    """One level's results over the matches both runs played."""

    level: str
    matches: int
    before_won: float
    after_won: float
    only_before: int
    only_after: int
    both: int
    shared: int
    unpaired: int
    stopped: int
    diffs: tuple[float, ...]


def mcnemar_exact(only_before: int, only_after: int) -> float:
    """Two-sided exact McNemar p-value: under no change each discordant match is a fair coin.

    >>> mcnemar_exact(0, 5)
    0.0625
    >>> mcnemar_exact(4, 4)
    1.0
    """
    n = only_before + only_after
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(min(only_before, only_after) + 1))
    return float(min(Fraction(1), Fraction(2 * tail, 2**n)))


def paired_interval(diffs: Sequence[float], z: float = 1.96) -> tuple[float, float, float]:
    """Mean of the per-match differences with a 95% normal-approximation interval.

    >>> [round(x, 3) for x in paired_interval([1.0, 0.0, 0.0, -1.0])]
    [0.0, -0.8, 0.8]
    """
    n = len(diffs)
    if n == 0:
        return 0.0, -1.0, 1.0
    mean = statistics.fmean(diffs)
    if n < 2:
        return mean, -1.0, 1.0
    half = z * statistics.stdev(diffs) / math.sqrt(n)
    return mean, max(-1.0, mean - half), min(1.0, mean + half)


def read_lines(lines: Iterable[str]) -> dict[Key, dict[str, Any]]:
    """``--per-match`` lines by (seed, match); a match listed twice is an error."""
    out: dict[Key, dict[str, Any]] = {}
    for number, text in enumerate(lines, 1):
        if not text.strip():
            continue
        line = json.loads(text)
        key = (int(line["seed"]), int(line["match"]))
        if key in out:
            raise ValueError(f"line {number}: seed {key[0]} match {key[1]} twice")
        out[key] = line
    return out


def credit(line: Mapping[str, Any], level: str) -> float:
    """The level's share of this match: 1 alone, 1/k of a k-way tie, 0 otherwise."""
    levels: list[str] = line["levels"]
    return levels.count(level) / len(levels) if levels else 0.0


def pair(
    before: Mapping[Key, Mapping[str, Any]],
    after: Mapping[Key, Mapping[str, Any]],
    level: str,
) -> Paired:
    """Pair the runs by (seed, match) and count the level's wins in both."""
    keys = sorted(before.keys() & after.keys())
    unpaired = len(before.keys() ^ after.keys())
    stopped = 0
    before_won = after_won = 0.0
    only_before = only_after = both = shared = 0
    diffs: list[float] = []
    for key in keys:
        old, new = before[key], after[key]
        if old["stopped"] or new["stopped"]:
            stopped += 1
            continue
        a, b = credit(old, level), credit(new, level)
        before_won += a
        after_won += b
        shared += 0 < a < 1 or 0 < b < 1
        diffs.append(b - a)
        if a > 0 and b > 0:
            both += 1
        elif a > 0:
            only_before += 1
        elif b > 0:
            only_after += 1
    return Paired(
        level,
        len(diffs),
        before_won,
        after_won,
        only_before,
        only_after,
        both,
        shared,
        unpaired,
        stopped,
        tuple(diffs),
    )


def summary(paired: Paired) -> dict[str, Any]:
    n = paired.matches

    def arm(won: float) -> dict[str, Any]:
        lo, hi = wilson(won, n)
        share = won / n if n else 0.0
        ci95 = [round(lo, 4), round(hi, 4)]
        return {"won": round(won, 2), "share": round(share, 4), "ci95": ci95}

    diff, lo, hi = paired_interval(paired.diffs)
    return {
        "level": paired.level,
        "matches": n,
        "before": arm(paired.before_won),
        "after": arm(paired.after_won),
        "only_before": paired.only_before,
        "only_after": paired.only_after,
        "both": paired.both,
        "neither": n - paired.both - paired.only_before - paired.only_after,
        "shared": paired.shared,
        "mcnemar_p": round(mcnemar_exact(paired.only_before, paired.only_after), 4),
        "difference": round(diff, 4),
        "difference_ci95": [round(lo, 4), round(hi, 4)],
        "unpaired": paired.unpaired,
        "stopped": paired.stopped,
    }


def report(result: Mapping[str, Any]) -> str:
    def arm(name: str) -> str:
        data = result[name]
        lo, hi = data["ci95"]
        return f"{name:<7}{data['won']:>9.2f}{data['share']:>8.1%}  [{lo:.1%}, {hi:.1%}]"

    lo, hi = result["difference_ci95"]
    lines = [
        f"{result['matches']} paired matches, {result['level']}'s share",
        f"{'run':<7}{'won':>9}{'share':>8}  95% interval",
        arm("before"),
        arm("after"),
        f"won in both {result['both']}, neither {result['neither']};"
        f" only before {result['only_before']}, only after {result['only_after']}",
        f"McNemar exact two-sided p = {result['mcnemar_p']:.4f}",
        f"difference (after - before) {result['difference']:+.1%},"
        f" 95% interval [{lo:+.1%}, {hi:+.1%}]",
    ]
    if result["shared"]:
        lines.append(f"matches with a shared win (counted as won above): {result['shared']}")
    if result["unpaired"]:
        lines.append(f"matches in one run only (left out): {result['unpaired']}")
    if result["stopped"]:
        lines.append(f"matches stopped in either run (left out): {result['stopped']}")
    return "\n".join(lines)


def load(paths: Sequence[str]) -> dict[Key, dict[str, Any]]:
    """One arm: the lines of all its files (pooled seeds)."""
    out: dict[Key, dict[str, Any]] = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            lines = read_lines(f)
        if out.keys() & lines.keys():
            raise ValueError(f"{path}: matches already read from another file")
        out.update(lines)
    return out


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m engine.compare_matches", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--before", nargs="+", required=True, metavar="FILE")
    parser.add_argument("--after", nargs="+", required=True, metavar="FILE")
    parser.add_argument("--level", default="hard", help="the level to compare (default hard)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        before, after = load(args.before), load(args.after)
    except (OSError, ValueError, KeyError) as error:
        print(f"compare_matches: {error}", file=sys.stderr)
        return 2
    result = summary(pair(before, after, args.level))
    if not result["matches"]:
        print("compare_matches: no match is in both runs", file=sys.stderr)
        return 2
    print(json.dumps(result) if args.json else report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
