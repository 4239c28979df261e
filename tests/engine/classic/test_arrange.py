"""best_arrangement: never worse than brute force, finishes chosen by score."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.classic.arrange import best_arrangement, best_finish
from engine.classic.hand import finishing_tiles
from engine.core.melds import meld_kind
from engine.core.tiles import format_tile, format_tiles, parse_face, parse_tiles
from tests.engine import reference
from tests.engine.classic.test_hand import check_layout
from tests.engine.handgen import random_rack, winning_melds_hand

OKEY = parse_face("K1")


def score(found_groups: tuple[tuple[int, ...], ...], okey: int, run_13_1: bool) -> tuple[int, int]:
    melded = sum(len(g) for g in found_groups)
    in_runs = sum(len(g) for g in found_groups if meld_kind(g, okey, run_13_1=run_13_1) == "run")
    return melded, in_runs


@st.composite
def small_racks(draw: st.DrawFn) -> tuple[list[int], int]:
    rng = random.Random(draw(st.integers(0, 2**32)))
    okey = draw(st.integers(0, 51))
    size = draw(st.integers(0, 9))
    wilds = draw(st.sampled_from((0, 0, 1, 2))) if size >= 2 else 0
    if size >= 3 and draw(st.booleans()):
        tiles = winning_melds_hand(rng, okey, 0, size=size)
        keep = rng.sample(tiles, size - wilds)
        return keep + [okey * 2 + i for i in range(wilds)], okey
    return random_rack(rng, okey, size, wilds), okey


@settings(max_examples=250, deadline=None)
@given(small_racks(), st.booleans())
def test_best_melds_match_brute_force(rack: tuple[list[int], int], run_13_1: bool) -> None:
    tiles, okey = rack
    found = best_arrangement(tiles, okey, run_13_1=run_13_1, pairs=False)
    check_layout(tiles, okey, found, run_13_1, finish=False)
    assert score(found.groups, okey, run_13_1) == reference.best_melded(tiles, okey, run_13_1)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from((14, 15, 18, 22)))
def test_big_racks_are_valid_and_deterministic(seed: int, size: int) -> None:
    rng = random.Random(seed)
    okey = rng.randrange(52)
    tiles = random_rack(rng, okey, size, rng.choice((0, 1, 2)))
    found = best_arrangement(tiles, okey)
    check_layout(tiles, okey, found, True, finish=False)
    assert found == best_arrangement(list(reversed(tiles)), okey)


def test_finish_prefers_placing_the_okey() -> None:
    rack = parse_tiles("R5 R6 R7 B2 B3 B4 B9 B10 B11 B12 Y1 Y2 Y3 Y4 K1")
    found = best_arrangement(rack, OKEY)
    assert format_tile(found.discard or 0) == "K1" and found.kind == "melds"
    assert not found.leftover
    # The okey could also stand in for a tile that is then placed instead.
    assert len(finishing_tiles(rack, OKEY)) > 1


def test_finish_prefers_pairs_with_okey_then_score() -> None:
    okey = parse_face("R3")
    rack = parse_tiles("R1 R1 Y2 Y2 B5 B5 K8 K8 K9 K9 Y11 Y11 R3 K10 K10")
    found = best_finish(rack, okey)
    assert found is not None and found.kind == "pairs" and format_tile(found.discard or 0) == "R3"
    # Seven pairs without the okey (4) beat melds without it (2).
    rack = parse_tiles("R1 R2 R3 R4 R5 R6 R7 R1 R2 R3 R4 R5 R6 R7 Y9")
    found = best_finish(rack, OKEY)
    assert found is not None and format_tile(found.discard or 0) == "Y9"
    assert found.kind == "pairs"
    assert best_finish(rack, OKEY, pairs=False).kind == "melds"  # type: ignore[union-attr]


def test_non_finishing_rack_keeps_leftovers() -> None:
    rack = parse_tiles("R1 R2 R3 R4 Y4 B4 K9 K13")
    found = best_arrangement(rack, OKEY)
    assert [format_tiles(g) for g in found.groups] == ["R1 R2 R3", "R4 Y4 B4"]
    assert format_tiles(found.leftover) == "K9 K13"
    assert found.discard is None and found.kind == "melds"


def test_ties_prefer_runs() -> None:
    # R5 can go in R3 R4 R5 or in R5 Y5 B5: both leave one tile out; runs win.
    rack = parse_tiles("R3 R4 R5 Y5 B5")
    found = best_arrangement(rack, OKEY)
    assert [format_tiles(g) for g in found.groups] == ["R3 R4 R5"]


def test_pairs_layout_when_clearly_better() -> None:
    rack = parse_tiles("R1 R1 Y4 Y4 B7 B7 K9 K9 R12 R12 Y13 B2 B5 Y8 K3")
    found = best_arrangement(rack, OKEY)
    assert found.kind == "pairs" and len(found.groups) == 5 and len(found.leftover) == 5
    assert best_arrangement(rack, OKEY, pairs=False).kind in ("melds", None)


def test_empty_and_wild_only() -> None:
    assert best_arrangement([], OKEY).groups == ()
    wilds = parse_tiles("K1 K1")
    found = best_arrangement(wilds, OKEY)
    assert found.kind is None and sorted(found.leftover) == sorted(wilds)
