"""Feedback a player expects: the last discard marked, the move log, "best" naming the
tile to discard, sounds made only after a gesture and only when on, remembered switches."""

from __future__ import annotations

from typing import Any

from .helpers import create_computer_table, open_table


def test_last_discard_move_log_and_best_hint(pages: Any, base: str) -> None:
    page = pages.new(1280, 800, mobile=False)
    page.emulate_media(reduced_motion="reduce")
    table = create_computer_table(base, "Ayşe")
    open_table(page, base, table)
    page.wait_for_selector(".rack .tile")

    # Our first turn: 15 tiles, a discard to make. "Best" names one to throw.
    page.click(".tool[data-by=best]")
    page.wait_for_selector(".rack .tile.hinted")
    assert page.locator(".rack .tile.hinted").count() == 1
    hinted = page.get_attribute(".rack .tile.hinted", "data-id")

    # Throw it; the three computers play, and the last one's discard is marked.
    page.click(f'.rack .tile[data-id="{hinted}"]')
    page.click(".dock [data-act=discard]")
    page.wait_for_selector(".pile.glow", timeout=20000)
    page.wait_for_selector(".disc .tile.last")
    assert page.locator(".tile.last").count() == 1
    assert page.get_attribute(".disc:has(.tile.last)", "data-seat") == "3"
    label = page.get_attribute(".tile.last", "aria-label") or ""
    assert label.endswith("discarded last")

    # The log: newest first, with when each move was made.
    page.click("[data-act=log]")
    page.wait_for_selector("#move-log li")
    rows = page.locator("#move-log li").all_inner_texts()
    assert len(rows) >= 7, rows  # our discard, then a draw and a discard per computer
    # Every move is timed by the server ("just now"), not by when this page saw it.
    assert all(row.endswith("just now") and "seen" not in row for row in rows), rows
    assert rows[-1].startswith("Hand 1 is dealt."), rows  # the log starts at the deal
    assert rows[-2].startswith("You discarded"), rows  # our own move, in the second person
    assert "discarded" in rows[0] and not rows[0].startswith("You"), rows
    page.keyboard.press("Escape")

    # Taking the pile: the left discard is still there, so it stays marked.
    page.click(".pile.glow")
    page.wait_for_selector(".dock [data-act=discard]")
    page.wait_for_selector('.disc[data-seat="3"] .tile.last')


def audio_on(page: Any) -> bool:
    return page.get_attribute(".screen", "data-audio") == "on"


def test_sound_and_vibration_switches_are_remembered(pages: Any, base: str) -> None:
    page = pages.new(1280, 800, mobile=False)
    table = create_computer_table(base, "Ayşe")
    open_table(page, base, table)
    page.wait_for_selector(".rack .tile")

    # On by default: the first gesture makes the sounds.
    assert not audio_on(page)
    page.click(".bar .title")
    page.wait_for_selector(".screen[data-audio=on]")

    page.click("[data-act=menu]")
    assert page.is_checked("#opt-sound")
    assert page.is_checked("#opt-vibrate")
    page.uncheck("#opt-sound")
    page.uncheck("#opt-vibrate")
    assert not audio_on(page)

    page.reload()
    page.wait_for_selector(".rack .tile")
    page.click(".bar .title")
    page.wait_for_timeout(500)
    assert not audio_on(page)  # muted: a gesture makes no AudioContext
    page.click("[data-act=menu]")
    assert not page.is_checked("#opt-sound")
    assert not page.is_checked("#opt-vibrate")
    page.check("#opt-sound")  # a tap on the switch is itself a gesture
    page.wait_for_selector(".screen[data-audio=on]")


def test_embed_is_silent_by_default(pages: Any, base: str) -> None:
    table = create_computer_table(base, "Zeynep")
    page = pages.new(700, 460, mobile=False)
    page.goto(f"{base}embed.html?table={table['table_id']}#token={table['token']}&seat=0")
    page.wait_for_selector(".rack .tile")
    page.click(".bar .title")
    page.wait_for_timeout(500)
    assert not audio_on(page)
