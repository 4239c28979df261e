"""Shared pieces of the browser tests: the dev server, chromium, the API by hand."""

from __future__ import annotations

import json
import os
import shutil
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from tests.game_helpers import plain_action

ROOT = Path(__file__).resolve().parents[3]
SHOTS = ROOT / "tests" / "output" / "screenshots"
# JPEG: a phone-sized PNG takes chromium about 0.55 s to encode, a JPEG 0.17 s, and
# the suite takes some forty of them.
SHOT_FORMAT: dict[str, Any] = {"type": "jpeg", "quality": 85}
DOC_SHOTS = ROOT / "docs" / "screenshots"
CHROMIUM = os.environ.get("ISTAKA_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
SIZES = {"portrait": (390, 844), "landscape": (844, 390), "desktop": (1280, 800)}


def chromium_problem() -> str | None:
    """Why the browser tests cannot run here, or None."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install playwright)"
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        return f"no chromium at {CHROMIUM} (apt-get install chromium)"
    return None


def api(
    base: str,
    method: str,
    path: str,
    body: Any = None,
    token: str | None = None,
    headers: dict[str, str] | None = None,
) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + "api/" + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read() or b"null")
    except urllib.error.HTTPError as err:
        # The server's own words in the failure: "HTTP Error 422" alone tells nothing.
        err.msg = f"{err.msg}: {method} {path}: {err.read()[:300]!r}"
        raise


def computer_request(
    name: str = "Ayşe", variant: str | None = None, **options: Any
) -> dict[str, Any]:
    """The request of a computer table: ``name`` at seat 0 and easy bots, a day a turn;
    ``variant`` "101" or the default."""
    body: dict[str, Any] = {
        "mode": "computer",
        "name": name,
        "turn_seconds": 86400,
        "options": options,
        "seats": [{"kind": "human", "name": name}]
        + [{"kind": "bot", "level": "easy"}] * (options.get("seats", 4) - 1),
    }
    if variant is not None:
        body["variant"] = variant
    return body


def create_computer_table(
    base: str, name: str = "Ayşe", variant: str | None = None, **options: Any
) -> dict[str, Any]:
    """A computer table made by :func:`computer_request`: the creator's answer."""
    return api(base, "POST", "tables", computer_request(name, variant, **options))  # type: ignore[no-any-return]


def friends_table(
    base: str,
    seats: int = 2,
    turn_seconds: int = 86400,
    guests: Sequence[str] = (),
    start: bool = False,
    variant: str | None = None,
    **options: Any,
) -> dict[str, Any]:
    """Ayşe's friends table of ``seats``: the creator's answer (table_id, token, invite_code,
    view), with ``joined``, the answer of each of ``guests`` joining in turn; dealt if
    ``start``. A day a turn unless asked: the sweep never plays a seat while a test looks.
    ``variant`` "101" or the default."""
    body: dict[str, Any] = {
        "mode": "friends",
        "name": "Ayşe",
        "turn_seconds": turn_seconds,
        "options": {"seats": seats, **options},
    }
    if variant is not None:
        body["variant"] = variant
    made: dict[str, Any] = api(base, "POST", "tables", body)
    path = f"tables/{made['table_id']}/join"
    made["joined"] = [
        api(base, "POST", path, {"invite_code": made["invite_code"], "name": name})
        for name in guests
    ]
    if start:
        api(base, "POST", f"tables/{made['table_id']}/start", {}, made["token"])
    return made


def friends_seats(
    base: str, turn_seconds: int = 600, start: bool = True, **options: Any
) -> list[dict[str, Any]]:
    """Ayşe's two-seat friends table with Mehmet joined (and dealt, if ``start``): each seat
    as open_table takes it, Ayşe's first."""
    made = friends_table(base, 2, turn_seconds, ["Mehmet"], start, **options)
    return [
        {"table_id": made["table_id"], "token": seat["token"], "seat": seat["seat"]}
        for seat in (made, *made["joined"])
    ]


def table_with_discards(base: str) -> dict[str, Any]:
    """A classic table where every seat has discarded a few times; our turn again.

    A computer finishes within those rounds about once in 160 deals (seen in CI as "the
    hand is over"): then it is dealt again at a new table."""
    for _ in range(10):
        table = create_computer_table(base, "Ayşe")
        tid, token = table["table_id"], table["token"]
        for n in range(3):
            view = api(base, "GET", f"tables/{tid}?seat=0", token=token)
            if view["phase"] == "over":
                break
            if any(a["type"] == "draw" for a in view["legal"]):
                move = {"type": "draw", "expected_version": view["version"], "action_id": f"d{n}"}
                view = api(base, "POST", f"tables/{tid}/actions", move, token)
            move = {
                "type": "discard",
                "tile": sorted(view["rack"])[-1],
                "expected_version": view["version"],
                "action_id": f"x{n}",
            }
            view = api(base, "POST", f"tables/{tid}/actions", move, token)
        if view["phase"] != "over":
            return table
    raise AssertionError("ten deals in a row ended within three rounds")


def play_out_hand(base: str, table_id: str, token: str, seat: int = 0) -> dict[str, Any]:
    """Draw and discard (finishing when possible) until the hand is over."""
    view = api(base, "GET", f"tables/{table_id}?seat={seat}", token=token)
    for n in range(400):
        if view["phase"] == "over":
            return view  # type: ignore[no-any-return]
        action = plain_action(view["legal"])
        if action is None:
            view = api(base, "GET", f"tables/{table_id}?seat={seat}", token=token)
            continue
        action.update(
            expected_version=view["version"], action_id=f"t{n}-{view['version']}", seat=seat
        )
        view = api(base, "POST", f"tables/{table_id}/actions", action, token)
    raise AssertionError("the hand did not end")


def wait_rack_saved(base: str, table_id: str, token: str, seat: int = 0) -> None:
    """Until the page has saved its first sort of the seat's rack.

    An open page sorts a rack nobody arranged and saves it a moment later; a test that then
    plays the seat through the API first would make that save stale (422 invalid_layout).
    """
    for _ in range(50):
        view = api(base, "GET", f"tables/{table_id}?seat={seat}", token=token)
        if view["rack_layout"] is not None:
            return
        time.sleep(0.2)
    raise AssertionError("the page did not save the rack")


def center(page: Any, selector: str) -> tuple[float, float]:
    # The table re-renders after each view; an element found visible can be
    # replaced before its box is read, so look again for the new one.
    box = None
    for _ in range(20):
        page.wait_for_selector(selector, state="visible", timeout=10000)
        box = page.locator(selector).first.bounding_box()
        if box:
            break
    assert box, f"{selector} is not visible"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def touch_drag(page: Any, source: str, target: str | tuple[float, float], steps: int = 8) -> None:
    """A real touch drag (touchstart, touchmoves, touchend) through the DevTools protocol."""
    x0, y0 = center(page, source)
    x1, y1 = target if isinstance(target, tuple) else center(page, target)
    cdp = page.context.new_cdp_session(page)
    cdp.send(
        "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]}
    )
    for i in range(1, steps + 1):
        x, y = x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps
        cdp.send(
            "Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]}
        )
        page.wait_for_timeout(16)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def swipe_up(page: Any, x: float, y: float, by: float = 120) -> None:
    """A finger put on (x, y) and moved up by ``by`` px, through the DevTools protocol."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for step in range(1, 11):
        point = {"x": x, "y": y - by * step / 10}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
        page.wait_for_timeout(16)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def covering(page: Any, selector: str) -> str | None:
    """What a finger at the element's centre lands on instead of it (None: on it)."""
    return page.eval_on_selector(  # type: ignore[no-any-return]
        selector,
        "el => { const r = el.getBoundingClientRect();"
        " const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);"
        " return hit && el.contains(hit) ? null : String(hit && hit.outerHTML).slice(0, 200) }",
    )


# The centre of the element a CSS selector finds once its box has held still for three
# frames (at most about 3 s), looked up afresh each frame; null when it is not there.
SETTLED_CENTRE_JS = """async selector => {
    const box = () => {
        const r = document.querySelector(selector)?.getBoundingClientRect()
        return r && r.width ? [r.x, r.y, r.width, r.height] : null
    }
    const frame = () => new Promise(done => requestAnimationFrame(done))
    let last = null
    for (let i = 0, still = 0; i < 180 && still < 3; i++) {
        await frame()
        const now = box()
        still = now && last && now.every((v, k) => Math.abs(v - last[k]) < 0.5) ? still + 1 : 0
        last = now
    }
    return last && [last[0] + last[2] / 2, last[1] + last[3] / 2]
}"""


def settled_center(page: Any, selector: str) -> tuple[float, float]:
    """Where a finger lands on the element: its centre once it has stopped moving. A phone's
    user taps what they see; a box read while a late part of the screen (the candy balance on
    home, the result panel's match table) pushes it along would send the tap elsewhere."""
    try:
        point = page.evaluate(SETTLED_CENTRE_JS, selector)
    except Exception:  # not a CSS selector document.querySelector reads
        point = None
    return (point[0], point[1]) if point else center(page, selector)


def finger_tap(page: Any, target: str | tuple[float, float]) -> None:
    """A real touch tap (touchstart, touchend) at an element's centre or a point, through the
    DevTools protocol: pointer events, touch events, then the click chromium makes from the
    gesture, in the order a phone sends them."""
    if isinstance(target, str):
        # By script: the table redraws on each poll, and an element scrolled by Playwright
        # can be replaced while it waits for it to be stable.
        page.locator(target).first.evaluate("el => el.scrollIntoView({ block: 'nearest' })")
    x, y = target if isinstance(target, tuple) else settled_center(page, target)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def mouse_drag(page: Any, source: str, target: str | tuple[float, float]) -> None:
    x0, y0 = center(page, source)
    x1, y1 = target if isinstance(target, tuple) else center(page, target)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x1, y1, steps=8)
    page.mouse.up()


def rack_ids(page: Any) -> list[int]:
    return [
        int(x)
        for x in page.eval_on_selector_all(".rack .tile", "els => els.map(e => e.dataset.id)")
    ]


def plain_rack_ids(page: Any) -> list[int]:
    """The rack's tiles but its okeys: discarding one of them asks no okey question."""
    return [
        int(x)
        for x in page.eval_on_selector_all(
            ".rack .tile:not(.okey)", "els => els.map(e => e.dataset.id)"
        )
    ]


def store_js(key: str, value: Any) -> str:
    """A script that puts ``value`` (as JSON) into localStorage under ``key``."""
    # about:blank has no storage: skip it there.
    call = f"localStorage.setItem({json.dumps(key)}, {json.dumps(json.dumps(value))})"
    return f"try {{ {call} }} catch (e) {{}}"


def auth_js(table: dict[str, Any], mode: str = "computer", **extra: Any) -> str:
    """A script that gives the page the table's token, as if it had created the table."""
    seat = table.get("seat", 0)
    auth = {"token": table["token"], "seat": seat, "seats": table.get("seats") or [seat]}
    return store_js("istaka.t." + table["table_id"], {**auth, "mode": mode, **extra})


def open_table(
    page: Any, base: str, table: dict[str, Any], mode: str = "computer", **extra: Any
) -> None:
    page.add_init_script(auth_js(table, mode, **extra))
    page.goto("about:blank")  # a real navigation, so the init script runs
    page.goto(base + "#/t/" + table["table_id"])


def desktop_computer_table(
    pages: Any, base: str, allow: tuple[str, ...] = (), opener: Any = None
) -> tuple[Any, dict[str, Any]]:
    """A desktop page (reduced motion) on a new computer table, opened by ``opener`` (the
    test file's own, or open_table); ``allow``: the console errors the test causes. No
    service worker: the tests on it route the API, and a request that passes through a
    worker may miss the page's routes (Playwright's advice: block the worker)."""
    page = pages.new(1280, 800, mobile=False, service_workers="block")
    for text in allow:
        pages.allow(text)
    page.emulate_media(reduced_motion="reduce")
    table = create_computer_table(base)
    (opener or open_table)(page, base, table)
    return page, table


def screen_options(width: int, height: int, phone: bool) -> dict[str, Any]:
    """A browser context's screen for the CSS tools (same_pixels, same_styles): a phone
    has touch and twice the pixels; no service worker, so every request reaches the tool."""
    return {
        "viewport": {"width": width, "height": height},
        "is_mobile": phone,
        "has_touch": phone,
        "device_scale_factor": 2 if phone else 1,
        "service_workers": "block",
    }


def verify_shuffle(page: Any) -> None:
    """Verify the shuffle from the result's revealed seed: the browser re-deals the hand and
    says everything matches."""
    page.click("#result details.seed summary")
    page.click("#verify")
    page.wait_for_selector(".verify .vres", timeout=20000)
    assert "Everything matches" in page.inner_text(".verify"), page.inner_text(".verify")


def deal_until(
    make: Callable[[], dict[str, Any]], wanted: Callable[[dict[str, Any]], Any], what: str
) -> tuple[dict[str, Any], Any]:
    """The first of 200 tables ``make`` deals for which ``wanted`` answers something true,
    with that answer; the test fails naming ``what`` no deal gave."""
    for _ in range(200):
        table = make()
        found = wanted(table)
        if found:
            return table, found
    raise AssertionError(f"no deal with {what} in 200 tables")
