"""Finished hands, each in a write-once item of its own, for replay and the shuffle check.

Written by :meth:`api.tables.service.Service.archive` when the next hand is dealt.

The table item holds only the hand in play (its log grows with every move and is
rewritten on every write); when the next hand is dealt, the finished one is
written once to ``<table id>#<hand number>`` and never again. Its seed is
public by then (every view of a finished hand reveals it), so anyone who may
watch the table may read it: ``GET /api/tables/{id}/hands/{n}`` answers the
spectator's view of that hand with all its events.
"""

from __future__ import annotations

from typing import Any

from api.tables.item import hand_key
from api.tables.records import hand_item_record
from api.tables.seats import SPECTATOR
from api.tables.service import DECODE_ERRORS, Loaded, Service, corrupt, exact_record
from api.tables.views import build_view
from api.web.errors import ApiError
from engine.variants import Game, from_record


def _missing(number: int) -> ApiError:
    return ApiError(404, "hand_not_found", f"hand {number + 1} has not finished at this table")


def finished_state(service: Service, table_id: str, number: int) -> tuple[Loaded, Game]:
    """The table and the state of its finished hand ``number`` (0-based); 404 for a hand in play."""
    loaded = service.load(table_id)  # 404 for no table; the table names the seats
    current = loaded.state
    if number == current.hand_number and current.phase == "over":
        hand = current  # not archived until the next hand is dealt
    elif 0 <= number < current.hand_number:
        stored = service.store.get(hand_key(table_id, number))
        if stored is None:
            raise _missing(number)  # a hand finished before hands were archived
        try:
            hand = from_record(record := hand_item_record(stored.data))
            exact_record(record, hand)
        except DECODE_ERRORS as err:
            raise corrupt(table_id, err, "hand") from err
    else:
        raise _missing(number)
    return loaded, hand


def finished_hand(service: Service, table_id: str, number: int) -> dict[str, Any]:
    """The spectator's view of finished hand ``number`` (0-based), every event included."""
    loaded, hand = finished_state(service, table_id, number)
    view = build_view(loaded.table, hand, None, SPECTATOR, hand.base_version)
    view["deadline"] = None  # the table's deadline is the hand in play's, not this one's
    return view
