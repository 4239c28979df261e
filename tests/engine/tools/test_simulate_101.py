"""``python -m engine.simulate --variant 101``: output shape, options, reproducibility."""

from __future__ import annotations

import subprocess
from typing import Any

import pytest

from engine.okey101.bots.baseline import choose_any101
from engine.okey101.state import Options101
from engine.tools.simulate import Setup, run, summary
from engine.tools.simulate101 import Tally101, hand_wins, play_hand101
from tests.engine.tools import test_simulate as classic_cli

SEAT_KEYS = {
    "level",
    "won",
    "share",
    "ci95",
    "avg_score",
    "openings",
    "pairs_openings",
    "penalties",
    "finishes",
}


def simulate(*args: str) -> subprocess.CompletedProcess[str]:
    return classic_cli.simulate("--variant", "101", *args)


def results(*args: str) -> dict[str, Any]:
    return classic_cli.results("--variant", "101", *args)


def test_json_output_shape() -> None:
    data = results("--seats", "hard,normal,easy", "--hands", "4", "--seed", "3", "--jobs", "1")
    assert set(data) >= {"seats", "draws", "hands", "avg_turns", "decision_ms"}
    assert data["variant"] == "101" and data["hands"] == 4 and 0 <= data["draws"] <= 4
    assert [s["level"] for s in data["seats"]] == ["hard", "normal", "easy"]
    # Every decided hand hands out exactly one win, shared on ties.
    assert sum(s["won"] for s in data["seats"]) + data["draws"] == pytest.approx(4)
    for seat in data["seats"]:
        assert set(seat) == SEAT_KEYS
        lo, hi = seat["ci95"]
        assert 0.0 <= lo <= seat["share"] <= hi <= 1.0
        assert 0 <= seat["pairs_openings"] <= seat["openings"] <= 4
        assert 0 <= seat["finishes"] <= seat["openings"]
        assert seat["penalties"] >= 0 and seat["avg_score"] >= -202
    assert set(data["decision_ms"]) == {"hard", "normal", "easy"}
    for times in data["decision_ms"].values():
        assert 0 <= times["median"] <= times["p99"]


def test_options_text_report_and_bad_arguments() -> None:
    done = simulate(
        *("--seats", "normal,random,normal,random", "--hands", "2", "--jobs", "1"),
        *("--opening-rule", "middle34", "--no-pairs-opening", "--no-okey-swap"),
        *("--no-discard-must-be-used", "--burn-full-sets", "--no-penalties", "--partners"),
    )
    assert done.returncode == 0, done.stderr
    assert "hands of 101" in done.stdout and "1:random" in done.stdout
    assert simulate("--seats", "normal,wizard").returncode == 2
    assert simulate("--seats", "normal,normal", "--partners").returncode == 2
    assert simulate("--seats", "normal,normal", "--opening-rule", "odd").returncode == 2


def test_runs_are_reproducible_whatever_the_jobs() -> None:
    setup = Setup(("normal", "easy"), Options101(seats=2, hands=1), 5)
    one, two = summary(setup, run(setup, 6, 1)), summary(setup, run(setup, 6, 2))
    for key in ("seats", "draws", "hands", "avg_turns"):
        assert one[key] == two[key]


def test_levels_rotate_and_every_hand_is_counted() -> None:
    tally = Tally101(3)
    options = Options101(seats=3, hands=1)
    for hand in range(3):
        tally.play(("normal", "random", "random"), hand, options, bytes([hand]) * 32, hand)
    assert tally.hands == 3 and sum(tally.won) + tally.draws == pytest.approx(3)
    assert len(tally.decision_ns["normal"]) > 0 and len(tally.decision_ns["random"]) > 0


def test_wins_are_the_lowest_score_shared_on_ties() -> None:
    assert hand_wins((5, 30, 202), partners=False) == [1.0, 0.0, 0.0]
    assert hand_wins((202, 202, 202, 202), partners=False) == [0.0] * 4  # a draw
    assert hand_wins((10, 10, 202, 40), partners=False) == [0.5, 0.5, 0.0, 0.0]
    assert hand_wins((10, 20, 30, 20), partners=True) == [0.0] * 4  # 40 against 40
    assert hand_wins((10, -101, 30, 5), partners=True) == [0.0, 0.5, 0.0, 0.5]


def test_random_baseline_plays_legal_hands() -> None:
    state = play_hand101(("random", "random"), seed=2, decide=choose_any101)
    assert state.phase == "over" and state.result is not None
