"""Paired comparison of two runs of the same matches: McNemar, pairing, the CLI."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from engine.classic.options import Options
from engine.tools.compare_matches import (
    credit,
    main,
    mcnemar_exact,
    pair,
    paired_interval,
    read_lines,
    summary,
)
from engine.tools.simulate import Setup
from engine.tools.simulate_matches import MatchOutcome, outcome_line, play_match
from tests.engine.tools.test_simulate import simulate


def line(match: int, *levels: str, seed: int = 1, stopped: bool = False) -> dict[str, Any]:
    return {
        "seed": seed,
        "match": match,
        "winners": list(range(len(levels))),
        "levels": list(levels),
        "hands": 3,
        "stopped": stopped,
    }


def by_key(*lines: dict[str, Any]) -> dict[tuple[int, int], dict[str, Any]]:
    return read_lines(json.dumps(x) for x in lines)


def test_mcnemar_exact_on_known_counts() -> None:
    # n discordant matches, each a fair coin under no change: p = 2 * P(X <= min).
    assert mcnemar_exact(0, 5) == 2 / 32
    assert mcnemar_exact(1, 9) == 2 * 11 / 1024
    assert mcnemar_exact(9, 1) == mcnemar_exact(1, 9)
    assert mcnemar_exact(3, 3) == 1.0 and mcnemar_exact(0, 0) == 1.0
    assert mcnemar_exact(0, 1) == 1.0  # one discordant match proves nothing
    # 40 against 60 of 100: the two-sided binomial tail, 0.0569 (a textbook value).
    assert mcnemar_exact(40, 60) == pytest.approx(0.05689, abs=1e-5)
    tail = sum(math.comb(200, k) for k in range(81)) / 2**200
    assert mcnemar_exact(80, 120) == pytest.approx(2 * tail, rel=1e-12)


def test_paired_interval_is_the_mean_difference_with_a_normal_interval() -> None:
    diffs = [1.0] * 30 + [-1.0] * 10 + [0.0] * 60
    mean, lo, hi = paired_interval(diffs)
    sd = math.sqrt((30 * (1 - 0.2) ** 2 + 10 * (-1 - 0.2) ** 2 + 60 * 0.2**2) / 99)
    assert mean == pytest.approx(0.2)
    assert (lo, hi) == pytest.approx((0.2 - 1.96 * sd / 10, 0.2 + 1.96 * sd / 10))
    assert paired_interval([]) == (0.0, -1.0, 1.0)
    assert paired_interval([1.0]) == (1.0, -1.0, 1.0)


def test_a_shared_win_counts_its_share() -> None:
    assert credit(line(0, "hard"), "hard") == 1.0
    assert credit(line(0, "hard", "normal"), "hard") == 0.5
    assert credit(line(0, "normal", "normal"), "normal") == 1.0
    assert credit(line(0, "normal"), "hard") == 0.0
    assert credit(line(0, stopped=True), "hard") == 0.0


def test_runs_pair_by_seed_and_match_number_not_by_order() -> None:
    before = by_key(
        line(3, "normal"),
        line(0, "hard"),
        line(1, "hard"),
        line(2, "normal"),
        line(4, "hard", "normal"),
        line(5, "hard", stopped=False),
        line(0, "normal", seed=2),  # seed 2's match 0 is another match
        line(9, "hard"),  # only in this run
    )
    after = by_key(
        line(0, "normal", seed=2),
        line(5, stopped=True),
        line(4, "hard"),
        line(2, "hard"),
        line(1, "normal"),
        line(0, "hard"),
        line(3, "normal"),
    )
    paired = pair(before, after, "hard")
    assert paired.unpaired == 1 and paired.stopped == 1 and paired.matches == 6
    # both: matches 0 and 4 (a shared win counts as won); only before: 1; only after: 2
    assert (paired.both, paired.only_before, paired.only_after, paired.shared) == (2, 1, 1, 1)
    assert paired.before_won == 2.5 and paired.after_won == 3.0
    result = summary(paired)
    assert result["neither"] == 2 and result["mcnemar_p"] == 1.0
    assert result["difference"] == pytest.approx(0.5 / 6, abs=1e-4)
    assert result["before"]["share"] == round(2.5 / 6, 4)


def test_a_match_listed_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="match 0 twice"):
        by_key(line(0, "hard"), line(0, "normal"))


def test_two_runs_of_one_tree_agree_match_by_match(tmp_path: Path) -> None:
    """A tiny run through both CLIs: the same tree twice differs in no match."""
    files = []
    for name, jobs in (("one", "1"), ("two", "2")):
        path = tmp_path / f"{name}.jsonl"
        done = simulate(
            "--seats", "normal,easy", "--matches", "2", "--start-points", "2",
            "--seed", "5", "--jobs", jobs, "--per-match", str(path),
            module="engine.simulate_matches",
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        files.append(path)
    lines = [json.loads(text) for text in files[0].read_text().splitlines()]
    setup = Setup(("normal", "easy"), Options(seats=2, start_points=2), 5)
    assert lines == [outcome_line(setup, MatchOutcome(m, *play_match(setup, m))) for m in (0, 1)]
    assert sorted(files[1].read_text().splitlines()) == sorted(files[0].read_text().splitlines())
    done = simulate(
        "--before", str(files[0]), "--after", str(files[1]), "--level", "normal", "--json",
        module="engine.compare_matches",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["matches"] == 2 and result["unpaired"] == 0
    assert result["only_before"] == result["only_after"] == 0
    assert result["mcnemar_p"] == 1.0 and result["difference"] == 0.0
    assert result["before"] == result["after"]


def test_cli_report_and_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before, after, other = tmp_path / "b.jsonl", tmp_path / "a.jsonl", tmp_path / "o.jsonl"
    before.write_text("".join(json.dumps(line(m, "normal")) + "\n" for m in range(6)))
    after.write_text("".join(json.dumps(line(m, "hard")) + "\n" for m in range(6)))
    other.write_text(json.dumps(line(0, "hard", seed=9)) + "\n")
    assert main(["--before", str(before), "--after", str(after)]) == 0
    out = capsys.readouterr().out
    assert "6 paired matches, hard's share" in out
    assert "only before 0, only after 6" in out
    assert "p = 0.0312" in out  # 2 / 2**6
    assert main(["--before", str(before), "--after", str(other)]) == 2
    assert main(["--before", str(before), str(before), "--after", str(after)]) == 2
    assert main(["--before", str(tmp_path / "missing"), "--after", str(after)]) == 2
