"""The embed's frame keeps one height through a hand (docs/EMBED.md): the host page does not
jump under a finger from turn to turn. Every resize message the host hears over a whole hand
is recorded; after the deal is drawn the frame may change its height at most once before the
result, and may grow for the result.

Phones at device scale 1, as in test_embed_kit.py (chromium misroutes touches into a frame of
another origin at scale 2 under load).
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from tests.game_helpers import plain_action

from .helpers import api, wait_rack_saved
from .test_embed_kit import (
    SCALE,
    Host,
    assert_height_follows,
    discard_by_finger,
    heard,
    istaka_frame,
    seat_record,
    wait_heard,
)
from .test_embed_kit import host as host  # the fixture

# The parts' heights after each turn, for a failure to say what moved.
PARTS = """() => Object.fromEntries(['.bar', '.felt', '.rackwrap', '.status', '.acts',
    '.me', '.opp', '.melds', '.mid', '.table', 'body'].map(s =>
    [s, Math.round(document.querySelector(s)?.getBoundingClientRect().height ?? -1)]))"""


def play_turn_by_api(base: str, table_id: str, token: str, n: int) -> dict[str, Any]:
    """Our seat's next move through the API (the frame follows by polling)."""
    view = api(base, "GET", f"tables/{table_id}?seat=0", token=token)
    action = plain_action(view["legal"])
    if action is None or view["phase"] == "over":
        return view  # type: ignore[no-any-return]
    action.update(expected_version=view["version"], action_id=f"h{n}-{view['version']}", seat=0)
    return api(base, "POST", f"tables/{table_id}/actions", action, token)  # type: ignore[no-any-return]


@pytest.mark.parametrize("variant", ["classic", "101"])
def test_the_frame_keeps_one_height_through_a_hand(
    pages: Any,
    base: str,
    host: Host,
    variant: str,
) -> None:
    url = host.page(
        f"height-{variant}.html", host.script(play="computer", level="easy", variant=variant)
    )
    page = pages.new(390, 844, scale=SCALE)
    page.goto(url)
    table_id = wait_heard(page, "ready")[0]["data"]["table_id"]
    frame = istaka_frame(page)
    frame.wait_for_selector(".rack .tile")
    page.wait_for_timeout(500)  # the first sort and the melds' fitting
    dealt = len(heard(page, "resize"))
    parts = [frame.evaluate(PARTS)]
    # Classic: two turns by finger (a 101 discard may ask about a penalty first), the rest
    # through the API while the frame follows.
    for _ in range(2 if variant == "classic" else 0):
        discard_by_finger(page)
        parts.append(frame.evaluate(PARTS))
    token = seat_record(frame, table_id)["token"]  # type: ignore[index]
    wait_rack_saved(base, table_id, token)
    for n in range(300):
        view = play_turn_by_api(base, table_id, token, n)
        if view["phase"] == "over":
            break
        page.wait_for_timeout(400)  # the frame draws each turn
        parts.append(frame.evaluate(PARTS))
        if n == 3:
            assert_height_follows(page)  # held: the table fills the frame, nothing empty
    frame.wait_for_selector("#result")
    page.wait_for_timeout(500)  # the result's resize has crossed
    heights = [m["data"]["height"] for m in heard(page, "resize")]
    during = heights[dealt - 1 :]  # from the dealt table's height to the result's
    said = f"{variant}: dealt at {during[0]}, then {during[1:]}; the parts: {parts}"
    # Never smaller within the hand; at most one change before the result, and one for it.
    assert all(b >= a for a, b in pairwise(during)), said
    assert len(during) <= 3, said
    assert_height_follows(page, panel=True)
