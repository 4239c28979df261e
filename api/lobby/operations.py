"""The lobby's HTTP operations: Play now, the list of open tables, blocks and reports.

Each entry is declared once: api/handler.py registers it and builds the OpenAPI
document from it (api/web/openapi.py). Joining a table from the list is the tables'
``POST /api/tables/{table_id}/join`` without an invite code (api/tables/operations.py)."""

from __future__ import annotations

from api.lobby import routes as lobby
from api.lobby import schemas as s
from api.lobby.listing import CACHE_SECONDS, MAX_ROWS
from api.lobby.play import MAX_UNFINISHED, MAX_WAITING
from api.lobby.safety import REPORTS_PER_DAY
from api.web.operation import ANYONE, COMMON_ERRORS, PLAYER, SEAT, Error, Operation, Security

TABLE_PLAYER: Security = [{"tablePlayer": []}]

OPERATIONS: tuple[Operation, ...] = (
    Operation(
        "post",
        "/api/lobby/play",
        lobby.post_play,
        "playNow",
        "Play now: sit at an open table with anyone",
        "the caller's seat",
        s.SeatedResponse,
        request=s.PlayNowRequest,
        request_required=False,
        errors=(
            *COMMON_ERRORS,
            Error(401, "bad_player: no X-Istaka-Player, or one that names no player"),
            Error(
                409,
                f"too_many_waiting (waiting at {MAX_WAITING} open tables) or too_many_tables"
                f" ({MAX_UNFINISHED} unfinished open tables)",
            ),
            429,
        ),
        security=TABLE_PLAYER,
        description=(
            "Seats the player at the waiting open table that fits best (the same variant, "
            "pace and seat count, one of those chosen; the fullest first), or opens a new "
            "one with the first choice of each (then it counts against the client's table "
            "creations). Never with someone either of them blocked, never twice at one "
            "table, never two people from one client address. The same request_id answers "
            "the same seat, as does a Play now whose choices fit a table where the player "
            "already waits. A table starts when full; a live one offers its people to start "
            "with computers after 30 s and does at 120 s; a relaxed one starts at 24 h with "
            "two or more people, else closes at 7 days. Open tables use the variant's "
            "standard options and the pace's default turn time; every player appears under "
            "a name the server makes."
        ),
    ),
    Operation(
        "get",
        "/api/lobby",
        lobby.get_lobby,
        "listOpenTables",
        "Open tables still waiting for players",
        f"up to {MAX_ROWS} tables, the one that starts soonest first",
        s.LobbyResponse,
        query=s.LobbyQuery,
        errors=(400, 503),
        security=ANYONE,
        description=(
            f"No token needed; the same for everyone (Cache-Control public, max-age="
            f"{CACHE_SECONDS}). Served from an index, never a scan. Join a row's table with "
            "POST /api/tables/{table_id}/join, the player header and no invite code."
        ),
    ),
    Operation(
        "post",
        "/api/players/me/blocks",
        lobby.post_block,
        "blockPlayer",
        "Block the player of a seat you sat at a table with",
        "blocked; no body",
        status=204,
        request=s.BlockRequest,
        errors=(*COMMON_ERRORS, 401, 403, Error(422, "bad_seat: nobody you could block")),
        security=PLAYER,
        description="A blocked pair is never seated together, either way round.",
    ),
    Operation(
        "get",
        "/api/players/me/blocks",
        lobby.get_blocks,
        "listBlocks",
        "The players you blocked",
        "by the names the server made; never their ids",
        s.BlocksResponse,
        errors=(401, 503),
        security=PLAYER,
    ),
    Operation(
        "delete",
        "/api/players/me/blocks/{number}",
        lobby.delete_block,
        "unblockPlayer",
        "Lift a block",
        "lifted; no body",
        status=204,
        errors=(*COMMON_ERRORS, 401),
        security=PLAYER,
        path_types={"number": {"type": "string", "pattern": "^[0-9]{1,3}$"}},
    ),
    Operation(
        "post",
        "/api/tables/{table_id}/reports",
        lobby.post_report,
        "reportSeat",
        "Report a seat to a moderator",
        "kept with the table and hand; no body",
        status=204,
        request=s.ReportRequest,
        errors=(
            *COMMON_ERRORS,
            401,
            Error(422, "bad_seat: your own seat, or a computer's"),
            Error(429, f"too_many: {REPORTS_PER_DAY} reports a day"),
        ),
        security=SEAT,
    ),
)
