"""Per-client limits on making players and tables, counted in the store itself.

Anything that reaches the API could otherwise mint players and tables as fast as it can
send requests: the WAF's rate rule bounds requests per address, but it is optional, and a
stack without it would store whatever came. So each creation first counts one against its
client's address in the current window (an hour unless configured): a read and one
conditional write of a small counter item, ``rl~<kind>~<digest of the address>~<window
number>``, that the store drops once its window is over (TTL). A client past the limit
gets 429 ``too_many`` with ``Retry-After``, the seconds until its window ends, and nothing
is stored.

The address is the viewer's as CloudFront saw it (``CloudFront-Viewer-Address``, which the
stack's origin request policy adds; ``ISTAKA_CLIENT_ADDRESS=cloudfront``), else the
connection's (the dev server puts its socket's peer in the event). ``X-Forwarded-For`` is
never read: a client writes what it likes there. An IPv6 address counts by its /64, the
block one household or phone is given, which it could otherwise walk through address by
address. The digest is keyed with ``ISTAKA_SECRET``, so the store holds no address.

Windows are fixed (the hour from its start), so a client may make up to twice the limit
across a window's end, never more in any hour. A refusal is remembered by the process until
the window ends: a warm Lambda answers a flood of refused creations without a write.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import weakref
from collections.abc import Mapping
from typing import Protocol

from aws_lambda_powertools.event_handler.api_gateway import BaseRouter

from api.clock import Clock
from api.store.base import StoreBusy
from api.store.items import Store
from api.web.config import Settings
from api.web.errors import ApiError, store_busy
from api.web.log import logger


class Service(Protocol):
    """What counting needs of the service: its store, clock and settings."""

    @property
    def store(self) -> Store: ...
    @property
    def clock(self) -> Clock: ...
    @property
    def settings(self) -> Settings: ...


VIEWER_HEADER = "cloudfront-viewer-address"
COUNTER_PREFIX = "rl~"
KINDS = {"player": "p", "table": "t", "report": "r"}
# Refusals remembered per service, at most this many keys (then forgotten all at once: a
# forgotten refusal costs one read of the counter, nothing else).
MEMO_SIZE = 4096
_refused: weakref.WeakKeyDictionary[Service, dict[str, int]] = weakref.WeakKeyDictionary()


def client_address(taken_from: str, headers: Mapping[str, str], source_ip: str | None) -> str:
    """The address a client is counted by.

    >>> client_address("cloudfront", {"CloudFront-Viewer-Address": "198.51.100.7:46532"}, "x")
    '198.51.100.7'
    >>> client_address("cloudfront", {"cloudfront-viewer-address": "2001:db8:1:2:3:4:5:6:443"}, "")
    '2001:db8:1:2::/64'
    >>> client_address("socket", {"X-Forwarded-For": "203.0.113.9"}, "127.0.0.1")
    '127.0.0.1'
    """
    if taken_from == "cloudfront":
        sent = next((v for k, v in headers.items() if k.lower() == VIEWER_HEADER), None)
        viewer = _network(sent.rpartition(":")[0]) if sent else None  # "<ip>:<port>"
        if viewer is not None:
            return viewer
        # CloudFront always adds it (template.yaml): its absence is a stack to fix. The
        # gateway's own address (an edge's) still comes from no header a client wrote.
        logger.warning("no viewer address", extra={"header": VIEWER_HEADER})
    return _network(source_ip or "") or "unknown"


def _network(text: str) -> str | None:
    try:
        address = ipaddress.ip_address(text.strip().strip("[]"))
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


def counter_key(kind: str, address: str, window: int, secret: str) -> str:
    """The counter item of ``address`` for ``kind`` in ``window``: no address in it."""
    mac = hmac.new(secret.encode("utf-8"), f"{kind}|{address}".encode(), hashlib.sha256)
    return f"{COUNTER_PREFIX}{KINDS[kind]}~{mac.hexdigest()[:24]}~{window}"


def limit_of(service: Service, kind: str) -> int:
    settings = service.settings
    return settings.player_create_limit if kind == "player" else settings.table_create_limit


def request_address(service: Service, router: BaseRouter) -> str:
    """The address the client of the request ``router`` is answering is counted by."""
    event = router.current_event
    http = (event.raw_event.get("requestContext") or {}).get("http") or {}
    source = http.get("sourceIp")
    return client_address(
        service.settings.client_address, event.headers or {}, str(source) if source else None
    )


def charge_request(service: Service, kind: str, router: BaseRouter) -> None:
    """:func:`charge` for the client of the request ``router`` is answering."""
    charge(service, kind, request_address(service, router))


def charge(service: Service, kind: str, address: str) -> None:
    """Count one creation of ``kind`` ("player" or "table") for ``address``; 429
    ``too_many`` past the limit, 503 ``busy`` when the store cannot answer."""
    limit = limit_of(service, kind)
    if limit <= 0:
        return  # turned off (ISTAKA_*_CREATE_LIMIT=0)
    window_s = max(1, service.settings.create_window_seconds)
    now_s = service.clock.now_ms() // 1000
    window = now_s // window_s
    ends = (window + 1) * window_s
    key = counter_key(kind, address, window, service.settings.secret)
    refused = _refused.setdefault(service, {})
    if refused.get(key, 0) > now_s:
        raise too_many(kind, limit, window_s, ends - now_s)
    try:
        counted = service.store.count_up(key, limit, now_s, ends)
    except StoreBusy as err:
        raise store_busy(err) from err
    if not counted:
        if len(refused) >= MEMO_SIZE:
            refused.clear()
        refused[key] = ends
        logger.info("creation limited", extra={"kind": kind, "limit": limit})  # no address
        raise too_many(kind, limit, window_s, ends - now_s)


def too_many(kind: str, limit: int, window_s: int, wait_s: int) -> ApiError:
    per = "hour" if window_s == 3600 else f"{window_s} s"
    return ApiError(
        429,
        "too_many",
        f"one address may make {limit} {kind}s per {per}; try again in {max(1, wait_s)} s",
        retry_after=max(1, wait_s),
    )
