"""Screenshots of every screen on a phone (portrait, landscape) and a desktop.

They land in tests/output/screenshots/ (JPEG). With ISTAKA_UPDATE_DOCS=1 the
phone ones are also written to docs/screenshots/ (JPEG) for the README (off by
default: every run deals new tiles, so the files would change each time).
Each screen must render without console errors and without horizontal overflow.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from .helpers import (
    DOC_SHOTS,
    SHOT_FORMAT,
    SHOTS,
    SIZES,
    api,
    auth_js,
    create_computer_table,
    play_out_hand,
    store_js,
    table_with_discards,
)
from .melds101 import planned_table, table_with_melds


@pytest.fixture(scope="module")
def tables(base: str, devserver_service: Any) -> dict[str, Any]:
    return screen_tables(base, devserver_service)


def screen_tables(base: str, service: Any = None) -> dict[str, Any]:
    """The tables the screens show, made through the API (``tests.frontend.e2e.same_pixels`` uses
    them too): mid-hand, finished, waiting for friends, pass-and-play, 101 with melds. With a
    ``service`` on the dev server's store, the 101 table with many melds is the planned one
    with 16 (the same table on every run); without one (the CSS tools), a random deal."""
    mid = table_with_discards(base)  # a few rounds, so the discard corners fill up
    over = create_computer_table(base, "Ayşe")
    play_out_hand(base, over["table_id"], over["token"])
    friends = api(base, "POST", "tables", {"mode": "friends", "name": "Ayşe"})
    hotseat = api(
        base,
        "POST",
        "tables",
        {
            "mode": "hotseat",
            "name": "Ayşe",
            # A day a turn: a live clock would run out during the shots, and the sweep's
            # move for the seat would change the rack under the page.
            "turn_seconds": 86400,
            "options": {"seats": 3},
            "seats": [{"kind": "human", "name": n} for n in ("Ayşe", "Mehmet", "Zeynep")],
        },
    )
    return {
        "mid": mid,
        "over": over,
        "friends": friends,
        "hotseat": hotseat,
        "t101": opened_101(base),
        # Many melds: three seats lay them before the pile runs out.
        "t101melds": planned_table(base, service, 16)
        if service is not None
        else table_with_melds(base, 12, seats=3),
    }


def opened_101(base: str) -> dict[str, Any]:
    """A 4-seat partners 101 table where this seat has opened, so the table holds melds."""
    for _ in range(80):
        body = {
            "variant": "101",
            "mode": "computer",
            "name": "Ayşe",
            "turn_seconds": 86400,
            "options": {"seats": 4, "partners": True},
            "seats": [{"kind": "human", "name": "Ayşe"}] + [{"kind": "bot", "level": "normal"}] * 3,
        }
        table: dict[str, Any] = api(base, "POST", "tables", body)
        tid, token = table["table_id"], table["token"]
        view = api(base, "GET", f"tables/{tid}?seat=0", token=token)
        opening = [a for a in view["legal"] if a["type"] == "open" and "melds" in a]
        if not opening:
            continue
        view = api(
            base,
            "POST",
            f"tables/{tid}/actions",
            {**opening[0], "expected_version": view["version"], "action_id": "open"},
            token,
        )
        tile = next(a for a in view["legal"] if a["type"] == "discard")["tiles"][-1]
        move = {"type": "discard", "tile": tile, "expected_version": view["version"]}
        api(base, "POST", f"tables/{tid}/actions", {**move, "action_id": "d"}, token)
        return table
    raise AssertionError("no deal let seat 0 open at once")


SCREENS = [
    "home",
    "rules",
    "table",
    "table101",
    "table101-melds",
    "result",
    "waiting",
    "cover",
    "embed",
    "table-candy",
    "home-candy",
]


@pytest.mark.parametrize("size", list(SIZES))
def test_screens(pages: Any, base: str, size: str, tables: dict[str, Any]) -> None:
    width, height = SIZES[size]
    phone = size != "desktop"
    SHOTS.mkdir(parents=True, exist_ok=True)
    for screen in SCREENS:
        page = pages.new(width, height, mobile=phone)
        page.emulate_media(reduced_motion="reduce")
        theme = "candy" if screen.endswith("candy") else "classic"
        page.add_init_script(
            store_js("istaka.prefs", {"theme": theme, "lang": "en", "name": "Ayşe"})
        )
        name = screen.removesuffix("-candy")
        if name in ("table", "table101", "table101-melds", "result", "waiting", "cover"):
            key = {
                "table": "mid",
                "table101": "t101",
                "table101-melds": "t101melds",
                "result": "over",
                "waiting": "friends",
            }.get(name, "hotseat")
            t = tables[key]
            mode = {"hotseat": "hotseat", "t101melds": "friends"}.get(key, "computer")
            page.add_init_script(auth_js(t, mode))
            page.goto(base + "#/t/" + t["table_id"])
            page.wait_for_selector(
                {
                    "table": ".rack .tile",
                    "table101": ".melds [data-meld]",
                    "table101-melds": ".melds [data-meld]",
                    "result": "#result",
                    "waiting": "#waiting",
                    "cover": "#cover",
                }[name]
            )
        elif name == "embed":
            page.goto(base + "embed.html?table=" + tables["mid"]["table_id"])
            page.wait_for_selector(".opp")
        elif name == "rules":
            page.goto(base + "#/rules")
            page.wait_for_selector(".rules h2")
        else:
            page.goto(base)
            page.wait_for_selector("#play-computer")
        # Layout is final once the fonts are in and two frames have been drawn.
        page.evaluate(
            "document.fonts.ready.then(() => new Promise(done =>"
            " requestAnimationFrame(() => requestAnimationFrame(done))))"
        )
        assert page.evaluate("document.documentElement.scrollWidth") <= width, (
            f"{screen} overflows at {size}"
        )
        page.screenshot(path=str(SHOTS / f"{screen}-{size}.jpg"), **SHOT_FORMAT)
        if phone and os.environ.get("ISTAKA_UPDATE_DOCS") == "1":
            DOC_SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(DOC_SHOTS / f"{screen}-{size}.jpg"), type="jpeg", quality=82)
        # Closed once shot: a table page left open keeps polling and drawing, and ten
        # of them slowed every later screen (and the tests on the other worker).
        page.context.close()
