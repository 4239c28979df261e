"""The computers' level at a table against the computer, changed mid-match by its player.

A device's first games start gentle (the frontend asks for it at create); the table says
each computer's level (``view.players[].level``), and its player may change them all.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from api.tables import seats
from api.tables.schemas import Later
from api.tables.service import Loaded, Service
from api.tables.views import build_view
from api.web.errors import unprocessable
from api.web.log import logger
from engine.core.levels import LEVELS as BOT_LEVELS


class LevelRequest(Schema):
    """The body of ``PUT /api/tables/{id}/level``."""

    level = fields.String(required=True, validate=validate.OneOf(BOT_LEVELS))


def set_level(service: Service, table_id: str, token: str | None, request: Later) -> dict[str, Any]:
    """Every computer seat of the caller's table plays at ``level`` from its next move.

    Only where every seat the caller does not hold is a computer that holds no person's
    seat (a seat handed to the computer is someone's, who may come back): 422
    ``not_against_computer`` otherwise, 422 ``match_over`` once the match is over.
    Answers the caller's view.
    """

    def change(loaded: Loaded) -> Any:
        caller = seats.caller(loaded.table, token, required=True)
        level = request()["level"]
        table = loaded.table
        others = [s for s in range(len(table.seats)) if s not in caller.held]
        if not others or any(
            table.seats[s].kind != "bot" or table.seats[s].token is not None for s in others
        ):
            raise unprocessable(
                "not_against_computer", "only a table against the computer changes its level"
            )
        if table.status == "finished":
            raise unprocessable("match_over", "the match is over")
        loaded.seen_token = caller.token_index
        service.settle(loaded)
        if any(table.seats[s].level != level for s in others):
            for s in others:
                table.seats[s].level = level
            loaded.dirty = True
            logger.info("computer level changed", extra={"table_id": table_id, "level": level})
        own = caller.held[0]
        return lambda: build_view(table, loaded.state, own, caller, None, loaded.now_ms // 1000)

    view: dict[str, Any] = service.commit(table_id, change)
    return view
