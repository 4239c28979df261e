"""A seat's push subscriptions: add (PUT), remove (DELETE), read for sending.

Each seat keeps its subscriptions in one item of its own, ``<table id>~push~<seat>``
(:func:`api.tables.item.push_key`), at most :data:`MAX_DEVICES` of them: one per device, a
device known by its endpoint (subscribing again with the same endpoint replaces the
entry; a sixth device pushes out the one subscribed longest ago). The table item is
not written, so subscribing never slows or conflicts with a move, and a poll never
reads the item. Subscriptions expire with the table (the idle TTL, renewed on write).

An endpoint is a URL the server will POST to, so only the known push services'
``https`` URLs are accepted (:func:`endpoint_problem`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from api.store.base import StoreBusy, StoredPushes, VersionConflict
from api.store.items import Store
from api.tables import seats
from api.tables.item import push_key
from api.tables.service import Service
from api.web.config import Settings
from api.web.errors import RETRY_AFTER_STORE, bad_request, busy

MAX_DEVICES = 5
MAX_ENDPOINT = 1024
WRITE_ATTEMPTS = 5

# The push services of Chrome/Edge/Android (FCM), Firefox (Mozilla autopush), Safari and
# iOS (Apple) and Windows (WNS): exact hosts, and the domains whose subdomains they use.
PUSH_HOSTS = frozenset({"fcm.googleapis.com", "updates.push.services.mozilla.com"})
PUSH_DOMAINS = (".push.services.mozilla.com", ".push.apple.com", ".notify.windows.com")
_HOST = re.compile(r"[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+")


@dataclass(frozen=True)
class Subscription:
    endpoint: str
    p256dh: str
    auth: str
    lang: str
    origin: str | None  # the site the player subscribed on: the link in each push
    created: int  # epoch seconds

    def info(self) -> dict[str, object]:
        """The subscription as pywebpush takes it."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


def encode(subs: list[Subscription]) -> str:
    rows = [[s.endpoint, s.p256dh, s.auth, s.lang, s.origin, s.created] for s in subs]
    return json.dumps({"s": rows}, separators=(",", ":"))


def decode(text: str) -> list[Subscription]:
    return [Subscription(*row) for row in json.loads(text)["s"]]


def endpoint_problem(endpoint: str, settings: Settings) -> str | None:
    """Why the server will not call ``endpoint``, or ``None`` if it will."""
    if len(endpoint) > MAX_ENDPOINT or any(c.isspace() or ord(c) < 32 for c in endpoint):
        return "the endpoint is not a plain URL"
    try:
        parts = urlsplit(endpoint)
        port = parts.port
    except ValueError:
        return "the endpoint is not a URL"
    host = parts.hostname or ""
    if parts.username is not None or parts.password is not None or parts.fragment:
        return "the endpoint may have no user, password or fragment"
    if settings.push_allow_local and parts.scheme == "http" and host == "127.0.0.1":
        return None if port else "a local endpoint names its port"
    if parts.scheme != "https" or port not in (None, 443) or not _HOST.fullmatch(host):
        return "the endpoint must be an https URL of a push service"
    if host in PUSH_HOSTS or host.endswith(PUSH_DOMAINS):
        return None
    return "the endpoint is not on a known push service (Google, Mozilla, Apple, Microsoft)"


def read(store: Store, table_id: str, seat: int) -> tuple[list[Subscription], int | None]:
    """The seat's subscriptions and the item's rev (``None``: no item yet)."""
    item = store.get_pushes(push_key(table_id, seat))
    if item is None:
        return [], None
    return decode(item.data), item.rev


def update(
    store: Store,
    table_id: str,
    seat: int,
    change: Callable[[list[Subscription]], list[Subscription] | None],
    expires_at: int | None,
) -> None:
    """Read the seat's item, apply ``change`` (``None``: nothing to write), write it back
    if nobody wrote in between; else read again (a few times, then :class:`VersionConflict`)."""
    for _ in range(WRITE_ATTEMPTS):
        subs, rev = read(store, table_id, seat)
        changed = change(subs)
        if changed is None:
            return
        item = StoredPushes(push_key(table_id, seat), (rev or 0) + 1, encode(changed), expires_at)
        try:
            store.put_pushes(item, rev)
            return
        except VersionConflict:
            continue
    raise VersionConflict(f"pushes of seat {seat} at {table_id} keep changing")


Body = dict[str, Any]


def _seat(
    service: Service, table_id: str, token: str | None, request: Callable[[], Body]
) -> tuple[int, int, Body]:
    """The seat the token speaks for, the table's expiry as a write now would set it, and
    the request's body, validated only once the table and the token are known good."""
    loaded = service.load(table_id)
    caller = seats.caller(loaded.table, token, required=True)
    body = request()
    chosen = seats.seat_for(loaded, caller, body.get("seat"))
    assert chosen is not None
    return chosen, service.expires_at(loaded.table, loaded.now_ms), body


def subscribe(
    service: Service,
    table_id: str,
    token: str | None,
    request: Callable[[], Body],
    origin: str | None,
) -> None:
    seat, expires, body = _seat(service, table_id, token, request)
    sub = body["subscription"]
    endpoint = str(sub["endpoint"])
    problem = endpoint_problem(endpoint, service.settings)
    if problem is not None:
        raise bad_request(problem, "bad_push_endpoint")
    new = Subscription(
        endpoint,
        str(sub["keys"]["p256dh"]).rstrip("="),
        str(sub["keys"]["auth"]).rstrip("="),
        str(body.get("lang") or "en"),
        _site(origin) or service.settings.public_url,
        service.clock.now_ms() // 1000,
    )

    def add(subs: list[Subscription]) -> list[Subscription]:
        others = sorted((s for s in subs if s.endpoint != endpoint), key=lambda s: s.created)
        return [*others[-(MAX_DEVICES - 1) :], new]  # the oldest go past the cap

    _write(service, table_id, seat, add, expires)


def unsubscribe(
    service: Service, table_id: str, token: str | None, request: Callable[[], Body]
) -> None:
    """Remove the device's subscription (by ``endpoint``), or all of the seat's without one."""
    seat, expires, body = _seat(service, table_id, token, request)
    endpoint = body.get("endpoint")

    def remove(subs: list[Subscription]) -> list[Subscription] | None:
        kept = [s for s in subs if endpoint is not None and s.endpoint != endpoint]
        return None if len(kept) == len(subs) else kept

    _write(service, table_id, seat, remove, expires)


def _write(
    service: Service,
    table_id: str,
    seat: int,
    change: Callable[[list[Subscription]], list[Subscription] | None],
    expires: int,
) -> None:
    try:
        update(service.store, table_id, seat, change, expires)
    except StoreBusy as err:
        raise busy("the table store is busy; try again", RETRY_AFTER_STORE) from err
    except VersionConflict as err:
        raise busy("the subscriptions are busy; try again") from err


def _site(origin: str | None) -> str | None:
    # The page's origin, as the browser sent it: scheme, host and port only.
    if origin and re.fullmatch(r"https?://[A-Za-z0-9.\-\[\]:]+", origin):
        return origin
    return None
