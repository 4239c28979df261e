"""The command line, run as a real subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
WIN = "R1 R2 R3 R4 Y4 B4 K4 K9 K10 K11 K12 B1 B2 B3"


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


def test_single_winning_hand() -> None:
    done = run("check", "--indicator", "Y6", *WIN.split())
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["winning"] is True and result["kind"] == "melds"
    assert sorted(t for g in result["groups"] for t in g) == sorted(WIN.split())
    assert "discard" not in result


def test_single_losing_hand_and_options() -> None:
    hand = "R12 R13 R1 B4 B5 B6 Y9 Y10 Y11 K5 K6 K7 K8 K9"
    assert json.loads(run("check", "--indicator", "K13", hand).stdout)["winning"] is True
    done = run("check", "--indicator", "K13", "--no-run-13-1", hand)
    assert json.loads(done.stdout) == {"winning": False, "kind": None, "groups": []}
    pairs = "R1 R1 Y4 Y4 B7 B7 K9 K9 R12 R12 Y13 Y13 B2 B2"
    assert json.loads(run("check", "--indicator", "K13", pairs).stdout)["kind"] == "pairs"
    done = run("check", "--indicator", "K13", "--no-pairs", pairs)
    assert json.loads(done.stdout)["winning"] is False


def test_fifteen_tiles_report_the_discard() -> None:
    done = run("check", "--indicator", "Y6", *WIN.split(), "R9")
    result = json.loads(done.stdout)
    assert result["winning"] is True and result["discard"] == "R9"
    done = run("check", "--indicator", "Y6", *WIN.split()[:-1], "R9", "K6")
    assert json.loads(done.stdout) == {
        "winning": False,
        "kind": None,
        "groups": [],
        "discard": None,
    }


def test_bad_input_exits_2() -> None:
    for args in (
        ["--indicator", "Y6", "R1", "R2", "X9"],
        ["--indicator", "F", *WIN.split()],
        ["--indicator", "Y6", "R1", "R1", "R1", *WIN.split()[3:]],
        ["--indicator", "Y6", *WIN.split()[:10]],
    ):
        done = run("check", *args)
        assert done.returncode == 2, args
        assert done.stderr.startswith("error:") and not done.stdout
    # One R1 in hand beside an R1 indicator is fine; two would make three copies.
    assert run("check", "--indicator", "R1", *WIN.split()).returncode == 0
    done = run("check", "--indicator", "R1", "R1", *WIN.split()[:13])
    assert done.returncode == 2 and "three copies of R1" in done.stderr


def test_batch_mode() -> None:
    lines = [
        json.dumps({"tiles": WIN, "indicator": "Y6"}),
        "not json",
        json.dumps({"tiles": "R1 R2", "indicator": "Y6"}),
        "",
        json.dumps({"tiles": WIN.split(), "indicator": "Y6", "pairs": False}),
        json.dumps(
            {
                "tiles": "R12 R13 R1 B4 B5 B6 Y9 Y10 Y11 K5 K6 K7 K8 K9",
                "indicator": "K13",
                "run_13_1": False,
            }
        ),
        json.dumps({"tiles": WIN, "indicator": "F"}),
    ]
    done = run("check", stdin="\n".join(lines) + "\n")
    assert done.returncode == 0, done.stderr
    results = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(results) == 6
    assert results[0]["winning"] is True
    assert "error" in results[1] and "error" in results[2]
    assert results[3]["winning"] is True
    assert results[4]["winning"] is False
    assert "error" in results[5]
