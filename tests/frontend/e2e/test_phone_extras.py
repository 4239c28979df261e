"""Smaller phone traps: Next hand on the felt deals in one tap; Notify me says in words why
it could not turn on, and is not offered where it cannot help; a seat's tab that goes
out of sight tells the server at once (the away beacon). Real touch, 390x844 and 844x390."""

from __future__ import annotations

import json
from typing import Any

import pytest

from . import helpers
from .helpers import (
    SHOTS,
    api,
    covering,
    create_computer_table,
    finger_tap,
    friends_table,
    play_out_hand,
)

PHONE = {"portrait": (390, 844), "landscape": (844, 390)}


def png(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


@pytest.mark.parametrize("size", list(PHONE))
def test_next_hand_on_the_felt_deals_in_one_tap(pages: Any, base: str, size: str) -> None:
    # Three hands by points: the first hand never ends the match, whatever the deal.
    table = create_computer_table(base, scoring="points", hands=3)
    tid, token = table["table_id"], table["token"]
    over = play_out_hand(base, tid, token)
    assert not over["match_over"]
    page = pages.new(*PHONE[size])
    page.emulate_media(reduced_motion="reduce")
    helpers.open_table(page, base, table)
    page.wait_for_selector("#result")
    finger_tap(page, "#result [data-act=see-table]")
    page.wait_for_selector("#result", state="detached")
    button = ".dock [data-act=next-hand]"
    page.wait_for_selector(button)
    # Where a finger scrolls the felt to: the landscape page is taller than the screen.
    page.locator(button).evaluate("el => el.scrollIntoView({ block: 'center' })")
    assert covering(page, button) is None, covering(page, button)
    assert page.locator(".dock [data-act=result]").count() == 1  # the result, a tap away
    png(page, f"felt-next-hand-{size}")

    finger_tap(page, button)
    page.wait_for_selector(".rack .tile")
    page.wait_for_function("() => document.querySelector('h1.title').textContent.includes('2')")
    assert api(base, "GET", f"tables/{tid}?seat=0", token=token)["hand"] == over["hand"] + 1
    assert page.locator("#result").count() == 0


def open_menu(page: Any) -> None:
    finger_tap(page, "[data-act=menu]")
    page.wait_for_selector(".modal .menu")


def test_notify_me_is_not_offered_at_a_computer_table(pages: Any, base: str) -> None:
    page = pages.new(390, 844)
    helpers.open_table(page, base, create_computer_table(base))
    page.wait_for_selector(".rack .tile")
    open_menu(page)
    page.wait_for_selector(".modal #embed-snippet")  # the menu is drawn whole
    assert page.locator("#push-box, #push-on").count() == 0


def test_notify_me_is_not_offered_on_a_pass_and_play_phone(pages: Any, base: str) -> None:
    page = pages.new(390, 844)
    page.goto(base)
    names = page.locator(".names input")
    names.nth(0).fill("Ayşe")
    names.nth(1).fill("Mehmet")
    finger_tap(page, "#start-hotseat")
    finger_tap(page, "#cover")
    page.wait_for_selector(".rack .tile")
    open_menu(page)
    page.wait_for_selector(".modal #embed-snippet")
    assert page.locator("#push-box, #push-on").count() == 0


@pytest.mark.parametrize(
    ("permission", "words"),
    [
        # Headless chromium answers the question itself: no, for a site not allowed.
        (None, "blocked for this site"),
        # Allowed, but the browser has no push service to subscribe with, as a private
        # window has none.
        ("notifications", "would not subscribe"),
    ],
)
def test_notify_me_says_in_words_why_it_failed(
    pages: Any, base: str, permission: str | None, words: str
) -> None:
    extra = {"permissions": [permission]} if permission else {}
    # A browser context here is an incognito one: chromium says why it cannot subscribe.
    pages.allow("does not support the Push API in incognito mode")
    page = pages.new(390, 844, **extra)
    table = friends_table(base, seats=3)
    helpers.open_table(page, base, table, "friends")
    page.wait_for_selector("#waiting #push-on")
    finger_tap(page, "#push-on")
    error = page.wait_for_selector("#push-error")
    assert error.get_attribute("role") == "alert"
    assert words in (error.text_content() or ""), error.text_content()
    png(page, f"notify-failed-{permission or 'default'}")
    # A friend joining redraws the waiting room: the words stay until the next tap. (They
    # once went with any redraw, often before a player could read them.)
    api(
        base,
        "POST",
        f"tables/{table['table_id']}/join",
        {"invite_code": table["invite_code"], "name": "Mehmet"},
    )
    page.wait_for_selector("#waiting :text('Mehmet')")
    assert words in (page.text_content("#push-error") or "")


# After each change to the page (a mutation observer runs before the browser hit-tests the
# next touch): was a waiting room drawn, and was Notify me missing from it?
WATCH_WAITING_JS = """() => {
    window.__waiting = { drawn: 0, gaps: 0 }
    let last = document.getElementById('waiting')
    new MutationObserver(() => {
        const room = document.getElementById('waiting')
        if (!room || room === last) return
        last = room
        window.__waiting.drawn += 1
        if (!room.querySelector('#push-box')) window.__waiting.gaps += 1
    }).observe(document.body, { childList: true, subtree: true })
}"""


def test_a_redrawn_waiting_room_keeps_notify_me_in_place(pages: Any, base: str) -> None:
    """A poll redraws the waiting room. Notify me once came back a moment later (its module
    loaded again), so for that moment Start now sat where it had been, and a tap meant
    for Notify me started the game."""
    page = pages.new(390, 844)
    table = friends_table(base, seats=3)
    helpers.open_table(page, base, table, "friends")
    page.wait_for_selector("#waiting #push-on")
    page.evaluate(WATCH_WAITING_JS)
    for name in ("Mehmet", "Zeynep"):  # each joining redraws the room
        body = {"invite_code": table["invite_code"], "name": name}
        api(base, "POST", f"tables/{table['table_id']}/join", body)
        page.wait_for_selector(f"#waiting :text('{name}')")
    seen = page.evaluate("window.__waiting")
    assert seen["drawn"] >= 2, seen
    assert seen["gaps"] == 0, seen


def test_notify_me_says_so_when_the_worker_never_gets_ready(pages: Any, base: str) -> None:
    """A worker whose install failed (the app shell not fetched) never gets ready: the
    player is told in words within seconds, not left with a grey button."""
    page = pages.new(390, 844, permissions=["notifications"])
    never = "() => new Promise(() => {})"
    page.add_init_script(
        "self.ServiceWorkerContainer && Object.defineProperty("
        f"ServiceWorkerContainer.prototype, 'ready', {{ get: {never} }})"
    )
    helpers.open_table(page, base, friends_table(base), "friends")
    page.wait_for_selector("#waiting #push-on")
    finger_tap(page, "#push-on")
    error = page.wait_for_selector("#push-error", timeout=20000)
    assert "did not get notifications ready" in (error.text_content() or "")
    assert page.locator("#push-on:not([disabled])").count() == 1  # a tap can try again


def test_a_seat_tab_leaving_tells_the_server_with_a_beacon(pages: Any, base: str) -> None:
    page = pages.new(390, 844)
    table = create_computer_table(base)
    helpers.open_table(page, base, table)
    page.wait_for_selector(".rack .tile")
    away = f"/api/tables/{table['table_id']}/away"
    answers: list[Any] = []
    page.context.on("response", lambda r: r.url.endswith(away) and answers.append(r))
    # Leaving the table screen (here: for home) is closing it.
    finger_tap(page, "[data-act=menu]")
    finger_tap(page, ".modal [data-act=go][data-to='#/']")
    page.wait_for_selector(".home")
    for _ in range(100):
        if answers:
            break
        page.wait_for_timeout(100)
    assert answers, "no beacon reached the server"
    beacon = answers[0].request
    assert beacon.method == "POST"
    assert table["token"] not in beacon.url  # a token never goes in a URL
    assert json.loads(beacon.post_data) == {"token": table["token"]}
    assert answers[0].status == 204
