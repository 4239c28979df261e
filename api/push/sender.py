"""Sending a notice to each of a seat's subscriptions: pywebpush, VAPID, aes128gcm.

Runs only in the notifier (the stream Lambda, or the dev server's worker thread),
never in a player's request. Per subscription: 2xx is done; 404 or 410 (the browser
dropped it) removes it; 429, 5xx or no answer is tried again after a pause (the push
service's Retry-After, capped, else a doubling one), at most :data:`ATTEMPTS` times in
all; anything else is given up. Logs name the endpoint's host and the status only:
never the endpoint's path (a capability), the keys, or the payload.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from api.push.keys import b64url, load_key
from api.push.notifier import Notice, payload
from api.push.subscriptions import Subscription, read, update
from api.store.base import StoreBusy, VersionConflict
from api.store.items import Store
from api.tables.item import push_key
from api.web.config import Settings
from api.web.log import logger

ATTEMPTS = 3
FIRST_PAUSE_S = 1.0
MAX_PAUSE_S = 10.0
TIMEOUT_S = 5.0
# How long a push service keeps a message for a device that is offline.
TTL_S = 12 * 3600
JWT_LIFETIME_S = 12 * 3600  # RFC 8292 allows up to 24 h
DEFAULT_SUBJECT = "mailto:istaka@localhost"
GONE = (404, 410)
URGENT = ("your_turn", "reminder", "nudge")


def retryable(status: int | None) -> bool:
    return status is None or status == 429 or status >= 500


@dataclass
class Outcome:
    """What became of one notice, for tests and the logs."""

    sent: int = 0
    removed: int = 0
    failed: int = 0
    statuses: list[int | None] = field(default_factory=list)


def table_url(origin: str | None, table_id: str) -> str:
    """The table's page: absolute on the site it was subscribed from, else relative (the
    service worker resolves it against its own scope)."""
    return f"{origin.rstrip('/') if origin else '.'}/#/t/{table_id}"


class Sender:
    def __init__(
        self,
        store: Store,
        settings: Settings,
        *,
        sleep: Callable[[float], None] = time.sleep,
        now: Callable[[], float] = time.time,
        session: Any = None,
    ) -> None:
        self.store = store
        self.settings = settings
        self.sleep = sleep
        self.now = now
        self._session = session

    def session(self) -> Any:
        if self._session is None:
            import requests

            session = requests.Session()
            # The endpoint was checked when subscribing; a redirect would go somewhere
            # nobody checked, so none is followed.
            session.max_redirects = 0
            self._session = session
        return self._session

    def deliver(self, notice: Notice) -> Outcome:
        """Send the notice to every subscription of its seat (a store that cannot answer
        raises :class:`StoreBusy`, so the stream retries the record)."""
        outcome = Outcome()
        subs, _ = read(self.store, notice.table_id, notice.seat)
        for sub in subs:
            status = self._send(notice, sub)
            outcome.statuses.append(status)
            if status is not None and 200 <= status < 300:
                outcome.sent += 1
            elif status in GONE:
                self._remove(notice, sub.endpoint)
                outcome.removed += 1
            else:
                outcome.failed += 1
        return outcome

    def _send(self, notice: Notice, sub: Subscription) -> int | None:
        """POST the encrypted payload, with pauses between tries; the last status."""
        from pywebpush import WebPusher  # heavy (aiohttp): the notifier's cold start only

        data = json.dumps(
            payload(notice, sub.lang, table_url(sub.origin, notice.table_id)),
            separators=(",", ":"),
            ensure_ascii=False,
        )
        host = urlsplit(sub.endpoint).hostname
        status: int | None = None
        for attempt in range(ATTEMPTS):
            headers = {
                **self._vapid_headers(sub.endpoint),
                "Urgency": "high" if notice.kind in URGENT else "normal",
                # A newer notice for the same table and seat replaces one still undelivered.
                "Topic": _topic(notice),
            }
            retry_after: str | None = None
            try:
                response = WebPusher(sub.info(), requests_session=self.session()).send(
                    data.encode("utf-8"),
                    headers,
                    ttl=TTL_S,
                    content_encoding="aes128gcm",
                    timeout=TIMEOUT_S,
                )
                status = int(response.status_code)
                retry_after = response.headers.get("Retry-After")
            except Exception as err:  # no answer: refused, reset, timed out, redirected
                status = None
                logger.info("push not answered", extra={"host": host, "error": type(err).__name__})
            logger.info(
                "push sent",
                extra={"host": host, "status": status, "kind": notice.kind, "attempt": attempt},
            )
            if not retryable(status) or attempt == ATTEMPTS - 1:
                return status
            self.sleep(_pause(attempt, retry_after))
        return status

    def _vapid_headers(self, endpoint: str) -> dict[str, str]:
        from py_vapid import Vapid02

        parts = urlsplit(endpoint)
        claims = {
            "aud": f"{parts.scheme}://{parts.netloc}",
            "exp": int(self.now()) + JWT_LIFETIME_S,
            "sub": self.settings.vapid_subject or self.settings.public_url or DEFAULT_SUBJECT,
        }
        signer = Vapid02.from_raw(load_key(self.settings).private.encode("ascii"))
        headers: dict[str, str] = signer.sign(claims)
        return headers

    def _remove(self, notice: Notice, endpoint: str) -> None:
        def drop(subs: list[Subscription]) -> list[Subscription] | None:
            kept = [s for s in subs if s.endpoint != endpoint]
            return None if len(kept) == len(subs) else kept

        try:
            # The item's expiry stays as it was: read it back to keep it.
            item = self.store.get_pushes(push_key(notice.table_id, notice.seat))
            expires = item.expires_at if item is not None else None
            update(self.store, notice.table_id, notice.seat, drop, expires)
        except (StoreBusy, VersionConflict) as err:
            # The next push to it answers 410 again and tries again.
            logger.warning("push subscription not removed", extra={"error": type(err).__name__})
        else:
            host = urlsplit(endpoint).hostname
            logger.info("push subscription removed", extra={"host": host})


def _topic(notice: Notice) -> str:
    digest = hashlib.sha256(f"{notice.table_id}:{notice.seat}".encode()).digest()
    return b64url(digest)[:32]


def _pause(attempt: int, retry_after: str | None) -> float:
    try:
        asked = float(retry_after) if retry_after else -1.0
    except ValueError:  # an HTTP date: our own pause instead
        asked = -1.0
    if asked >= 0:
        return min(asked, MAX_PAUSE_S)
    return float(min(FIRST_PAUSE_S * 2**attempt, MAX_PAUSE_S))
