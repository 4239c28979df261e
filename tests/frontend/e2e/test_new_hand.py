"""A new hand's rack starts sorted by the player's last sort, not in the last hand's places."""

from __future__ import annotations

import time
from typing import Any

from . import helpers
from .helpers import api, create_computer_table, play_out_hand

# The rack as drawn: two rows of slots, each a tile id or None.
LAYOUT_JS = """() => [...document.querySelectorAll('.rack .row')].map(row =>
    [...row.querySelectorAll('.slot')].map(slot => {
        const tile = slot.querySelector('.tile')
        return tile ? Number(tile.dataset.id) : null
    }))"""


def sets_layout(base: str, tid: str, token: str) -> Any:
    return api(base, "GET", f"tables/{tid}/arrangement?seat=0&by=sets", token=token)["layout"]


def wait_drawn(page: Any, layout: Any) -> None:
    page.wait_for_function(
        f"layout => JSON.stringify(({LAYOUT_JS})()) === JSON.stringify(layout)", arg=layout
    )


def wait_saved(base: str, tid: str, token: str, layout: Any) -> None:
    """Until the server keeps ``layout`` as seat 0's rack layout."""
    for _ in range(50):
        if api(base, "GET", f"tables/{tid}?seat=0", token=token)["rack_layout"] == layout:
            return
        time.sleep(0.2)
    raise AssertionError("the layout was not saved")


def test_next_hand_rack_takes_the_last_sort(pages: Any, base: str) -> None:
    table = create_computer_table(base, "Ayşe")
    tid, token = table["table_id"], table["token"]
    page = pages.new(844, 390)
    helpers.open_table(page, base, table)
    page.wait_for_selector(".rack .tile")

    # The player sorts by sets: the choice is kept on the device for the next hands. (The
    # sorted layout is saved before the API plays this seat: saved after, it is stale.)
    with page.expect_response(lambda r: "by=sets" in r.url):
        page.tap('[data-act=sort][data-by="sets"]')
    page.wait_for_function("() => JSON.parse(localStorage['istaka.prefs']).sort === 'sets'")
    hand1 = sets_layout(base, tid, token)
    wait_drawn(page, hand1)
    wait_saved(base, tid, token, hand1)

    view = play_out_hand(base, tid, token)
    page.wait_for_selector("#result")
    next_hand = {"type": "next_hand", "expected_version": view["version"], "action_id": "next1"}
    api(base, "POST", f"tables/{tid}/actions", next_hand, token)
    page.evaluate("dispatchEvent(new Event('focus'))")  # polls now, not in 15 s

    # The rack shown is the server's sets arrangement of the new rack, and it is saved.
    sets = sets_layout(base, tid, token)
    assert sets != hand1
    wait_drawn(page, sets)
    wait_saved(base, tid, token, sets)
