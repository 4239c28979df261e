"""Whole bot-only matches, for measuring the computer players over a match.

``python -m engine.simulate_matches --seats hard,normal,normal,normal --matches 1000 --seed 1``
(``--variant 101`` for 101 Okey matches of ``--hands`` hands).

:mod:`engine.tools.simulate` counts single hands, the race to finish first. A
match also counts what a hand is worth (okey and seven-pairs finishes,
indicator shows; in 101 every seat's hand score), so this is the other
measure of strength. The tables use the game's defaults: classic counts
down from 20 points (``--scoring points`` plays ``--hands`` hands), 101
plays 5 hands and the lowest total wins. The listed levels rotate round the
table from match to match as hands do in :mod:`engine.tools.simulate`; seats tied
for the match share it. Each match is dealt from a secret derived from
``--seed`` and the match number, so a run is reproducible whatever
``--jobs`` is.

``--per-match FILE`` also writes one JSON line per match (seed, match number,
winners as listed entries and their levels, hands, stopped), so that two
trees' runs of the same seed can be compared match by match
(:mod:`engine.tools.compare_matches`): the same match number is the same deal
with the same seating in both.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from engine.classic.options import Options
from engine.core.levels import ALL_LEVELS
from engine.okey101.state import Options101
from engine.tools.simulate import Setup, bot_seed, fan_out, wilson
from engine.tools.simulate_report import seat_rows
from engine.variants import Game, rules_for_options, rules_of

# A classic countdown match of bots takes about 8 hands, a 101 match its
# hands; far more actions than this means a bot is looping.
MAX_ACTIONS = 100_000


@dataclass(frozen=True)
class MatchOutcome:
    """One match: its number, winners (listed entries, several on a tie), hands, stopped."""

    match: int
    winners: tuple[int, ...]
    hands: int
    stopped: bool


@dataclass
class MatchTally:
    """Match wins (shared on ties) and hands per listed entry."""

    entries: int
    matches: int = 0
    hands: int = 0
    stopped: int = 0
    won: list[float] = field(default_factory=list)
    outcomes: list[MatchOutcome] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.won = self.won or [0.0] * self.entries

    def merge(self, other: MatchTally) -> None:
        self.matches += other.matches
        self.hands += other.hands
        self.stopped += other.stopped
        self.won = [a + b for a, b in zip(self.won, other.won, strict=True)]
        self.outcomes.extend(other.outcomes)


def bot_view(state: Game, seat: int) -> dict[str, Any]:
    """What a bot is given: the seat's view with this hand's events, as the API gives it
    (bots track the discards seen and the takes)."""
    return rules_of(state).view_for(state, seat, state.base_version)


def play_match(setup: Setup, match: int) -> tuple[tuple[int, ...], int, bool]:
    """Play match number ``match``; its winners (as listed entries), hands played, stopped."""
    rules = rules_for_options(setup.options)
    decide = rules.any_bot()
    n = len(setup.levels)
    entry_at = [(seat + match) % n for seat in range(n)]
    seeds = [bot_seed(setup.seed, match, seat) for seat in range(n)]
    secret = hashlib.sha256(f"istaka-match:{setup.seed}:{match}".encode()).digest()
    state = rules.start(setup.options, secret)
    hands = 1
    for _ in range(MAX_ACTIONS):
        if state.match_winners:
            return tuple(entry_at[s] for s in state.match_winners), hands, False
        # Between hands any seat may deal the next one.
        seat = 0 if state.phase == "over" else state.turn
        action = decide(bot_view(state, seat), setup.levels[entry_at[seat]], seeds[seat])
        hands += action["type"] == "next_hand"
        state, _ = rules.apply(state, seat, action)
    return (), hands, True


def play_chunk(args: tuple[Setup, Sequence[int]]) -> MatchTally:
    setup, matches = args
    tally = MatchTally(len(setup.levels))
    for match in matches:
        winners, hands, stopped = play_match(setup, match)
        tally.matches += 1
        tally.hands += hands
        tally.stopped += stopped
        tally.outcomes.append(MatchOutcome(match, winners, hands, stopped))
        for entry in winners:
            tally.won[entry] += 1 / len(winners)
    return tally


def run(
    setup: Setup,
    matches: int,
    jobs: int,
    on_part: Callable[[MatchTally], None] | None = None,
) -> MatchTally:
    """Play ``matches`` matches on ``jobs`` processes and merge the results;
    ``on_part`` sees each chunk as it finishes (in any order on more jobs)."""
    total = MatchTally(len(setup.levels))
    for part in fan_out(play_chunk, setup, matches, jobs, 20):
        if on_part is not None:
            on_part(part)
        total.merge(part)
    total.outcomes.sort(key=lambda outcome: outcome.match)
    return total


def outcome_line(setup: Setup, outcome: MatchOutcome) -> dict[str, Any]:
    """One match as a ``--per-match`` line; seed and match number pair it with another
    tree's run of the same seed."""
    return {
        "seed": setup.seed,
        "match": outcome.match,
        "winners": list(outcome.winners),
        "levels": [setup.levels[entry] for entry in outcome.winners],
        "hands": outcome.hands,
        "stopped": outcome.stopped,
    }


def line_writer(setup: Setup, out: TextIO) -> Callable[[MatchTally], None]:
    """Write each chunk's matches as JSON lines as soon as it is played, so a long run's
    finished matches are on disk while it goes on."""

    def write(part: MatchTally) -> None:
        for outcome in part.outcomes:
            out.write(json.dumps(outcome_line(setup, outcome)) + "\n")
        out.flush()

    return write


def summary(setup: Setup, tally: MatchTally) -> dict[str, Any]:
    decided = tally.matches - tally.stopped
    seats = []
    for i, level in enumerate(setup.levels):
        lo, hi = wilson(tally.won[i], decided)
        share = round(tally.won[i] / decided, 4) if decided else 0.0
        ci95 = [round(lo, 4), round(hi, 4)]
        seats.append({"level": level, "won": round(tally.won[i], 2), "share": share, "ci95": ci95})
    return {
        "variant": "101" if isinstance(setup.options, Options101) else "classic",
        "seats": seats,
        "matches": tally.matches,
        "avg_hands": round(tally.hands / tally.matches, 2) if tally.matches else 0.0,
        "stopped": tally.stopped,
    }


def report(result: Mapping[str, Any], elapsed: float) -> str:
    lines = [
        f"{result['matches']} {result['variant']} matches, {result['avg_hands']} hands each"
        f" on average, {elapsed:.1f} s",
        f"{'seat':<6}{'level':<8}{'won':>9}{'share':>8}  95% interval",
    ]
    lines += seat_rows(
        result,
        lambda i, seat, lo, hi: (
            f"{i:<6}{seat['level']:<8}{seat['won']:>9.2f}{seat['share']:>8.1%}"
            f"  [{lo:.1%}, {hi:.1%}]"
        ),
    )
    if result["stopped"]:
        lines.append(f"stopped (a bot looped): {result['stopped']}")
    return "\n".join(lines)


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m engine.simulate_matches", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--variant", choices=("classic", "101"), default="classic")
    parser.add_argument("--seats", default="normal,normal,normal,normal")
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--scoring", choices=("countdown", "points"), default="countdown")
    parser.add_argument("--start-points", type=int, default=20, help="countdown")
    parser.add_argument("--hands", type=int, help="hands a match (101: 5, points: 5)")
    parser.add_argument(
        "--per-match",
        metavar="FILE",
        help="also write one JSON line per match to FILE (for engine.compare_matches)",
    )
    args = parser.parse_args(argv)
    levels = tuple(level.strip() for level in args.seats.split(",") if level.strip())
    known = ALL_LEVELS
    if not 2 <= len(levels) <= 4 or any(level not in known for level in levels):
        parser.error("--seats lists 2 to 4 of: " + ", ".join(known))
    if args.matches < 1:
        parser.error("--matches must be at least 1")
    args.levels = levels
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    hands = args.hands or 5
    options: Options | Options101
    if args.variant == "101":
        options = Options101(seats=len(args.levels), hands=hands)
    else:
        options = Options(
            seats=len(args.levels),
            scoring=args.scoring,
            start_points=args.start_points,
            hands=hands if args.scoring == "points" else 1,
        )
    setup = Setup(args.levels, options, args.seed)
    started = time.perf_counter()
    jobs = max(1, args.jobs)
    if args.per_match:
        with open(args.per_match, "w", encoding="utf-8") as out:
            tally = run(setup, args.matches, jobs, line_writer(setup, out))
    else:
        tally = run(setup, args.matches, jobs)
    result = summary(setup, tally)
    print(json.dumps(result) if args.json else report(result, time.perf_counter() - started))
    return 0


if __name__ == "__main__":
    sys.exit(main())
