"""Winning hands and the 15th tile: vectors, reference cross-checks, layouts."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.classic.hand import Arrangement, finishing_tiles, winning_arrangement
from engine.core.melds import is_pair, meld_kind
from engine.core.tiles import okey_face, parse_face, parse_tiles
from tests.engine import reference
from tests.engine.handgen import near_miss, random_rack, winning_melds_hand, winning_pairs_hand

VECTORS = sorted((Path(__file__).parent.parent / "vectors").glob("hands_*.json"))


def load_cases() -> list[dict[str, Any]]:
    cases = []
    for path in VECTORS:
        for index, case in enumerate(json.loads(path.read_text())):
            case["id"] = f"{path.stem}[{index}]"
            cases.append(case)
    return cases


CASES = load_cases()


def check_layout(
    tiles: list[int], okey: int, found: Arrangement, run_13_1: bool, finish: bool = True
) -> None:
    """Every group valid, every tile in exactly one place."""
    placed = [t for g in found.groups for t in g] + list(found.leftover)
    if found.discard is not None:
        placed.append(found.discard)
    assert sorted(placed) == sorted(tiles)
    if finish:
        assert not found.leftover
    for group in found.groups:
        if found.kind == "pairs":
            assert len(group) == 2 and is_pair(group[0], group[1], okey)
        else:
            assert meld_kind(group, okey, run_13_1=run_13_1) is not None


def test_vectors_are_many_and_readable() -> None:
    assert len(CASES) >= 200
    for case in CASES:
        assert set(case) >= {"tiles", "indicator", "run_13_1", "pairs", "winning", "kind", "why"}
        assert case["winning"] == (case["kind"] is not None)


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_vector(case: dict[str, Any]) -> None:
    tiles = parse_tiles(case["tiles"])
    okey = okey_face(parse_face(case["indicator"]))
    options = {"run_13_1": case["run_13_1"], "pairs": case["pairs"]}
    found = winning_arrangement(tiles, okey, **options)
    assert (found.kind if found else None) == case["kind"], case["why"]
    if found:
        check_layout(tiles, okey, found, case["run_13_1"])


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_vector_agrees_with_the_reference(case: dict[str, Any]) -> None:
    # The vectors are data and change only with their file: the slow brute-force
    # reference checks them under `make test-all`, the engine under every run.
    tiles = parse_tiles(case["tiles"])
    okey = okey_face(parse_face(case["indicator"]))
    assert reference.wins(tiles, okey, case["run_13_1"], case["pairs"]) == case["kind"]


@st.composite
def hands(draw: st.DrawFn) -> tuple[list[int], int]:
    """14 tiles: built to win (melds or pairs), a near miss, or random."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    okey = draw(st.integers(0, 51))
    wilds = draw(st.sampled_from((0, 1, 2)))
    kind = draw(st.sampled_from(("melds", "pairs", "near", "near_pairs", "random")))
    if kind == "melds":
        return winning_melds_hand(rng, okey, wilds), okey
    if kind == "pairs":
        return winning_pairs_hand(rng, okey, wilds), okey
    if kind == "near":
        return near_miss(rng, winning_melds_hand(rng, okey, wilds)), okey
    if kind == "near_pairs":
        return near_miss(rng, winning_pairs_hand(rng, okey, wilds)), okey
    return random_rack(rng, okey, 14, wilds), okey


@settings(max_examples=300, deadline=None)
@given(hands(), st.booleans(), st.booleans())
def test_winning_matches_reference(
    hand: tuple[list[int], int], run_13_1: bool, pairs: bool
) -> None:
    tiles, okey = hand
    found = winning_arrangement(tiles, okey, run_13_1=run_13_1, pairs=pairs)
    assert (found.kind if found else None) == reference.wins(tiles, okey, run_13_1, pairs)
    if found:
        check_layout(tiles, okey, found, run_13_1)


@settings(max_examples=60, deadline=None)
@given(hands(), st.integers(0, 105), st.booleans())
def test_finishing_tiles_agree_with_each_check(
    hand: tuple[list[int], int], extra: int, run_13_1: bool
) -> None:
    tiles, okey = hand
    if extra in tiles:
        extra = next(t for t in range(106) if t not in tiles)
    rack = [*tiles, extra]
    finishes = finishing_tiles(rack, okey, run_13_1=run_13_1)
    for tile in rack:
        rest = [t for t in rack if t != tile]
        alone = winning_arrangement(rest, okey, run_13_1=run_13_1)
        assert (tile in finishes) == (alone is not None)
        if tile in finishes:
            found = finishes[tile]
            assert found.discard == tile and found.kind == alone.kind  # type: ignore[union-attr]
            check_layout(rack, okey, found, run_13_1)
    assert tiles and extra not in tiles
    if winning_arrangement(tiles, okey, run_13_1=run_13_1):
        assert extra in finishes


def test_wrong_sizes_and_bad_input() -> None:
    okey = parse_face("K1")
    assert winning_arrangement(parse_tiles("R1 R2 R3"), okey) is None
    assert finishing_tiles(parse_tiles("R1 R2 R3"), okey) == {}
    with pytest.raises(ValueError):
        winning_arrangement([0] * 14, okey)
    with pytest.raises(ValueError):
        winning_arrangement(list(range(14)), 52)


def test_spare_wilds_are_placed() -> None:
    # Three full sets of four and both wilds: one set gives a tile to a new run.
    okey = parse_face("K1")
    tiles = parse_tiles("R5 Y5 B5 K5 R7 Y7 B7 K7 R9 Y9 B9 K9 K1 K1")
    found = winning_arrangement(tiles, okey)
    assert found is not None and found.kind == "melds"
    check_layout(tiles, okey, found, True)


def test_same_input_same_output() -> None:
    rng = random.Random(3)
    for _ in range(50):
        okey = rng.randrange(52)
        tiles = winning_melds_hand(rng, okey, rng.choice((0, 1, 2)))
        first = winning_arrangement(tiles, okey)
        assert first == winning_arrangement(list(reversed(tiles)), okey)
