"""101 Okey table melds: laying off and okey swaps, against hand-worked vectors
and a brute force that inserts each tile and re-reads the meld."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.melds import meld_kind
from engine.core.tiles import format_tile, okey_face, parse_face, parse_tiles
from engine.okey101.table import layoffs, okey_swaps, stand_ins

VECTORS = Path(__file__).parent.parent / "vectors"
LAYOFFS: list[dict[str, Any]] = json.loads((VECTORS / "101_layoffs.json").read_text())


def _named(found: Sequence[tuple[int, int, int]]) -> list[list[Any]]:
    return sorted([format_tile(t), m, p] for t, m, p in found)


def _ids(table: Sequence[str], rack: str) -> tuple[list[list[int]], list[int]]:
    """Parse table and rack together so that repeated faces get distinct ids."""
    words = [w for meld in table for w in meld.split()] + rack.split()
    ids = parse_tiles(words)
    melds, at = [], 0
    for meld in table:
        size = len(meld.split())
        melds.append(ids[at : at + size])
        at += size
    return melds, ids[at:]


@pytest.mark.parametrize("case", LAYOFFS, ids=[c["why"][:40] for c in LAYOFFS])
def test_layoff_vectors(case: dict[str, Any]) -> None:
    okey = okey_face(parse_face(case["indicator"]))
    melds, rack = _ids(case["table"], case["tiles"])
    assert _named(layoffs(rack, melds, okey)) == sorted(case["layoffs"]), case["why"]
    assert _named(okey_swaps(rack, melds, okey)) == sorted(case["swaps"]), case["why"]


def test_vector_file_is_broad() -> None:
    assert len(LAYOFFS) >= 20
    assert sum(1 for c in LAYOFFS if c["swaps"]) >= 5


def _brute_layoffs(rack: Sequence[int], melds: Sequence[Sequence[int]], okey: int) -> set[Any]:
    """Insert each tile at each end; keep it if the laid meld still reads the
    same for the tiles already there (an okey never moves) and is a meld."""
    found = set()
    for index, meld in enumerate(melds):
        before = stand_ins(meld, okey)
        if before is None:
            continue
        was_set = len({f % 13 for f in before}) == 1
        for tile in rack:
            # Tiles join a set at its end (any order is the same set).
            for position in (len(meld),) if was_set else (0, len(meld)):
                laid = [*meld[:position], tile, *meld[position:]]
                after = stand_ins(laid, okey)
                if after is None or meld_kind(laid, okey, run_13_1=False) is None:
                    continue
                kept = after[:position] + after[position + 1 :]
                is_set = len({f % 13 for f in after}) == 1 and len(laid) <= 4
                if kept == before or is_set:
                    found.add((tile, index, position))
    return found


runs = st.tuples(st.integers(0, 3), st.integers(1, 11), st.integers(3, 6)).map(
    lambda c: [c[0] * 26 + (v - 1) * 2 for v in range(c[1], min(c[1] + c[2], 14))]
)
sets3 = st.tuples(st.integers(1, 13), st.sets(st.integers(0, 3), min_size=3, max_size=3)).map(
    lambda c: [col * 26 + (c[0] - 1) * 2 for col in sorted(c[1])]
)


@settings(max_examples=200, deadline=None)
@given(
    st.one_of(runs, sets3),
    st.lists(st.integers(0, 105), max_size=8, unique=True),
    st.integers(0, 51),
    st.data(),
)
def test_layoffs_match_brute_force(
    meld: list[int], rack: list[int], okey: int, data: st.DataObject
) -> None:
    rack = [t for t in rack if t not in meld]
    # Sometimes one tile of the meld is the okey, so it stays where it was laid.
    if data.draw(st.booleans()):
        okey = meld[data.draw(st.integers(0, len(meld) - 1))] >> 1
    if stand_ins(meld, okey) is None:
        return
    assert set(layoffs(rack, [meld], okey)) == _brute_layoffs(rack, [meld], okey)
    before = stand_ins(meld, okey)
    assert before is not None
    is_set = len({f % 13 for f in before}) == 1
    expected = set()
    for position, wild in enumerate(meld):
        for tile in rack:
            if wild >> 1 != okey or tile >> 1 == okey:
                continue
            swapped = [*meld[:position], tile, *meld[position + 1 :]]
            after = stand_ins(swapped, okey)
            if meld_kind(swapped, okey, run_13_1=False) and (after == before or is_set):
                expected.add((tile, 0, position))
    assert set(okey_swaps(rack, [meld], okey)) == expected
