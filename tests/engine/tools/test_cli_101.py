"""``python -m engine open``, run as a real subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
FOOTNOTE = "R1 R2 R3 B11 B12 B13 B6 B7 B8 Y11 Y12 Y13 R13 B13 K13"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", "open", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


def test_open_sum101() -> None:
    done = run("--indicator", "Y6", *FOOTNOTE.split())
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert set(result) == {"points", "groups", "pairs"}
    assert result["points"] == 138 and result["pairs"] == 1
    assert sorted(t for g in result["groups"] for t in g) == sorted(FOOTNOTE.split())


def test_open_middle34_and_okey_in_place() -> None:
    result = json.loads(run("--indicator", "Y6", "--rule", "middle34", FOOTNOTE).stdout)
    assert result["points"] == 46
    # The okey Y7 is printed where it stands: as R7 above R5 R6.
    result = json.loads(run("--indicator", "Y6", "R5", "R6", "Y7").stdout)
    assert result == {"points": 18, "groups": [["R5", "R6", "Y7"]], "pairs": 1}


def test_open_bad_input() -> None:
    for args in (("--indicator", "F", "R1"), ("--indicator", "Y6", "R14"), ("--indicator", "Y6")):
        done = run(*args)
        assert done.returncode == 2 and done.stdout == ""
    done = run("--indicator", "Y6", "Y6", "Y6")
    assert done.returncode == 2 and "indicator" in done.stderr
    assert run("--indicator", "Y6", "--rule", "sum99", "R1").returncode == 2
