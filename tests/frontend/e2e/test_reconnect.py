"""A busy server (503 busy, Retry-After) and a dropped connection: the table says it is
reconnecting, tries again with the same request, and goes on once answers come back."""

from __future__ import annotations

import json
from typing import Any

from . import helpers
from .helpers import api, create_computer_table, desktop_computer_table, plain_rack_ids

BUSY = json.dumps({"error": {"code": "busy", "message": "the table is busy; try again"}})


def open_table(page: Any, base: str, table: dict[str, Any]) -> None:
    helpers.open_table(page, base, table)
    page.wait_for_selector(".rack .tile")
    # The page sorts a fresh rack and saves it a moment later: let that save land before
    # the flaky route goes in, so the failures meet the requests each test is about.
    helpers.wait_rack_saved(base, table["table_id"], table["token"])


class Flaky:
    """Answers the next API requests with the given failures ("503", "503 wait 1", "drop"),
    then lets every request through; records what was asked."""

    def __init__(self, *failures: str) -> None:
        self.failures = list(failures)
        self.failed: list[str] = []
        self.posted: list[dict[str, Any]] = []
        self.views = 0

    def __call__(self, route: Any) -> None:
        request = route.request
        if request.method == "POST":
            self.posted.append(json.loads(request.post_data))
        elif "/actions" not in request.url:
            self.views += 1
        if not self.failures:
            route.continue_()
            return
        failure = self.failures.pop(0)
        self.failed.append(f"{request.method} {failure}")
        if failure == "drop":
            route.abort("failed")
        else:
            headers = {"Retry-After": "1"} if failure.endswith("wait 1") else {}
            route.fulfill(status=503, headers=headers, content_type="application/json", body=BUSY)


def test_a_move_through_503s_and_a_dropped_connection_lands_once(pages: Any, base: str) -> None:
    page, table = desktop_computer_table(pages, base, ("503", "net::ERR_FAILED"), open_table)
    flaky = Flaky("503 wait 1", "drop", "503")
    page.route("**/api/tables/**", flaky)
    tile = plain_rack_ids(page)[0]
    page.click(f'.rack .tile[data-id="{tile}"]')
    page.click(".dock [data-act=discard]")

    # Read through the handle: the notice may be gone again by the next call (a loaded
    # machine), and a locator would then wait for it in vain.
    notice = page.wait_for_selector("#reconnecting")
    assert notice.text_content() == "Reconnecting to the table…"
    page.wait_for_selector("#reconnecting", state="detached", timeout=20000)
    page.wait_for_selector(".pile.glow", timeout=15000)  # our turn again: the game went on

    assert not flaky.failures and len(flaky.failed) == 3
    assert len(flaky.posted) >= 2  # the move itself met a failure and was sent again
    assert all(body == flaky.posted[0] for body in flaky.posted)  # same action_id, same bytes
    assert flaky.posted[0]["tile"] == tile
    view = api(base, "GET", f"tables/{table['table_id']}?seat=0&since=0", token=table["token"])
    mine = [e["tile"] for e in view["events"] if e["type"] == "discard" and e["seat"] == 0]
    assert mine == [tile]  # landed once, not once per try
    assert page.locator(".toast.error").count() == 0


def test_a_failing_poll_retries_alone_and_the_notice_clears(pages: Any, base: str) -> None:
    page = pages.new(390, 844, service_workers="block")  # for the route below
    pages.allow("503")
    table = create_computer_table(base)
    open_table(page, base, table)  # our turn: nothing moves, only the polls ask
    flaky = Flaky("503 wait 1", "503 wait 1", "503 wait 1")
    page.route("**/api/tables/**", flaky)

    page.wait_for_selector("#reconnecting", timeout=15000)
    # Focus and coming online wake the poller: while its poll is retrying, no second starts.
    page.evaluate("['focus', 'online'].forEach(e => dispatchEvent(new Event(e)))")
    page.wait_for_selector("#reconnecting", state="detached", timeout=20000)

    assert flaky.failed == ["GET 503 wait 1"] * 3
    assert flaky.views == 4  # three failed tries and the one that got through: one poll
    assert not flaky.posted
    assert page.locator(".rack .tile").count() == 15
