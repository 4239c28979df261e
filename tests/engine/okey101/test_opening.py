"""101 Okey openings: hand-worked vectors, a brute-force reference and properties.

The brute force here shares nothing with :mod:`engine.okey101.opening`: it
tries every subset of the rack as a meld (any length), every face for each
wild okey, and scores melds straight from the rule's definition.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from itertools import combinations, product
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.melds import meld_kind
from engine.core.tiles import FAKE_FACE, okey_face, parse_face, parse_tiles
from engine.okey101.opening import Rule, best_opening, can_open, count_pairs, meld_points

VECTORS = Path(__file__).parent.parent / "vectors"
OPENINGS: list[dict[str, Any]] = json.loads((VECTORS / "101_openings.json").read_text())


def _valid_without_wilds(faces: Sequence[int]) -> list[int] | None:
    """Values in laid order if the faces (no wilds) form a run or set, else None."""
    if len(faces) < 3 or len(set(faces)) != len(faces):
        return None
    colours = {f // 13 for f in faces}
    values = sorted(f % 13 + 1 for f in faces)
    if len(colours) == 1 and values[-1] - values[0] == len(values) - 1:
        return values
    if len(set(values)) == 1 and len(faces) <= 4:
        return values
    return None


def _score(values: Sequence[int], rule: Rule) -> int:
    if rule == "sum101":
        return sum(values)
    # middle34 from seed 000: middle tile, plus the 4th tile // 3, 5th // 4, ...
    return values[1] + sum(values[i] // i for i in range(3, len(values)))


def brute_meld_value(group: Sequence[int], okey: int, rule: Rule) -> int | None:
    """Best value of a group over every face each wild may stand for; None if no meld."""
    reals = [okey if t >> 1 == FAKE_FACE else t >> 1 for t in group if t >> 1 != okey]
    wilds = len(group) - len(reals)
    if not reals:
        return None
    # Every tile of a run shares the first real tile's colour, of a set its value.
    like = [f for f in range(52) if f // 13 == reals[0] // 13 or f % 13 == reals[0] % 13]
    best: int | None = None
    for stand in product(like, repeat=wilds):
        values = _valid_without_wilds([*reals, *stand])
        if values is not None:
            score = _score(values, rule)
            best = score if best is None else max(best, score)
    return best


def brute_best(tiles: Sequence[int], okey: int, rule: Rule) -> int:
    @cache
    def solve(rest: tuple[int, ...]) -> int:
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        best = solve(others)
        for size in range(2, len(others) + 1):
            for chosen in combinations(others, size):
                value = brute_meld_value((first, *chosen), okey, rule)
                if value is not None:
                    left = tuple(t for t in others if t not in chosen)
                    best = max(best, value + solve(left))
        return best

    return solve(tuple(sorted(tiles)))


def brute_pairs(tiles: Sequence[int], okey: int) -> int:
    """Maximum matching by trying every first partner."""

    def pairs_of(a: int, b: int) -> bool:
        fa, fb = a >> 1, b >> 1
        if okey in (fa, fb):
            return True
        return (okey if fa == FAKE_FACE else fa) == (okey if fb == FAKE_FACE else fb)

    @cache
    def solve(rest: tuple[int, ...]) -> int:
        if len(rest) < 2:
            return 0
        first, others = rest[0], rest[1:]
        best = solve(others)
        for i, other in enumerate(others):
            if pairs_of(first, other):
                best = max(best, 1 + solve(others[:i] + others[i + 1 :]))
        return best

    return solve(tuple(sorted(tiles)))


def _okey(indicator: str) -> int:
    return okey_face(parse_face(indicator))


@pytest.mark.parametrize("case", OPENINGS, ids=[f"{c['rule']}:{c['tiles']}" for c in OPENINGS])
def test_opening_vectors(case: dict[str, Any]) -> None:
    tiles, okey = parse_tiles(case["tiles"]), _okey(case["indicator"])
    found = best_opening(tiles, okey, rule=case["rule"])
    assert (found.points, found.pairs) == (case["points"], case["pairs"]), case["why"]
    _check_groups(tiles, okey, case["rule"], found.groups, found.points)
    if len(tiles) <= 9:  # the vectors are hand-worked; the brute force double-checks the small ones
        assert brute_best(tiles, okey, case["rule"]) == case["points"]


def test_vector_file_is_broad() -> None:
    assert len(OPENINGS) >= 40
    assert {c["rule"] for c in OPENINGS} == {"sum101", "middle34"}
    assert any(c["pairs"] >= 5 for c in OPENINGS)


def _check_groups(
    tiles: Sequence[int], okey: int, rule: Rule, groups: Sequence[Sequence[int]], points: int
) -> None:
    used = [t for g in groups for t in g]
    assert len(used) == len(set(used)) and set(used) <= set(tiles)
    total = 0
    for group in groups:
        assert meld_kind(group, okey, run_13_1=False) is not None
        laid = meld_points(group, okey, rule)
        best = brute_meld_value(group, okey, rule)
        assert best is not None and laid <= best
        total += laid
    assert total == points


racks = st.integers(0, 51).flatmap(
    lambda okey: st.tuples(
        st.just(okey),
        st.lists(st.integers(0, 105), min_size=0, max_size=8, unique=True),
        st.sampled_from(["sum101", "middle34"]),
    )
)


@settings(max_examples=150, deadline=None)
@given(racks)
def test_matches_brute_force_on_small_racks(sample: tuple[int, list[int], Rule]) -> None:
    _agrees_with_brute_force(sample)


def _agrees_with_brute_force(sample: tuple[int, list[int], Rule]) -> None:
    okey, tiles, rule = sample
    found = best_opening(tiles, okey, rule=rule)
    assert found.points == brute_best(tiles, okey, rule)
    assert found.pairs == brute_pairs(tiles, okey)
    _check_groups(tiles, okey, rule, found.groups, found.points)


def _window(low: int, okey: int) -> list[int]:
    """Tiles of values low..low+3 in every colour, plus both okeys and both fakes."""
    pool = [c * 26 + (v - 1) * 2 + k for c in range(4) for v in range(low, low + 4) for k in (0, 1)]
    return sorted({*pool, okey * 2, okey * 2 + 1, 104, 105})


# Racks drawn from a few neighbouring values so that melds and okeys are plentiful.
def _dense(min_size: int, max_size: int) -> st.SearchStrategy[tuple[int, list[int], Rule]]:
    """(okey, rack, rule): a rack of ``min_size`` to ``max_size`` tiles from one window."""
    return st.tuples(st.integers(0, 51), st.integers(1, 10)).flatmap(
        lambda ol: st.tuples(
            st.just(ol[0]),
            st.lists(
                st.sampled_from(_window(ol[1], ol[0])),
                min_size=min_size,
                max_size=max_size,
                unique=True,
            ),
            st.sampled_from(["sum101", "middle34"]),
        )
    )


dense_small = _dense(3, 8)


@settings(max_examples=150, deadline=None)
@given(dense_small)
def test_matches_brute_force_on_dense_racks(sample: tuple[int, list[int], Rule]) -> None:
    _agrees_with_brute_force(sample)


dense = _dense(10, 22)


@settings(max_examples=100, deadline=None)
@given(dense)
def test_groups_are_valid_on_full_racks(sample: tuple[int, list[int], Rule]) -> None:
    okey, tiles, rule = sample
    found = best_opening(tiles, okey, rule=rule)
    _check_groups(tiles, okey, rule, found.groups, found.points)
    # Dropping a tile never raises the best opening.
    assert best_opening(tiles[1:], okey, rule=rule).points <= found.points


def test_can_open_thresholds() -> None:
    okey = _okey("Y6")
    rack = parse_tiles("R1 R2 R3 B11 B12 B13 B6 B7 B8 Y11 Y12 Y13 R13 B13 K13")
    assert can_open(best_opening(rack, okey)) and can_open(
        best_opening(rack, okey, rule="middle34"), "middle34"
    )
    short = parse_tiles("R10 R11 R12 R13 B10 B11 B12")  # 46 + 33 = 79
    assert not can_open(best_opening(short, okey))
    pairs = parse_tiles("R5 R5 Y3 Y3 B9 B9 K1 K1 R13 R13")
    assert can_open(best_opening(pairs, okey))
    assert not can_open(best_opening(pairs, okey), pairs_opening=False)
    assert count_pairs(pairs[:-1], okey) == 4


def test_bad_input() -> None:
    with pytest.raises(ValueError):
        best_opening([0, 0], 5)
    with pytest.raises(ValueError):
        best_opening([0], FAKE_FACE)
    with pytest.raises(ValueError):
        best_opening([0], 5, rule="sum99")  # type: ignore[arg-type]
