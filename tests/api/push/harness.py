"""The push worker as the push and Telegram tests run it, beside the API client."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from api.clock import ManualClock
from api.push.sender import Sender
from api.store.items import Store
from api.tables import context
from api.web.config import Settings
from infra.push_worker import PushWorker
from tests.api.support import ApiClient


@dataclass(kw_only=True)
class Delivering:
    """The API client, the store and clock behind it, and the push worker that turns its
    writes into messages; ``pauses``: the senders' waits before a retry."""

    client: ApiClient
    store: Store
    clock: ManualClock
    worker: PushWorker
    pauses: list[float]

    def settle(self) -> None:
        """Every write so far has been turned into messages."""
        self.worker.drain()


@contextmanager
def running_worker(
    store: Store, settings: Settings, clock: ManualClock, pauses: list[float], **more: Any
) -> Iterator[dict[str, Any]]:
    """The push worker on ``store`` (Web Push through a sender that notes its pauses in
    ``pauses``; ``more``: its other senders), started, with the tables' context on it:
    yields the fields of a :class:`Delivering` around it."""
    sender = Sender(store, settings, sleep=pauses.append)
    worker = PushWorker(store, settings, clock=clock, sender=sender, **more).start()
    context.configure(store=worker.store, clock=clock, settings=settings)
    yield {
        "client": ApiClient(),
        "store": store,
        "clock": clock,
        "worker": worker,
        "pauses": pauses,
    }
    worker.stop()
    context.reset()
