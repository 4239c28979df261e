"""Every test file under tests/ is collected by a bare `pytest` (what `make test` runs).

pytest matches each `norecursedirs` pattern against every directory's own name, so an entry
meant for the root's frontend/ once hid tests/frontend, all the browser tests, from `make
test` and CI for weeks without a sound. This checks the patterns against the real tree.
"""

from __future__ import annotations

import tomllib
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def hidden_by(patterns: list[str], path: Path) -> str | None:
    """The pattern that keeps pytest out of one of ``path``'s directories, if any."""
    for parent in path.relative_to(ROOT).parents:
        if parent == Path("."):
            continue
        for pattern in patterns:
            if fnmatch(parent.name, pattern) or fnmatch(str(parent), pattern):
                return pattern
    return None


def test_every_test_file_is_collected() -> None:
    options = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    patterns = options["norecursedirs"]
    files = sorted((ROOT / "tests").rglob("test_*.py"))
    kept_out = {"tests/bench"}  # benchmarks: `make bench`, never part of `make test`
    hidden = {
        str(f.relative_to(ROOT)): pattern
        for f in files
        if (pattern := hidden_by(patterns, f))
        and not any(str(f.relative_to(ROOT)).startswith(d + "/") for d in kept_out)
    }
    assert hidden == {}, hidden
    assert any("tests/frontend/e2e" in str(f) for f in files)
    # The check itself: the entry that hid them is still caught.
    assert hidden_by([*patterns, "frontend"], ROOT / "tests/frontend/e2e/test_hand.py")
