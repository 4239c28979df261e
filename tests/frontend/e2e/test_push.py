"""Notifications in Chromium: the menu's control, a push through the whole stack, the
service worker showing it, and the tab title on your turn.

Headless Chromium has no push service to subscribe with (no network), so the page's
PushManager is stubbed to hand out a subscription whose endpoint is the test's own
push receiver (tests/push_receiver.py), with keys the test holds. Everything after
that is real: the page PUTs it, the dev server's worker encrypts and signs a push
when the table changes, the receiver checks and decrypts it, and CDP's
ServiceWorker.deliverPushMessage hands that payload to the service worker, whose
notification is read back with registration.getNotifications().
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any
from uuid import uuid4

import pytest

from tests.push_receiver import Device, PushReceiver
from tests.servers import running_devserver

from .helpers import api, auth_js, friends_table, store_js

# The dev server of these tests accepts the local receiver's endpoints, and counts no
# seat as looking (it cannot wait 90 s for a test's seat to stop counting as present).
PUSH_ENV = {"ISTAKA_PUSH_ALLOW_LOCAL": "1", "ISTAKA_PUSH_LOOKING_SECONDS": "0"}


def with_guest(base: str) -> dict[str, Any]:
    """Ayşe's two-seat table with Mehmet joined, not dealt: its id, the host's token and
    the guest's answer."""
    made = friends_table(base, guests=["Mehmet"])
    return {"id": made["table_id"], "host": made["token"], "guest": made["joined"][0]}


@pytest.fixture(scope="module")
def push_base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_devserver(tmp_path_factory.mktemp("push-devserver"), PUSH_ENV) as url:
        yield url + "/"


@pytest.fixture
def receiver() -> Iterator[PushReceiver]:
    with PushReceiver() as r:
        yield r


def fake_push_manager(device: Device) -> str:
    """A script making PushManager hand out ``device``'s subscription, and counting the
    permission prompts."""
    sub = json.dumps(device.subscription())
    return f"""
    (() => {{
      window.__prompts = 0
      const ask = Notification.requestPermission.bind(Notification)
      Notification.requestPermission = () => (window.__prompts++, ask())
      let current = null
      const make = key => {{
        const json = {sub}
        return {{
          endpoint: json.endpoint,
          options: {{ applicationServerKey: key }},
          toJSON: () => json,
          unsubscribe: async () => ((current = null), true),
        }}
      }}
      PushManager.prototype.getSubscription = async () => current
      PushManager.prototype.subscribe = async opts =>
        (current = make(opts.applicationServerKey.buffer || opts.applicationServerKey))
    }})()
    """


def open_as_guest(pages: Any, base: str, t: dict[str, Any], device: Device, lang: str) -> Any:
    page = pages.new(390, 844, permissions=["notifications"])
    guest = {"table_id": t["id"], "token": t["guest"]["token"], "seat": t["guest"]["seat"]}
    page.add_init_script(auth_js(guest, "friends"))
    page.add_init_script(store_js("istaka.prefs", {"lang": lang}))
    page.add_init_script(fake_push_manager(device))
    page.goto("about:blank")
    page.goto(base + "#/t/" + t["id"])
    page.wait_for_selector("#waiting")
    return page


def registration_id(page: Any, cdp: Any) -> str:
    """The service worker registration of the page's origin, once it is active."""
    page.wait_for_function(
        "() => navigator.serviceWorker.ready.then(r => !!r.active)", timeout=15000
    )
    found: list[dict[str, Any]] = []
    cdp.on("ServiceWorker.workerRegistrationUpdated", lambda e: found.extend(e["registrations"]))
    cdp.send("ServiceWorker.enable")
    page.wait_for_timeout(200)
    for _ in range(50):
        if found:
            break
        page.wait_for_timeout(100)
    scope = page.evaluate("() => navigator.serviceWorker.ready.then(r => r.scope)")
    (reg,) = [r for r in found if r["scopeURL"] == scope and not r.get("isDeleted")]
    return str(reg["registrationId"])


def test_a_push_reaches_the_seat_and_its_service_worker_shows_it(
    pages: Any, push_base: str, receiver: PushReceiver
) -> None:
    t = with_guest(push_base)
    device = receiver.device("mehmet")
    page = open_as_guest(pages, push_base, t, device, "tr")
    assert page.evaluate("() => window.__prompts") == 0  # never asked on load
    assert page.title() == "Istaka · Okey"

    # The waiting room offers it (the menu too, once dealt).
    page.wait_for_selector("#waiting #push-on")
    assert page.evaluate("() => window.__prompts") == 0  # nor when it is offered
    page.click("#push-on")
    page.wait_for_selector("#waiting #push-off")
    assert page.evaluate("() => window.__prompts") == 1

    # The host starts: the worker pushes "started" to the guest's device, in Turkish.
    view = api(push_base, "POST", f"tables/{t['id']}/start", {}, t["host"])
    (started,) = receiver.wait_for(1)
    public_key = api(push_base, "GET", "push/key")["public_key"]
    started.claims(public_key)
    payload = started.payload
    assert payload["kind"] == "started" and payload["title"] == "Oyun başladı"
    assert payload["table_id"] == t["id"]

    # The host discards: the guest's turn is pushed, and the open tab's title says so.
    if view["turn"] == 0:
        tile = next(e for e in view["legal"] if e["type"] == "discard")["tiles"][0]
        action = {"type": "discard", "tile": tile, "expected_version": view["version"]}
        action["action_id"] = "a" * 16
        api(push_base, "POST", f"tables/{t['id']}/actions", action, t["host"])
        messages = receiver.wait_for(2)
        assert [m.payload["kind"] for m in messages] == ["started", "your_turn"]
        assert messages[1].payload["title"] == "Sıra sende"
    page.wait_for_function("() => document.title === '● Sıra sende · Istaka'", timeout=15000)

    # The decrypted payload, delivered to the service worker while the table is in view:
    # no notification (the server may push a seat that still looks, its record being up
    # to a minute old), and the tab polls at once instead of at its pace.
    cdp = page.context.new_cdp_session(page)
    origin = push_base.rstrip("/")
    data = json.dumps(receiver.messages[-1].payload)
    push = {"origin": origin, "registrationId": registration_id(page, cdp), "data": data}
    page.evaluate(
        """() => navigator.serviceWorker.addEventListener('message', e => {
            window.__told = e.data
        })"""
    )
    cdp.send("ServiceWorker.deliverPushMessage", push)
    page.wait_for_function("() => window.__told")
    assert page.evaluate("() => window.__told") == {"type": "istaka-poll", "table_id": t["id"]}
    count = (
        "() => navigator.serviceWorker.ready.then(r => r.getNotifications()).then(n => n.length)"
    )
    assert page.evaluate(count) == 0

    # Away from the table (the home screen), the same push becomes its notification.
    page.goto(push_base + "#/")
    page.wait_for_selector("#play-computer")
    cdp.send("ServiceWorker.deliverPushMessage", push)
    # Polled from here: wait_for_function takes a returned promise as truthy at once, so it
    # did not wait for the notification at all (under load it was not shown yet).
    shown: list[dict[str, Any]] = []
    for _ in range(100):
        shown = page.evaluate(
            """() => navigator.serviceWorker.ready.then(r => r.getNotifications()).then(ns =>
                ns.map(n => ({title: n.title, body: n.body, tag: n.tag, url: n.data.url})))"""
        )
        if shown:
            break
        page.wait_for_timeout(100)
    last = receiver.messages[-1].payload
    assert shown == [
        {
            "title": last["title"],
            "body": last["body"],
            "tag": f"istaka-{t['id']}",
            "url": f"{push_base}#/t/{t['id']}",
        }
    ]

    # Turned off: the page asks the server to forget this device, and asks nothing more.
    page.goto(push_base + "#/t/" + t["id"])
    page.click("[data-act=menu]")
    page.click("#push-off")
    page.wait_for_selector("#push-on")
    assert page.evaluate("() => window.__prompts") == 1


def test_without_web_push_the_menu_explains_instead(pages: Any, push_base: str) -> None:
    t = with_guest(push_base)
    guest = {"table_id": t["id"], "token": t["guest"]["token"], "seat": t["guest"]["seat"]}
    iphone = (
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 "
        "(KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"
    )
    for agent, text in [(None, "cannot show notifications"), (iphone, "Add to Home Screen")]:
        page = pages.new(390, 844, **({"user_agent": agent} if agent else {}))
        page.add_init_script(auth_js(guest, "friends"))
        page.add_init_script("delete window.PushManager")  # as in Safari outside the Home Screen
        page.goto("about:blank")
        page.goto(push_base + "#/t/" + t["id"])
        page.wait_for_selector("#waiting #push-box")
        assert text in page.inner_text("#push-box")
        assert page.locator("#push-on").count() == 0


# This dev server keeps the real looking window (30 s), for the test that waits it out.
LOOKING_ENV = {"ISTAKA_PUSH_ALLOW_LOCAL": "1"}


@pytest.fixture(scope="module")
def looking_base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_devserver(tmp_path_factory.mktemp("looking-devserver"), LOOKING_ENV) as url:
        yield url + "/"


def play_turn(base: str, table_id: str, token: str) -> float:
    """The seat on turn draws if it must, then discards; when its last answer came."""
    view = api(base, "GET", f"tables/{table_id}", None, token)
    if any(e["type"] == "draw" for e in view["legal"]):
        draw = {"type": "draw", "expected_version": view["version"], "action_id": uuid4().hex}
        view = api(base, "POST", f"tables/{table_id}/actions", draw, token)
    tile = next(e for e in view["legal"] if e["type"] == "discard")["tiles"][0]
    discard = {"type": "discard", "tile": tile, "expected_version": view["version"]}
    discard["action_id"] = uuid4().hex
    api(base, "POST", f"tables/{table_id}/actions", discard, token)
    return time.monotonic()


def test_your_turn_reaches_a_seat_31_s_after_its_last_request_or_at_once_after_a_beacon(
    pages: Any, looking_base: str, receiver: PushReceiver
) -> None:
    base = looking_base
    t = with_guest(base)
    host, guest = t["host"], t["guest"]["token"]
    view = api(base, "POST", f"tables/{t['id']}/start", {}, host)
    device = receiver.device("mehmet")
    body = {"subscription": device.subscription(), "lang": "en"}
    api(base, "PUT", f"tables/{t['id']}/push", body, guest)
    if view["turn"] == 1:
        play_turn(base, t["id"], guest)

    # The guest asked just now, so it is looking: its turn is not pushed.
    play_turn(base, t["id"], host)
    play_turn(base, t["id"], guest)

    # Its tab says it stopped looking, with a real beacon (text/plain, the token in the
    # body): the next turn is pushed at once, and it is the first push this device got.
    page = pages.new(390, 844)
    page.goto(base)
    with page.expect_response(lambda r: r.url.endswith("/away"), timeout=15000) as beacon:
        sent = page.evaluate(
            "([path, body]) => navigator.sendBeacon(path, body)",
            [f"api/tables/{t['id']}/away", json.dumps({"token": guest, "seat": 1})],
        )
    assert sent is True and beacon.value.status == 204
    assert guest not in beacon.value.url
    play_turn(base, t["id"], host)
    messages = receiver.wait_for(1)
    assert [m.payload["kind"] for m in messages] == ["your_turn"]

    # No beacon now: the guest moves, then asks nothing; 31 s after that last request the
    # host's move makes it the guest's turn, and that is pushed.
    last_request = play_turn(base, t["id"], guest)
    time.sleep(max(0.0, last_request + 31 - time.monotonic()))  # the wait is what is tested
    play_turn(base, t["id"], host)
    messages = receiver.wait_for(2)
    assert [m.payload["kind"] for m in messages] == ["your_turn", "your_turn"]
    assert messages[1].payload["table_id"] == t["id"]
