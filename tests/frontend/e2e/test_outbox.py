"""A move made on a phone with no connection: kept, shown as pending, sent again with its
action_id once the connection is back (also after a reload), and when the table moved
on meanwhile, the words for what happened. The rack on screen then equals the server's.

Real touch (CDP touch events) at 390x844 and 844x390; the connection is cut with the
browser context's offline switch, which also fires the page's offline and online events.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from . import helpers
from .helpers import SHOTS, api, create_computer_table, finger_tap, plain_rack_ids

PHONE = {"portrait": (390, 844), "landscape": (844, 390)}
# What the app today tries before giving up on a move: 6 tries over about 16 s.
TRIES_BEFORE = 6
OFFLINE_ERRORS = ("ERR_INTERNET_DISCONNECTED", "net::ERR_FAILED", "Failed to fetch")


def png(page: Any, name: str) -> None:
    """A PNG, to be looked at: the pending mark and the words are thin lines of detail."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def server_view(base: str, table: dict[str, Any], since: int | None = None) -> dict[str, Any]:
    query = "seat=0" if since is None else f"seat=0&since={since}"
    return api(base, "GET", f"tables/{table['table_id']}?{query}", token=table["token"])  # type: ignore[no-any-return]


def open_phone(pages: Any, base: str, table: dict[str, Any], size: str, **kw: Any) -> Any:
    for text in OFFLINE_ERRORS:
        pages.allow(text)
    page = pages.new(*PHONE[size], **kw)
    page.emulate_media(reduced_motion="reduce")
    helpers.open_table(page, base, table)
    page.wait_for_selector(".rack .tile")
    return page


def settled(page: Any, base: str, table: dict[str, Any]) -> None:
    """The page's first sort saved, and the service worker holding the app: offline, a
    phone's page loads its code from there."""
    helpers.wait_rack_saved(base, table["table_id"], table["token"])
    page.wait_for_function("() => navigator.serviceWorker.controller", timeout=15000)


def count_moves(page: Any) -> dict[str, Any]:
    """Every POST /actions the page tries, with its body, and those that failed."""
    seen: dict[str, Any] = {"bodies": [], "failed": 0}

    def sent(request: Any) -> None:
        if request.method == "POST" and request.url.endswith("/actions"):
            seen["bodies"].append(json.loads(request.post_data))

    def failed(request: Any) -> None:
        if request.method == "POST" and request.url.endswith("/actions"):
            seen["failed"] += 1

    page.on("request", sent)
    page.on("requestfailed", failed)
    return seen


def wait_until(page: Any, condition: Any, what: str, seconds: float = 60) -> None:
    """Until ``condition()`` holds, letting the page's events in meanwhile."""
    for _ in range(int(seconds * 10)):
        if condition():
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"{what}: not within {seconds} s")


def discard_by_touch(page: Any, tile: int) -> None:
    finger_tap(page, f'.rack .tile[data-id="{tile}"]')
    page.wait_for_selector(f'.rack .tile.sel[data-id="{tile}"]')
    finger_tap(page, ".dock [data-act=discard]:not([disabled])")


def pending_shown(page: Any, tile: int) -> str:
    """The pending mark: the tile in our corner, marked, and the words, said aloud."""
    notice = page.wait_for_selector("#move-notice", timeout=20000)
    assert notice.get_attribute("role") == "status"
    corner = page.locator(f'.disc.mine .dslot .tile.pending[data-id="{tile}"]')
    assert corner.count() == 1
    assert page.locator(f'.rack .tile[data-id="{tile}"]').count() == 0
    return notice.text_content() or ""


def rack_agrees(page: Any, base: str, table: dict[str, Any]) -> list[int]:
    """Until the rack on screen holds the server's tiles, no more and no fewer."""
    server = sorted(server_view(base, table)["rack"])
    page.wait_for_function(
        "ids => { const on = [...document.querySelectorAll('.rack .tile')]"
        ".map(e => +e.dataset.id).sort((a, b) => a - b);"
        " return JSON.stringify(on) === JSON.stringify(ids) }",
        arg=server,
        timeout=20000,
    )
    return server


def our_discards(base: str, table: dict[str, Any]) -> list[int]:
    events = server_view(base, table, since=0)["events"]
    return [e["tile"] for e in events if e["type"] == "discard" and e["seat"] == 0]


@pytest.mark.parametrize("size", list(PHONE))
def test_a_discard_made_offline_waits_past_todays_retries_and_lands_once(
    pages: Any, base: str, size: str
) -> None:
    table = create_computer_table(base)
    page = open_phone(pages, base, table, size)
    settled(page, base, table)
    moves = count_moves(page)
    page.context.set_offline(True)
    tile = plain_rack_ids(page)[0]
    discard_by_touch(page, tile)

    words = pending_shown(page, tile)
    assert "Not sent yet" in words, words
    png(page, f"outbox-pending-{size}")
    # Longer offline than the app once tried: it keeps the move and keeps trying.
    wait_until(page, lambda: moves["failed"] > TRIES_BEFORE, "the move's tries")
    assert pending_shown(page, tile) == words  # still pending, never undone
    assert our_discards(base, table) == []

    page.context.set_offline(False)
    page.wait_for_selector("#move-notice", state="detached", timeout=20000)
    rack = rack_agrees(page, base, table)
    assert tile not in rack
    assert our_discards(base, table) == [tile]  # landed once
    assert len({json.dumps(b, sort_keys=True) for b in moves["bodies"]}) == 1  # one action_id
    assert page.locator(".toast.error").count() == 0
    page.wait_for_selector(".pile.glow", timeout=20000)  # the computers played: our turn
    png(page, f"outbox-landed-{size}")


@pytest.mark.parametrize("size", list(PHONE))
def test_a_turn_that_timed_out_while_offline_is_caught_up_and_told(
    pages: Any, base: str, size: str
) -> None:
    # Ten seconds a turn: the dev server's sweep (or the next request) plays it once over.
    table = api(
        base,
        "POST",
        "tables",
        {
            "mode": "computer",
            "name": "Ayşe",
            "turn_seconds": 10,
            "seats": [{"kind": "human", "name": "Ayşe"}] + [{"kind": "bot", "level": "easy"}] * 3,
        },
    )
    pages.allow("409")  # the answer this test is about
    page = open_phone(pages, base, table, size)
    page.wait_for_function("() => navigator.serviceWorker.controller", timeout=15000)
    # Offline at once, before the turn can run out in view: the page's save of its first
    # sort may fail then, quietly.
    page.context.set_offline(True)
    tile = plain_rack_ids(page)[0]
    discard_by_touch(page, tile)
    pending_shown(page, tile)
    # The turn runs out meanwhile, and the computer plays it for the seat.
    wait_until(page, lambda: our_discards(base, table) != [], "the timed-out turn", 40)
    played = our_discards(base, table)

    page.context.set_offline(False)
    notice = page.wait_for_selector("#move-notice:has-text('not made')", timeout=20000)
    words = notice.text_content() or ""
    assert "the table moved on" in words and "time ran out" in words, words
    assert notice.get_attribute("role") == "status"
    rack = rack_agrees(page, base, table)
    assert our_discards(base, table) == played  # ours was not made on top of it
    if tile not in played:
        assert tile in rack  # back on the rack, where the server has it
    png(page, f"outbox-moved-on-{size}")


def test_a_move_pending_across_a_reload_goes_once_with_its_action_id(pages: Any, base: str) -> None:
    table = create_computer_table(base)
    # No service worker: the connection is there for the page, so a reload loads the table
    # without one, and a move passing through a worker may miss the page's route (it once
    # reached the server and was played). Playwright's advice: block the worker.
    page = open_phone(pages, base, table, "portrait", service_workers="block")
    helpers.wait_rack_saved(base, table["table_id"], table["token"])
    moves = count_moves(page)
    page.route("**/api/tables/*/actions", lambda route: route.abort("failed"))
    tile = plain_rack_ids(page)[0]
    discard_by_touch(page, tile)
    pending_shown(page, tile)
    kept = page.evaluate(f"() => localStorage.getItem('istaka.outbox.{table['table_id']}')")
    assert json.loads(kept)["move"]["tile"] == tile

    page.reload()
    page.wait_for_selector(".rack .tile")
    words = pending_shown(page, tile)  # after the reload: still pending, still said
    assert "Not sent yet" in words
    tries = len(moves["bodies"])
    wait_until(page, lambda: len(moves["bodies"]) > tries, "a try after the reload")
    page.unroute("**/api/tables/*/actions")
    page.wait_for_selector("#move-notice", state="detached", timeout=20000)
    rack = rack_agrees(page, base, table)
    assert tile not in rack
    assert our_discards(base, table) == [tile]
    assert len({json.dumps(b, sort_keys=True) for b in moves["bodies"]}) == 1
    assert page.evaluate(f"() => localStorage.getItem('istaka.outbox.{table['table_id']}')") is None


def test_a_first_move_made_offline_without_a_service_worker_waits_and_lands(
    pages: Any, base: str
) -> None:
    """No service worker holds the app (a browser without one, or before it is installed):
    the move code must already be there when the first tap comes, offline."""
    table = create_computer_table(base)
    page = open_phone(pages, base, table, "portrait", service_workers="block")
    helpers.wait_rack_saved(base, table["table_id"], table["token"])
    loaded = page.evaluate(
        "() => performance.getEntriesByType('resource').some(e => e.name.endsWith('/outbox.js'))"
    )
    assert loaded, "the move code was not loaded with the table"
    moves = count_moves(page)
    page.context.set_offline(True)
    tile = plain_rack_ids(page)[0]
    discard_by_touch(page, tile)  # the page's first gesture
    words = pending_shown(page, tile)
    assert "Not sent yet" in words, words
    assert page.locator(".toast.error").count() == 0  # not "not sent: no connection"

    page.context.set_offline(False)
    page.wait_for_selector("#move-notice", state="detached", timeout=20000)
    assert tile not in rack_agrees(page, base, table)
    assert our_discards(base, table) == [tile]
    assert len({json.dumps(b, sort_keys=True) for b in moves["bodies"]}) == 1
