"""Opening with pairs on a phone, by a real finger, at 390×844 and 844×390: said before it
happens, and never a trap.

The table is dealt from a planned secret (pairs_plan.json, made by pairs_plan.py) and its
moves replayed over HTTP: seat 0 on turn after its draw, offered an opening with pairs only,
with other seats' melds on the table that some of its tiles would extend. Then:

- Open ✨ carries what it will lay ("5 pairs") before it is tapped, whole on the screen, and
  a finger finds it;
  tapped, it asks first, saying what a pairs opening binds; yes opens with those pairs;
- the status line then says only pairs may be laid; two tiles that make no pair never make
  a group (Lay stays off); a tile that fits a table meld, dragged onto it, is refused in
  those words (not "That move is not possible now") and stays;
- that tile, tapped and discarded, brings no penalty question, and no penalty: not in the
  discard, not in the seat's total, not among the lines of the hand's result once the hand
  is played out.
"""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import SHOTS, api, covering, finger_tap, touch_drag
from .melds101 import replay_plan
from .pairs_plan import load
from .test_phone_rules import DIALOG, open_phone, thrown, tile_sel
from .test_touch import tap_and_settle

SIZES = {"portrait": (390, 844), "landscape": (844, 390)}


def planned_pairs_table(base: str, service: Any) -> dict[str, Any]:
    """The planned friends table, played to the plan's end over HTTP: ``{"table_id",
    "token", "seat", "tokens", "view"}`` (``view``: seat 0's)."""
    tid, tokens = replay_plan(base, service, load())
    view = api(base, "GET", f"tables/{tid}?seat=0", token=tokens[0])
    assert view["turn"] == 0 and view["phase"] == "play", view["phase"]
    return {"table_id": tid, "token": tokens[0], "seat": 0, "tokens": tokens, "view": view}


def seat_view(base: str, table: dict[str, Any], seat: int = 0) -> dict[str, Any]:
    tid, token = table["table_id"], table["tokens"][seat]
    return api(base, "GET", f"tables/{tid}?seat={seat}", token=token)  # type: ignore[no-any-return]


def act(base: str, table: dict[str, Any], seat: int, view: dict[str, Any], move: Any) -> Any:
    """``move`` by ``seat`` on ``view`` over HTTP; the seat's new view."""
    body = {**move, "expected_version": view["version"], "action_id": f"out{view['version']}"}
    token = table["tokens"][seat]
    return api(base, "POST", f"tables/{table['table_id']}/actions", body, token)


def play_out(base: str, table: dict[str, Any]) -> dict[str, Any]:
    """Every seat draws and throws (a tile without a penalty when it has one; seat 0 never
    an okey) until the hand is over; seat 0's view then."""
    for _ in range(300):
        view = seat_view(base, table)
        if view["phase"] == "over":
            return view
        seat = view["turn"]
        view = seat_view(base, table, seat)
        if any(a["type"] == "end_hand" for a in view["legal"]):
            act(base, table, seat, view, {"type": "end_hand"})
            continue
        view = act(base, table, seat, view, {"type": "draw"})
        legal = next(a for a in view["legal"] if a["type"] == "discard")
        free = [t for t in legal["tiles"] if t not in legal["penalised"]]
        plain = [t for t in free if t >> 1 != view["okey"]]
        tile = (plain or free or legal["tiles"])[0]
        act(base, table, seat, view, {"type": "discard", "tile": tile})
    raise AssertionError("the hand did not end")


def shoot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


@pytest.mark.parametrize("size", SIZES)
def test_open_with_pairs_says_so_and_fines_no_tile_it_may_not_lay(
    pages: Any, base: str, devserver_service: Any, size: str
) -> None:
    table = planned_pairs_table(base, devserver_service)
    view = table.pop("view")
    offers = [a for a in view["legal"] if a["type"] == "open"]
    assert [list(a) for a in offers] == [["type", "pairs"]], offers  # pairs only
    pairs = offers[0]["pairs"]
    assert view["seats"][0]["penalties"] == 0  # the plan's seat 0 threw nothing penalised
    laid = {t for pair in pairs for t in pair}
    # Before the opening, the tiles that fit a table meld are penalised, as for any seat.
    fits = next(a for a in view["legal"] if a["type"] == "discard")["fits"]
    tile, meld = next((f["tile"], f["meld"]) for f in fits if f["tile"] not in laid)

    page = open_phone(pages, base, table, SIZES[size], mode="friends")
    hint = ".dock [data-act=open-hint]"
    page.wait_for_selector(hint)
    shoot(page, f"101-pairs-offer-{size}")
    caption = page.inner_text(f"{hint} small")
    assert caption == f"{len(pairs)} pairs", caption
    assert page.inner_text(hint).startswith("Open ✨"), page.inner_text(hint)
    assert covering(page, hint) is None, covering(page, hint)
    box, width = page.locator(hint).bounding_box(), SIZES[size][0]
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, (box, width)

    # Tapped, it asks first, saying what the opening binds; "Open with pairs" opens.
    tap_and_settle(page, hint)
    page.wait_for_selector(f"{DIALOG} #open-pairs")
    asked = page.inner_text(DIALOG)
    assert f"Open with {len(pairs)} pairs?" in asked and "only pairs" in asked, asked
    assert covering(page, f"{DIALOG} #open-pairs") is None
    shoot(page, f"101-pairs-question-{size}")
    tap_and_settle(page, f"{DIALOG} #open-pairs")
    page.wait_for_selector(DIALOG, state="detached")
    page.wait_for_selector("#status:has-text('You opened with pairs')")
    opened = seat_view(base, table)
    assert opened["seats"][0]["opened"] == "pairs"
    assert sorted(map(sorted, opened["table"][-len(pairs) :])) == sorted(map(sorted, pairs))
    assert tile not in next(a for a in opened["legal"] if a["type"] == "discard")["penalised"]

    # Tiles that make no pair never make a group: each tap picks the new tile alone, and
    # Lay stays off (it would be refused); a tap puts the last one down again.
    plain = [t for t in opened["rack"] if t != tile and t >> 1 != opened["okey"]]
    first = plain[0]
    second = next(t for t in plain if t >> 1 != first >> 1)
    for picked in (first, second):
        finger_tap(page, tile_sel(picked))
        page.wait_for_selector(f"{tile_sel(picked)}.sel")
    assert page.locator(".rack .tile.sel, .rack .tile.grp").count() == 1
    assert page.locator(".dock [data-act=lay]:not([disabled])").count() == 0
    finger_tap(page, tile_sel(second))
    page.wait_for_function("() => !document.querySelector('.rack .tile.sel, .rack .tile.grp')")

    # Dragged onto the meld it fits, the tile is refused in words, and stays.
    touch_drag(page, tile_sel(tile), f'.melds [data-meld="{meld}"]')
    toast = page.wait_for_selector(".toast:has-text('You opened with pairs')")
    assert toast.inner_text() == "You opened with pairs: you may only lay pairs."
    shoot(page, f"101-pairs-refused-{size}")
    page.wait_for_selector(tile_sel(tile))
    assert tile in seat_view(base, table)["rack"]

    # Tapped and discarded: no question, no penalty.
    page.wait_for_function("() => !document.querySelector('.dragging, .drag-ghost')")
    finger_tap(page, tile_sel(tile))
    page.wait_for_selector(f"{tile_sel(tile)}.sel")
    tap_and_settle(page, ".dock [data-act=discard]:not([disabled])")
    assert page.locator(DIALOG).count() == 0
    thrown(base, table, page, tile)
    assert page.locator(DIALOG).count() == 0
    after = seat_view(base, table)
    thrown_event = [e for e in after["events"] if e["type"] == "discard" and e["seat"] == 0][-1]
    assert thrown_event["tile"] == tile and thrown_event["penalty"] == 0
    assert after["seats"][0]["penalties"] == 0
    shoot(page, f"101-pairs-discarded-{size}")

    # The hand's result: seat 0's lines hold no penalty (its rack counts double instead).
    over = play_out(base, table)
    lines = over["result_items"][0]
    assert all(line["item"] != "penalty" for line in lines), lines
    assert any(line["item"] == "pairs" for line in lines) or lines[0]["item"] == "finish", lines
    # On the screen too: the result's lines say why, and none says "Penalty".
    page.wait_for_selector("text=Opened with pairs: doubled", timeout=20000)
    shoot(page, f"101-pairs-result-{size}")
    assert page.locator("text=Penalty: discarded").count() == 0
