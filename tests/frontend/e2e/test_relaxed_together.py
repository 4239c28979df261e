"""Two phones at one relaxed ("over the day") friends table, with real touch: the nudged
player sees the nudge on their own screen and in the move log, notifications off; and while
both have the table open, each sees the other's move within 3 s, as at a live table."""

from __future__ import annotations

import time
from typing import Any

from .helpers import finger_tap, friends_seats, plain_rack_ids, wait_rack_saved
from .test_friends_social import phone, shot, view_of

DAY = 86400


def test_the_nudged_player_sees_the_nudge_in_words_and_in_the_move_log(
    pages: Any, base: str
) -> None:
    seats = friends_seats(base, turn_seconds=DAY)  # Ayşe, seat 0, is on turn
    ayse = phone(pages, base, seats[0])
    mehmet = phone(pages, base, seats[1])
    for page in (ayse, mehmet):
        page.wait_for_selector(".rack .tile")
    # Notifications off: the page never asked, the browser grants nothing.
    assert ayse.evaluate("Notification.permission") != "granted"
    assert view_of(base, seats[0])["nudge"] is None
    finger_tap(mehmet, ".dock [data-act=nudge]")
    mehmet.wait_for_selector(".toast:has-text('Ayşe was nudged')")

    nudge = view_of(base, seats[0])["nudge"]
    assert (
        nudge["by"] == 1
        and nudge["by_name"] == "Mehmet"
        and abs(nudge["at"] / 1000 - time.time()) < 60
    )
    assert set(nudge) == {"by", "by_name", "at"}  # a seat and a name, no player id
    assert view_of(base, seats[1])["nudge"] is None  # the nudger's view: nothing
    # On Ayşe's screen, in words, without a reload (her page polls as a live one's while
    # Mehmet has the table open).
    said = ayse.wait_for_selector("#nudged", timeout=5000).inner_text()
    assert said.startswith("👋 Mehmet nudged you at ") and said.endswith(": your move."), said
    box = ayse.locator("#nudged").bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= 844
    shot(ayse, "nudged-portrait")
    finger_tap(ayse, "[data-act=log]")
    ayse.wait_for_selector("#move-log")
    assert "Mehmet nudged you at" in ayse.inner_text("#move-log")
    finger_tap(ayse, ".modal .x")
    ayse.wait_for_selector("#move-log", state="detached")

    # Her turn played: the nudge is gone from her view and her screen.
    wait_rack_saved(base, seats[0]["table_id"], seats[0]["token"])
    tile = plain_rack_ids(ayse)[0]
    finger_tap(ayse, f'.rack .tile[data-id="{tile}"]')
    finger_tap(ayse, ".dock [data-act=discard]")
    ayse.wait_for_selector("#nudged", state="detached")
    assert view_of(base, seats[0])["nudge"] is None


def test_with_both_players_there_a_relaxed_table_shows_each_move_within_3_s(
    pages: Any, base: str
) -> None:
    seats = friends_seats(base, turn_seconds=DAY)  # Ayşe, seat 0, starts: a discard
    ayse = phone(pages, base, seats[0])
    mehmet = phone(pages, base, seats[1])
    for page in (ayse, mehmet):
        page.wait_for_selector(".rack .tile")
    assert view_of(base, seats[1])["others_here"] is True
    # Long enough for a relaxed table's page to have backed off (nothing happening) to
    # polls 20 s apart (sync.js paceFor: 2 s × 1.6 per idle poll): what Mehmet sees must
    # not wait on that while Ayşe is there.
    mehmet.wait_for_timeout(35000)
    wait_rack_saved(base, seats[0]["table_id"], seats[0]["token"])
    tile = plain_rack_ids(ayse)[0]
    finger_tap(ayse, f'.rack .tile[data-id="{tile}"]')
    finger_tap(ayse, ".dock [data-act=discard]")
    ayse.wait_for_selector(f'.rack .tile[data-id="{tile}"]', state="detached")
    sent = time.monotonic()
    # On Mehmet's phone: his turn, Ayşe's discard on his side.
    mehmet.wait_for_selector(".dock .me.turn", timeout=10000)
    seen = time.monotonic() - sent
    assert seen < 3, f"Mehmet saw his turn {seen:.1f} s after Ayşe's move"
