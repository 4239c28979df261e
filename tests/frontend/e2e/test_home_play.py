"""Home's Play against the computer says what it deals, with a real finger at 390×844: the
level chip pressed is the level of the computers the next table gets, before and after the
player's first win, and the button names the game (variant, computers) chosen further down
in Table options, in English, Turkish and Korean."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import api, finger_tap, play_out_hand, store_js, wait_rack_saved

PRESSED = ".chips[aria-label='{label}'] button[aria-pressed=true]"


def played_table(page: Any, base: str) -> tuple[str, str, set[str]]:
    """Play tapped on home: the new table's id, token and its computers' levels."""
    finger_tap(page, "#play-computer")
    page.wait_for_selector(".rack .tile")
    tid = page.evaluate("location.hash.split('/')[2]")
    auth = page.evaluate(f"JSON.parse(localStorage.getItem('istaka.t.{tid}'))")
    view = api(base, "GET", f"tables/{tid}?seat=0", token=auth["token"])
    return tid, auth["token"], {p["level"] for p in view["players"] if p["kind"] == "bot"}


def pressed_after_a_moment(page: Any) -> str:
    """The chip pressed once home has heard the player's record (GET /api/players/me)."""
    page.wait_for_selector("#candy:not([hidden])", timeout=10000)
    page.wait_for_timeout(300)
    return str(page.inner_text(PRESSED.format(label="Level")).strip())


def test_the_level_chip_is_the_level_play_deals_after_a_win(
    pages: Any, base: str, devserver_service: Any
) -> None:
    from api.players.accounts import update_player

    page = pages.new(390, 844)
    page.goto(base)
    assert pressed_after_a_moment(page) == "Gentle"
    tid, token, levels = played_table(page, base)
    assert levels == {"gentle"}

    # The hand played to its end; the player's record counts it a moment later.
    wait_rack_saved(base, tid, token)
    end = play_out_hand(base, tid, token)
    player = page.evaluate("JSON.parse(localStorage.getItem('istaka.player'))")
    for _ in range(100):
        stats = api(base, "GET", "players/me", token=player["token"])["stats"]["classic"]
        if stats["hands_played"] == 1:
            break
        page.wait_for_timeout(100)
    assert stats["hands_played"] == 1
    if end["result"]["winner"] != 0:
        # A computer won this deal: the record is made a won hand's, as the credit of a
        # win writes it (api/players/stream.py), so that the test never waits on luck.
        def won(p: Any) -> bool:
            p.stats_for("classic").hands_won = 1
            return True

        update_player(devserver_service.store, player["id"], won)

    page.goto(base)
    shown = pressed_after_a_moment(page)
    assert shown == "Normal"
    _, _, levels = played_table(page, base)
    assert levels == {shown.lower()}

    # Home's first paint (before the record arrives) already presses the level Play deals.
    page.route("**/api/players/me**", lambda route: None)  # never answered
    page.goto(base)
    page.wait_for_selector("#play-computer")
    assert page.inner_text(PRESSED.format(label="Level")).strip() == "Normal"


@pytest.mark.parametrize(
    "lang, level, says",
    [
        ("en", "Level", ["101 Okey · 1 computer", "Classic Okey · 3 computers"]),
        ("tr", "Seviye", ["101 Okey · 1 bilgisayar", "Klasik Okey · 3 bilgisayar"]),
        ("ko", "난이도", ["101 오케이 · 컴퓨터 1명", "클래식 오케이 · 컴퓨터 3명"]),
    ],
)
def test_play_names_the_game_it_deals(
    pages: Any, base: str, lang: str, level: str, says: list[str]
) -> None:
    page = pages.new(390, 844)
    page.add_init_script(
        store_js("istaka.prefs", {"lang": lang, "variant": "101", "options": {"seats": 2}})
    )
    page.goto(base)
    page.wait_for_selector(f"#play-computer .deals:has-text('{says[0]}')")
    # The words are on the button a finger reaches, not beside it.
    x, y = page.evaluate(
        "() => { const r = document.querySelector('#play-computer .deals')"
        ".getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2] }"
    )
    found = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y)?.closest('button')?.id",
        [x, y],
    )
    assert found == "play-computer"
    # Table options changed: the button follows, and Play deals what it says.
    finger_tap(page, "details.options summary")
    page.select_option("#variant", "classic")
    page.locator("details.options select").nth(1).select_option("4")  # Seats
    page.wait_for_selector(f"#play-computer .deals:has-text('{says[1]}')")
    assert page.locator(PRESSED.format(label=level)).count() == 1
    tid, token, _ = played_table(page, base)
    view = api(base, "GET", f"tables/{tid}?seat=0", token=token)
    assert (view["variant"], len(view["players"])) == ("classic", 4)
