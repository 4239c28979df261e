"""101 hand scores against hand-worked vectors (tests/vectors/101_scoring.json)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.core.tiles import okey_face, parse_face, parse_tiles
from engine.okey101.scoring import hand_deltas

CASES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent.parent / "vectors" / "101_scoring.json").read_text()
)


@pytest.mark.parametrize("case", CASES, ids=[c["why"][:50] for c in CASES])
def test_scoring_vectors(case: dict[str, Any]) -> None:
    okey = okey_face(parse_face(case["indicator"]))
    racks = [parse_tiles(rack) if rack else [] for rack in case["racks"]]
    deltas = hand_deltas(
        racks,
        case["opened"],
        finisher=case["finisher"],
        okey_finish=case["okey_finish"],
        okey=okey,
        partners=case["partners"],
    )
    assert deltas == case["deltas"], case["why"]


def test_vectors_cover_every_rule() -> None:
    assert len(CASES) >= 12
    assert any(c["partners"] for c in CASES) and any(c["finisher"] is None for c in CASES)
    assert any(c["okey_finish"] for c in CASES) and any("pairs" in c["opened"] for c in CASES)
