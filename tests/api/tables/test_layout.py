"""Rack layouts: validation, keeping a saved layout in step with the rack, and the sort buttons."""

from __future__ import annotations

import random

import pytest

from api.tables.arrange import pack, sort_pairs, sort_runs, sort_sets
from api.tables.layout import layout_problem, reconcile
from engine.core.tiles import format_tiles, parse_face, parse_tiles

OKEY = parse_face("Y7")


def tiles_of(layout: list[list[int | None]]) -> list[int]:
    return [t for row in layout for t in row if t is not None]


def test_layout_problem_checks_shape_duplicates_and_contents() -> None:
    rack = parse_tiles("R1 R2 R3 K5")
    good = [[*rack, *[None] * 11], [None] * 15]
    assert layout_problem(good, rack) is None
    assert layout_problem([good[0]], rack) is not None
    assert layout_problem([[*rack, rack[0], *[None] * 10], [None] * 15], rack) is not None
    assert layout_problem([[*rack[:3], *[None] * 12], [None] * 15], rack) is not None


def test_reconcile_drops_gone_tiles_and_places_new_ones_in_gaps() -> None:
    rack = parse_tiles("R1 R2 R3 K5")
    saved = [[None, rack[0], rack[1], None, rack[3], *[None] * 10], [rack[2], *[None] * 14]]
    new_tile = parse_tiles("B9")[0]
    now = [rack[0], rack[2], rack[3], new_tile]  # R2 discarded, B9 drawn
    kept = reconcile(saved, now)
    assert kept is not None
    assert kept[0][:5] == [new_tile, rack[0], None, None, rack[3]]
    assert sorted(tiles_of(kept)) == sorted(now)
    assert reconcile(None, now) is None


def test_pack_keeps_gaps_and_puts_the_discard_last() -> None:
    groups = [parse_tiles("R1 R2 R3"), parse_tiles("K5 Y5 B5")]
    leftover = parse_tiles("B9")
    discard = parse_tiles("R13")[0]
    layout = pack(groups, leftover, discard)
    assert layout[0][:9] == [*groups[0], None, *groups[1], None, *leftover]
    assert layout[1][14] == discard


def test_pack_without_room_for_gaps_stays_complete() -> None:
    groups = [[i] for i in range(0, 60, 2)]  # thirty lone tiles
    layout = pack(groups[:28], [], None)
    assert sorted(tiles_of(layout)) == sorted(t for g in groups[:28] for t in g)


@pytest.mark.parametrize("sorter", [sort_runs, sort_sets, sort_pairs])
def test_sorts_keep_every_tile_and_are_deterministic(sorter: object) -> None:
    rng = random.Random(7)
    for _ in range(200):
        rack = rng.sample(range(106), rng.choice([14, 15]))
        groups, leftover = sorter(rack, OKEY)  # type: ignore[operator]
        flat = [t for g in groups for t in g] + leftover
        assert sorted(flat) == sorted(rack)
        assert sorter(list(reversed(rack)), OKEY) == (groups, leftover)  # type: ignore[operator]
        assert sorted(tiles_of(pack(groups, leftover))) == sorted(rack)


def test_sorts_group_what_their_names_say() -> None:
    rack = parse_tiles("R3 R1 R2 B5 K5 Y5 K9 K9 Y7 F")
    runs, _ = sort_runs(rack, OKEY)
    assert format_tiles(runs[0]) == "R1 R2 R3"
    sets, _ = sort_sets(rack, OKEY)
    assert any(format_tiles(g) == "Y5 B5 K5" for g in sets)
    pairs, rest = sort_pairs(rack, OKEY)
    assert [format_tiles(g) for g in pairs] == ["K9 K9"]
    assert format_tiles(rest[-1:]) == "Y7"  # the okey goes last


def test_pack_shares_the_tiles_between_the_rows() -> None:
    """A portrait phone draws each row on one line: a 101 rack of 22 goes 11 and 11 where
    its groups allow (a group is never split; loose tiles split where the half falls). On
    900 sorted racks of 21 and 22 the longer row holds 11 tiles in 746 (before: 320, and 15
    in 317)."""
    rng = random.Random(11)
    longest = []
    for _ in range(300):
        rack = rng.sample(range(106), rng.choice([21, 22]))
        for sorter in (sort_runs, sort_sets, sort_pairs):
            groups, leftover = sorter(rack, OKEY)
            layout = pack(groups, leftover)
            assert sorted(tiles_of(layout)) == sorted(rack)
            longest.append(max(sum(t is not None for t in row) for row in layout))
    assert max(longest) <= 14
    assert sum(n == 11 for n in longest) > 0.8 * len(longest)
    # Groups stay whole, in order, with a gap between them.
    groups = [parse_tiles("R1 R2 R3 R4"), parse_tiles("K5 Y5 B5"), parse_tiles("B7 B8 B9")]
    leftover = parse_tiles("R9 R11 K1 K3 K8 K12 Y2 Y10 Y12 B1 B13 B3")
    layout = pack(groups, leftover)
    assert layout[0][:13] == [*groups[0], None, *groups[1], None, *groups[2], None]
    assert tiles_of(layout) == [t for g in groups for t in g] + leftover
    assert sum(t is not None for t in layout[0]) == 11
