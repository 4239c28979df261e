"""The docs name files that exist: a path in backticks in README.md or docs/*.md is checked.

Docs that point at moved or deleted files are how a newcomer gets lost, and a restructuring
moves many files at once; this fails on the first stale path instead of leaving it to a reader.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Top-level entries a repo path starts with; anything else in backticks is code, not a path.
TREE = {"engine", "api", "frontend", "infra", "tests", "docs", ".ci"}
# Made by running things, so not in a clean checkout.
GENERATED = ("tests/output/", "infra/node_modules")
CANDIDATE = re.compile(r"`([A-Za-z0-9_.\-/]+)`")


def documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def named_paths(text: str) -> list[str]:
    found = []
    for match in CANDIDATE.finditer(text):
        path = match.group(1)
        if "/" in path and path.split("/")[0] in TREE and not path.startswith(GENERATED):
            found.append(path)
    return found


def test_named_paths_finds_paths_and_skips_code() -> None:
    text = "see `engine/core/game.py`, `api.model`, `a/b`, `tests/output/x.png` and `js/x.js`"
    assert named_paths(text) == ["engine/core/game.py"]


def test_every_path_the_docs_name_exists() -> None:
    missing = []
    for doc in documents():
        for number, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
            for path in named_paths(line):
                if not (ROOT / path).exists():
                    missing.append(f"{doc.relative_to(ROOT)}:{number}: {path}")
    assert missing == []
