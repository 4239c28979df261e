"""Candy in the browser: the device's player made on the first visit, a friends hand played
to its end, what it earned on the result panel, the balance on home and the stats behind it,
and the player's name kept with home's "Your name"."""

from __future__ import annotations

from typing import Any

import pytest

from tests.game_helpers import plain_action

from .helpers import api, auth_js, finger_tap, store_js

# The top of each element a selector finds, in page order.
TOPS = "sel => [...document.querySelectorAll(sel)].map(b => b.getBoundingClientRect().y)"


class Held:
    """Requests to a URL pattern held back (the server slow to answer) until release()."""

    def __init__(self, page: Any, pattern: str) -> None:
        self.page, self.released = page, False
        self.routes: list[Any] = []
        page.route(pattern, self._hold)

    def _hold(self, route: Any) -> None:
        route.continue_() if self.released else self.routes.append(route)

    def release(self) -> None:
        for _ in range(100):
            if self.routes:
                break
            self.page.wait_for_timeout(50)
        assert self.routes, "the page did not ask"
        self.released = True
        for route in self.routes:
            route.continue_()


HAS = "() => (document.querySelector('{sel}:not([hidden])')?.textContent || '').includes({text!r})"


def _draw_out(base: str, table_id: str, tokens: list[str]) -> dict[str, Any]:
    """Both seats play plain moves, never finishing, until the pile runs out: a draw, and
    far more than 24 moves each, so each player earns 8 (docs/API.md, "Players")."""
    seat = 0
    for n in range(600):
        view = api(base, "GET", f"tables/{table_id}?seat={seat}", token=tokens[seat])
        if view["phase"] == "over":
            return view  # type: ignore[no-any-return]
        seat = view["turn"]
        if view["you"] != seat:
            continue
        legal = [a for a in view["legal"] if a["type"] != "finish"]
        action = plain_action(legal) or {"type": legal[0]["type"]}
        action.update(expected_version=view["version"], action_id=f"c{n}", seat=seat)
        api(base, "POST", f"tables/{table_id}/actions", action, tokens[seat])
    raise AssertionError("the hand did not end")


def test_a_friends_hand_adds_candy_to_the_result_and_home(pages: Any, base: str, shot: Any) -> None:
    page = pages.new()
    page.goto(base)
    # The first visit makes the device's player; home shows its balance.
    page.wait_for_function(HAS.format(sel="#candy", text="0 / 60 today"), timeout=10000)
    me = page.evaluate("() => JSON.parse(localStorage.getItem('istaka.player'))")
    assert me["token"].startswith(me["id"] + ".")
    friend = api(base, "POST", "players", {"lang": "tr"})
    made = api(
        base,
        "POST",
        "tables",
        {"mode": "friends", "options": {"seats": 2}},
        headers={"X-Istaka-Player": me["token"]},
    )
    table = made["table_id"]
    joined = api(
        base,
        "POST",
        f"tables/{table}/join",
        {"invite_code": made["invite_code"]},
        headers={"X-Istaka-Player": friend["token"]},
    )
    api(base, "POST", f"tables/{table}/start", {}, made["token"])
    end = _draw_out(base, table, [made["token"], joined["token"]])
    assert end["result"]["winner"] is None

    # The result panel learns what the game earned a moment after the hand ended.
    page.add_init_script(auth_js(made, "friends"))
    page.goto("about:blank")
    # The panel's buttons hold still when its candy line fills.
    held = Held(page, "**/api/players/me**")
    page.goto(base + "#/t/" + table)
    page.wait_for_selector("#result #candy-earned[hidden]", state="attached")
    buttons = "#result .acts button"
    before = page.evaluate(TOPS, buttons)
    assert len(before) >= 3
    held.release()
    page.wait_for_function(HAS.format(sel="#candy-earned", text="+8 candy"), timeout=20000)
    assert page.evaluate(TOPS, buttons) == before
    page.goto(base)
    page.wait_for_function(HAS.format(sel="#candy", text="8 candy · 8 / 60 today"), timeout=10000)

    # A tap on the balance shows the player's stats: one classic hand played, not won.
    finger_tap(page, "#candy")
    page.wait_for_selector(".stats")
    (classic,) = page.locator(".stats > ul > li").all_inner_texts()  # 101 not played
    assert "Classic Okey" in classic and "Hands won" in classic and "0 of 1" in classic, classic
    shot(page, "stats-portrait")
    finger_tap(page, ".modal .x")
    page.wait_for_selector(".stats", state="detached")


def test_your_name_on_home_is_the_players_name(pages: Any, base: str) -> None:
    page = pages.new()
    page.goto(base)
    page.wait_for_selector("#candy:not([hidden])", timeout=10000)
    token = page.evaluate("() => JSON.parse(localStorage.getItem('istaka.player')).token")
    page.fill("#my-name", "Ayşe Yılmaz")
    page.press("#my-name", "Tab")  # leaving the field is its change
    for _ in range(50):
        if api(base, "GET", "players/me", token=token)["name"] == "Ayşe Yılmaz":
            break
        page.wait_for_timeout(100)
    assert api(base, "GET", "players/me", token=token)["name"] == "Ayşe Yılmaz"
    # The device keeps it once the server's answer is in: a moment after the server has it.
    page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('istaka.player')).name === 'Ayşe Yılmaz'"
    )
    # A name the server refuses says why, and the player keeps its name.
    pages.allow("status of 400")
    page.fill("#my-name", "Computer 3")
    page.press("#my-name", "Tab")
    page.wait_for_function(
        "() => (document.querySelector('#toasts')?.innerText || '').includes('computer player')"
    )
    assert api(base, "GET", "players/me", token=token)["name"] == "Ayşe Yılmaz"


def test_home_holds_still_when_the_balance_comes(pages: Any, base: str) -> None:
    """The balance comes a round trip after home's first paint. A finger on its way to Start
    or Play must find the button where it saw it: nothing on home moves when the line fills."""
    page = pages.new()
    held = Held(page, "**/api/players**")
    page.goto(base)
    buttons = ".home button.primary, .home summary"
    page.wait_for_selector("#start-hotseat")
    page.wait_for_function("() => document.fonts.status === 'loaded'")
    before = page.evaluate(TOPS, buttons)
    assert len(before) >= 3 and page.locator("#candy[hidden]").count() == 1
    held.release()
    page.wait_for_selector("#candy:not([hidden])", timeout=10000)
    assert page.evaluate(TOPS, buttons) == before


WHY = {
    "en": ("This game: +0 candy", "Against the computer, only a win earns candy.", "+6 for a win"),
    "tr": ("Bu oyun: +0 şeker", "Bilgisayara karşı yalnızca kazanmak şeker getirir.", "+6"),
    "ko": ("이번 게임: 사탕 +0개", "컴퓨터와는 이겨야만 사탕을 받아요.", "+6"),
}


@pytest.mark.parametrize("lang", sorted(WHY))
def test_a_hand_that_earns_no_candy_says_why_and_the_sheet_says_how(
    pages: Any, base: str, shot: Any, lang: str
) -> None:
    """Against the computer a hand the player did not win earns nothing: the result says
    so in the reader's words, and the candy sheet (a tap on home's balance) gives the rates
    of api/players/credit.py, the moves a hand needs and the daily limit."""
    from api.players.credit import CANDY, MIN_MOVES

    page = pages.new(390, 844)
    page.add_init_script(store_js("istaka.prefs", {"lang": lang}))
    page.goto(base)
    page.wait_for_selector("#candy:not([hidden])", timeout=10000)
    me = page.evaluate("() => JSON.parse(localStorage.getItem('istaka.player'))")
    body = {
        "mode": "computer",
        "turn_seconds": 86400,
        "options": {"seats": 2},
        "seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}],
    }
    made = api(base, "POST", "tables", body, headers={"X-Istaka-Player": me["token"]})
    table = made["table_id"]
    # Seat 0 never finishes: the computer wins or the pile runs out.
    for n in range(600):
        view = api(base, "GET", f"tables/{table}?seat=0", token=made["token"])
        if view["phase"] == "over":
            break
        legal = [a for a in view["legal"] if a["type"] != "finish"]
        action = plain_action(legal)
        if action is None:
            continue
        action.update(expected_version=view["version"], action_id=f"w{n}")
        api(base, "POST", f"tables/{table}/actions", action, made["token"])
    assert view["phase"] == "over" and view["result"]["winner"] != 0

    page.add_init_script(auth_js(made, "computer"))
    page.goto("about:blank")  # a new document, which the seat's token is stored into
    page.goto(base + "#/t/" + table)
    earned, why, rate = WHY[lang]
    page.wait_for_function(HAS.format(sel="#candy-earned small", text=why), timeout=20000)
    assert page.inner_text("#candy-earned").startswith("🍬 " + earned)
    # Both lines inside the panel's width, a finger's reach: nothing cut.
    box = page.evaluate(
        "() => { const r = document.querySelector('#candy-earned small').getBoundingClientRect();"
        " return [r.left, r.right, r.height] }"
    )
    assert box[0] >= 0 and box[1] <= 390 and box[2] > 0

    page.goto(base)
    finger_tap(page, "#candy")
    page.wait_for_selector(".candy-how")
    sheet = page.inner_text(".candy-how")
    shot(page, f"candy-sheet-{lang}")
    friends = CANDY["friends"]
    for n in (friends["win"], friends["draw"], friends["loss"], CANDY["computer"]["win"]):
        assert f"+{n}" in sheet, sheet
    assert str(MIN_MOVES) in sheet and "60" in sheet and rate in sheet, sheet
