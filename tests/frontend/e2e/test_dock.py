"""The 101 dock and the rack on a phone, as a finger meets them (390×844 and 844×390).

- In every phase of a 101 hand (before opening with "Groups" on and groups picked, the
  opening with Open and Open ✨ showing, opened on its turn with lay-offs, someone else's
  turn, the hand over) every visible control of the table screen is inside the viewport,
  at least 44×44 px, and found by elementFromPoint at its centre; no part of the dock is
  wider than its box (nothing scrolls sideways); the dock keeps one height in all phases.
- A tap that picks the discard never changes the opening groups (Σ and its chips), and the
  tile it picks is the one Discard throws.
- Each rack row is one line in portrait (every tile of a row has the same top) at 101 and
  classic tables.

Tables come from fixed match secrets (api.tables.setup.create_table's match_secret) and the
planned deals of meld_plans.json, played to each phase through the API.
"""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import (
    SHOTS,
    api,
    computer_request,
    create_computer_table,
    finger_tap,
    open_table,
    play_out_hand,
)
from .melds101 import group_two, planned_table

SIZES = {"portrait": (390, 844), "landscape": (844, 390)}

# Every control a finger can reach on the table screen (tiles are game pieces with their
# own sizes): [what, why] for each that is off the screen, under something else or small.
CONTROLS_JS = """() => {
    const all = document.querySelectorAll(
        '#table :is(button, [role=button], a[href], summary, select, input)')
    const bad = []
    let seen = 0
    for (const el of all) {
        if (el.closest('.tile') || !el.checkVisibility()) continue
        const r = el.getBoundingClientRect()
        if (!r.width) continue
        seen++
        const what = el.outerHTML.slice(0, 70)
        const x = r.left + r.width / 2, y = r.top + r.height / 2
        const inside = r.left >= -0.5 && r.top >= -0.5
            && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5
        if (!inside)
            bad.push([what, 'outside', Math.round(r.left), Math.round(r.top), Math.round(r.right)])
        // Its size as laid out: a button just pressed is drawn 2% smaller for a moment.
        else if (el.offsetWidth < 44 || el.offsetHeight < 44)
            bad.push([what, 'small', el.offsetWidth, el.offsetHeight])
        else if (!el.contains(document.elementFromPoint(x, y)))
            bad.push([what, 'covered by', document.elementFromPoint(x, y)?.outerHTML.slice(0, 60)])
    }
    return { seen, bad }
}"""

# The dock: the parts wider than their box or past the screen's edge (a name too long for
# its place shows its short form instead: ui.js fitNames), its row of moves, its height.
DOCK_JS = """() => {
    const dock = document.querySelector('.dock')
    const parts = [dock, ...dock.querySelectorAll('*')]
        .filter(el => el.checkVisibility() && !el.closest('.fit'))
    const wide = parts.filter(el => {
        const r = el.getBoundingClientRect()
        // An open Σ list or ⋯ hangs out of its chip, above the dock: on the screen.
        // A line cut with an ellipsis (the status, whole in its title) scrolls nowhere.
        const cut = getComputedStyle(el).textOverflow === 'ellipsis'
        const over = el.scrollWidth > el.clientWidth + 1 && !el.matches('details[open]') && !cut
        return over || r.left < -0.5 || r.right > innerWidth + 0.5
    })
    const page = document.documentElement.scrollWidth > innerWidth
    const acts = document.querySelector('.dock .acts')
    const boxes = [...dock.querySelectorAll('.me, .status, .acts')]
        .map(el => el.getBoundingClientRect())
    const top = Math.min(...boxes.map(b => b.top))
    const bottom = Math.max(...boxes.map(b => b.bottom))
    return {
        wide: wide.map(el => el.outerHTML.slice(0, 60)).concat(page ? ['the page'] : []),
        actsOver: acts.scrollWidth > acts.clientWidth + 1,
        height: Math.round(bottom - top),
        acts: [...acts.querySelectorAll(':scope > *')].map(el => el.dataset.act || el.className),
    }
}"""

# Each rack row: its tiles, the spread of their tops, the narrowest.
ROWS_JS = """() => [...document.querySelectorAll('.rack .row')].map(row => {
    const boxes = [...row.querySelectorAll('.tile')].map(t => t.getBoundingClientRect())
    const tops = boxes.map(b => b.top)
    return {
        tiles: boxes.length,
        spread: boxes.length ? Math.max(...tops) - Math.min(...tops) : 0,
        narrowest: Math.min(...boxes.map(b => b.width)),
        right: Math.max(...boxes.map(b => b.right)),
    }
})"""


def computer_101(service: Any, base: str, opening: bool) -> dict[str, Any]:
    """A two-seat computer 101 table, seat 0 on turn with 22 tiles, with an opening to
    suggest (``opening``) or none."""
    from api.tables.setup import create_table

    request = computer_request(variant="101", seats=2, hands=1)
    for n in range(1, 200):
        made = create_table(service, request, None, match_secret=bytes([n]) * 32)
        view = api(base, "GET", f"tables/{made['table_id']}?seat=0", token=made["token"])
        kinds = {a["type"] for a in view["legal"]}
        if view["turn"] == 0 and "discard" in kinds and ("open" in kinds) == opening:
            return {"table_id": made["table_id"], "token": made["token"], "seat": 0, "view": view}
    raise AssertionError("no secret in 200 dealt the table wanted")


@pytest.fixture(scope="module")
def tables(base: str, devserver_service: Any) -> dict[str, dict[str, Any]]:
    opened = planned_table(base, devserver_service, 6)
    waiting = planned_table(base, devserver_service, 6)
    # Seat 0 discards a tile that costs nothing: seat 1, a person, is on turn.
    offer = next(a for a in waiting["view"]["legal"] if a["type"] == "discard")
    tile = next(t for t in offer["tiles"] if t not in offer["penalised"])
    body = {"type": "discard", "tile": tile, "expected_version": waiting["view"]["version"]}
    api(
        base,
        "POST",
        f"tables/{waiting['table_id']}/actions",
        {**body, "action_id": "w1"},
        waiting["token"],
    )
    over = computer_101(devserver_service, base, opening=False)
    play_out_hand(base, over["table_id"], over["token"])
    return {
        "opening": computer_101(devserver_service, base, opening=True),
        "building": computer_101(devserver_service, base, opening=False),
        "opened": opened,
        "waiting": waiting,
        "over": over,
    }


def open_phone(pages: Any, base: str, table: dict[str, Any], size: str, mode: str) -> Any:
    width, height = SIZES[size]
    page = pages.new(width, height)
    page.emulate_media(reduced_motion="reduce")
    open_table(page, base, table, mode)
    page.wait_for_selector(".f101 .dock")
    page.wait_for_function("() => !document.querySelector('.loading')")
    return page


def check_screen(page: Any, name: str) -> dict[str, Any]:
    controls = page.evaluate(CONTROLS_JS)
    dock = page.evaluate(DOCK_JS)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"dock-{name}.png"), scale="css")
    print(name, controls["seen"], "controls", dock)
    assert controls["bad"] == [], controls["bad"]
    assert dock["wide"] == [] and not dock["actsOver"], dock
    return dock


@pytest.mark.parametrize("size", list(SIZES))
def test_every_101_control_is_on_screen_in_every_phase(
    pages: Any, base: str, tables: dict[str, dict[str, Any]], size: str
) -> None:
    heights = {}
    # Before opening: picking a tile for the discard, then grouping.
    page = open_phone(pages, base, tables["building"], size, "computer")
    page.wait_for_selector(".dock [data-act=discard]")
    heights["before"] = check_screen(page, f"before-{size}")["height"]
    group_two(page)
    page.wait_for_selector("#sum")
    dock = check_screen(page, f"building-{size}")
    assert "discard" not in dock["acts"], dock  # while grouping a tap throws nothing
    heights["building"] = dock["height"]
    # The opening: Open ✨ (the server's suggestion) and, grouping, Open.
    page = open_phone(pages, base, tables["opening"], size, "computer")
    page.wait_for_selector(".dock [data-act=open-hint]")
    heights["opening"] = check_screen(page, f"opening-{size}")["height"]
    # Open ✨ has room for a label that says what it will do, on one line, in the row.
    page.evaluate(
        """() => {
            document.querySelector('[data-act=open-hint]').textContent = 'Open with 4 melds: 112 ✨'
            dispatchEvent(new Event('resize'))
        }"""
    )
    dock = check_screen(page, f"opening-long-{size}")
    assert "open-hint" in dock["acts"], dock
    hint = page.eval_on_selector("[data-act=open-hint]", "el => el.getBoundingClientRect().height")
    assert hint < 50, hint  # one line
    group_two(page)
    page.wait_for_selector(".dock [data-act=open]")
    check_screen(page, f"opening-groups-{size}")
    # Opened, on turn after the draw: lay-offs, Lay, Discard.
    page = open_phone(pages, base, tables["opened"], size, "friends")
    page.wait_for_selector(".dock [data-act=discard]")
    heights["opened"] = check_screen(page, f"opened-{size}")["height"]
    # Someone else's turn (a person: Nudge), and the hand over (Result, Next hand).
    page = open_phone(pages, base, tables["waiting"], size, "friends")
    page.wait_for_selector(".dock [data-act=nudge]")
    heights["waiting"] = check_screen(page, f"waiting-{size}")["height"]
    page = open_phone(pages, base, tables["over"], size, "computer")
    finger_tap(page, "#result [data-act=see-table]")
    page.wait_for_selector(".dock [data-act=result]")
    page.wait_for_timeout(700)  # chromium's own click of the tap has come and gone
    page.wait_for_selector("#result", state="detached")
    heights["over"] = check_screen(page, f"over-{size}")["height"]
    print(size, heights)
    # The dock keeps its height: the melds' room never changes with the phase.
    assert max(heights.values()) - min(heights.values()) <= 1, heights


GROUPS_JS = """() => ({
    sum: document.querySelector('#sum')?.textContent,
    chips: [...document.querySelectorAll('.picked .tag')].map(tag => tag.textContent),
    grouped: [...document.querySelectorAll('.rack .tile.grp')].map(tile => +tile.dataset.id),
    picked: [...document.querySelectorAll('.rack .tile.sel')].map(tile => +tile.dataset.id),
})"""


def test_a_tap_that_picks_the_discard_leaves_the_groups(
    pages: Any, base: str, devserver_service: Any
) -> None:
    table = computer_101(devserver_service, base, opening=False)
    page = open_phone(pages, base, table, "portrait", "computer")
    page.wait_for_selector(".dock [data-act=discard]")
    ids = page.eval_on_selector_all(".rack .tile", "els => els.map(e => +e.dataset.id)")
    # Groups on: the status and the rack say what a tap does now; two groups picked.
    finger_tap(page, ".dock [data-act=build]")
    page.wait_for_selector(".rack.building")
    assert page.get_attribute(".dock [data-act=build]", "aria-pressed") == "true"
    assert "group" in page.inner_text("#status").lower()
    assert page.locator(".dock [data-act=discard]").count() == 0
    for tile in ids[:2]:
        finger_tap(page, f'.rack .tile[data-id="{tile}"]')
    finger_tap(page, ".dock [data-act=group]")
    for tile in ids[2:4]:
        finger_tap(page, f'.rack .tile[data-id="{tile}"]')
    page.wait_for_function("() => document.querySelectorAll('.rack .tile.grp').length === 4")
    groups = page.evaluate(GROUPS_JS)
    assert len(groups["chips"]) == 2 and groups["picked"] == [], groups
    # The Σ chip opens the list of groups, each with its points, and × to drop them.
    finger_tap(page, "#sum")
    page.wait_for_selector(".picked[open] .pop [data-act=clear]")
    check_screen(page, "groups-list-portrait")
    finger_tap(page, "#sum")
    page.wait_for_selector(".picked:not([open])")

    # Groups off: a tap picks one tile up for the discard, the groups stay as they were.
    finger_tap(page, ".dock [data-act=build]")
    page.wait_for_selector(".rack:not(.building)")
    # A loose tile that no question stops: neither the okey nor one that costs a penalty.
    offer = next(a for a in table["view"]["legal"] if a["type"] == "discard")
    okey = table["view"]["okey"]
    loose = next(t for t in ids[4:] if t not in offer["penalised"] and t >> 1 != okey)
    grouped = ids[0]
    finger_tap(page, f'.rack .tile[data-id="{loose}"]')
    page.wait_for_selector(f'.rack .tile.sel[data-id="{loose}"]')
    assert page.evaluate(GROUPS_JS) == {**groups, "picked": [loose]}
    finger_tap(page, f'.rack .tile[data-id="{grouped}"]')  # a grouped tile: picked, kept
    page.wait_for_selector(f'.rack .tile.sel[data-id="{grouped}"]')
    assert page.evaluate(GROUPS_JS) == {**groups, "picked": [grouped]}
    finger_tap(page, f'.rack .tile[data-id="{loose}"]')
    page.wait_for_selector(f'.rack .tile.sel[data-id="{loose}"]')
    assert page.evaluate(GROUPS_JS) == {**groups, "picked": [loose]}
    check_screen(page, "discard-picked-portrait")
    # Discard throws the tile picked up, not a group's.
    finger_tap(page, ".dock [data-act=discard]:not([disabled])")
    page.wait_for_function(f"() => !document.querySelector('.rack .tile[data-id=\"{loose}\"]')")
    for _ in range(50):  # the table shows a discard at once; the server has it a moment later
        view = api(base, "GET", f"tables/{table['table_id']}?seat=0", token=table["token"])
        if loose not in view["rack"]:
            break
        page.wait_for_timeout(200)
    assert loose not in view["rack"] and grouped in view["rack"]


@pytest.mark.parametrize("variant", ["101", "classic"])
def test_each_rack_row_is_one_line_in_portrait(
    pages: Any, base: str, devserver_service: Any, variant: str
) -> None:
    if variant == "101":
        table = computer_101(devserver_service, base, opening=False)
    else:
        table = create_computer_table(base)
    page = pages.new(390, 844)
    page.emulate_media(reduced_motion="reduce")
    open_table(page, base, table)
    page.wait_for_selector(".rack .tile")
    page.wait_for_timeout(500)  # the new rack's own sort (runs) is asked for and drawn
    rows = page.evaluate(ROWS_JS)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"dock-rack-{variant}-portrait.png"), scale="css")
    print(variant, rows)
    assert sum(row["tiles"] for row in rows) == (22 if variant == "101" else 15)
    for row in rows:
        assert row["spread"] <= 1, rows  # one line: every tile of the row at one top
        assert row["right"] <= 390, rows
    # A tile moved from the fuller row to the other keeps each row on its line.
    full, other = sorted(range(2), key=lambda r: -rows[r]["tiles"])
    tile = page.eval_on_selector(f".rack .row:nth-child({full + 1}) .tile", "el => el.dataset.id")
    finger_tap(page, f'.rack .tile[data-id="{tile}"]')
    page.wait_for_selector(f'.rack .tile.sel[data-id="{tile}"]')
    page.wait_for_timeout(700)  # a finger's pace: chromium's own click of the tap comes first
    slot = f".rack .row:nth-child({other + 1}) .slot:empty"
    finger_tap(page, slot)
    page.wait_for_selector(f'.rack .row:nth-child({other + 1}) .tile[data-id="{tile}"]')
    for row in page.evaluate(ROWS_JS):
        assert row["spread"] <= 1 and row["right"] <= 390, row
