"""Single melds and pairs, against hand-picked cases and the brute-force reference."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.melds import display_order, is_pair, meld_kind
from engine.core.tiles import format_tiles, parse, parse_face, parse_tiles
from tests.engine import reference

OKEY = parse_face("K1")  # indicator K13; "K1" below is wild, "F" plays K1


@pytest.mark.parametrize(
    ("tiles", "kind", "run_13_1"),
    [
        ("R1 R2 R3", "run", True),
        ("R12 R13 R1", "run", True),
        ("R12 R13 R1", None, False),
        ("R11 R12 R13 R1", "run", True),
        ("R13 R1 R2", None, True),
        ("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13", "run", False),
        ("R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 R1", "run", True),
        ("R5 K1 K1", "run", True),
        ("R5 K1 R7", "run", True),
        ("R5 K1 K1 R8", "run", True),
        ("R5 K1 K1 R9", None, True),
        ("R5 Y5 B5", "set", True),
        ("R5 Y5 B5 K5", "set", True),
        ("R5 Y5 K1 K1", "set", True),
        ("R5 Y5 B5 K5 K1", None, True),
        ("R5 R5 Y5", None, True),
        ("R5 R5 K1", None, True),
        ("R5 R6", None, True),
        ("K12 K13 F", "run", True),
        ("K12 K13 F", None, False),
        ("R1 F Y1", "set", True),
        ("F F K2", None, True),
        ("R5 Y6 B7", None, True),
    ],
)
def test_meld_kind_cases(tiles: str, kind: str | None, run_13_1: bool) -> None:
    ids = parse_tiles(tiles)
    assert meld_kind(ids, OKEY, run_13_1=run_13_1) == kind
    assert reference.meld_kind(ids, OKEY, run_13_1) == kind


def test_meld_kind_rejects_bad_ids() -> None:
    with pytest.raises(ValueError):
        meld_kind([0, 0, 2], OKEY)
    with pytest.raises(ValueError):
        meld_kind([0, 2, 106], OKEY)
    with pytest.raises(ValueError):
        meld_kind([0, 2, 4], 52)


def test_is_pair() -> None:
    assert is_pair(parse("R5"), parse("R5") + 1, OKEY)
    assert not is_pair(parse("R5"), parse("Y5"), OKEY)
    assert is_pair(parse("K1"), parse("R9"), OKEY)
    assert is_pair(parse("K1"), parse("K1") + 1, OKEY)
    assert is_pair(104, 105, OKEY)
    assert is_pair(104, parse("K1"), OKEY)
    assert not is_pair(104, parse("K2"), OKEY)
    with pytest.raises(ValueError):
        is_pair(3, 3, OKEY)


@pytest.mark.parametrize(
    ("tiles", "shown"),
    [
        ("R1 K1 R12", "R12 K1 R1"),
        ("R7 K1 R5", "R5 K1 R7"),
        ("K1 R13 R12", "K1 R12 R13"),
        ("R3 K1 K1", "R3 K1 K1"),
        ("K5 K1 R5 B5", "R5 B5 K5 K1"),
        ("R13 R1 R11 R12", "R11 R12 R13 R1"),
    ],
)
def test_display_order(tiles: str, shown: str) -> None:
    assert format_tiles(display_order(parse_tiles(tiles), OKEY)) == shown


groups = st.integers(0, 51).flatmap(
    lambda okey: st.tuples(
        st.just(okey), st.lists(st.integers(0, 105), min_size=3, max_size=6, unique=True)
    )
)


@settings(max_examples=400, deadline=None)
@given(groups, st.booleans())
def test_meld_kind_matches_reference(case: tuple[int, list[int]], run_13_1: bool) -> None:
    okey, tiles = case
    assert meld_kind(tiles, okey, run_13_1=run_13_1) == reference.meld_kind(tiles, okey, run_13_1)


# Groups drawn from one colour or one value, where most of the interesting cases live.
@st.composite
def near_groups(draw: st.DrawFn) -> tuple[int, list[int]]:
    okey = draw(st.integers(0, 51))
    colour = draw(st.integers(0, 3))
    value = draw(st.integers(0, 12))
    pool = [(colour * 13 + v) * 2 + c for v in range(13) for c in (0, 1)]
    pool += [(c * 13 + value) * 2 + k for c in range(4) for k in (0, 1)]
    pool += [okey * 2, okey * 2 + 1, 104, 105]
    tiles = draw(st.lists(st.sampled_from(sorted(set(pool))), min_size=3, max_size=7, unique=True))
    return okey, tiles


@settings(max_examples=600, deadline=None)
@given(near_groups(), st.booleans())
def test_meld_kind_matches_reference_near(case: tuple[int, list[int]], run_13_1: bool) -> None:
    okey, tiles = case
    kind = meld_kind(tiles, okey, run_13_1=run_13_1)
    assert kind == reference.meld_kind(tiles, okey, run_13_1)
    if kind is not None:
        shown = display_order(tiles, okey, run_13_1=run_13_1)
        assert sorted(shown) == sorted(tiles)
