"""The table's HTTP operations: create, join, start, view, act, racks, level, away, hands."""

from __future__ import annotations

from marshmallow import Schema

from api.tables import schemas as s
from api.tables.away import AwayRequest
from api.tables.levels import LevelRequest
from api.tables.routes import actions, levels, racks, tables
from api.tables.routes import away as looking
from api.tables.schemas.views import VIEW_SCHEMAS
from api.tables.yours import MAX_STATUS_TABLES
from api.web.operation import (
    ANYONE_OR_PLAYER,
    ANYONE_OR_SEAT,
    COMMON_ERRORS,
    HAND_NUMBER,
    SEAT,
    SEAT_NUMBER,
    STATUSES,
    VIEW,
    VIEW_HEADERS,
    Error,
    Operation,
)

PLAYER_LINK = (
    "With X-Istaka-Player: <player token>, the seat is linked to that player, whose name "
    "it takes unless the body names another; hands played there earn the player candy "
    "and stats. An unknown player token is 401 bad_player."
)

# Schemas the document names, for the operations' answers to refer to (VIEW, STATUSES).
COMPONENTS: dict[str, type[Schema]] = {
    **VIEW_SCHEMAS,  # one per variant (Rules.view_schema)
    "TableStatus": s.TableStatusSchema,
    "TableStatusError": s.TableStatusErrorSchema,
}

OPERATIONS: tuple[Operation, ...] = (
    Operation(
        "post",
        "/api/tables",
        tables.create,
        "createTable",
        "Create a table",
        "table created",
        s.CreateTableResponse,
        status=201,
        request=s.CreateTableRequest,
        errors=(*COMMON_ERRORS, 401, 429),
        security=ANYONE_OR_PLAYER,
        description=PLAYER_LINK
        + " At most 60 tables an hour per client address (ISTAKA_TABLE_CREATE_LIMIT): then"
        " 429 too_many with Retry-After.",
    ),
    Operation(
        "post",
        "/api/tables/status",
        tables.statuses,
        "tableStatuses",
        "Several tables at a glance",
        "one entry per table asked about, in order",
        STATUSES,
        request={"type": "array", "maxItems": MAX_STATUS_TABLES, "items": s.StatusEntryRequest},
        errors=(400, 503),  # never 404: an unknown table is an error inside its entry
        description=(
            "Whose turn, time left and last move of up to "
            f"{MAX_STATUS_TABLES} tables, each with its seat token; one read, "
            "no write. An entry that cannot be answered (unknown or expired table, "
            "a token that holds no seat there, an unreadable record, the store busy "
            "for that table) is an error for that entry only. More than "
            f"{MAX_STATUS_TABLES} entries is 400 too_many_tables."
        ),
    ),
    Operation(
        "get",
        "/api/tables/{table_id}",
        tables.view,
        "getView",
        "A seat's or a spectator's view",
        "the seat's view",
        VIEW,
        query=s.ViewQuery,
        errors=(*COMMON_ERRORS, 401, 403),
        security=ANYONE_OR_SEAT,
        headers={"If-None-Match": {"schema": {"type": "string"}}},
        answer_headers=VIEW_HEADERS,
        other_answers={
            "304": {"description": "unchanged since the ETag given", "headers": VIEW_HEADERS}
        },
    ),
    Operation(
        "post",
        "/api/tables/{table_id}/join",
        tables.join,
        "joinTable",
        "Take an open seat",
        "seat taken",
        s.JoinResponse,
        request=s.JoinRequest,
        errors=(*COMMON_ERRORS, 401, 403, 409),
        security=ANYONE_OR_PLAYER,
        description=PLAYER_LINK
        + " A player who holds a seat at the table already is 409 already_seated. Without"
        " invite_code the body asks for a seat at an open table from the lobby's list"
        " (docs/LOBBY.md): X-Istaka-Player is then required (401 bad_player), the seating"
        " rules apply (403 not_allowed) and the answer is Play now's.",
    ),
    Operation(
        "post",
        "/api/tables/{table_id}/start",
        tables.start,
        "startTable",
        "Deal the first hand",
        "started",
        VIEW,
        request=s.StartRequest,
        request_required=False,
        errors=(*COMMON_ERRORS, 401, 403, 409),
        security=SEAT,
    ),
    Operation(
        "post",
        "/api/tables/{table_id}/seats/{seat}/bot",
        tables.seat_bot,
        "seatToBot",
        "Hand a quiet seat to the computer",
        "the seat is a computer now",
        VIEW,
        request=s.BotSeatRequest,
        request_required=False,
        errors=(*COMMON_ERRORS, 401, 403, 409, 422),
        security=SEAT,
        path_types={"seat": SEAT_NUMBER},
    ),
    Operation(
        "post",
        "/api/tables/{table_id}/actions",
        actions.post_action,
        "act",
        "Play one action",
        "applied; computer turns played",
        VIEW,
        request=s.ActionRequest,
        errors=(
            *COMMON_ERRORS,
            401,
            403,
            422,
            Error(
                409,
                "stale expected_version; the body has the current view",
                s.StaleErrorSchema,
            ),
        ),
        security=SEAT,
    ),
    Operation(
        "post",
        "/api/tables/{table_id}/away",
        looking.post_away,
        "stoppedLooking",
        "Say the tab stopped looking",
        "noted; nothing else changes",
        status=204,
        request=AwayRequest,
        errors=(*COMMON_ERRORS, 401, 403),
        description=(
            "A tab's beacon (navigator.sendBeacon) that its player stopped looking: "
            "the token's seats get pushes at once. The token is in the body, since "
            "a beacon sets no header; the body is read as JSON whatever its content type "
            "(a beacon's is text/plain)."
        ),
    ),
    Operation(
        "put",
        "/api/tables/{table_id}/level",
        levels.put_level,
        "setComputerLevel",
        "Change the computers' level",
        "the caller's view",
        VIEW,
        request=LevelRequest,
        errors=(*COMMON_ERRORS, 401, 422),
        security=SEAT,
        description=(
            "Every computer seat plays at this level from its next move; only at a "
            "table where every other seat is a computer (422 not_against_computer), "
            "not once the match is over (422 match_over)."
        ),
    ),
    Operation(
        "put",
        "/api/tables/{table_id}/rack",
        racks.put_rack,
        "saveRack",
        "Save the seat's rack layout",
        "saved",
        s.RackResponse,
        request=s.RackRequest,
        errors=(*COMMON_ERRORS, 401, 403, 422),
        security=SEAT,
    ),
    Operation(
        "get",
        "/api/tables/{table_id}/arrangement",
        racks.get_arrangement,
        "arrangement",
        "A suggested layout of the seat's rack",
        "a layout of the rack",
        s.ArrangementResponse,
        query=s.ArrangementQuery,
        errors=(*COMMON_ERRORS, 401, 403, 422),
        security=SEAT,
    ),
    Operation(
        "get",
        "/api/tables/{table_id}/hands/{number}",
        tables.hand,
        "finishedHand",
        "A finished hand",
        "a finished hand, as a spectator sees it",
        VIEW,
        security=ANYONE_OR_SEAT,
        path_types={"number": HAND_NUMBER},
    ),
)
