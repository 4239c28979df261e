"""Seat operations during play: act, save a rack layout, ask for an arrangement. (The view
is served by api/tables/view_request.py.)"""

from __future__ import annotations

from typing import Any

from api.tables import seats
from api.tables.arrange import pack, sort_pairs, sort_runs, sort_sets
from api.tables.item import RecentAction, action_key
from api.tables.layout import Layout, encode_layout, layout_problem
from api.tables.schemas import Later
from api.tables.seats import Caller
from api.tables.service import LateError, Loaded, Service
from api.tables.views import build_view
from api.web.errors import bad_request, forbidden, unprocessable
from api.web.log import logger
from engine.core.errors import ActionError, IllegalAction, MalformedAction, NotYourTurn
from engine.variants import rules_of

# Request fields copied into the engine action when present (101: groups and placements).
ACTION_FIELDS = ("tile", "melds", "pairs", "meld", "position")


def act(service: Service, table_id: str, token: str | None, request: Later) -> dict[str, Any]:
    """Apply one seat's action, then the computer turns it sets off."""

    def change(loaded: Loaded) -> Any:
        table = loaded.table
        caller = seats.caller(table, token, required=True)
        fields = request()  # only now: a caller who may not act here hears nothing of its body
        key = action_key(fields["action_id"])
        expected = fields["expected_version"]
        action: dict[str, Any] = {"type": fields["type"]}
        for name in ACTION_FIELDS:
            if fields.get(name) is not None:
                action[name] = fields[name]
        done = table.find_action(key)
        if done is not None and done.seat in caller.held:
            # A retry: answer again, for the seat that acted, and apply nothing.
            return lambda: build_view(
                table, loaded.state, done.seat, caller, done.since, loaded.now_ms // 1000
            )
        seat = seats.seat_for(loaded, caller, fields.get("seat"))
        assert seat is not None
        loaded.seen_token = caller.token_index
        if table.status == "waiting":
            raise unprocessable("illegal_action", "the table has not started yet")
        if not table.is_human(seat):
            raise forbidden("a computer plays this seat now")
        service.settle(loaded)
        if expected != loaded.state.version:
            raise LateError(
                409,
                "stale_version",
                f"the game is at version {loaded.state.version}, not {expected}",
                lambda: {
                    "view": build_view(
                        table, loaded.state, seat, caller, expected, loaded.now_ms // 1000
                    )
                },
            )
        try:
            state, _ = rules_of(loaded.state).apply(loaded.state, seat, action)
        except MalformedAction as err:
            raise bad_request(err.message, err.code) from err
        except (NotYourTurn, IllegalAction) as err:
            raise unprocessable(err.code, err.message) from err
        except ActionError as err:  # any future kind of refusal is still the client's
            raise unprocessable(err.code, err.message) from err
        table.seats[seat].auto = False
        table.seats[seat].misses = 0
        if action["type"] == "next_hand":
            table.layouts = {}
            loaded.finished.append(loaded.state)  # the hand that ended gets its own item
        loaded.state = state
        loaded.dirty = True
        service.settle(loaded)
        table.remember_action(RecentAction(key, seat, expected, loaded.state.version))
        logger.info(
            "action applied",
            extra={
                "table_id": table.table_id,
                "seat": seat,
                "action": action["type"],
                "version": loaded.state.version,
            },
        )
        return lambda: build_view(
            table, loaded.state, seat, caller, expected, loaded.now_ms // 1000
        )

    view: dict[str, Any] = service.commit(table_id, change)
    return view


def _dealt_seat(
    service: Service, loaded: Loaded, caller: Caller, seat: int | None, code: str
) -> int:
    """The caller's own seat at a dealt table, its lazy deadlines settled first."""
    chosen = seats.seat_for(loaded, caller, seat)
    assert chosen is not None
    if loaded.table.status == "waiting":
        raise unprocessable(code, "the tiles have not been dealt yet")
    loaded.seen_token = caller.token_index
    service.settle(loaded)
    return chosen


def save_layout(
    service: Service, table_id: str, token: str | None, request: Later
) -> dict[str, Any]:
    """Keep the seat's arrangement of its own rack; the game version does not move."""

    def change(loaded: Loaded) -> Any:
        caller = seats.caller(loaded.table, token, required=True)
        fields = request()
        layout: Layout = fields["layout"]
        chosen = _dealt_seat(service, loaded, caller, fields.get("seat"), "invalid_layout")
        problem = layout_problem(layout, loaded.state.racks[chosen])
        if problem is not None:
            raise unprocessable("invalid_layout", problem)
        loaded.table.layouts[chosen] = encode_layout(layout)
        loaded.dirty = True
        return lambda: {"ok": True, "version": loaded.state.version}

    answer: dict[str, Any] = service.commit(table_id, change)
    return answer


def arrangement(
    service: Service, table_id: str, token: str | None, seat: int | None, by: str
) -> dict[str, Any]:
    """A suggested layout of the seat's rack: sorted by runs, sets, pairs, or the best melds."""

    def change(loaded: Loaded) -> Any:
        caller = seats.caller(loaded.table, token, required=True)
        chosen = _dealt_seat(service, loaded, caller, seat, "illegal_action")
        state = loaded.state
        rack, okey = list(state.racks[chosen]), state.okey
        kind: str | None = None
        discard: int | None = None
        if by == "best":
            # Only "best" pays for the advice's imports (the coach's search, in classic).
            from engine.best import best_layout

            groups, leftover, discard, kind = best_layout(state, chosen)
        else:
            sorter = {"runs": sort_runs, "sets": sort_sets, "pairs": sort_pairs}[by]
            groups, leftover = sorter(rack, okey)
        answer = {
            "layout": pack(groups, leftover, discard),
            "groups": groups,
            "leftover": leftover,
            "discard": discard,
            "kind": kind,
        }
        return lambda: answer

    result: dict[str, Any] = service.commit(table_id, change)
    return result
