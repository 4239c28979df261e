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

import dataclasses
from typing import Any

from api.tables.item import Status, hand_key
from api.tables.movetimes import MoveTimes
from api.tables.records import hand_item_parts
from api.tables.seats import SPECTATOR
from api.tables.service import DECODE_ERRORS, Loaded, Service, corrupt, exact_record
from api.tables.views import build_view
from api.web.errors import ApiError
from engine.variants import Game, from_record


def _missing(number: int) -> ApiError:
    return ApiError(404, "hand_not_found", f"hand {number + 1} has not finished at this table")


def finished_state(service: Service, table_id: str, number: int) -> tuple[Loaded, Game, MoveTimes]:
    """The table, the state of its finished hand ``number`` (0-based) and the move times its
    events are timed by; 404 for a hand in play."""
    loaded = service.load(table_id)  # 404 for no table; the table names the seats
    hand, times, _ = hand_of(service, loaded, number)
    return loaded, hand, times


def check_finished(loaded: Loaded, number: int) -> None:
    """404 ``hand_not_found`` unless hand ``number`` of the loaded table has finished."""
    current = loaded.state
    if not (
        0 <= number < current.hand_number
        or (number == current.hand_number and current.phase == "over")
    ):
        raise _missing(number)


def hand_of(service: Service, loaded: Loaded, number: int) -> tuple[Game, MoveTimes, int | None]:
    """Finished hand ``number`` of the loaded table, the move times its events are timed by,
    and when it expires (epoch seconds)."""
    check_finished(loaded, number)
    current = loaded.state
    if number == current.hand_number:
        # Not archived until the next hand is dealt; until then no write moves the game's
        # version, so the table's times stay as the archive will keep them.
        expires = service.expires_at(loaded.table, loaded.now_ms)
        return current, loaded.table.move_times, expires
    table_id = loaded.table.table_id
    stored = service.store.get(hand_key(table_id, number))
    if stored is None:
        raise _missing(number)  # a hand finished before hands were archived
    try:
        record, times = hand_item_parts(stored.data)
        hand = from_record(record)
        exact_record(record, hand)
    except DECODE_ERRORS as err:
        raise corrupt(table_id, err, "hand") from err
    return hand, times, stored.expires_at


def finished_hand(service: Service, table_id: str, number: int) -> dict[str, Any]:
    """The spectator's view of finished hand ``number`` (0-based), every event included.

    The same bytes for ever (it is cached as such): only what the finished hand fixed is
    read from the table. Its events are timed by the times kept with the hand, its status
    is the one the hand ended in, and a later rematch offer is not part of it."""
    loaded, hand, times = finished_state(service, table_id, number)
    status: Status = "finished" if hand.match_over else "playing"
    table = dataclasses.replace(loaded.table, move_times=times, status=status, rematch=None)
    view = build_view(table, hand, None, SPECTATOR, hand.base_version)
    view["deadline"] = None  # the table's deadline is the hand in play's, not this one's
    return view
