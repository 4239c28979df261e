"""101 Okey in the browser: the home screen's options, then a whole hand on a phone.

Deals are random, so the hand is played on a table whose deal lets the human
seat open at once and then lay a tile off onto its own opening (tables are
created until one does); it opens by picking the groups on the rack by taps,
lays that tile off by dragging it onto the meld, and plays on to the score
sheet.
"""

from __future__ import annotations

import time
from typing import Any

from engine.okey101.opening import meld_points
from engine.okey101.table import layoffs, okey_swaps, run_start, set_value

from .helpers import api, create_computer_table, open_table, rack_ids, touch_drag, verify_shuffle

MOVE = "#result, .pile.glow, .dock [data-act=discard], .dock [data-act=end]"


def create_101(base: str, seats: int = 2, **options: Any) -> dict[str, Any]:
    """Ayşe's one-hand 101 table against easy computers."""
    return create_computer_table(base, variant="101", seats=seats, hands=1, **options)


def view_of(base: str, table: dict[str, Any]) -> dict[str, Any]:
    return api(base, "GET", f"tables/{table['table_id']}?seat=0", token=table["token"])  # type: ignore[no-any-return]


def legal(view: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [a for a in view["legal"] if a["type"] == kind]


def test_home_makes_101_tables(pages: Any, base: str) -> None:
    page = pages.new(390, 844)
    page.goto(base)
    page.click("details.options summary")
    page.select_option("#variant", "101")
    # The 101 options replace the classic ones; partners need four seats.
    page.wait_for_selector("text=Open with 5 pairs")
    assert page.locator("text=Partners").count() == 1
    page.locator("label.check", has_text="Partners").locator("input").check()
    page.tap("#play-computer")
    page.wait_for_selector(".f101 .melds")
    page.wait_for_selector(".rack .tile")
    assert len(rack_ids(page)) in (21, 22)
    assert page.locator(".opp .team").count() == 3  # every seat carries its team mark
    tid = page.evaluate("location.hash.split('/')[2]")
    auth = page.evaluate(f"JSON.parse(localStorage.getItem('istaka.t.{tid}'))")
    view = api(base, "GET", f"tables/{tid}?seat=0", token=auth["token"])
    assert view["variant"] == "101" and view["options"]["partners"] is True
    # The choice is kept: the home screen comes back with 101 selected.
    page.goto(base + "#/")
    page.click("details.options summary")
    assert page.eval_on_selector("#variant", "e => e.value") == "101"


def test_home_shows_only_the_options_that_apply(pages: Any, base: str) -> None:
    """Start points only count down; hands (or a target) end a points match or a 101 match."""
    page = pages.new(390, 844)
    page.goto(base)
    page.click("details.options summary")

    def labels() -> list[str]:
        return page.eval_on_selector_all(  # type: ignore[no-any-return]
            "details.options .grid > label:not(.check)", "els => els.map(e => e.firstChild.data)"
        )

    shown = labels()
    assert "Start points" in shown and "Hands" not in shown, shown
    page.locator("label", has_text="Scoring").locator("select").select_option("points")
    page.wait_for_function(
        "() => document.querySelector('details.options').textContent.includes('Hands')"
    )
    shown = labels()
    assert "Hands" in shown and "Or first to (points)" in shown and "Start points" not in shown
    page.locator("label", has_text="Hands").locator("select").select_option("3")
    page.tap("#play-computer")
    page.wait_for_selector(".rack .tile")
    tid = page.evaluate("location.hash.split('/')[2]")
    auth = page.evaluate(f"JSON.parse(localStorage.getItem('istaka.t.{tid}'))")
    options = api(base, "GET", f"tables/{tid}?seat=0", token=auth["token"])["options"]
    assert options["scoring"] == "points" and options["hands"] == 3
    page.goto(base + "#/")
    page.click("details.options summary")
    page.select_option("#variant", "101")
    page.wait_for_selector("text=Open with 5 pairs")
    shown = labels()
    assert "Hands" in shown and "Scoring" not in shown and "Start points" not in shown


def opening_with_a_tile_back(view: dict[str, Any]) -> tuple[list[list[int]], int] | None:
    """The suggested opening less one end tile that can then be laid off onto it, if any.

    The suggestion already holds every tile that would fit it, so the hand
    opens without one tile of a long meld and lays that tile off in the same
    turn: a lay-off that does not depend on what the bot or the pile do.
    """
    okey = view["okey"]
    for action in legal(view, "open"):
        for g, group in enumerate(action.get("melds", [])):
            for tile in (group[0], group[-1]) if len(group) > 3 else ():
                groups = [
                    [t for t in m if t != tile] if i == g else m
                    for i, m in enumerate(action["melds"])
                ]
                shorter = groups[g]
                # No wild okey in it: the rack lays a wild where it sees fit (okey101.js shape).
                if any(t >> 1 == okey for t in group) or not (
                    run_start(shorter, okey) or set_value(shorter, okey)
                ):
                    continue
                if sum(meld_points(m, okey) for m in groups) < 101:
                    continue
                places = [p for p in layoffs([tile], groups, okey) if p[1] == g]
                if len(places) == 1 and not any(
                    p[1] == g for p in okey_swaps([tile], groups, okey)
                ):
                    return groups, tile
    return None


def test_101_hand_on_a_phone(pages: Any, base: str, shot: Any) -> None:
    for _ in range(300):
        table = create_101(base)
        if (plan := opening_with_a_tile_back(view_of(base, table))) is not None:
            break
    else:
        raise AssertionError("no deal in 300 let the human seat open and lay off at once")
    page = pages.new(390, 844)
    page.emulate_media(reduced_motion="reduce")
    open_table(page, base, table)
    page.wait_for_selector(".rack .tile")
    assert len(rack_ids(page)) == 22
    shot(page, "101-portrait-start")

    # Open by hand: "Groups" on, tap each group's tiles, "+" closes a group; the sum runs
    # along.
    groups, held = plan
    page.tap(".dock [data-act=build]")
    for i, group in enumerate(groups):
        for tile in group:
            page.tap(f'.rack .tile[data-id="{tile}"]')
        if i < len(groups) - 1:
            page.tap(".dock [data-act=group]")
        assert page.locator(".picked .tag").count() == i + 1
    total = int(page.inner_text("#sum").split()[-1])
    assert total >= 101
    assert page.locator(".dock [data-act=open-hint]").is_visible()
    shot(page, "101-portrait-picked")
    page.tap(".dock [data-act=open]:not([disabled])")
    page.wait_for_function(
        f"() => document.querySelectorAll('.melds [data-meld]').length >= {len(groups)}"
    )
    assert len(rack_ids(page)) == 22 - sum(map(len, groups))

    laid_off = 0  # the held tile is dragged on in the opening turn, a second (when offered) tapped
    for _ in range(120):
        page.wait_for_selector(MOVE, timeout=20000)
        if page.locator("#result").count():
            break
        view = view_of(base, table)
        if page.locator(".pile.glow").count():
            page.tap(".pile.glow")
            page.wait_for_selector(".dock [data-act=discard]")
            continue
        if page.locator(".dock [data-act=end]").count():
            page.tap(".dock [data-act=end]")
            continue
        # A lay-off with one place on its meld (and no okey swap there), so any drop point fits.
        places = legal(view, "layoff") + legal(view, "swap")
        single = [
            a
            for a in places
            if sum(b["tile"] == a["tile"] and b["meld"] == a["meld"] for b in places) == 1
            and a["type"] == "layoff"
        ]
        if single and laid_off < 2 and len(view["rack"]) > 1:
            move = min(single, key=lambda a: a["tile"] != held)
            assert laid_off or move["tile"] == held, (held, single)
            meld = f'[data-meld="{move["meld"]}"]'
            before = len(view["table"][move["meld"]])
            page.locator(meld).scroll_into_view_if_needed()
            if laid_off:
                page.tap(f'.rack .tile[data-id="{move["tile"]}"]')
                page.tap(meld)
            else:
                touch_drag(page, f'.rack .tile[data-id="{move["tile"]}"]', meld)
            page.wait_for_function(
                f"() => document.querySelectorAll('{meld} .tile').length === {before + 1}"
            )
            assert move["tile"] not in rack_ids(page)
            if not laid_off:
                shot(page, "101-portrait-layoff")
            laid_off += 1
            continue
        # A tile that costs no penalty when there is one; else the table asks first.
        offer = legal(view, "discard")[0]
        free = [t for t in offer["tiles"] if t not in offer["penalised"]]
        tile = (free or offer["tiles"])[-1]
        page.tap(f'.rack .tile[data-id="{tile}"]')
        page.tap(".dock [data-act=discard]")
        if not free:
            page.click("#discard-anyway")
        page.wait_for_function(
            f"() => !document.querySelector('.rack .tile[data-id=\"{tile}\"]')", timeout=20000
        )
    page.wait_for_selector("#result table.match")
    assert laid_off, "the legal actions never offered a layoff"
    assert page.locator("#result table.match tbody tr").count() >= 1
    shot(page, "101-portrait-result")

    # The revealed seed re-deals the 101 hand (22 tiles to the starter) and the rack
    # rebuilt through the opening and the lay-offs matches it.
    verify_shuffle(page)
    assert page.locator(".verify li.ok").count() == 4


def test_a_penalised_discard_is_asked_about_first(pages: Any, base: str) -> None:
    """Issue 11: the human starter holds an okey, whose discard costs 101; the table asks
    first, "Keep it" keeps the tile (nothing is sent), "Discard anyway" discards it."""
    for _ in range(60):
        table = create_101(base)
        view = view_of(base, table)
        okeys = [t for t in legal(view, "discard")[0]["penalised"] if t >> 1 == view["okey"]]
        if okeys:
            break
    else:
        raise AssertionError("no deal in 60 gave the human starter an okey")
    okey_tile = okeys[0]
    page = pages.new(390, 844)
    page.emulate_media(reduced_motion="reduce")
    open_table(page, base, table)
    tile = f'.rack .tile[data-id="{okey_tile}"]'
    page.wait_for_selector(tile)
    # The discard button: the question, then "Keep it".
    page.tap(tile)
    page.tap(".dock [data-act=discard]")
    page.wait_for_selector("#keep-tile")
    assert "101" in page.inner_text(".modal .penalty")
    page.tap("#keep-tile")
    page.wait_for_selector(".modal", state="detached")
    assert okey_tile in rack_ids(page)
    assert view_of(base, table)["version"] == view["version"]  # nothing was sent
    # Key D on the tile asks too; "Discard anyway" discards it and the seat pays 101.
    page.focus(tile)
    page.keyboard.press("d")
    page.wait_for_selector("#discard-anyway")
    page.click("#discard-anyway")
    page.wait_for_function(f"() => !document.querySelector('{tile}')", timeout=20000)
    # The tile leaves the rack as the move is sent; the server's answer may come a moment later.
    for _ in range(50):
        if view_of(base, table)["version"] > view["version"]:
            break
        time.sleep(0.2)
    assert view_of(base, table)["seats"][0]["penalties"] == 101
