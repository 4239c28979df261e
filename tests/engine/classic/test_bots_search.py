"""The hard bot's search: its inlined, cached steps answer as the plain computation does."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.tiles import parse_face


def _plain_kept(patterns: list[int], dead: int, wrap: bool, fixed: int, room: int, cap: int) -> int:
    """What the search's inlined step must answer, from the plain cached functions."""
    from engine.classic.bots.runs import POINTS, best_kept, colour_id, product

    ids = [colour_id(patterns[c], dead >> (13 * c) & 0x1FFF, wrap) for c in range(4)]
    both = product(product(product(ids[0], ids[1]), product(ids[2], ids[3])), fixed)
    return best_kept(POINTS[both], room, cap)


def _pattern(counts: dict[int, int]) -> int:
    """A colour packed two bits per value: ``{value: copies}``."""
    return sum(copies << (2 * (value - 1)) for value, copies in counts.items())


# Colours that reach each branch of the inlined step: an empty colour (interned
# as 0, which pair() passes through), a run, runs that still need a tile (4, 8
# or 11, dead in some colours below), pairs, a 12-13-1 that only wraps, and a
# crowded colour with doubles at both ends.
COLOURS = [
    _pattern({}),
    _pattern({3: 1, 4: 1, 5: 1}),
    _pattern({3: 1, 5: 1, 7: 1, 9: 1, 10: 2}),
    _pattern({2: 2, 6: 2, 12: 1, 13: 1}),
    _pattern({1: 1, 12: 1, 13: 1}),
    _pattern({1: 2, 2: 1, 3: 2, 4: 1, 5: 1, 9: 2, 10: 1, 11: 1, 12: 2, 13: 1}),
]
# (room, cap): the whole rack first (each colour's first look-up, a cache miss,
# must give an answer that tells right from wrong), nothing fits, at the edges,
# and one room under two caps (the step caches by room and cap together).
ROOMS = [(14, 14), (-1, 14), (14, -1), (0, 0), (3, 3), (5, 2), (5, 14), (9, 5), (14, 3)]


def _dead(*faces: str) -> int:
    """Dead faces as the search packs them: bit ``13 * colour + value - 1``."""
    return sum(1 << parse_face(face) for face in faces)


@pytest.mark.parametrize("wrap", [False, True])
@pytest.mark.parametrize(
    "dead", [0, _dead("R4", "R8", "Y11", "B4", "B8", "K11"), _dead("Y4", "Y8"), (1 << 52) - 1]
)
def test_the_searchs_inlined_step_matches_the_plain_one(dead: int, wrap: bool) -> None:
    from engine.classic.bots import runs

    # From empty caches the first pass takes every miss branch of the step and
    # the second every hit branch (runs clears its caches in place the same way).
    for cache in (runs._COLOUR_CACHE, runs._PRODUCT_CACHE, runs._BEST_KEPT):
        cache.clear()
    kept = runs.runs_kept(dead, wrap)
    fixed = runs.product(runs.colour_id(COLOURS[1], 0, False), runs.colour_id(COLOURS[3], 0, False))
    for _ in range(2):
        for shift in range(len(COLOURS)):
            patterns = (COLOURS[shift:] + COLOURS[:shift])[:4]
            for lone in (0, fixed):
                for room, cap in ROOMS:
                    answer = kept(patterns, lone, room, cap)
                    expected = _plain_kept(patterns, dead, wrap, lone, room, cap)
                    assert answer == expected, (patterns, lone, room, cap)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(0, (1 << 26) - 1), min_size=4, max_size=4),
    st.integers(0, (1 << 52) - 1),
    st.booleans(),
    st.integers(0, 14),
    st.integers(0, 14),
)
def test_the_searchs_inlined_step_matches_the_plain_one_on_any_rack(
    raw: list[int], dead: int, wrap: bool, room: int, cap: int
) -> None:
    from engine.classic.bots.runs import colour_id, product, runs_kept

    # Two bits per value, at most two copies of a face.
    patterns = [sum(min(2, p >> (2 * v) & 3) << (2 * v) for v in range(13)) for p in raw]
    # Any interned list stands in for the isolated values.
    fixed = product(colour_id(patterns[0], 0, wrap), colour_id(patterns[2], 0, wrap))
    assert runs_kept(dead, wrap)(patterns, fixed, room, cap) == _plain_kept(
        patterns, dead, wrap, fixed, room, cap
    )


def test_hard_outs_are_the_same_from_the_cache_and_afresh() -> None:
    from engine.classic.bots import plan
    from engine.classic.bots.plan import Knowledge, hand_outs

    rng = random.Random(3)
    for _ in range(30):
        tiles = rng.sample(range(104), 14)
        know = Knowledge.naive(parse_face("K1"))
        answers = []
        for _ in range(2):  # the same hand under other live counts is counted again
            know.live = [rng.choice((0, 1, 2)) for _ in range(53)]
            know.dead = sum(1 << f for f in range(52) if know.live[f] == 0)
            cached = hand_outs(tiles, know)
            assert hand_outs(tiles, know) == cached
            plan._IMPROVING.clear()
            assert hand_outs(tiles, know) == cached
            answers.append(cached)
        plan._IMPROVING.clear()
        assert hand_outs(tiles, know) == answers[-1]
