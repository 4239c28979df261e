"""The GET of a table: a seat's or a spectator's view, written once, with its ETag and
how long caches may keep it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from api.tables import seats
from api.tables.pace import spectator_cache_control
from api.tables.schemas import AnyViewSchema, instance
from api.tables.service import Loaded, Service
from api.tables.views import build_view, etag
from api.web.http import dumps


@dataclass(frozen=True)
class Shown:
    """A view as sent: its ETag, its text (``None``: the If-None-Match tag still holds) and
    how long caches may keep it."""

    tag: str
    text: str | None
    cache_control: str


# A seat's view holds its rack: no shared cache may keep it, and the browser need not
# either (the app sends If-None-Match itself and keeps the view in memory).
SEAT_CACHE_CONTROL = "private, no-store"


def get_view(
    service: Service,
    table_id: str,
    token: str | None,
    seat: int | None,
    since: int | None,
    if_none_match: str | None,
    away: bool = False,
) -> Shown:
    """The seat's view as the JSON text sent and its ETag; no view when
    ``if_none_match`` is still current. ``away``: a tab out of sight asks, so the seat is
    not recorded as seen (it is not looking: pushes still reach it, and no write is made)."""

    def change(loaded: Loaded) -> Any:
        caller = seats.caller(loaded.table, token, required=False)
        chosen = seats.seat_for(loaded, caller, seat)
        loaded.seen_token = None if away else caller.token_index
        service.settle(loaded)

        def render() -> Shown:
            # Written once: the tag is a digest of exactly the text that is sent.
            view = instance(AnyViewSchema).dump(
                build_view(loaded.table, loaded.state, chosen, caller, since, loaded.now_ms // 1000)
            )
            text = dumps(view)
            tag = etag(text)
            # A spectator's view is the same for every spectator (tests/api/tables/test_leaks.py):
            # an edge may share it for a moment (template.yaml, TableViewCachePolicy).
            cache = (
                spectator_cache_control(loaded.table.turn_seconds)
                if caller.token_index is None
                else SEAT_CACHE_CONTROL
            )
            if if_none_match is not None and tag in _etags(if_none_match):
                return Shown(tag, None, cache)
            return Shown(tag, text, cache)

        return render

    result: Shown = service.commit(table_id, change)
    return result


def _etags(header: str) -> set[str]:
    return {part.strip().removeprefix("W/") for part in header.split(",")}
