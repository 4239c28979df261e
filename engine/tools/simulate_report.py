"""The simulator's text report: one line per seat, then decision and hand times.

``python -m engine.simulate`` prints this unless ``--json`` asks for the
figures as one object (the same dictionary this module reads).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

# One seat's line of a report: (index, the seat's figures, its 95% interval's ends).
SeatRow = Callable[[int, Mapping[str, Any], float, float], str]


def seat_rows(result: Mapping[str, Any], row: SeatRow) -> list[str]:
    """A report's line for each seat of ``result``, by ``row``."""
    return [row(i, seat, *seat["ci95"]) for i, seat in enumerate(result["seats"])]


def _seats101(result: dict[str, Any]) -> list[str]:
    lines = [
        f"{'entry':<10}{'won':>8}{'share':>8}  {'95% CI':<15}{'score':>7}"
        f"{'opened':>7}{'pairs':>6}{'penal':>6}{'fin':>6}"
    ]
    return lines + seat_rows(
        result,
        lambda i, seat, lo, hi: (
            f"{i}:{seat['level']:<8}{seat['won']:>8.1f}{seat['share']:>8.1%}  "
            f"{f'{lo:.1%}-{hi:.1%}':<15}{seat['avg_score']:>7.1f}{seat['openings']:>7}"
            f"{seat['pairs_openings']:>6}{seat['penalties']:>6}{seat['finishes']:>6}"
        ),
    )


def report(result: dict[str, Any], elapsed: float) -> str:
    if result.get("variant") == "101":
        lines = [
            f"{result['hands']} hands of 101, {result['draws']} drawn (every seat tied), "
            f"{result['avg_turns']} turns per hand, {elapsed:.1f} s",
            *_seats101(result),
        ]
        return "\n".join([*lines, *_times(result)])
    lines = [
        f"{result['hands']} hands, {result['draws']} draws (empty pile), "
        f"{result['avg_turns']} turns per hand, {elapsed:.1f} s",
        f"{'entry':<10}{'won':>6}{'share':>8}  {'95% CI':<15}{'pairs':>6}{'okey':>6}{'shows':>7}",
    ]
    lines += seat_rows(
        result,
        lambda i, seat, lo, hi: (
            f"{i}:{seat['level']:<8}{seat['won']:>6}{seat['share']:>8.1%}  "
            f"{f'{lo:.1%}-{hi:.1%}':<15}{seat['pairs_finishes']:>6}"
            f"{seat['okey_finishes']:>6}{seat['indicator_shows']:>7}"
        ),
    )
    lines.append(
        f"{'level':<10}{'share':>8}  {'95% CI':<15}"
        f"{'won/1000':>9}{'okey/1000':>10}{'pairs/1000':>11}"
    )
    for level, row in result.get("levels", {}).items():
        lo, hi = row["ci95"]
        lines.append(
            f"{level:<10}{row['share']:>8.1%}  {f'{lo:.1%}-{hi:.1%}':<15}"
            f"{row['won_per_1000']:>9.1f}{row['okey_per_1000']:>10.1f}{row['pairs_per_1000']:>11.1f}"
        )
    return "\n".join([*lines, *_times(result)])


def _times(result: dict[str, Any]) -> list[str]:
    decisions = ", ".join(
        f"{level} median {t['median']:.3f} p99 {t['p99']:.3f}"
        for level, t in result["decision_ms"].items()
    )
    hand = result["hand_ms"]
    return [
        f"decision time (ms): {decisions}",
        f"hand time (ms): median {hand['median']:.1f} p99 {hand['p99']:.1f}",
    ]
