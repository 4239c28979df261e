"""101 tables with exactly 6, 9, 12 and 16 melds on a phone, measured as a finger meets them.

Each table is dealt from a planned match secret (meld_plans.json, made by meld_plans.py)
and its moves are replayed over HTTP, seat by seat, so every run sees the same table:
exactly N melds, seat 0 opened and on turn after its draw, with a lay-off of its own; or,
off turn, the same table after seat 0's discard, the next seat on turn. At 390×844 and
844×390, with Groups on and the Σ chip showing on the own turn:

- every meld tile is found by elementFromPoint at its centre and at its four corners (2 px
  in), and is at least 20 px wide; a point lost names what a finger finds there instead;
  the own rack's tiles are at least 32 px wide in portrait; the melds do not scroll (up to
  16 they all fit), and no fade hides an edge;
- the longest status the screen could get (longer than any in en, tr or ko) stays on one
  line and leaves the melds area as it was: every tile still found;
- a swipe (real touch) that starts on a meld tile scrolls the melds when they scroll at
  all; when they do not, everything is in view (scrollHeight <= clientHeight);
- the seat's own lay-off (tap the rack tile, tap the meld) leaves the melds area where
  it was: its scrollTop, its tile size, and the place of every tile outside the grown
  meld, within 1 px. A lay-off at a meld's end moves none of its tiles either; one at its
  front steps them along by one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .helpers import SHOT_FORMAT, SHOTS, finger_tap, open_table, swipe_up
from .melds101 import MELD_TILES, MELD_TILES_JS, PLANS, count_tiles, planned_table

SIZES = {"portrait": (390, 844), "landscape": (844, 390)}


def shoot(page: Any, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.jpg"
    page.screenshot(path=str(path), **SHOT_FORMAT)
    return path


CASES = [
    (melds, size, turn) for melds in sorted(PLANS) for size in SIZES for turn in ("own", "off")
]

# Longer than any status in en, tr or ko, with a notice after it: it must stay one line.
LONG_STATUS = "Lay melds or drag tiles onto them (işlemek), then discard. " * 4


def assert_all_in_view(seen: dict[str, Any], view: dict[str, Any], melds: int) -> None:
    tiles = seen["tiles"]
    assert seen["melds"] == melds
    assert len(tiles) == sum(map(len, view["table"]))
    assert seen["centres"] == len(tiles), [t for t in tiles if not t["found"][0]]
    assert seen["whole"] == len(tiles), [t for t in tiles if not all(t["found"])]
    assert seen["narrowest"] >= 20, seen
    # Up to 16 melds nothing scrolls, so no fade dims the tiles at an edge.
    assert seen["scrollHeight"] <= seen["clientHeight"] + 1 and not seen["faded"], seen


def longest_status(page: Any, view: dict[str, Any], melds: int) -> None:
    """The status and a notice as long as any could be: one line, the melds unmoved."""
    before = count_tiles(page)
    page.evaluate(
        """text => {
            const status = document.querySelector('#status')
            status.textContent = text
            status.append(Object.assign(document.createElement('span'),
                { className: 'notice', textContent: text }))
        }""",
        LONG_STATUS,
    )
    page.wait_for_timeout(100)  # a ResizeObserver's fit, if the area changed size
    after = count_tiles(page)
    lines = page.evaluate(
        """() => {
            const status = document.querySelector('#status')
            const line = parseFloat(getComputedStyle(status).lineHeight)
            return status.getBoundingClientRect().height / line
        }"""
    )
    assert lines < 1.5, lines
    assert after["box"] == before["box"] and after["width"] == before["width"], (before, after)
    assert_all_in_view(after, view, melds)


@pytest.mark.parametrize(("melds", "size", "turn"), CASES)
def test_exactly_n_melds_on_a_phone(
    pages: Any, base: str, devserver_service: Any, melds: int, size: str, turn: str
) -> None:
    table = planned_table(base, devserver_service, melds, off_turn=turn == "off")
    view = table.pop("view")
    page = pages.new(*SIZES[size])
    page.emulate_media(reduced_motion="reduce")
    open_table(page, base, table, "friends")
    page.wait_for_selector(".melds [data-meld]")
    page.wait_for_selector(".rack .tile")
    if turn == "off":
        page.wait_for_function("() => !document.querySelector('.toast')")
        seen = count_tiles(page)
        print(
            f"{melds} melds {size} off turn: {len(seen['tiles'])} tiles, all five points"
            f" {seen['whole']}, narrowest {seen['narrowest']:.1f} px, scroll"
            f" {seen['scrollHeight']}/{seen['clientHeight']}, tiles {seen['width']}"
        )
        shoot(page, f"101-exact-{melds}-{size}-off")
        assert_all_in_view(seen, view, melds)
        longest_status(page, view, melds)
        return
    # "Groups" on and two rack tiles grouped by a finger: the dock shows its Σ chip.
    finger_tap(page, ".dock [data-act=build]")
    page.wait_for_selector(".rack.building")
    picked = [
        t
        for t in page.eval_on_selector_all(".rack .tile", "els => els.map(e => +e.dataset.id)")
        if not any(a.get("tile") == t for a in view["legal"] if a["type"] == "layoff")
    ][:2]
    for tile in picked:
        finger_tap(page, f'.rack .tile[data-id="{tile}"]')
    page.wait_for_selector("#sum")
    page.wait_for_function("() => !document.querySelector('.toast')")

    seen = count_tiles(page)
    print(
        f"{melds} melds {size}: {len(seen['tiles'])} tiles, centre found {seen['centres']}, all"
        f" five points {seen['whole']}, narrowest {seen['narrowest']:.1f} px, rack"
        f" {seen['rack']:.1f} px, scroll {seen['scrollHeight']}/{seen['clientHeight']}"
        f" ({seen['box']}), tiles {seen['width']}, room {seen['room']}"
    )
    shoot(page, f"101-exact-{melds}-{size}")
    assert_all_in_view(seen, view, melds)
    if size == "portrait":
        assert seen["rack"] >= 32, seen
    longest_status(page, view, melds)

    swipe_on_a_meld_tile(page, seen)
    lay_off_in_place(page, view, picked, f"101-exact-{melds}-{size}")


def swipe_on_a_meld_tile(page: Any, seen: dict[str, Any]) -> None:
    """A swipe that starts on a meld tile scrolls the melds, if they scroll at all; if
    not, everything is in view and the swipe moves nothing (nor the page)."""
    # The heights are whole pixels of a box that is not (256.375 px tall, say): one pixel
    # more is rounding, as okey101.js fitMelds allows too.
    scrolls = seen["scrollHeight"] > seen["clientHeight"] + 1
    # Where the last tile was when counted, not a fresh lookup: a poll may redraw the felt
    # (the same layout, new elements) between the two.
    last = seen["tiles"][-1]
    y = min(last["y"] + last["height"] / 2, seen["bottom"] - 10)
    swipe_up(page, last["x"] + last["width"] / 2, y)
    if scrolls:
        page.wait_for_function("() => document.querySelector('.melds').scrollTop > 0")
        return
    assert seen["below"] <= 0.5, seen  # the lowest tile is whole in view
    page.wait_for_timeout(200)
    after = page.evaluate(MELD_TILES_JS, MELD_TILES)
    assert after["scrollTop"] == 0 and page.evaluate("scrollY") == 0
    assert moved_tiles(seen, after) == []


def moved_tiles(before: dict[str, Any], after: dict[str, Any]) -> list[tuple[Any, ...]]:
    """The tiles of ``before`` that are more than 1 px elsewhere in ``after``: (id, meld,
    dx, dy), in reading order."""
    places = {t["id"]: t for t in after["tiles"]}
    moved = []
    for tile in before["tiles"]:
        now = places[tile["id"]]
        dx, dy = now["x"] - tile["x"], now["y"] - tile["y"]
        if abs(dx) > 1 or abs(dy) > 1:
            moved.append((tile["id"], tile["meld"], round(dx), round(dy)))
    return moved


def lay_off_in_place(page: Any, view: dict[str, Any], picked: list[int], name: str) -> None:
    """Lay a tile off by finger (tap it on the rack, tap its meld's end): the area keeps
    its scroll and its tile size, and no tile outside the grown meld moves."""
    for tile in picked:  # out of the group again: a second tap
        finger_tap(page, f'.rack .tile[data-id="{tile}"]')
    page.wait_for_function("() => !document.querySelector('.rack .tile.sel, .rack .tile.grp')")
    finger_tap(page, ".dock [data-act=build]")  # "Groups" off: a tap picks the tile up
    page.wait_for_selector(".rack:not(.building)")
    before = page.evaluate(MELD_TILES_JS, MELD_TILES)
    found = {t["meld"] for t in before["tiles"] if all(t["found"])}

    # A tap on a wild okey or a fake swaps the tile for it (okey101.js placeOn), so the end
    # tapped must be a real tile.
    def real_end(a: dict[str, Any]) -> bool:
        meld = view["table"][a["meld"]]
        end = meld[0] if a["position"] == 0 else meld[-1]
        return end >> 1 not in (view["okey"], 52)

    layoffs = [
        a
        for a in view["legal"]
        if a["type"] == "layoff"
        and a["tile"] >> 1 != view["okey"]
        and a["meld"] in found
        and real_end(a)
    ]
    assert layoffs, (found, view["legal"])
    move = min(layoffs, key=lambda a: a["position"] == 0)  # at a meld's end, where one lays
    meld = move["meld"]
    target = [t for t in before["tiles"] if t["meld"] == meld]
    end = target[0] if move["position"] == 0 else target[-1]
    rack_tile = page.locator(f'.rack .tile[data-id="{move["tile"]}"]').bounding_box()
    finger_tap(
        page, (rack_tile["x"] + rack_tile["width"] / 2, rack_tile["y"] + rack_tile["height"] / 2)
    )
    finger_tap(page, (end["x"] + end["width"] / 2, end["y"] + end["width"] / 2))
    page.wait_for_function(
        f"() => document.querySelectorAll('[data-meld=\"{meld}\"] .tile').length"
        f" === {len(target) + 1}"
    )
    page.wait_for_timeout(300)  # a redraw after the answer, a resize, a late fit
    after = page.evaluate(MELD_TILES_JS, MELD_TILES)
    shoot(page, name + "-layoff")
    moved = moved_tiles(before, after)
    print(f"{name}: lay-off of {move}, moved {moved}")
    assert after["melds"] == len(view["table"])
    assert abs(after["scrollTop"] - before["scrollTop"]) <= 1, (before, after)
    assert after["width"] == before["width"]  # no re-fit: every tile keeps its size
    # Each meld kept room for one more tile when the turn began (okey101.js meldSlots), so
    # the tile laid fills it: nothing else on the table moves, and at a meld's end its own
    # tiles stay put too (laid at its front, they step along by one).
    grown = {t["id"] for t in target}
    if before["room"] == "tight":
        # Too many melds to keep room for a lay-off (okey101.js fitMelds): the melds after
        # the grown one may step along, but every tile stays in view.
        assert all(all(t["found"]) for t in after["tiles"]), after
        return
    assert [m for m in moved if m[0] not in grown] == [], moved
    if move["position"]:
        assert moved == [], moved
