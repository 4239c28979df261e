"""Candy in the browser: the device's player made on the first visit, a friends hand played
to its end, what it earned on the result panel, and the balance on home (issue 14)."""

from __future__ import annotations

from typing import Any

from tests.game_helpers import plain_action

from .helpers import api, auth_js

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


def test_a_friends_hand_adds_candy_to_the_result_and_home(pages: Any, base: str) -> None:
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
    page.goto(base + "#/t/" + table)
    page.wait_for_selector("#result")
    page.wait_for_function(HAS.format(sel="#candy-earned", text="+8 candy"), timeout=10000)
    page.goto(base)
    page.wait_for_function(HAS.format(sel="#candy", text="8 candy · 8 / 60 today"), timeout=10000)
