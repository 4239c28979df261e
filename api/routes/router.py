"""The one router every operation is registered on (by :mod:`api.routes.table`), and
through which a handler reads the request it is answering."""

from __future__ import annotations

from ..http import new_router

router = new_router()
