"""Play with anyone on phones, by touch: three strangers press Play now and land at one table
and play a few turns; a fourth, blocked by one of them, lands elsewhere; alone there, the
live countdown's "Start now with computers" starts the table."""

from __future__ import annotations

from typing import Any

from .helpers import finger_tap, rack_ids

# Each test's own listing, so nothing else at the dev server fills its tables.
THREE = {"variants": ["classic"], "paces": ["live"], "seats": [3]}
TWO = {"variants": ["101"], "paces": ["relaxed"], "seats": [2]}


def phone(pages: Any, base: str, choices: dict[str, Any]) -> Any:
    page = pages.new(390, 844)
    page.goto(base)
    # The device's player, made on the first visit (candy.js), before Play now needs it.
    page.wait_for_function("() => localStorage.getItem('istaka.player')")
    choose(page, base, choices)
    return page


def choose(page: Any, base: str, choices: dict[str, Any]) -> None:
    """The choices a Play now sends (what the Choose sheet saves), then home again."""
    page.evaluate(
        "c => localStorage.setItem('istaka.prefs', JSON.stringify({ anyone: c }))", choices
    )
    page.goto(base + "#/")
    page.reload()
    page.wait_for_selector("#play-anyone")


def play_now(page: Any) -> str:
    finger_tap(page, "#play-anyone")
    page.wait_for_url("**/#/t/*")
    page.wait_for_selector("#waiting, .rack .tile")
    return str(page.url.rsplit("/", 1)[1])


def reachable(page: Any, selector: str) -> bool:
    """Whether a finger at the element's centre lands on it (nothing over it)."""
    return bool(
        page.evaluate(
            """s => { const el = document.querySelector(s); if (!el) return false
            const r = el.getBoundingClientRect()
            const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)
            return el === hit || el.contains(hit) }""",
            selector,
        )
    )


def test_strangers_meet_play_and_a_blocked_player_sits_elsewhere(
    pages: Any, base: str, shot: Any
) -> None:
    a, b, c, d = (phone(pages, base, THREE) for _ in range(4))
    # First A and D meet at a two-seat table, and A blocks D from D's seat menu.
    for page in (a, d):
        choose(page, base, TWO)
    met = play_now(a)
    assert play_now(d) == met
    a.wait_for_selector(".opp .seat-menu")
    assert reachable(a, ".opp .seat-menu")
    finger_tap(a, ".opp .seat-menu")
    a.wait_for_selector("#sm-block")
    shot(a, "lobby-seat-menu")
    finger_tap(a, "#sm-block")
    a.wait_for_selector(".toast")
    # Back to three seats: A and B sit down; D may not join A's table; C fills it.
    for page in (a, d):
        choose(page, base, THREE)
    table = play_now(a)
    assert play_now(b) == table
    shot(b, "lobby-waiting")
    elsewhere = play_now(d)
    assert elsewhere != table
    d.wait_for_selector("#waiting [data-countdown]")
    assert d.locator("#start-now").is_disabled()  # offered only after 30 s
    assert play_now(c) == table
    for page in (a, b, c):
        page.wait_for_selector(".rack .tile", timeout=15000)
    racks = [set(rack_ids(page)) for page in (a, b, c)]
    assert not (racks[0] & racks[1]) and not (racks[1] & racks[2]) and not (racks[0] & racks[2])
    # Nobody's typed name, only made ones; D's is nowhere at this table.
    for page in (a, b, c):
        assert len(page.locator(".opp").all()) == 2
    # A few turns by touch: whoever is on turn draws if it must (14 tiles), then discards.
    turns = 0
    for _ in range(60):
        if turns == 3:
            break
        for page in (a, b, c):
            tiles = rack_ids(page)
            if len(tiles) == 14 and page.locator(".pile.glow").count():
                finger_tap(page, ".pile.glow")
                page.wait_for_function(
                    "() => document.querySelectorAll('.rack .tile').length === 15"
                )
                tiles = rack_ids(page)
            if len(tiles) == 15 and page.locator(".dock [data-act=discard]").count():
                finger_tap(page, f'.rack .tile[data-id="{tiles[-1]}"]')
                finger_tap(page, ".dock [data-act=discard]")
                page.wait_for_function(
                    "() => document.querySelectorAll('.rack .tile').length === 14"
                )
                turns += 1
        a.wait_for_timeout(300)
    assert turns == 3
    shot(a, "lobby-playing")

    # D waits alone; after 30 s anyone seated may start with computers.
    d.wait_for_function("() => !document.querySelector('#start-now').disabled", timeout=45000)
    assert reachable(d, "#start-now")
    finger_tap(d, "#start-now")
    d.wait_for_selector(".rack .tile", timeout=15000)
    bots = d.locator(".opp .av").all_inner_texts()
    assert bots == ["🤖", "🤖"]


def test_the_open_tables_list_joins_in_one_tap(pages: Any, base: str, shot: Any) -> None:
    choices = {"variants": ["101"], "paces": ["relaxed"], "seats": [4]}
    host, guest = phone(pages, base, choices), phone(pages, base, choices)
    table = play_now(host)
    guest.goto(base + "#/lobby")
    row = f'#lobby-list [data-table="{table}"]'
    guest.wait_for_selector(row)
    text = guest.inner_text("#lobby-list")
    shot(guest, "lobby-list")
    host_name = host.evaluate("JSON.parse(localStorage.getItem('istaka.player')).name")
    assert host_name not in text  # a made name, never the one the player has
    finger_tap(guest, row)
    guest.wait_for_url(f"**/#/t/{table}")
    guest.wait_for_selector("#waiting")
    host.wait_for_function(
        "() => document.querySelectorAll('#waiting .seats li .av').length >= 2", timeout=15000
    )


def test_play_with_anyone_by_keyboard_in_turkish_on_a_phone_held_sideways(
    pages: Any, base: str, shot: Any
) -> None:
    page = pages.new(844, 390)
    page.goto(base)
    page.wait_for_function("() => localStorage.getItem('istaka.player')")
    page.evaluate("() => localStorage.setItem('istaka.prefs', JSON.stringify({ lang: 'tr' }))")
    page.reload()
    page.wait_for_selector("#anyone-choose")
    assert page.inner_text("section.anyone h2") == "Herkesle oyna"
    # The Choose sheet by keyboard: 101 on, classic off, two seats on, four off; Save.
    page.focus("#anyone-choose")
    page.keyboard.press("Enter")
    for chip in ("#any-variants-101", "#any-variants-classic", "#any-seats-2", "#any-seats-4"):
        page.focus(chip)
        page.keyboard.press("Space")
    assert page.get_attribute("#any-variants-classic", "aria-pressed") == "false"
    page.focus("#any-save")
    page.keyboard.press("Enter")
    page.wait_for_selector("#any-save", state="detached")
    saved = page.evaluate("() => JSON.parse(localStorage.getItem('istaka.prefs')).anyone")
    assert saved == {"variants": ["101"], "paces": ["live"], "seats": [2]}
    page.focus("#play-anyone")
    page.keyboard.press("Enter")
    page.wait_for_selector("#waiting [data-countdown]")
    assert "bilgisayarlarla başlar" in page.inner_text("#waiting [data-countdown]")
    # Everything of the waiting room a finger needs is on the short screen, reachable.
    assert reachable(page, "#start-now") and reachable(page, "#waiting .seats li")
    box = page.locator("#start-now").bounding_box()
    assert box is not None and box["y"] + box["height"] <= 390 and box["height"] >= 44
    shot(page, "lobby-waiting-tr-landscape")
