"""The process-wide service: built from the environment on first use, replaceable by tests."""

from __future__ import annotations

from api.clock import Clock, SystemClock
from api.store import Store, make_store
from api.tables.service import Service
from api.web.config import Settings

_service: Service | None = None


def get_service() -> Service:
    global _service
    if _service is None:
        settings = Settings.from_env()
        _service = Service(make_store(settings), SystemClock(), settings)
    return _service


def configured() -> bool:
    """Whether a service has been built or swapped in already."""
    return _service is not None


def configure(
    store: Store | None = None, clock: Clock | None = None, settings: Settings | None = None
) -> Service:
    """Swap in a store, clock or settings (tests, the benchmark, the dev server)."""
    global _service
    settings = settings or Settings.from_env()
    _service = Service(store or make_store(settings), clock or SystemClock(), settings)
    return _service


def reset() -> None:
    global _service
    _service = None
