"""Web Push end to end: subscribe through the API, play, and a local push service
(tests/push_receiver.py) checks each push's VAPID JWT and decrypts its payload.

The store is wrapped as the dev server wraps it (infra/push_worker.py): each table
write is queued and a worker thread sends the pushes, with the Lambda's own code.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from api.clock import ManualClock
from api.push.notifier import LOOKING_SECONDS
from api.push.subscriptions import MAX_DEVICES, decode
from api.push.texts import TEXTS
from api.store.items import Store
from api.tables.item import push_key
from api.web.config import Settings
from tests.api.builders import joined_pair
from tests.api.push.harness import Delivering, running_worker
from tests.api.support import LogLines
from tests.api.tables.test_flow import play
from tests.push_receiver import Device, PushReceiver, unb64url
from tests.push_receiver import b64url as base64url

AWAY = LOOKING_SECONDS + 1  # long enough since a seat's last request for it to get pushes


@dataclass(kw_only=True)
class Push(Delivering):
    receiver: PushReceiver
    settings: Settings

    def public_key(self) -> str:
        reply = self.client.call("GET", "/api/push/key")
        assert reply.status == 200, reply.text
        key: str = reply.body["public_key"]
        return key

    def subscribe(
        self, table: str, token: str, device: Device, lang: str = "en", **extra: Any
    ) -> None:
        body = {"subscription": device.subscription(), "lang": lang, **extra}
        reply = self.client.call("PUT", f"/api/tables/{table}/push", body, token=token)
        assert reply.status == 204, reply.text

    def subscriptions(self, table: str, seat: int) -> list[str]:
        item = self.store.get_pushes(push_key(table, seat))
        return [s.endpoint for s in decode(item.data)] if item else []


@pytest.fixture
def push(any_store: Store, clock: ManualClock, tmp_path: Path) -> Iterator[Push]:
    settings = Settings(push_allow_local=True, vapid_key_file=str(tmp_path / "vapid.key"))
    pauses: list[float] = []
    with running_worker(any_store, settings, clock, pauses) as wired, PushReceiver() as receiver:
        yield Push(**wired, receiver=receiver, settings=settings)


def start(push: Push, t: dict[str, Any]) -> dict[str, Any]:
    reply = push.client.call("POST", f"/api/tables/{t['table']}/start", token=t["tokens"][0])
    assert reply.status == 200, reply.text
    view: dict[str, Any] = reply.body
    return view


def end_turn(push: Push, t: dict[str, Any], view: dict[str, Any]) -> dict[str, Any]:
    """The seat on turn takes if it must, then discards: the turn passes on."""
    token = t["tokens"][view["turn"]]
    seat = view["turn"]
    view = push.client.view(t["table"], token)  # the mover's own view, with its legal moves
    while view["turn"] == seat and view["phase"] != "over":
        view = play(push.client, t["table"], token, view)
    return view


def subscribed_friends(push: Push) -> tuple[dict[str, Any], list[Any]]:
    """A friends table whose two seats each subscribed a device of their own (English)."""
    t = joined_pair(push.client)
    devices = [push.receiver.device("host"), push.receiver.device("guest")]
    for seat in (0, 1):
        push.subscribe(t["table"], t["tokens"][seat], devices[seat])
    return t, devices


def test_the_public_key_is_an_uncompressed_p256_point_kept_in_a_private_file(
    push: Push,
) -> None:
    key = push.public_key()
    raw = unb64url(key)
    assert len(raw) == 65 and raw[0] == 4
    assert push.public_key() == key
    path = Path(push.settings.vapid_key_file)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert key not in path.read_text()  # the file holds the private half only


def test_a_move_passing_the_turn_pushes_once_to_the_seat_on_turn_in_its_language(
    push: Push,
) -> None:
    t = joined_pair(push.client)
    devices = [push.receiver.device("host"), push.receiver.device("guest")]
    push.subscribe(t["table"], t["tokens"][0], devices[0], "en")
    push.subscribe(t["table"], t["tokens"][1], devices[1], "tr")
    push.clock.advance(AWAY)
    view = start(push, t)
    push.settle()
    # The host started the table and is looking; the guest hears of it.
    (started,) = push.receiver.messages
    assert started.device is devices[1]
    assert started.payload["kind"] == "started"
    assert (started.payload["title"], started.payload["body"]) == TEXTS["started"]["tr"]
    push.receiver.messages.clear()

    push.clock.advance(AWAY)
    mover = view["turn"]
    view = end_turn(push, t, view)
    push.settle()
    waiting = view["turn"]
    assert waiting == 1 - mover
    (message,) = push.receiver.messages
    assert message.device is devices[waiting]
    claims = message.claims(push.public_key())
    assert claims["aud"] == push.receiver.origin
    lang = ["en", "tr"][waiting]
    assert message.payload == {
        "table_id": t["table"],
        "kind": "your_turn",
        "title": TEXTS["your_turn"][lang][0],
        "body": TEXTS["your_turn"][lang][1],
        "url": f"./#/t/{t['table']}",
    }
    assert message.headers["urgency"] == "high" and int(message.headers["ttl"]) > 0


def test_no_payload_names_a_tile_or_a_rack(push: Push) -> None:
    t, _ = subscribed_friends(push)
    push.clock.advance(AWAY)
    view = start(push, t)
    for _ in range(6):
        push.clock.advance(AWAY)
        view = end_turn(push, t, view)
    push.settle()
    assert len(push.receiver.messages) >= 6
    tile = re.compile(r"\b[RYBK]\d{1,2}\b|\d")
    for message in push.receiver.messages:
        body = message.payload
        assert set(body) == {"table_id", "kind", "title", "body", "url"}
        assert (body["title"], body["body"]) in [texts["en"] for texts in TEXTS.values()]
        assert not tile.search(body["title"] + body["body"])
        assert "rack" not in json.dumps(body)


def test_a_seat_that_polled_lately_gets_no_push(push: Push) -> None:
    t, devices = subscribed_friends(push)
    push.clock.advance(AWAY)
    view = start(push, t)
    push.settle()
    push.receiver.messages.clear()
    waiting = 1 - view["turn"]
    push.clock.advance(AWAY)
    push.client.view(t["table"], t["tokens"][waiting])  # looking at the table
    push.clock.advance(20)
    view = end_turn(push, t, view)
    push.settle()
    assert push.receiver.messages == []
    # Away long enough, each next turn is pushed: to the first mover, then to this seat.
    push.clock.advance(AWAY)
    view = end_turn(push, t, view)
    push.clock.advance(AWAY)
    view = end_turn(push, t, view)
    push.settle()
    assert [m.device for m in push.receiver.messages] == [devices[1 - waiting], devices[waiting]]


def test_a_gone_subscription_is_removed_and_a_failing_one_retried(push: Push) -> None:
    t = joined_pair(push.client)
    gone, flaky = push.receiver.device("gone"), push.receiver.device("flaky")
    for device in (gone, flaky):
        push.subscribe(t["table"], t["tokens"][1], device)
    push.receiver.answer(gone, 410)
    push.receiver.answer(flaky, [500, 503])
    push.clock.advance(AWAY)
    start(push, t)
    push.settle()
    assert [m.status for m in push.receiver.to(gone)] == [410]
    assert [m.status for m in push.receiver.to(flaky)] == [500, 503, 201]
    assert push.pauses == [1.0, 2.0]  # a doubling pause, in the worker, not the request
    assert push.subscriptions(t["table"], 1) == [flaky.endpoint]


def test_a_push_service_that_keeps_failing_is_given_up_and_the_table_plays_on(
    push: Push,
) -> None:
    t = joined_pair(push.client)
    down = push.receiver.device("down")
    push.subscribe(t["table"], t["tokens"][1], down)
    push.receiver.answer(down, [503] * 10)
    push.clock.advance(AWAY)
    view = start(push, t)
    push.settle()
    assert len(push.receiver.to(down)) == 3  # bounded: three tries per push
    assert push.subscriptions(t["table"], 1) == [down.endpoint]  # kept: it may come back
    assert end_turn(push, t, view)["turn"] != view["turn"]


def _bad_subscriptions(receiver_origin: str) -> list[tuple[str, Any]]:
    ok_keys = Device("x").subscription()["keys"]
    local = f"{receiver_origin}/push/x"

    def sub(endpoint: str = local, **keys: Any) -> dict[str, Any]:
        return {"subscription": {"endpoint": endpoint, "keys": {**ok_keys, **keys}}}

    point = unb64url(ok_keys["p256dh"])
    not_on_curve = bytes([4]) + bytes(64)
    return [
        ("bad_push_endpoint", sub("http://fcm.googleapis.com/fcm/send/x")),
        ("bad_push_endpoint", sub("https://evil.example/push")),
        ("bad_push_endpoint", sub("https://fcm.googleapis.com.evil.example/x")),
        ("bad_push_endpoint", sub("https://user@fcm.googleapis.com/x")),
        ("bad_push_endpoint", sub("https://fcm.googleapis.com:8443/x")),
        ("bad_push_endpoint", sub("http://127.0.0.1/push/x")),  # a local one names its port
        ("bad_push_endpoint", sub("http://localhost:8000/x")),
        ("bad_push_endpoint", sub("file:///etc/passwd")),
        ("bad_subscription", sub("https://fcm.googleapis.com/" + "x" * 1100)),
        ("bad_subscription", sub(p256dh="not base64!")),
        ("bad_subscription", sub(p256dh=base64url(point[:64]))),
        ("bad_subscription", sub(p256dh=base64url(not_on_curve))),
        ("bad_subscription", sub(auth=base64url(bytes(15)))),
        ("bad_subscription", sub(auth=base64url(bytes(17)))),
        ("bad_subscription", {"subscription": {"endpoint": local}}),
        ("bad_subscription", {**sub(), "lang": "fr"}),
        ("bad_subscription", {**sub(), "seat": "0"}),
        ("bad_subscription", {**sub(), "extra": 1}),
        ("bad_subscription", {}),
    ]


def test_bad_subscriptions_are_refused_and_change_nothing(push: Push) -> None:
    t = joined_pair(push.client)
    table, token = t["table"], t["tokens"][0]
    before = push.store.raw(table)
    for code, body in _bad_subscriptions(push.receiver.origin):
        reply = push.client.call("PUT", f"/api/tables/{table}/push", body, token=token)
        assert (reply.status, reply.body["error"]["code"]) == (400, code), body
    assert push.store.raw(table) == before
    assert push.store.get_pushes(push_key(table, 0)) is None


def test_only_the_seats_own_token_may_subscribe_it(push: Push) -> None:
    t = joined_pair(push.client)
    table = t["table"]
    body = {"subscription": push.receiver.device("x").subscription()}
    path = f"/api/tables/{table}/push"
    assert push.client.call("PUT", path, body).status == 401
    assert push.client.call("PUT", path, body, token="nope").status == 401
    guest_on_host = {**body, "seat": 0}
    assert push.client.call("PUT", path, guest_on_host, token=t["tokens"][1]).status == 403
    missing = push.client.call("PUT", "/api/tables/nope/push", body, token=t["tokens"][0])
    assert missing.status == 404
    # A refused token hears nothing about its body: 401 before 400.
    assert push.client.call("PUT", path, {"junk": 1}).status == 401
    assert push.store.get_pushes(push_key(table, 0)) is None
    assert push.store.get_pushes(push_key(table, 1)) is None


def test_one_subscription_per_device_and_at_most_five_devices(push: Push) -> None:
    t = joined_pair(push.client)
    table, token = t["table"], t["tokens"][1]
    phone = push.receiver.device("phone")
    push.subscribe(table, token, phone, "en")
    push.subscribe(table, token, phone, "ko")  # the same device again: replaced
    item = push.store.get_pushes(push_key(table, 1))
    assert item is not None
    assert [(s.endpoint, s.lang) for s in decode(item.data)] == [(phone.endpoint, "ko")]
    others = []
    for n in range(MAX_DEVICES):
        push.clock.advance(1)
        others.append(push.receiver.device(f"d{n}"))
        push.subscribe(table, token, others[-1])
    # The sixth device pushed out the one subscribed longest ago.
    assert push.subscriptions(table, 1) == [d.endpoint for d in others]
    assert push.subscriptions(table, 0) == []


def test_delete_removes_this_device_or_all_of_the_seat(push: Push) -> None:
    t = joined_pair(push.client)
    table, token = t["table"], t["tokens"][1]
    a, b = push.receiver.device("a"), push.receiver.device("b")
    push.subscribe(table, token, a)
    push.subscribe(table, token, b)
    path = f"/api/tables/{table}/push"
    reply = push.client.call("DELETE", path, {"endpoint": a.endpoint}, token=token)
    assert reply.status == 204 and reply.text == ""
    assert push.subscriptions(table, 1) == [b.endpoint]
    # Unknown endpoints and repeats are no error: the device is not subscribed either way.
    assert push.client.call("DELETE", path, {"endpoint": a.endpoint}, token=token).status == 204
    assert push.client.call("DELETE", path, None, token=token).status == 204
    assert push.subscriptions(table, 1) == []
    assert push.client.call("DELETE", path, {"endpoint": a.endpoint}).status == 401
    bad = push.client.call("DELETE", path, {"endpoint": 5}, token=token)
    assert bad.status == 400


def test_subscriptions_live_outside_the_table_item(push: Push) -> None:
    t = joined_pair(push.client)
    before = push.store.raw(t["table"])
    push.subscribe(t["table"], t["tokens"][0], push.receiver.device("a"))
    assert push.store.raw(t["table"]) == before
    assert push.client.view(t["table"], t["tokens"][0])["status"] == "waiting"


def test_logs_name_the_push_service_and_status_never_the_endpoint_or_keys(push: Push) -> None:
    t = joined_pair(push.client)
    phone, gone = push.receiver.device("phone"), push.receiver.device("gone")
    for device in (phone, gone):
        push.subscribe(t["table"], t["tokens"][1], device, "ko")
    push.receiver.answer(gone, 410)
    push.clock.advance(AWAY)
    with LogLines().attached() as logs:
        start(push, t)
        push.settle()
    text = "\n".join(logs.lines)
    assert '"status":201' in text and '"status":410' in text and '"host":"127.0.0.1"' in text
    for device in (phone, gone):
        secrets = [device.endpoint.removeprefix(push.receiver.origin), device.p256dh]
        secrets.append(base64url(device.auth))
        assert not [s for s in secrets if s in text]
    assert TEXTS["started"]["ko"][0] not in text
    assert Path(push.settings.vapid_key_file).read_text().strip() not in text
