"""The table says what a move did as soon as it is made, not once the server's answer and the
computers' flights are through: the status line after a discard, the result panel after Next
hand. The move's request is held (Playwright's route) while the screen is read, so the order
is asserted (the screen changed before the answer came), not a wall-clock time.

Real touch (CDP touch events) on a 390x844 phone, service worker blocked so that every
request passes the page's route.
"""

from __future__ import annotations

from typing import Any

from . import helpers
from .helpers import api, create_computer_table, finger_tap, plain_rack_ids, play_out_hand


def held_moves(page: Any) -> list[Any]:
    """Every POST /actions the page makes is held here until the test lets it go."""
    held: list[Any] = []
    page.route(
        "**/api/tables/*/actions",
        lambda route: held.append(route) if route.request.method == "POST" else route.fallback(),
    )
    return held


def wait_held(page: Any, held: list[Any], n: int = 1) -> None:
    for _ in range(100):
        if len(held) >= n:
            return
        page.wait_for_timeout(100)
    raise AssertionError("the move did not leave")


def status(page: Any) -> str:
    return page.locator("#status").inner_text()


def open_phone(pages: Any, base: str, table: dict[str, Any]) -> Any:
    page = pages.new(390, 844, service_workers="block")
    helpers.open_table(page, base, table)
    return page


def test_the_status_names_the_next_player_as_soon_as_we_discard(pages: Any, base: str) -> None:
    table = create_computer_table(base)
    view = api(base, "GET", f"tables/{table['table_id']}?seat=0", token=table["token"])
    next_name = view["players"][1]["name"]
    page = open_phone(pages, base, table)
    page.wait_for_selector(".rack .tile")
    helpers.wait_rack_saved(base, table["table_id"], table["token"])
    assert status(page).startswith("Discard a tile to"), status(page)
    held = held_moves(page)

    tile = plain_rack_ids(page)[0]
    finger_tap(page, f'.rack .tile[data-id="{tile}"]')
    page.wait_for_selector(f'.rack .tile.sel[data-id="{tile}"]')
    finger_tap(page, ".dock [data-act=discard]:not([disabled])")
    wait_held(page, held)
    # The answer has not come: the line already says whose turn it is.
    page.wait_for_function(
        "name => document.querySelector('#status')?.textContent.includes(name)", arg=next_name
    )
    said = status(page)
    assert "Discard" not in said and "is playing" in said, said
    assert page.locator(f'.disc.mine .dslot .tile[data-id="{tile}"]').count() == 1

    held[0].continue_()
    page.wait_for_selector(".pile.glow", timeout=30000)  # the computers played: our turn
    assert status(page).startswith("Take"), status(page)


def test_next_hand_takes_the_result_away_before_the_answer(pages: Any, base: str) -> None:
    table = create_computer_table(base)
    play_out_hand(base, table["table_id"], table["token"])
    page = open_phone(pages, base, table)
    page.wait_for_selector(".overlay.result #next-hand")
    held = held_moves(page)

    finger_tap(page, "#next-hand")
    wait_held(page, held)
    # Pressed, not answered yet: the old result is gone from over the table.
    page.wait_for_selector(".overlay.result", state="detached", timeout=5000)
    assert len(held) == 1

    held[0].continue_()
    page.wait_for_function(
        "() => document.querySelector('.title')?.textContent.startsWith('Hand 2')", timeout=20000
    )
    page.wait_for_selector(".rack .tile")
    assert page.locator(".overlay.result").count() == 0
