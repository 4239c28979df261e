"""Bot-only hands for measuring the computer players (a CLI, not game logic).

``python -m engine.simulate --seats hard,normal,normal,normal --hands 2000 --seed 1``
(``--variant 101`` plays 101 Okey hands; see :mod:`engine.tools.simulate101`
for what winning a 101 hand means).

Every hand is a fresh one-hand match dealt from a secret derived from
``--seed`` and the hand number, so a run is reproducible whatever ``--jobs``
is. The listed levels rotate round the table from hand to hand (entry ``k``
sits at seat ``(k - hand) mod n``), so every entry plays every position,
starter included, equally often; results are reported per listed entry.

This module and :mod:`engine.tools.simulate_matches` (whole matches) are the
places under ``engine/`` that read the clock and start processes: they are
measuring tools, and the engine itself stays pure.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from multiprocessing import Pool
from typing import Any, ClassVar, TypeVar

from engine.classic.options import Options
from engine.classic.state import GameState
from engine.core.levels import ALL_LEVELS
from engine.okey101.state import Options101
from engine.tools.simulate101 import Tally101
from engine.tools.simulate_report import report
from engine.tools.tally import TallyBase
from engine.variants import rules_for_options

MAX_ACTIONS = 3000  # a hand that runs longer is stopped and counted as a draw


@dataclass(frozen=True)
class Setup:
    levels: tuple[str, ...]
    options: Options | Options101
    seed: int


@dataclass
class Tally(TallyBase):
    """Results of some classic hands, per listed entry."""

    won: list[int] = field(default_factory=list)
    pairs: list[int] = field(default_factory=list)
    okey: list[int] = field(default_factory=list)
    shows: list[int] = field(default_factory=list)

    COUNTS: ClassVar[tuple[str, ...]] = ("won", "pairs", "okey", "shows")


def hand_secret(seed: int, hand: int) -> bytes:
    return hashlib.sha256(f"istaka-simulate:{seed}:{hand}".encode()).digest()


def bot_seed(seed: int, hand: int, seat: int) -> int:
    digest = hashlib.sha256(f"istaka-bot:{seed}:{hand}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def play_hand(setup: Setup, hand: int, tally: Tally) -> None:
    """Play one hand and add it to ``tally``."""
    assert isinstance(setup.options, Options)
    n = len(setup.levels)
    entry_at = [(seat + hand) % n for seat in range(n)]
    seeds = [bot_seed(setup.seed, hand, seat) for seat in range(n)]
    rules = rules_for_options(setup.options)
    decide = rules.any_bot()
    state = rules.start(setup.options, hand_secret(setup.seed, hand))
    assert isinstance(state, GameState)
    start = time.perf_counter_ns()
    actions = 0
    while state.phase != "over" and actions < MAX_ACTIONS:
        seat = state.turn
        level = setup.levels[entry_at[seat]]
        view = rules.view_for(state, seat, state.base_version)
        t0 = time.perf_counter_ns()
        action = decide(view, level, seeds[seat])
        tally.decision_ns.setdefault(level, []).append(time.perf_counter_ns() - t0)
        state, _ = rules.apply(state, seat, action)
        actions += 1
    tally.hand_ns.append(time.perf_counter_ns() - start)
    tally.hands += 1
    tally.turns += sum(1 for e in state.events if e["type"] in ("discard", "finish"))
    for seat, shown in enumerate(state.shown):
        if shown:
            tally.shows[entry_at[seat]] += 1
    result = state.result
    if result is None:
        tally.stopped += 1
        tally.draws += 1
        return
    winner = result.summary.winner
    if winner is None:
        tally.draws += 1
        return
    entry = entry_at[winner]
    tally.won[entry] += 1
    if result.summary.kind == "pairs":
        tally.pairs[entry] += 1
    if result.summary.okey_finish:
        tally.okey[entry] += 1


def play_hand_101(setup: Setup, hand: int, tally: Tally101) -> None:
    """Play one 101 hand (seats rotating as in :func:`play_hand`) and add it to ``tally``."""
    assert isinstance(setup.options, Options101)
    seed, secret = bot_seed(setup.seed, hand, 0), hand_secret(setup.seed, hand)
    decide = rules_for_options(setup.options).any_bot()
    tally.play(setup.levels, hand, setup.options, secret, seed, decide)


# Each variant's tally and hand player, by the variant's registry name (engine.variants).
PLAYERS: dict[str, tuple[type[Tally] | type[Tally101], Callable[[Setup, int, Any], None]]] = {
    "classic": (Tally, play_hand),
    "101": (Tally101, play_hand_101),
}


def play_chunk(args: tuple[Setup, Sequence[int]]) -> Tally | Tally101:
    setup, hands = args
    tally_type, play = PLAYERS[rules_for_options(setup.options).name]
    tally = tally_type(len(setup.levels))
    for hand in hands:
        play(setup, hand, tally)
    return tally


Part = TypeVar("Part")


def fan_out(
    play: Callable[[tuple[Setup, Sequence[int]]], Part],
    setup: Setup,
    count: int,
    jobs: int,
    most: int,
) -> Iterator[Part]:
    """``play`` over chunks (of at most ``most``) of ``range(count)``, on ``jobs`` processes.

    Parts come in order on one job, as they finish on more; numbering the
    games keeps a run's totals the same whatever ``jobs`` is.
    """
    chunk = max(1, min(most, count // max(1, jobs * 4)))
    work = [(setup, range(i, min(count, i + chunk))) for i in range(0, count, chunk)]
    if jobs <= 1:
        yield from map(play, work)
        return
    with Pool(jobs) as pool:
        yield from pool.imap_unordered(play, work)


def run(setup: Setup, hands: int, jobs: int) -> Tally | Tally101:
    """Play ``hands`` hands on ``jobs`` processes and merge the results."""
    total = PLAYERS[rules_for_options(setup.options).name][0](len(setup.levels))
    for part in fan_out(play_chunk, setup, hands, jobs, 50):
        _merge(total, part)
    return total


def _merge(total: Tally | Tally101, part: Tally | Tally101) -> None:
    if isinstance(total, Tally101):
        assert isinstance(part, Tally101)
        total.merge(part)
    else:
        assert isinstance(part, Tally)
        total.merge(part)


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion.

    >>> [round(x, 3) for x in wilson(35, 100)]
    [0.264, 0.447]
    """
    if trials == 0:
        return 0.0, 0.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def _percentile(values: Sequence[int], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return float(ordered[min(len(ordered) - 1, int(q * len(ordered)))])


def _timings(tally: Tally | Tally101) -> dict[str, Any]:
    return {
        "decision_ms": {
            level: {
                "median": round(statistics.median(times) / 1e6, 4),
                "p99": round(_percentile(times, 0.99) / 1e6, 4),
            }
            for level, times in sorted(tally.decision_ns.items())
        },
        "hand_ms": {
            "median": round(statistics.median(tally.hand_ns) / 1e6, 2) if tally.hand_ns else 0.0,
            "p99": round(_percentile(tally.hand_ns, 0.99) / 1e6, 2),
        },
    }


def summary101(setup: Setup, tally: Tally101) -> dict[str, Any]:
    """Like :func:`summary` for 101: ``won`` may hold halves and thirds (shared wins)."""
    decided = tally.hands - tally.draws
    played = max(1, tally.hands - tally.stopped)
    seats = []
    for i, level in enumerate(setup.levels):
        won = tally.won[i]
        lo, hi = wilson(won, decided)
        seats.append(
            {
                "level": level,
                "won": round(won, 2),
                "share": round(won / decided, 4) if decided else 0.0,
                "ci95": [round(lo, 4), round(hi, 4)],
                "avg_score": round(tally.score[i] / played, 1),
                "openings": tally.openings[i],
                "pairs_openings": tally.pairs_openings[i],
                "penalties": tally.penalties[i],
                "finishes": tally.finishes[i],
            }
        )
    return {
        "variant": "101",
        "seats": seats,
        "draws": tally.draws,
        "hands": tally.hands,
        "avg_turns": round(tally.turns / played, 2),
        **_timings(tally),
        "stopped": tally.stopped,
    }


def per_level(setup: Setup, tally: Tally) -> dict[str, dict[str, Any]]:
    """Per level (seats of one level together): its share of the decided hands
    and, per 1,000 hands it sat in, its wins, okey finishes and seven-pairs
    finishes (a level listed twice sat in twice as many hands)."""
    decided = tally.hands - tally.draws
    out: dict[str, dict[str, Any]] = {}
    for level in dict.fromkeys(setup.levels):
        entries = [i for i, name in enumerate(setup.levels) if name == level]
        sat = max(1, tally.hands * len(entries))
        won = sum(tally.won[i] for i in entries)
        lo, hi = wilson(won / len(entries), decided)
        out[level] = {
            "share": round(won / len(entries) / decided, 4) if decided else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)],
            "won_per_1000": round(1000 * won / sat, 1),
            "okey_per_1000": round(1000 * sum(tally.okey[i] for i in entries) / sat, 1),
            "pairs_per_1000": round(1000 * sum(tally.pairs[i] for i in entries) / sat, 1),
        }
    return out


def summary(setup: Setup, tally: Tally | Tally101) -> dict[str, Any]:
    if isinstance(tally, Tally101):
        return summary101(setup, tally)
    decided = tally.hands - tally.draws
    seats = []
    for i, level in enumerate(setup.levels):
        lo, hi = wilson(tally.won[i], decided)
        seats.append(
            {
                "level": level,
                "won": tally.won[i],
                "share": round(tally.won[i] / decided, 4) if decided else 0.0,
                "ci95": [round(lo, 4), round(hi, 4)],
                "pairs_finishes": tally.pairs[i],
                "okey_finishes": tally.okey[i],
                "indicator_shows": tally.shows[i],
            }
        )
    return {
        "seats": seats,
        "levels": per_level(setup, tally),
        "draws": tally.draws,
        "hands": tally.hands,
        "avg_turns": round(tally.turns / tally.hands, 2) if tally.hands else 0.0,
        **_timings(tally),
        "stopped": tally.stopped,
    }


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m engine.simulate", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--variant", choices=("classic", "101"), default="classic")
    parser.add_argument(
        "--seats",
        default="normal,normal,normal,normal",
        help="comma-separated levels, 2 to 4: " + ", ".join(ALL_LEVELS),
    )
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--scoring", choices=("countdown", "points"), default="countdown")
    parser.add_argument("--no-run-13-1", action="store_true")
    parser.add_argument("--no-pairs", action="store_true")
    parser.add_argument("--no-indicator-bonus", action="store_true")
    parser.add_argument("--traditional-deal", action="store_true")
    table101 = parser.add_argument_group("101 options (with --variant 101)")
    table101.add_argument("--opening-rule", choices=("sum101", "middle34"), default="sum101")
    table101.add_argument("--no-pairs-opening", action="store_true")
    table101.add_argument("--no-okey-swap", action="store_true")
    table101.add_argument("--no-discard-must-be-used", action="store_true")
    table101.add_argument("--burn-full-sets", action="store_true")
    table101.add_argument("--no-penalties", action="store_true")
    parser.add_argument("--partners", action="store_true", help="4 seats: 0+2 against 1+3")
    args = parser.parse_args(argv)
    levels = tuple(level.strip() for level in args.seats.split(",") if level.strip())
    if not 2 <= len(levels) <= 4:
        parser.error("--seats lists 2 to 4 levels")
    known = ALL_LEVELS
    unknown = [level for level in levels if level not in known]
    if unknown:
        parser.error(f"unknown level(s): {', '.join(unknown)}")
    if args.partners and len(levels) != 4:
        parser.error("--partners needs 4 seats")
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    args.levels = levels
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    options: Options | Options101
    if args.variant == "101":
        options = Options101(
            seats=len(args.levels),
            hands=1,
            opening_rule=args.opening_rule,
            pairs_opening=not args.no_pairs_opening,
            okey_swap=not args.no_okey_swap,
            discard_must_be_used=not args.no_discard_must_be_used,
            burn_full_sets=args.burn_full_sets,
            penalties=not args.no_penalties,
            partners=args.partners,
        )
    else:
        options = Options(
            seats=len(args.levels),
            scoring=args.scoring,
            run_13_1=not args.no_run_13_1,
            pairs_finish=not args.no_pairs,
            indicator_bonus=not args.no_indicator_bonus,
            traditional_deal=args.traditional_deal,
            partners=args.partners,
        )
    setup = Setup(args.levels, options, args.seed)
    started = time.perf_counter()
    tally = run(setup, args.hands, max(1, args.jobs))
    result = summary(setup, tally)
    if args.json:
        print(json.dumps(result))
    else:
        print(report(result, time.perf_counter() - started))
    return 0


if __name__ == "__main__":
    sys.exit(main())
