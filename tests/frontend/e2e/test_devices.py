"""Your tables on every device: the home list from one status request, and a seat taken
to a second device through its private link (token in the fragment only)."""

from __future__ import annotations

import importlib.util
import json
import re
import time
import urllib.parse
from typing import Any

from .helpers import (
    api,
    auth_js,
    create_computer_table,
    finger_tap,
    open_table,
    play_out_hand,
    rack_ids,
    store_js,
)

# Counts what the Badging API was told, where headless Chromium would refuse it.
BADGE_SPY = """
navigator.setAppBadge = n => { window.__badge = n; return Promise.resolve() }
navigator.clearAppBadge = () => { window.__badge = 0; return Promise.resolve() }
"""


def row_of(table: dict[str, Any]) -> str:
    """The home list's row of a table (ids may begin with a digit: quoted)."""
    return f"#your-tables li[data-table='{table['table_id']}']"


def held(page: Any, base: str, tables: list[tuple[dict[str, Any], str]]) -> None:
    """Give a fresh page these tables' tokens, as if it had opened them, newest first."""
    scripts = []
    recent = []
    for n, (table, mode) in enumerate(tables):
        scripts.append(auth_js(table, mode))
        recent.append({"id": table["table_id"], "mode": mode, "at": 1_700_000_000_000 - n})
    scripts.append(store_js("istaka.recent", recent))
    page.add_init_script("\n".join(scripts))
    page.goto("about:blank")


def test_home_lists_your_tables_yours_first_then_by_last_move(
    pages: Any, base: str, shot: Any
) -> None:
    # Made a second apart (last moves are kept to the second), oldest first.
    waiting = api(
        base, "POST", "tables", {"mode": "friends", "name": "Bora", "options": {"seats": 3}}
    )
    time.sleep(1.1)
    theirs = api(
        base,
        "POST",
        "tables",
        {"mode": "friends", "name": "Ayşe", "options": {"seats": 2}, "turn_seconds": 600},
    )
    guest = api(
        base,
        "POST",
        f"tables/{theirs['table_id']}/join",
        {"invite_code": theirs["invite_code"], "name": "Mehmet"},
    )
    api(base, "POST", f"tables/{theirs['table_id']}/start", {}, theirs["token"])
    time.sleep(1.1)
    finished = create_computer_table(base, "Cem", seats=2, scoring="points", hands=1)
    play_out_hand(base, finished["table_id"], finished["token"])
    time.sleep(1.1)
    mine = create_computer_table(base, "Deniz")
    gone = {"table_id": "noSuchTable1", "token": "t" * 43, "seat": 0}
    as_guest = {**guest, "table_id": theirs["table_id"]}

    page = pages.new(390, 844)
    posts: list[str] = []
    page.on("request", lambda r: r.method == "POST" and posts.append(r.url))
    page.add_init_script(BADGE_SPY)
    held(
        page,
        base,
        [
            (gone, "friends"),
            (waiting, "friends"),
            (mine, "computer"),
            (as_guest, "friends"),
            (finished, "computer"),
        ],
    )
    page.goto(base)
    page.wait_for_selector("#your-tables li[data-table] .state")
    rows = page.eval_on_selector_all(
        "#your-tables li[data-table]",
        "els => els.map(e => [e.dataset.table, e.querySelector('.state').textContent,"
        " e.querySelector('small.when')?.textContent || '', e.className])",
    )
    assert [r[0] for r in rows] == [
        mine["table_id"],
        theirs["table_id"],
        waiting["table_id"],
        gone["table_id"],
        finished["table_id"],  # folded under "Finished", after the others
    ]
    labels = [r[1] for r in rows]
    assert labels == [
        "Your turn",
        "Ayşe's turn",
        "Waiting for players",
        "Expired or gone",
        "Finished",
    ]
    assert page.locator(f"#finished-tables li[data-table='{finished['table_id']}']").count() == 1
    assert rows[0][3] == "mine"
    # A computer table has no clock: nobody away holds it up.
    assert re.fullmatch(r"last move just now", rows[0][2]), rows[0][2]
    assert re.fullmatch(r"\d+ min left · last move (just now|\d+ s ago)", rows[1][2]), rows[1][2]
    # Rows name the people, not the computers.
    assert page.inner_text(row_of(mine) + " strong") == "Against 3 computers"
    assert page.inner_text(row_of(as_guest) + " strong") == "Ayşe"
    # One request for every table (beside the first visit's POST /api/players: candy.js).
    assert [p for p in posts if "/api/tables" in p] == [base + "api/tables/status"]
    assert page.evaluate("window.__badge") == 1
    shot(page, "your-tables-portrait")

    # A gone table can be removed; the others stay.
    finger_tap(page, row_of(gone) + " button.x")
    page.wait_for_selector(row_of(gone), state="detached")
    assert page.evaluate(f"localStorage.getItem('istaka.t.{gone['table_id']}')") is None
    assert page.locator("#your-tables li[data-table]").count() == 4

    # A row opens its table.
    page.tap(row_of(mine) + " a")
    page.wait_for_selector(".rack .tile")


def test_a_first_visit_loads_no_list_code_and_asks_nothing(pages: Any, base: str) -> None:
    page = pages.new(390, 844)
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    page.goto(base)
    page.wait_for_selector("#play-computer")
    assert page.locator("#your-tables").count() == 0
    assert not [u for u in asked if u.endswith(("js/home/tables.js", "api/tables/status"))]


def drawn_modules(page: Any) -> list[list[int]]:
    """The QR code's modules, read back from the SVG the page drew."""
    side, path = page.evaluate(
        "() => { const s = document.querySelector('#device-qr');"
        " return [s.viewBox.baseVal.width, s.querySelector('path').getAttribute('d')] }"
    )
    size = int(side) - 8
    modules = [[0] * size for _ in range(size)]
    for x, y in re.findall(r"M(\d+) (\d+)h1v1h-1z", path):
        modules[int(y) - 4][int(x) - 4] = 1
    return modules


def test_continue_on_another_device_and_play_from_it(pages: Any, base: str, shot: Any) -> None:
    table = create_computer_table(base, "Ayşe", seats=2)
    tid, token = table["table_id"], table["token"]
    first = pages.new(390, 844)
    open_table(first, base, table)
    first.wait_for_selector(".rack .tile")
    first.click("[data-act=menu]")
    first.click("#device-open")
    first.wait_for_selector("#device-qr path")
    link = first.input_value("#device-link")
    assert "Whoever has this link plays your seat" in first.inner_text(".device")
    shot(first, "device-link-portrait")
    parts = urllib.parse.urlsplit(link)
    # The token is in the fragment only: nothing a server or a CDN logs holds it.
    assert token not in parts.path + parts.query
    assert parts.fragment == f"/seat/{tid}/0/{token}"
    # Read back what was drawn; tests/frontend/test_qr.py decodes many more where zxing-cpp is.
    if importlib.util.find_spec("zxingcpp") is not None:
        import zxingcpp

        from tests.frontend.test_qr import pixels

        found = zxingcpp.read_barcode(pixels(drawn_modules(first)))
        assert found is not None and found.text == link
    first.click(".modal .x")

    # The second device: a fresh browser with nothing stored.
    second = pages.new(844, 390)
    second.goto(link)
    second.wait_for_selector(".rack .tile")
    assert second.evaluate("location.hash") == f"#/t/{tid}"
    assert token not in second.evaluate("location.href")
    stored = json.loads(second.evaluate(f"localStorage.getItem('istaka.t.{tid}')"))
    assert stored["token"] == token and stored["seat"] == 0
    assert second.locator("#spectator-note").count() == 0
    assert set(rack_ids(second)) == set(rack_ids(first))

    # The second device plays the seat's turn; the first follows and plays the next.
    tile = rack_ids(second)[0]
    second.tap(f'.rack .tile[data-id="{tile}"]')
    second.tap(".dock [data-act=discard]")
    second.wait_for_selector(".pile.glow", timeout=15000)  # the computer played; our turn again
    first.evaluate("dispatchEvent(new Event('focus'))")  # poll now rather than at its pace
    first.wait_for_function(
        f"() => !document.querySelector('.rack .tile[data-id=\"{tile}\"]')"
        " && document.querySelector('.pile.glow')",
        timeout=15000,
    )
    first.tap(".pile.glow")
    first.wait_for_function("() => document.querySelectorAll('.rack .tile').length === 15")
    view = api(base, "GET", f"tables/{tid}", token=token)
    assert view["turn"] == 0 and view["phase"] == "discard" and len(view["rack"]) == 15


def _player_js(made: dict[str, Any]) -> str:
    return store_js(
        "istaka.player", {"id": made["player_id"], "token": made["token"], "name": made["name"]}
    )


def _stored_player(page: Any) -> dict[str, Any]:
    return dict(json.loads(page.evaluate("localStorage.getItem('istaka.player')") or "{}"))


def test_a_device_link_brings_the_player_along(pages: Any, base: str, shot: Any) -> None:
    owner = api(base, "POST", "players", {"lang": "en"})
    body = {"mode": "computer", "name": "Ayşe", "options": {"seats": 2}, "turn_seconds": 86400}
    table = api(base, "POST", "tables", body, headers={"X-Istaka-Player": owner["token"]})
    tid, token = table["table_id"], table["token"]
    first = pages.new(390, 844)
    first.add_init_script(_player_js(owner))
    open_table(first, base, table)
    first.wait_for_selector(".rack .tile")
    finger_tap(first, "[data-act=menu]")
    finger_tap(first, "#device-open")
    first.wait_for_selector("#device-qr path")
    link = first.input_value("#device-link")
    assert urllib.parse.urlsplit(link).fragment == f"/seat/{tid}/0/{token}/{owner['token']}"

    # A device with no player of its own, or one that has played nothing, takes it on.
    fresh = pages.new(390, 844)
    fresh.goto(link)
    fresh.wait_for_selector(".rack .tile")
    taken = f"JSON.parse(localStorage.getItem('istaka.player'))?.id === '{owner['player_id']}'"
    fresh.wait_for_function(f"() => {taken}")
    assert _stored_player(fresh)["token"] == owner["token"]
    assert owner["token"] not in fresh.evaluate("location.href")

    # A device whose player has played asks which one it keeps.
    busy = api(base, "POST", "players", {"lang": "en"})
    own = api(base, "POST", "tables", body, headers={"X-Istaka-Player": busy["token"]})
    play_out_hand(base, own["table_id"], own["token"])
    for _ in range(100):  # the stats come from the change stream, a moment after the hand
        me = api(base, "GET", "players/me", token=busy["token"])
        if me["stats"]["classic"]["hands_played"]:
            break
        time.sleep(0.1)
    assert me["stats"]["classic"]["hands_played"] == 1
    for choice, kept in (("#player-keep", busy), ("#player-take", owner)):
        other = pages.new(390, 844)
        other.add_init_script(_player_js(busy))
        other.goto("about:blank")
        other.goto(link)
        other.wait_for_selector("#player-take")
        text = other.inner_text(".player-switch")
        assert owner["name"] in text and busy["name"] in text
        shot(other, "player-switch-portrait")
        finger_tap(other, choice)
        other.wait_for_selector(".player-switch", state="detached")
        other.wait_for_selector(".rack .tile")  # the seat plays on either way
        assert _stored_player(other)["token"] == kept["token"]
        other.context.close()


def test_a_spectator_is_told_where_the_seat_is(pages: Any, base: str, shot: Any) -> None:
    table = create_computer_table(base, "Ayşe")
    page = pages.new(390, 844)
    page.goto(base + "#/t/" + table["table_id"])
    page.wait_for_selector(".felt")
    note = page.wait_for_selector("#spectator-note")
    assert "Continue on another device" in note.inner_text()
    assert page.locator(".rack").count() == 0
    shot(page, "spectator-note-portrait")
    page.click("[data-act=menu]")
    assert page.locator("#device-open").count() == 0  # no seat, no link to give


def test_a_broken_seat_link_goes_home(pages: Any, base: str) -> None:
    page = pages.new(390, 844)
    page.goto(base + "#/seat/abc/9/short")
    page.wait_for_selector("#play-computer")
    assert page.evaluate("location.hash") == "#/"
    assert "not a seat link" in page.inner_text("#toasts")


def test_your_tables_tell_alike_tables_apart_and_a_finger_removes_one_with_undo(
    pages: Any, base: str
) -> None:
    easy = create_computer_table(base, "Deniz")
    time.sleep(1.1)
    hard = create_computer_table(base, "Deniz")
    api(base, "PUT", f"tables/{hard['table_id']}/level", {"level": "hard"}, hard["token"])
    time.sleep(1.1)
    okey101 = create_computer_table(base, "Deniz", variant="101", seats=2)
    page = pages.new(390, 844)
    held(page, base, [(okey101, "computer"), (hard, "computer"), (easy, "computer")])
    page.goto(base)
    page.wait_for_selector("#your-tables li[data-table] small.kind")
    titles = page.eval_on_selector_all(
        "#your-tables li[data-table] strong", "els => els.map(e => e.textContent)"
    )
    kinds = page.eval_on_selector_all(
        "#your-tables li[data-table]",
        "els => els.map(e => e.querySelector('strong').textContent + ' | ' +"
        " e.querySelector('.kind').textContent)",
    )
    # Two rows are "Against 3 computers": the line under them tells them apart.
    assert titles.count("Against 3 computers") == 2, titles
    assert len(set(kinds)) == 3, kinds
    assert "Against 3 computers | Classic Okey · Hard · 4 seats" in kinds, kinds
    assert "Against 3 computers | Classic Okey · Easy · 4 seats" in kinds, kinds
    assert "Against 1 computer | 101 Okey · Easy · 2 seats" in kinds, kinds
    whens = page.eval_on_selector_all(
        "#your-tables small.when", "els => els.map(e => e.textContent)"
    )
    assert not [w for w in whens if "left" in w], whens  # no clock at a computer table

    # The ✕ is within a finger's reach and is what the finger lands on.
    x = row_of(hard) + " button.x"
    box = page.locator(x).bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44, box
    assert page.eval_on_selector(
        x,
        "el => { const r = el.getBoundingClientRect();"
        " return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)) }",
    )
    finger_tap(page, x)
    page.wait_for_selector(row_of(hard), state="detached")
    assert page.evaluate(f"localStorage.getItem('istaka.t.{hard['table_id']}')") is None
    assert page.locator("#your-tables li[data-table]").count() == 2
    assert page.inner_text("#table-removed").startswith("Removed from your tables")

    # Undo puts it back, token and all, and it opens.
    finger_tap(page, "#undo-remove")
    page.wait_for_selector(row_of(hard))
    assert page.locator("#table-removed").is_hidden()
    assert page.evaluate(f"localStorage.getItem('istaka.t.{hard['table_id']}')") is not None
    order = page.evaluate("JSON.parse(localStorage.getItem('istaka.recent')).map(r => r.id)")
    assert order == [okey101["table_id"], hard["table_id"], easy["table_id"]]

    # Removed for good: the device no longer holds it (the test's init script would give the
    # token back on a reload, so the storage is read instead).
    finger_tap(page, row_of(easy) + " button.x")
    page.wait_for_selector(row_of(easy), state="detached")
    assert page.evaluate(f"localStorage.getItem('istaka.t.{easy['table_id']}')") is None
    order = page.evaluate("JSON.parse(localStorage.getItem('istaka.recent')).map(r => r.id)")
    assert order == [okey101["table_id"], hard["table_id"]]
    assert page.locator("#your-tables li[data-table]").count() == 2
