"""Network trouble, stale versions, returning after a while, the saved layout, 304s."""

from __future__ import annotations

import json
import time
from typing import Any

from . import helpers
from .helpers import (
    api,
    create_computer_table,
    desktop_computer_table,
    mouse_drag,
    plain_rack_ids,
    rack_ids,
)


def open_table(page: Any, base: str, table: dict[str, Any], **extra: Any) -> None:
    helpers.open_table(page, base, table, **extra)
    page.wait_for_selector(".rack .tile")
    # A fresh rack is sorted and saved a moment after it shows: let that save land first, so
    # it neither answers a test's wait for its own save nor goes stale under a test's move.
    helpers.wait_rack_saved(base, table["table_id"], table["token"])


def test_network_failure_is_retried_with_the_same_action_id(pages: Any, base: str) -> None:
    page, table = desktop_computer_table(pages, base, ("net::ERR_FAILED",), open_table)
    # The new rack's sort first: a test's taps then meet a settled rack.
    helpers.wait_rack_saved(base, table["table_id"], table["token"])
    sent: list[dict[str, Any]] = []

    def flaky(route: Any) -> None:
        sent.append(json.loads(route.request.post_data))
        if len(sent) == 1:
            route.abort("failed")
        else:
            route.continue_()

    page.route("**/api/tables/*/actions", flaky)
    tile = plain_rack_ids(page)[0]
    page.click(f'.rack .tile[data-id="{tile}"]')
    page.click(".dock [data-act=discard]")
    page.wait_for_selector(
        ".pile.glow", timeout=15000
    )  # our turn again: the discard went through once
    assert len(sent) == 2 and sent[0] == sent[1] and sent[0]["tile"] == tile
    assert page.locator(".toast.error").count() == 0


def test_a_stale_move_takes_the_table_as_it_is_and_says_so(pages: Any, base: str) -> None:
    # The polls this test aborts on purpose: Chromium logs each one that fires meanwhile.
    allow = ("409", "net::ERR_FAILED")
    page, table = desktop_computer_table(pages, base, allow, open_table)
    # No poll may catch up before the stale move: the first comes a second after the page
    # is drawn, and the move below (with the computers' turns) can take longer than that.
    page.route("**/api/tables/*?*", lambda route: route.abort())
    # Meanwhile the same seat moves from elsewhere (another tab): the page's version is stale.
    view = api(base, "GET", f"tables/{table['table_id']}?seat=0", token=table["token"])
    other = view["rack"][-1]
    api(
        base,
        "POST",
        f"tables/{table['table_id']}/actions",
        {
            "type": "discard",
            "tile": other,
            "expected_version": view["version"],
            "action_id": "elsewhere",
        },
        table["token"],
    )
    mine = next(t for t in rack_ids(page) if t != other)
    page.click(f'.rack .tile[data-id="{mine}"]')
    page.click(".dock [data-act=discard]")
    # Polls come back only once the stale move is on its way: one let through before it
    # would bring the new view first, and the Discard button would be gone (the take phase).
    page.unroute("**/api/tables/*?*")
    page.wait_for_function(
        f"() => !document.querySelector('.rack .tile[data-id=\"{other}\"]')", timeout=15000
    )
    assert page.locator(f'.rack .tile[data-id="{mine}"]').count() == 1  # refused, kept
    assert page.locator(".toast.error").count() == 0
    # Not undone silently: the words say the move was not made, and what was done instead.
    notice = page.inner_text("#move-notice")
    assert "not made" in notice and "You discarded" in notice, notice


def test_returning_player_sees_what_happened(pages: Any, base: str) -> None:
    table = create_computer_table(base)
    tid, token = table["table_id"], table["token"]
    view = api(base, "GET", f"tables/{tid}?seat=0", token=token)
    seen = view["version"]
    # While away (say, a timeout played the turn): discard; the computers play a round.
    api(
        base,
        "POST",
        f"tables/{tid}/actions",
        {"type": "discard", "tile": view["rack"][0], "expected_version": seen, "action_id": "away"},
        token,
    )
    page = pages.new(390, 844)
    open_table(page, base, table, seen=seen)
    page.wait_for_function(
        "() => document.querySelector('#live').textContent.length > 0", timeout=10000
    )
    text = page.inner_text("#live")
    assert "Computer" in text and ("discarded" in text or "moves while you were away" in text), text


def test_rack_layout_survives_a_reload(pages: Any, base: str) -> None:
    page = pages.new(1280, 800, mobile=False)
    table = create_computer_table(base)
    open_table(page, base, table)
    tile = rack_ids(page)[2]
    with page.expect_response(lambda r: r.url.endswith("/rack") and r.request.method == "PUT"):
        mouse_drag(
            page, f'.rack .tile[data-id="{tile}"]', ".rack .row:nth-child(2) .slot:nth-child(12)"
        )
    page.reload()
    page.wait_for_selector(".rack .tile")
    assert page.get_attribute(
        ".rack .row:nth-child(2) .slot:nth-child(12) .tile", "data-id"
    ) == str(tile)


def test_idle_polls_are_304(pages: Any, base: str) -> None:
    body = {"mode": "friends", "name": "Ayşe", "turn_seconds": 60}
    table = api(base, "POST", "tables", body)
    page = pages.new(390, 844)
    statuses: list[int] = []
    page.on(
        "response",
        lambda r: (
            "/api/tables/" in r.url and r.request.method == "GET" and statuses.append(r.status)
        ),
    )
    # Wait for the first 304 rather than for a fixed time: a loaded machine polls later.
    with page.expect_response(
        lambda r: "/api/tables/" in r.url and r.request.method == "GET" and r.status == 304,
        timeout=30000,
    ):
        helpers.open_table(page, base, table, "friends")
        page.wait_for_selector("#waiting")
    assert statuses[0] == 200 and 304 in statuses, statuses


def test_refused_finish_shows_the_server_message(pages: Any, base: str) -> None:
    page, _ = desktop_computer_table(pages, base, ("422",), open_table)
    if page.locator(".rack .tile.canfin").count():
        return  # a dealt winning hand (rare): nothing to refuse
    tile = rack_ids(page)[0]
    mouse_drag(page, f'.rack .tile[data-id="{tile}"]', ".mid figure.ind")
    page.wait_for_selector(".toast.error")
    assert "melds" in page.inner_text(".toast.error")
    assert page.locator(f'.rack .tile[data-id="{tile}"]').count() == 1  # still on the rack


def test_a_move_inside_the_layout_save_delay_keeps_the_layout(pages: Any, base: str) -> None:
    """A rack move is saved after a short delay; a draw sent inside that delay
    must not make the save stale (the server would refuse it with a 422, a
    console error here) nor lose the move. The draw's answer is held back a
    second so the delay surely ends while the draw is in flight."""
    page = pages.new(1280, 800, mobile=False)
    page.emulate_media(reduced_motion="reduce")
    table = create_computer_table(base)
    tid, token = table["table_id"], table["token"]
    open_table(page, base, table)
    # The starter discards first; the computers play; then it is our draw.
    first = plain_rack_ids(page)[0]
    page.click(f'.rack .tile[data-id="{first}"]')
    page.click(".dock [data-act=discard]")
    page.wait_for_selector(".pile.glow", timeout=15000)

    def slow(route: Any) -> None:
        answer = route.fetch()
        time.sleep(1)
        route.fulfill(response=answer)

    page.route("**/api/tables/*/actions", slow)
    tile = rack_ids(page)[2]
    slot = ".rack .row:nth-child(2) .slot:nth-child(14)"
    mouse_drag(page, f'.rack .tile[data-id="{tile}"]', slot)
    page.click(".pile.glow")
    page.wait_for_function("() => document.querySelectorAll('.rack .tile').length === 15")
    # The save may land after the draw on a loaded machine: wait for it, not for a set time.
    deadline = time.monotonic() + 20
    while api(base, "GET", f"tables/{tid}?seat=0", token=token)["rack_layout"][1][13] != tile:
        assert time.monotonic() < deadline, "the moved tile never reached the saved layout"
        time.sleep(0.1)
    assert page.get_attribute(f"{slot} .tile", "data-id") == str(tile)


def lost_once(sent: list[dict[str, Any]]) -> Any:
    """A route handler whose first request reaches the server but whose answer is lost."""

    def handle(route: Any) -> None:
        sent.append(json.loads(route.request.post_data))
        if len(sent) == 1:
            route.fetch()
            route.abort("failed")
        else:
            route.continue_()

    return handle


def test_a_join_and_a_start_whose_answers_are_lost_are_done_once(pages: Any, base: str) -> None:
    body = {"mode": "friends", "name": "Ayşe", "turn_seconds": 600, "options": {"seats": 3}}
    table = api(base, "POST", "tables", body)
    tid = table["table_id"]
    pages.allow("net::ERR_FAILED")
    joins: list[dict[str, Any]] = []
    guest = pages.new(390, 844, service_workers="block")  # for the route below
    guest.route("**/api/tables/*/join", lost_once(joins))
    guest.goto(f"{base}#/join/{tid}/{table['invite_code']}")
    guest.fill("#join-name", "Mehmet")
    guest.tap("#join-go")
    guest.wait_for_selector("#waiting")
    view = api(base, "GET", f"tables/{tid}", token=table["token"])
    assert [p["kind"] for p in view["players"]] == ["human", "human", "open"]
    assert len(joins) == 2 and joins[0] == joins[1] and len(joins[0]["request_id"]) >= 16

    starts: list[dict[str, Any]] = []
    host = pages.new(390, 844, service_workers="block")
    host.route("**/api/tables/*/start", lost_once(starts))
    helpers.open_table(host, base, table, "friends")
    host.tap("#start-now")
    host.wait_for_selector(".rack .tile", timeout=15000)
    guest.wait_for_selector(".rack .tile", timeout=15000)
    assert len(starts) == 2 and starts[0] == starts[1]
    assert host.locator(".toast.error").count() == 0


def test_many_moves_while_away_are_counted_on_the_move_log_until_it_is_opened(
    pages: Any, base: str
) -> None:
    table = create_computer_table(base)
    tid, token = table["table_id"], table["token"]
    view = api(base, "GET", f"tables/{tid}?seat=0", token=token)
    seen = view["version"]
    for n in range(2):  # two rounds while away: 12 computer moves
        if any(a["type"] == "draw" for a in view["legal"]):
            move = {"type": "draw", "expected_version": view["version"], "action_id": f"d{n}"}
            view = api(base, "POST", f"tables/{tid}/actions", move, token)
        move = {
            "type": "discard",
            "tile": view["rack"][0],
            "expected_version": view["version"],
            "action_id": f"x{n}",
        }
        view = api(base, "POST", f"tables/{tid}/actions", move, token)
    page = pages.new(390, 844)
    open_table(page, base, table, seen=seen)
    badge = page.wait_for_selector("[data-act=log] .badge", timeout=15000)
    assert int(badge.text_content() or "0") >= 7
    label = page.get_attribute("[data-act=log]", "aria-label") or ""
    assert "while you were away" in label, label
    page.click("[data-act=log]")
    page.wait_for_selector("#move-log li")
    page.keyboard.press("Escape")
    page.wait_for_selector("[data-act=log] .badge", state="detached")
