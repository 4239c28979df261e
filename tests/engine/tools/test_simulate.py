"""The bot simulator CLI: output shape, reproducibility, argument checks."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from engine.classic.options import Options
from engine.tools.simulate import Setup, Tally, play_hand, run, summary, wilson


def simulate(*args: str, module: str = "engine.simulate") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def results(*args: str) -> dict[str, Any]:
    done = simulate(*args, "--json")
    assert done.returncode == 0, done.stderr
    data: dict[str, Any] = json.loads(done.stdout)
    return data


def test_json_output_shape() -> None:
    data = results("--seats", "hard,normal,easy", "--hands", "6", "--seed", "3", "--jobs", "1")
    assert set(data) >= {"seats", "draws", "hands", "avg_turns", "decision_ms"}
    assert data["hands"] == 6 and 0 <= data["draws"] <= 6
    assert [s["level"] for s in data["seats"]] == ["hard", "normal", "easy"]
    assert sum(s["won"] for s in data["seats"]) + data["draws"] == 6
    for seat in data["seats"]:
        assert set(seat) == {
            "level",
            "won",
            "share",
            "ci95",
            "pairs_finishes",
            "okey_finishes",
            "indicator_shows",
        }
        lo, hi = seat["ci95"]
        assert 0.0 <= lo <= seat["share"] <= hi <= 1.0
        assert 0 <= seat["pairs_finishes"] <= seat["won"]
        assert 0 <= seat["okey_finishes"] <= seat["won"]
    assert set(data["decision_ms"]) == {"hard", "normal", "easy"}
    for times in data["decision_ms"].values():
        assert 0 <= times["median"] <= times["p99"]
    assert data["avg_turns"] > 3


def test_runs_are_reproducible_whatever_the_jobs() -> None:
    args = ("--seats", "normal,random", "--hands", "8", "--seed", "5", "--no-pairs")
    one, two = results(*args, "--jobs", "1"), results(*args, "--jobs", "2")
    for key in ("seats", "draws", "hands", "avg_turns"):
        assert one[key] == two[key]


def test_text_report_and_bad_arguments() -> None:
    done = simulate("--seats", "easy,gentle", "--hands", "2", "--jobs", "1", "--scoring", "points")
    assert done.returncode == 0 and "hands" in done.stdout and "0:easy" in done.stdout
    assert simulate("--seats", "normal").returncode == 2
    assert simulate("--seats", "normal,wizard").returncode == 2
    assert simulate("--seats", "normal,normal", "--hands", "0").returncode == 2
    assert simulate("--seats", "normal,normal,normal", "--partners").returncode == 2


def test_classic_partners_tables_simulate() -> None:
    data = results("--seats", "hard,normal,normal,normal", "--hands", "8", "--partners")
    assert data["hands"] == 8 and len(data["seats"]) == 4
    assert sum(seat["won"] for seat in data["seats"]) + data["draws"] == 8


def test_levels_rotate_round_the_table() -> None:
    setup = Setup(("random", "random", "random"), Options(seats=3, indicator_bonus=False), 1)
    tally = Tally(3)
    for hand in range(6):
        play_hand(setup, hand, tally)
    assert tally.hands == 6 and sum(tally.won) + tally.draws == 6
    assert summary(setup, tally)["hands"] == 6
    # Same seeds, same hands: a merged tally equals the sum of its parts.
    again = run(setup, 6, 1)
    assert again.won == tally.won and again.draws == tally.draws


@pytest.mark.parametrize(("won", "trials"), [(0, 10), (5, 10), (10, 10), (350, 1000)])
def test_wilson_interval_contains_the_share(won: int, trials: int) -> None:
    lo, hi = wilson(won, trials)
    assert 0.0 <= lo <= won / trials <= hi <= 1.0
    assert hi - lo < 0.7


def test_levels_count_finishes_per_thousand_hands() -> None:
    setup = Setup(("hard", "normal", "normal"), Options(seats=3), 5)
    tally = run(setup, 4, 1)
    tally.won, tally.okey, tally.pairs = [2, 1, 0], [1, 0, 1], [0, 1, 0]
    tally.draws = 1
    levels = summary(setup, tally)["levels"]
    assert list(levels) == ["hard", "normal"]
    assert levels["hard"]["share"] == pytest.approx(2 / 3, abs=1e-4)
    assert levels["hard"]["won_per_1000"] == 500.0
    assert levels["hard"]["okey_per_1000"] == 250.0
    # two normal seats sat in 8 hands: one okey finish, one seven-pairs finish
    assert levels["normal"]["okey_per_1000"] == 125.0
    assert levels["normal"]["pairs_per_1000"] == 125.0
    assert levels["normal"]["share"] == pytest.approx(1 / 6, abs=1e-4)
    lo, hi = levels["hard"]["ci95"]
    assert lo < 2 / 3 < hi
