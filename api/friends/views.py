"""The friends' fields of every view (api/tables/views.py build_view adds them).

``rematch`` (the old table's offer), ``series`` (the next table's chain), ``reactions``
(the last ten; a seat's view only: an embed with no seat shows none, and a spectator's
cached view does not change with them), ``invite`` (what the join page shows) and
``nudge`` (who nudged the viewed seat and when: that seat's view only, while its turn lasts).
"""

from __future__ import annotations

from typing import Any

from api.tables.item import Table
from api.tables.seats import Caller


def friends_view(
    table: Table, caller: Caller, names: list[str], seat: int | None, turn: int | None
) -> dict[str, Any]:
    """``names``: each seat's name as the view's ``players`` give it (a computer's too);
    ``seat``: the seat viewed (None for a spectator); ``turn``: the seat on turn, None when
    nobody is (a hand over, a table waiting)."""
    return {
        "rematch": rematch_field(table, names),
        "series": series_field(table, names),
        "reactions": reactions_field(table) if caller.token_index is not None else [],
        "invite": invite_field(table, names),
        "nudge": nudge_field(table, names, seat, turn),
    }


def nudge_field(
    table: Table, names: list[str], seat: int | None, turn: int | None
) -> dict[str, Any] | None:
    """The nudge to ``seat``, only while it is on turn: the stored nudge is dropped at the
    next write after the turn ends, and a read before that write must not show it."""
    nudged = table.nudged
    if nudged is None or seat is None or nudged.seat != seat or turn != seat:
        return None
    return {"by": nudged.by, "by_name": names[nudged.by], "at": (table.created + nudged.at) * 1000}


def rematch_field(table: Table, names: list[str]) -> dict[str, Any] | None:
    offer = table.rematch
    if offer is None:
        return None
    return {"table_id": offer.table_id, "by": offer.by, "by_name": names[offer.by]}


def series_field(table: Table, names: list[str]) -> dict[str, Any] | None:
    series = table.series
    if series is None:
        return None
    return {
        "previous_table_id": series.previous,
        "tables": series.tables,
        "wins": list(series.wins),
        # A seat still to come back to a rematch is open, but the series names its player.
        "names": [info.name or names[s] for s, info in enumerate(table.seats)],
    }


def reactions_field(table: Table) -> list[dict[str, Any]]:
    if table.reactions is None:
        return []
    return [
        # Epoch ms, as the view's deadline.
        {"seat": r.seat, "reaction": r.code, "at": (table.created + r.at) * 1000}
        for r in table.reactions.recent
    ]


def invite_field(table: Table, names: list[str]) -> dict[str, Any] | None:
    """Who invites, and who sits already: on a friends table still waiting for players."""
    if not table.kind.joinable_by_code or table.status != "waiting":
        return None
    creator = table.held_by(0)
    return {
        "by_name": names[creator[0]] if creator else None,
        "seated": [None if info.kind == "open" else names[s] for s, info in enumerate(table.seats)],
    }
