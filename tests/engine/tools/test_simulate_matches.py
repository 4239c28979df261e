"""Whole-match simulation: match winners, reproducibility, the bots' view, the CLI."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

from engine.classic.bots import choose_action
from engine.classic.game import apply, new_match
from engine.classic.options import Options
from engine.okey101.state import Options101
from engine.tools.simulate import Setup
from engine.tools.simulate_matches import bot_view, play_match, run, summary
from tests.engine.tools.test_simulate import simulate


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return simulate(*args, module="engine.simulate_matches")


def test_countdown_matches_end_with_winners() -> None:
    setup = Setup(("normal", "easy", "random"), Options(seats=3, start_points=4), 7)
    for match in range(4):
        winners, hands, stopped = play_match(setup, match)
        assert not stopped and winners and hands >= 1
        assert len(set(winners)) == len(winners) and all(0 <= w < 3 for w in winners)


def test_wins_add_up_and_runs_are_reproducible_whatever_the_jobs() -> None:
    setup = Setup(("normal", "random"), Options(seats=2, start_points=4), 3)
    one, two = run(setup, 8, 1), run(setup, 8, 2)
    assert one.won == two.won and one.hands == two.hands
    assert abs(sum(one.won) - (one.matches - one.stopped)) < 1e-9
    result = summary(setup, one)
    assert [s["level"] for s in result["seats"]] == ["normal", "random"]
    # normal beats a random player over whole matches too (the seed fixes the games).
    assert result["seats"][0]["share"] > 0.5, result


def test_101_matches_play_their_hands() -> None:
    setup = Setup(("normal", "easy"), Options101(seats=2, hands=2), 1)
    winners, hands, stopped = play_match(setup, 0)
    assert not stopped and winners and hands == 2


def test_classic_bots_see_the_events_of_the_hand_in_play() -> None:
    """Without them hard cannot track the tiles seen, and wins far fewer hands."""
    options = Options(seats=2, start_points=20)
    view = bot_view
    state = new_match(options, bytes(32))
    while state.phase != "over":
        seat = state.turn
        state, _ = apply(state, seat, choose_action(view(state, seat), "normal", 1))
    state, _ = apply(state, 0, {"type": "next_hand"})
    events = view(state, state.turn)["events"]
    assert events and events[0]["type"] == "deal" and events[0]["hand"] == 1


def test_cli_json_and_argument_checks() -> None:
    done = cli("--variant", "101", "--seats", "hard,normal", "--matches", "2", "--hands", "1")
    assert done.returncode == 0, done.stderr
    assert "2 101 matches" in done.stdout
    done = cli(
        "--seats", "normal,easy", "--matches", "2", "--start-points", "2", "--jobs", "1", "--json"
    )
    assert done.returncode == 0, done.stderr
    data: dict[str, Any] = json.loads(done.stdout)
    assert data["variant"] == "classic" and data["matches"] == 2 and data["stopped"] == 0
    assert [s["level"] for s in data["seats"]] == ["normal", "easy"]
    assert abs(sum(s["won"] for s in data["seats"]) - 2) < 1e-9
    for seat in data["seats"]:
        lo, hi = seat["ci95"]
        assert 0.0 <= lo <= seat["share"] <= hi <= 1.0
    assert cli("--matches", "0").returncode == 2
    assert cli("--seats", "hard,grandmaster").returncode == 2


def test_per_match_lines_name_each_match_and_its_winners(tmp_path: Path) -> None:
    """One line per match, in match order on one job, the same lines on two."""
    out = [tmp_path / "one.jsonl", tmp_path / "two.jsonl"]
    for path, jobs in zip(out, ("1", "2"), strict=True):
        done = cli(
            "--seats", "normal,easy", "--matches", "3", "--start-points", "2", "--seed", "4",
            "--jobs", jobs, "--json", "--per-match", str(path),
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
    lines = [json.loads(text) for text in out[0].read_text().splitlines()]
    assert [line["match"] for line in lines] == [0, 1, 2]
    setup = Setup(("normal", "easy"), Options(seats=2, start_points=2), 4)
    for line in lines:
        winners, hands, stopped = play_match(setup, line["match"])
        assert line == {
            "seed": 4,
            "match": line["match"],
            "winners": list(winners),
            "levels": [setup.levels[w] for w in winners],
            "hands": hands,
            "stopped": stopped,
        }
    assert sorted(out[1].read_text().splitlines()) == sorted(out[0].read_text().splitlines())
