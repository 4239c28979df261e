"""Issue 24 on two phones, with real touch: a rematch into the same seats (offered on the old
table and in Your tables), a reaction from one phone shown on the other, the nudge and its
429, and "while you were away" after moves made with the page closed."""

from __future__ import annotations

import json
from typing import Any

from tests.game_helpers import plain_action

from .helpers import SHOTS, api, auth_js, covering, finger_tap, friends_seats, wait_rack_saved

PHONE = (390, 844)


def shot(page: Any, name: str) -> None:
    """PNG, to be looked at: what the friends' screens show on a phone."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def view_of(base: str, seat: dict[str, Any]) -> dict[str, Any]:
    path = f"tables/{seat['table_id']}?seat={seat['seat']}"
    return api(base, "GET", path, token=seat["token"])  # type: ignore[no-any-return]


def move(base: str, seat: dict[str, Any], action: dict[str, Any], n: int) -> dict[str, Any]:
    view = view_of(base, seat)
    action = {**action, "expected_version": view["version"], "action_id": f"m{n}-{view['version']}"}
    path = f"tables/{seat['table_id']}/actions"
    return api(base, "POST", path, action, seat["token"])  # type: ignore[no-any-return]


def play_out_match(base: str, seats: list[dict[str, Any]]) -> dict[str, Any]:
    """Both seats play plain moves (and deal the next hands) until the match is over."""
    for n in range(2000):
        view = view_of(base, seats[0])
        if view["match_over"]:
            return view
        if view["phase"] == "over":
            move(base, seats[0], {"type": "next_hand"}, n)
            continue
        on_turn = seats[view["turn"]]
        action = plain_action(view_of(base, on_turn)["legal"])
        assert action, "a seat on turn with nothing to do"
        move(base, on_turn, action, n)
    raise AssertionError("the match did not end")


def phone(pages: Any, base: str, seat: dict[str, Any], **extra: Any) -> Any:
    page = pages.new(*PHONE)
    page.emulate_media(reduced_motion="reduce")
    page.add_init_script(auth_js(seat, "friends", **extra))
    page.goto("about:blank")  # a real navigation, so the init script runs
    page.goto(base + "#/t/" + seat["table_id"])
    return page


def stored(page: Any, table_id: str) -> dict[str, Any]:
    raw = page.evaluate(f"localStorage.getItem('istaka.t.{table_id}')")
    return json.loads(raw) if raw else {}


def test_rematch_into_the_same_seats(pages: Any, base: str) -> None:
    seats = play_out_match_table(base)
    tid = seats[0]["table_id"]
    ayse = phone(pages, base, seats[0])
    mehmet = phone(pages, base, seats[1])
    for page in (ayse, mehmet):
        page.wait_for_selector("#result #rematch")
    # Nobody asked yet: each panel offers to ask, none names an offer.
    assert mehmet.locator("#rematch-offer").count() == 0
    shot(ayse, "rematch-ask-portrait")
    assert covering(ayse, "#rematch") is None
    finger_tap(ayse, "#rematch")
    ayse.wait_for_function(
        f"() => location.hash.startsWith('#/t/') && !location.hash.includes('{tid}')"
    )
    next_id = ayse.evaluate("location.hash.split('/')[2]")
    assert stored(ayse, next_id)["seat"] == 0

    # Mehmet's old table says who asked, with Join; so does his home screen, as its own row.
    mehmet.wait_for_selector("#rematch-offer", timeout=20000)
    assert "Ayşe" in mehmet.inner_text("#rematch-offer")
    assert mehmet.inner_text("#result #rematch") == "Join"
    shot(mehmet, "rematch-offer-portrait")
    home = mehmet.context.new_page()
    pages.watch(home)
    home.goto(base + "#/")
    row = f"#your-tables li.offer[data-rematch='{next_id}']"
    home.wait_for_selector(row, timeout=15000)
    assert "Ayşe" in home.inner_text(row)
    # The finished table is folded under "Finished".
    assert home.locator(f"#finished-tables [data-table='{tid}']").count() == 1
    shot(home, "your-tables-offer-portrait")
    home.close()

    finger_tap(mehmet, "#result #rematch")
    mehmet.wait_for_function(f"() => location.hash === '#/t/{next_id}'")
    assert stored(mehmet, next_id)["seat"] == 1
    # Every person of the old table is in: the next table deals, each in the seat they had.
    for page in (ayse, mehmet):
        page.wait_for_selector(".rack .tile", timeout=20000)
    view_a = view_of(base, {**stored(ayse, next_id), "table_id": next_id})
    assert view_a["you"] == 0 and view_a["players"][1]["name"] == "Mehmet"
    assert view_a["series"]["tables"] == 2
    winners = view_of(base, seats[0])["match_winners"]
    assert view_a["series"]["wins"] == [int(s in winners) for s in range(2)], winners
    shot(mehmet, "rematch-dealt-portrait")
    # The score sheet shows the series.
    finger_tap(mehmet, "[data-act=scores]")
    mehmet.wait_for_selector(".modal .series")
    assert "table 2" in mehmet.inner_text(".modal .series")
    shot(mehmet, "series-sheet-portrait")


def test_the_invite_page_says_what_the_table_is(pages: Any, base: str) -> None:
    body = {"mode": "friends", "name": "Ayşe", "turn_seconds": 86400, "options": {"seats": 3}}
    created = api(base, "POST", "tables", body)
    page = pages.new(*PHONE)
    page.goto(f"{base}#/join/{created['table_id']}/{created['invite_code']}")
    about = page.wait_for_selector("#invite-about .host", timeout=10000)
    assert about.inner_text() == "Ayşe invites you"
    text = page.inner_text("#invite-about")
    assert "Classic Okey · Countdown" in text
    assert "Over the day · 1 day a turn" in text
    assert page.locator("#invite-about .seats li").all_inner_texts() == [
        "Ayşe",
        "open seat",
        "open seat",
    ]
    # Before the name field, as a finger scrolls.
    above = page.evaluate(
        "document.querySelector('#invite-about').getBoundingClientRect().bottom"
        " <= document.querySelector('#join-name').getBoundingClientRect().top"
    )
    assert above
    shot(page, "invite-page-portrait")


def play_out_match_table(base: str) -> list[dict[str, Any]]:
    seats = friends_seats(base, start_points=1)
    assert play_out_match(base, seats)["match_over"]
    return seats


# When the page put a reaction bubble up and when it began to fade (performance.now() ms).
BUBBLE_TIMES = """() => {
    window.__bubble = {}
    new MutationObserver(() => {
        const el = document.querySelector('.reaction')
        if (el && window.__bubble.in == null) window.__bubble.in = performance.now()
        if (el?.classList.contains('out') && window.__bubble.out == null)
            window.__bubble.out = performance.now()
    }).observe(document.body, { childList: true, subtree: true, attributes: true })
}"""


def test_a_reaction_from_one_phone_shows_on_the_other(pages: Any, base: str) -> None:
    seats = friends_seats(base)
    ayse = phone(pages, base, seats[0])
    mehmet = phone(pages, base, seats[1])
    for page in (ayse, mehmet):
        page.wait_for_selector(".rack .tile")
    mehmet.evaluate(BUBBLE_TIMES)
    finger_tap(ayse, "[data-act=react]")
    ayse.wait_for_selector("#reactions [data-code=gg]")
    shot(ayse, "reactions-picker-portrait")
    assert covering(ayse, "#reactions [data-code=gg]") is None
    finger_tap(ayse, "#reactions [data-code=gg]")
    # Beside Ayşe's badge on Mehmet's phone, for a few seconds.
    bubble = mehmet.wait_for_selector(".reaction[data-seat='0']", timeout=15000)
    assert bubble.inner_text() == "Good game"
    shot(mehmet, "reaction-shown-portrait")
    box = bubble.bounding_box()
    # Ayşe's badge: her avatar, name, tiles, score and clock (social.js place: under the
    # badge, else beside its avatar).
    badge = mehmet.locator(".opp[data-seat='0']").bounding_box()
    assert box and badge
    # By Ayşe's badge: at most 40 px from it across and down.
    gap_x = max(badge["x"] - (box["x"] + box["width"]), box["x"] - (badge["x"] + badge["width"]))
    gap_y = max(badge["y"] - (box["y"] + box["height"]), box["y"] - (badge["y"] + badge["height"]))
    near = gap_x < 40 and gap_y < 40
    assert near, (box, badge)
    # It covers no discard (Ayşe's is the one Mehmet may take), nor the pile or the rack.
    covered = mehmet.evaluate(
        """() => {
            const r = document.querySelector('.reaction').getBoundingClientRect()
            return [...document.querySelectorAll('.dslot, .pile, .rack')].filter(el => {
                const q = el.getBoundingClientRect()
                const apart = r.right <= q.left || r.left >= q.right
                return !(apart || r.bottom <= q.top || r.top >= q.bottom)
            }).map(el => el.className)
        }"""
    )
    assert covered == [], covered
    # Plainly visible: opaque once it has popped up, and there for a few seconds (timed by
    # the page itself, from the bubble's arrival to its fading).
    mehmet.wait_for_timeout(400)
    assert mehmet.eval_on_selector(".reaction", "el => getComputedStyle(el).opacity") == "1"
    mehmet.wait_for_selector(".reaction", state="detached", timeout=15000)
    shown = mehmet.evaluate("window.__bubble.out - window.__bubble.in")
    assert shown >= 5000, shown
    # The move log keeps it.
    finger_tap(mehmet, "[data-act=log]")
    mehmet.wait_for_selector("#move-log")
    assert "Ayşe: Good game" in mehmet.inner_text("#move-log")


def test_a_nudge_and_too_soon(pages: Any, base: str) -> None:
    seats = friends_seats(base, turn_seconds=86400)  # relaxed: nudges are for those
    mehmet = phone(pages, base, seats[1])  # Ayşe, seat 0, is on turn
    mehmet.wait_for_selector(".dock [data-act=nudge]")
    finger_tap(mehmet, ".dock [data-act=nudge]")
    mehmet.wait_for_selector(".toast:has-text('Ayşe was nudged')")
    pages.allow("429")  # the second nudge's refusal is what this test looks at
    mehmet.reload()
    mehmet.wait_for_selector(".dock [data-act=nudge]")
    finger_tap(mehmet, ".dock [data-act=nudge]")
    toast = mehmet.wait_for_selector(".toast.error:has-text('nudged Ayşe')")
    assert "again in" in toast.inner_text()


def test_while_you_were_away(pages: Any, base: str) -> None:
    seats = friends_seats(base)
    ayse = phone(pages, base, seats[0])
    ayse.wait_for_selector(".rack .tile")
    context = ayse.context
    ayse.close()
    # With Ayşe's page closed: her discard (a timed-out turn, say), Mehmet takes it, discards,
    # and says hello.
    view = view_of(base, seats[0])
    tile = view["rack"][0]
    move(base, seats[0], {"type": "discard", "tile": tile}, 1)
    move(base, seats[1], {"type": "take_discard"}, 2)
    rack = [t for t in view_of(base, seats[1])["rack"] if t != tile]
    move(base, seats[1], {"type": "discard", "tile": rack[-1]}, 3)
    path = f"tables/{seats[1]['table_id']}/reactions"
    api(base, "POST", path, {"reaction": "hello"}, seats[1]["token"])

    again = context.new_page()
    pages.watch(again)
    again.emulate_media(reduced_motion="reduce")
    again.goto(base + "#/t/" + seats[0]["table_id"])
    panel = again.wait_for_selector("#away", timeout=15000)
    text = panel.inner_text()
    assert "While you were away" in text
    assert "3 moves were made" in text, text
    assert "Mehmet took your" in text, text
    assert "Mehmet: Hello" in text, text
    assert "It is your turn" in text, text
    # Mehmet's hello also comes as a bubble beside his seat: it keeps off the panel's text.
    again.wait_for_selector(".reaction[data-seat='1']")
    apart = again.evaluate(
        """() => {
            const r = document.querySelector('.reaction').getBoundingClientRect()
            const q = document.querySelector('#away').getBoundingClientRect()
            return r.bottom <= q.top || r.top >= q.bottom || r.right <= q.left || r.left >= q.right
        }"""
    )
    shot(again, "away-summary-portrait")
    assert apart, "the reaction bubble covers the away panel"
    # It stays (polls and redraws keep it) until dismissed; the rack stays reachable.
    again.wait_for_timeout(2500)
    assert again.locator("#away").count() == 1
    assert covering(again, ".rack .tile") is None
    assert covering(again, "#away-ok") is None
    finger_tap(again, "#away-ok")
    again.wait_for_selector("#away", state="detached")


def test_a_header_button_keeps_the_focus_when_a_poll_redraws_the_table(
    pages: Any, base: str
) -> None:
    """A keyboard or screen-reader player on 🏆 (or 📜, ☰) keeps their place when a move
    comes in and the poll draws the table again: the header's buttons are found again by
    id. Without the ids the focus fell to the page's body."""
    seats = friends_seats(base)
    page = phone(pages, base, seats[0])
    page.wait_for_selector(".rack .tile")
    wait_rack_saved(base, seats[0]["table_id"], seats[0]["token"])
    # Ayşe (the starter) discards, Mehmet draws and discards, Ayşe draws: each move comes to
    # her page by a poll and draws it again, the header too, with one button focused.
    for n, (seat, act) in enumerate([(0, None), (1, "scores"), (1, "log"), (0, "menu")]):
        if act:
            page.focus(f"[data-act={act}]")
        page.evaluate("window.bar = document.querySelector('header.bar')")
        action = plain_action(view_of(base, seats[seat])["legal"])
        assert action, seat
        move(base, seats[seat], action, n)
        page.wait_for_function("() => !window.bar.isConnected", timeout=15000)
        if act:
            assert page.evaluate("document.activeElement.dataset.act") == act
