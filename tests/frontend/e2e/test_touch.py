"""A finger on a 390×844 phone: real touches through the DevTools protocol, so chromium sends
pointer and touch events and then makes its own click from the gesture, as a phone does.

drag.js clicks the tapped element itself and drops the browser's click that follows; the
dialogs a tap opens must survive that click (it lands on the dialog's backdrop, outside the
table), and drags of rack tiles, the pile and 101 lay-offs must still work.
"""

from __future__ import annotations

import contextlib
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from .helpers import (
    SHOTS,
    api,
    create_computer_table,
    finger_tap,
    open_table,
    plain_rack_ids,
    play_out_hand,
    rack_ids,
    table_with_discards,
    touch_drag,
)
from .test_101 import create_101, opening_with_a_tile_back, view_of

DIALOG = ".modal[role=dialog]"

# Counts the browser's own (trusted) clicks and every dialog taken off the page, from
# before the tap: the dialog must outlive the click of the tap that opened it.
WATCH_JS = """() => {
    window.touchWatch = { clicks: 0, closed: 0 }
    addEventListener('click', e => e.isTrusted && touchWatch.clicks++, true)
    new MutationObserver(changes => {
        for (const change of changes)
            for (const node of change.removedNodes)
                if (node.matches?.('.modal')) touchWatch.closed++
    }).observe(document.body, { childList: true })
}"""


def tap_and_settle(
    page: Any, target: str | tuple[float, float], *, after_drag: bool = False
) -> None:
    """Tap, then wait for the browser's click of that tap and two frames after it: whatever
    that click would close is closed by then.

    Right after a drag, chromium may make no click at all for a tap (its double-tap
    detection; the reason drag.js and the dialogs click a tap themselves). It was seen under
    load on Keep after a drag: pointerup and touchend on the button and our own click
    logged, and no browser click in 30 s. There (`after_drag`), a tap whose click has not
    come in 3 s is settled without one; what the tap must have done, the caller checks."""
    clicks = page.evaluate("touchWatch.clicks")
    finger_tap(page, target)
    clicked = f"() => touchWatch.clicks > {clicks}"
    if after_drag:
        with contextlib.suppress(PlaywrightTimeoutError):
            page.wait_for_function(clicked, timeout=3000)
    else:
        page.wait_for_function(clicked)
    page.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")


def assert_stays_open(page: Any, selector: str) -> None:
    page.wait_for_selector(f"{DIALOG} {selector}")
    assert page.evaluate("touchWatch.closed") == 0, "the dialog closed after the tap"
    assert page.locator(DIALOG).count() == 1


def backdrop_point(page: Any) -> tuple[float, float]:
    """A point on the dark backdrop above the sheet (the sheet sits at the bottom)."""
    sheet = page.locator(f"{DIALOG} .sheet").bounding_box()
    assert sheet["y"] > 40, "no backdrop above the sheet to tap"
    return 195, sheet["y"] / 2


def phone_at(
    pages: Any, base: str, table: dict[str, Any], ready: str, mode: str = "computer"
) -> Any:
    page = pages.new(390, 844)
    page.emulate_media(reduced_motion="reduce")
    open_table(page, base, table, mode)
    page.wait_for_selector(ready)
    page.evaluate(WATCH_JS)
    return page


def test_menu_opened_by_a_finger_stays_open(pages: Any, base: str) -> None:
    page = phone_at(pages, base, create_computer_table(base), ".rack .tile")
    tap_and_settle(page, "[data-act=menu]")
    assert_stays_open(page, ".menu")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "touch-menu-portrait.png"))
    # × closes it.
    tap_and_settle(page, f"{DIALOG} .x")
    page.wait_for_selector(DIALOG, state="detached")
    # So does a tap that starts and ends on the backdrop.
    tap_and_settle(page, "[data-act=menu]")
    page.wait_for_selector(f"{DIALOG} .menu")
    tap_and_settle(page, backdrop_point(page))
    page.wait_for_selector(DIALOG, state="detached")


def test_match_table_and_discards_opened_by_a_finger(pages: Any, base: str) -> None:
    page = phone_at(pages, base, table_with_discards(base), ".disc .count")
    tap_and_settle(page, "[data-act=scores]")
    assert_stays_open(page, "table.match")
    tap_and_settle(page, backdrop_point(page))
    page.wait_for_selector(DIALOG, state="detached")

    page.evaluate("touchWatch.closed = 0")
    tap_and_settle(page, ".disc .count")
    assert_stays_open(page, ".tile")
    tap_and_settle(page, f"{DIALOG} .x")
    page.wait_for_selector(DIALOG, state="detached")


def test_press_on_the_sheet_released_on_the_backdrop_keeps_the_dialog(
    pages: Any, base: str
) -> None:
    # The click of such a press goes to the backdrop (the nearest common ancestor).
    page = phone_at(pages, base, create_computer_table(base), ".rack .tile")
    tap_and_settle(page, "[data-act=menu]")
    sheet = page.locator(f"{DIALOG} h2").bounding_box()
    page.mouse.move(sheet["x"] + 5, sheet["y"] + 5)
    page.mouse.down()
    page.mouse.move(*backdrop_point(page), steps=4)
    page.mouse.up()
    page.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    assert page.locator(DIALOG).count() == 1
    page.keyboard.press("Escape")
    page.wait_for_selector(DIALOG, state="detached")


def test_finger_drags_a_rack_tile_and_draws_from_the_pile(pages: Any, base: str) -> None:
    page = phone_at(pages, base, table_with_discards(base), ".pile.glow")
    # A tap picks a tile up; a second tap puts it down.
    tile = rack_ids(page)[0]
    tap_and_settle(page, f'.rack .tile[data-id="{tile}"]')
    page.wait_for_selector(f'.rack .tile.sel[data-id="{tile}"]')
    tap_and_settle(page, f'.rack .tile[data-id="{tile}"]')
    page.wait_for_selector(f'.rack .tile[data-id="{tile}"]:not(.sel)')

    # The first empty slot (the rack always has some).
    empty = page.evaluate(
        "[...document.querySelectorAll('.rack .slot')].findIndex(s => !s.firstChild)"
    )
    touch_drag(page, f'.rack .tile[data-id="{tile}"]', f".rack .slot >> nth={empty}")
    moved = f"document.querySelectorAll('.rack .slot')[{empty}].firstChild?.dataset.id"
    page.wait_for_function(f"() => {moved} === '{tile}'")

    before = len(rack_ids(page))
    touch_drag(page, ".pile.glow", ".rack .slot:empty")
    page.wait_for_function(
        f"() => document.querySelectorAll('.rack .tile').length === {before + 1}"
    )
    page.wait_for_selector(".dock [data-act=discard]")

    # Pick a tile, tap the dock's Discard button: the tile goes. Right after a drag chromium
    # may take a tap for the second of a double tap and make no click of it: drag.js clicks
    # a tapped tile itself, so the tile is picked up whether a click follows or not.
    tile = plain_rack_ids(page)[-1]
    finger_tap(page, f'.rack .tile[data-id="{tile}"]')
    page.wait_for_selector(f'.rack .tile.sel[data-id="{tile}"]')
    tap_and_settle(page, ".dock [data-act=discard]:not([disabled])")
    page.wait_for_selector(f'.rack .tile[data-id="{tile}"]', state="detached")


def test_result_panel_controls_stay_as_a_finger_left_them(pages: Any, base: str) -> None:
    table = create_computer_table(base)
    play_out_hand(base, table["table_id"], table["token"])
    page = phone_at(pages, base, table, "#result details.seed")
    tap_and_settle(page, "#result details.seed summary")
    assert page.evaluate("document.querySelector('#result details.seed').open")
    buttons = page.locator("#result .acts .btn")
    tap_and_settle(page, f"#result .acts .btn >> nth={buttons.count() - 1}")  # See the table
    page.wait_for_selector("#result", state="detached")
    page.wait_for_selector("[data-act=result]")


def test_cover_lifted_by_a_finger_stays_lifted(pages: Any, base: str) -> None:
    body = {
        "mode": "hotseat",
        "name": "Ayşe",
        "options": {"seats": 2},
        "seats": [{"kind": "human", "name": n} for n in ("Ayşe", "Mehmet")],
    }
    table = api(base, "POST", "tables", body)
    page = phone_at(pages, base, table, "#cover", "hotseat")
    tap_and_settle(page, "#cover")
    page.wait_for_selector(".rack .tile")
    assert page.locator("#cover").count() == 0


def test_finger_lays_a_tile_off_onto_a_101_meld(pages: Any, base: str) -> None:
    for _ in range(300):
        table = create_101(base)
        view = view_of(base, table)
        if (plan := opening_with_a_tile_back(view)) is not None:
            break
    else:
        raise AssertionError("no deal in 300 let the human seat open and lay off at once")
    groups, held = plan
    tid, token = table["table_id"], table["token"]
    move = {"type": "open", "melds": groups, "expected_version": view["version"]}
    view = api(base, "POST", f"tables/{tid}/actions", {**move, "action_id": "o"}, token)
    # The held tile has one place on the meld it was left out of (opening_with_a_tile_back).
    meld = next(a["meld"] for a in view["legal"] if a["type"] == "layoff" and a["tile"] == held)
    page = phone_at(pages, base, table, ".melds [data-meld]")
    on_meld = page.locator(f'[data-meld="{meld}"] .tile').count()
    touch_drag(page, f'.rack .tile[data-id="{held}"]', f'[data-meld="{meld}"]')
    laid = f"document.querySelectorAll('[data-meld=\"{meld}\"] .tile').length"
    page.wait_for_function(f"() => {laid} === {on_meld + 1}")
    assert held not in rack_ids(page)
