"""The OpenAPI 3 document, built from the marshmallow schemas so it cannot drift from them."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from . import schemas as s
from .levels import LevelRequest
from .looking import AwayRequest
from .players import schemas as player_s
from .push import schemas as push_s
from .status import MAX_STATUS_TABLES
from .telegram import schemas as tg

ERRORS = {
    "400": ("malformed request or action", s.ErrorSchema),
    "401": ("missing or unknown token", s.ErrorSchema),
    "403": ("the token may not do this", s.ErrorSchema),
    "404": ("no such table", s.ErrorSchema),
    "409": ("conflict", s.ErrorSchema),
    "422": ("refused by the rules", s.ErrorSchema),
    "503": ("busy; retry", s.ErrorSchema),
}

RETRY_AFTER: dict[str, Any] = {
    "description": "seconds to wait before repeating the request",
    "required": True,
    "schema": {"type": "integer", "minimum": 1},
}


def _responses(ok: str, schema: Any, *codes: str, status: str = "200") -> dict[str, Any]:
    out: dict[str, Any] = {
        status: {"description": ok, "content": {"application/json": {"schema": schema}}}
    }
    for code in ("400", "404", "503", *codes):
        text, err = ERRORS[code]
        out[code] = {"description": text, "content": {"application/json": {"schema": err}}}
    out["503"]["headers"] = {"Retry-After": dict(RETRY_AFTER)}
    return out


def _no_content(*codes: str) -> dict[str, Any]:
    """A 204 answer and the errors ``_responses`` adds."""
    out = _responses("done; no body", {}, *codes, status="204")
    del out["204"]["content"]
    return out


def _body(schema: Any) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": schema}}}


TABLE_ID: dict[str, Any] = {
    "name": "id",
    "in": "path",
    "required": True,
    "schema": {"type": "string"},
}
SECURE: list[dict[str, list[str]]] = [{"seat": []}]
PLAYER_OPTIONAL: list[dict[str, list[str]]] = [{}, {"tablePlayer": []}]
PLAYER_LINK = (
    "With X-Istaka-Player: <player token>, the seat is linked to that player, whose name "
    "it takes unless the body names another; hands played there earn the player candy "
    "and stats. An unknown player token is 401 bad_player."
)
OPEN: list[dict[str, list[str]]] = [{}, {"seat": []}]
# A view is classic's or 101's, by its "variant" (api/schemas.py dump_view).
VIEW: dict[str, Any] = {
    "oneOf": [{"$ref": "#/components/schemas/View"}, {"$ref": "#/components/schemas/View101"}]
}
# A view's caching headers (api/pace.py, api/play.py): on 200s and 304s alike.
VIEW_HEADERS: dict[str, Any] = {
    "ETag": {
        "description": "a digest of exactly this view: send it back in If-None-Match",
        "required": True,
        "schema": {"type": "string"},
    },
    "Cache-Control": {
        "description": "a seat's view: private, no-store. A spectator's (no token): public, "
        "max-age=1 on a live table, max-age=15 on a relaxed one",
        "required": True,
        "schema": {"type": "string"},
    },
}


@lru_cache(maxsize=1)
def document() -> dict[str, Any]:
    # apispec is only needed to serve this document: import it here, off the hot path.
    from apispec import APISpec
    from apispec.ext.marshmallow import MarshmallowPlugin

    plugin = MarshmallowPlugin()
    spec = APISpec(
        title="Istaka",
        version="1.0.0",
        openapi_version="3.0.3",
        plugins=[plugin],
        info={"description": "Okey tables for the browser. Errors are {error: {code, message}}."},
    )
    spec.components.security_scheme("seat", {"type": "http", "scheme": "bearer"})
    spec.components.security_scheme("player", {"type": "http", "scheme": "bearer"})
    # Create and join take the player's token in a header of its own, so it never mixes
    # with a seat token (api/players/requests.py).
    spec.components.security_scheme(
        "tablePlayer", {"type": "apiKey", "in": "header", "name": "X-Istaka-Player"}
    )
    spec.components.schema("View", schema=s.ViewSchema)
    spec.components.schema("View101", schema=s.View101Schema)

    def view_field(_converter: Any, field: Any, **_kwargs: Any) -> dict[str, Any]:
        return dict(VIEW) if isinstance(field, s.ViewField) else {}

    converter: Any = plugin.converter  # apispec leaves this untyped
    converter.add_attribute_function(view_field)
    spec.path(
        path="/api/tables",
        operations={
            "post": {
                "operationId": "createTable",
                "description": PLAYER_LINK,
                "security": PLAYER_OPTIONAL,
                "requestBody": _body(s.CreateTableRequest),
                "responses": _responses(
                    "table created", s.CreateTableResponse, "401", status="201"
                ),
            }
        },
    )
    view_responses = _responses("the seat's view", VIEW, "401", "403")
    view_responses["200"]["headers"] = dict(VIEW_HEADERS)
    spec.components.schema("TableStatus", schema=s.TableStatusSchema)
    spec.components.schema("TableStatusError", schema=s.TableStatusErrorSchema)
    # Never 404: an unknown table is an error inside its entry.
    statuses = _responses(
        "one entry per table asked about, in order",
        {
            "type": "object",
            "required": ["now", "tables"],
            "properties": {
                "now": {"type": "integer", "description": "server clock, epoch ms"},
                "tables": {
                    "type": "array",
                    "items": {
                        "oneOf": [
                            {"$ref": "#/components/schemas/TableStatus"},
                            {"$ref": "#/components/schemas/TableStatusError"},
                        ]
                    },
                },
            },
        },
    )
    del statuses["404"]
    spec.path(
        path="/api/tables/status",
        operations={
            "post": {
                "operationId": "tableStatuses",
                "description": (
                    "Whose turn, time left and last move of up to "
                    f"{MAX_STATUS_TABLES} tables, each with its seat token; one read, "
                    "no write. An entry that cannot be answered (unknown or expired table, "
                    "a token that holds no seat there, an unreadable record, the store busy "
                    "for that table) is an error for that entry only. More than "
                    f"{MAX_STATUS_TABLES} entries is 400 too_many_tables."
                ),
                "requestBody": _body(
                    {
                        "type": "array",
                        "maxItems": MAX_STATUS_TABLES,
                        "items": s.StatusEntryRequest,
                    }
                ),
                "responses": statuses,
            }
        },
    )
    spec.path(
        path="/api/tables/{id}",
        parameters=[TABLE_ID],
        operations={
            "get": {
                "operationId": "getView",
                "security": OPEN,
                "parameters": [
                    {"in": "query", "schema": s.ViewQuery},
                    {"name": "If-None-Match", "in": "header", "schema": {"type": "string"}},
                ],
                "responses": {
                    **view_responses,
                    "304": {
                        "description": "unchanged since the ETag given",
                        "headers": dict(VIEW_HEADERS),
                    },
                },
            }
        },
    )
    spec.path(
        path="/api/tables/{id}/join",
        parameters=[TABLE_ID],
        operations={
            "post": {
                "operationId": "joinTable",
                "description": PLAYER_LINK
                + " A player who holds a seat at the table already is 409 already_seated.",
                "security": PLAYER_OPTIONAL,
                "requestBody": _body(s.JoinRequest),
                "responses": _responses("seat taken", s.JoinResponse, "403", "409"),
            }
        },
    )
    spec.path(
        path="/api/tables/{id}/start",
        parameters=[TABLE_ID],
        operations={
            "post": {
                "operationId": "startTable",
                "security": SECURE,
                "requestBody": {**_body(s.StartRequest), "required": False},
                "responses": _responses("started", VIEW, "401", "403", "409"),
            }
        },
    )
    spec.path(
        path="/api/tables/{id}/seats/{n}/bot",
        parameters=[
            TABLE_ID,
            {"name": "n", "in": "path", "required": True, "schema": {"type": "integer"}},
        ],
        operations={
            "post": {
                "operationId": "seatToBot",
                "security": SECURE,
                "requestBody": {**_body(s.BotSeatRequest), "required": False},
                "responses": _responses(
                    "the seat is a computer now", VIEW, "401", "403", "409", "422"
                ),
            }
        },
    )
    spec.path(
        path="/api/tables/{id}/actions",
        parameters=[TABLE_ID],
        operations={
            "post": {
                "operationId": "act",
                "security": SECURE,
                "requestBody": _body(s.ActionRequest),
                "responses": {
                    **_responses("applied; computer turns played", VIEW, "401", "403", "422"),
                    "409": {
                        "description": "stale expected_version; the body has the current view",
                        "content": {"application/json": {"schema": s.StaleErrorSchema}},
                    },
                },
            }
        },
    )
    spec.path(
        path="/api/tables/{id}/rack",
        parameters=[TABLE_ID],
        operations={
            "put": {
                "operationId": "saveRack",
                "security": SECURE,
                "requestBody": _body(s.RackRequest),
                "responses": _responses("saved", s.RackResponse, "401", "403", "422"),
            }
        },
    )
    spec.path(
        path="/api/tables/{id}/away",
        parameters=[TABLE_ID],
        operations={
            "post": {
                "operationId": "stoppedLooking",
                "description": (
                    "A tab's beacon (navigator.sendBeacon) that its player stopped looking: "
                    "the token's seats get pushes at once. The token is in the body, since "
                    "a beacon sets no header; the body is JSON whatever its content type."
                ),
                "requestBody": {
                    "required": True,
                    "content": {
                        "text/plain": {"schema": AwayRequest},
                        "application/json": {"schema": AwayRequest},
                    },
                },
                "responses": _no_content("401", "403"),
            }
        },
    )
    spec.path(
        path="/api/tables/{id}/level",
        parameters=[TABLE_ID],
        operations={
            "put": {
                "operationId": "setComputerLevel",
                "description": (
                    "Every computer seat plays at this level from its next move; only at a "
                    "table where every other seat is a computer (422 not_against_computer), "
                    "not once the match is over (422 match_over). Answers the caller's view."
                ),
                "security": SECURE,
                "requestBody": _body(LevelRequest),
                "responses": _responses("the caller's view", VIEW, "401", "422"),
            }
        },
    )
    spec.path(
        path="/api/tables/{id}/arrangement",
        parameters=[TABLE_ID],
        operations={
            "get": {
                "operationId": "arrangement",
                "security": SECURE,
                "parameters": [{"in": "query", "schema": s.ArrangementQuery}],
                "responses": _responses(
                    "a layout of the rack", s.ArrangementResponse, "401", "403", "422"
                ),
            }
        },
    )
    spec.path(
        path="/api/tables/{id}/hands/{number}",
        parameters=[
            TABLE_ID,
            {
                "name": "number",
                "in": "path",
                "required": True,
                "schema": {"type": "string", "pattern": "^[0-9]{1,3}$"},
            },
        ],
        operations={
            "get": {
                "operationId": "finishedHand",
                "security": OPEN,
                "responses": _responses("a finished hand, as a spectator sees it", VIEW),
            }
        },
    )
    spec.path(
        path="/api/push/key",
        operations={
            "get": {
                "operationId": "pushKey",
                "description": "The VAPID public key to subscribe with (applicationServerKey).",
                "responses": {
                    "200": {
                        "description": "the server's public key",
                        "content": {"application/json": {"schema": push_s.PushKeyResponse}},
                    }
                },
            }
        },
    )
    spec.path(
        path="/api/tables/{id}/push",
        parameters=[TABLE_ID],
        operations={
            "put": {
                "operationId": "subscribePush",
                "description": (
                    "Push notifications for the seat on this device: one subscription per "
                    "seat and endpoint (the same endpoint replaces it), at most 5 per seat "
                    "(the oldest goes). Codes: bad_subscription, bad_push_endpoint."
                ),
                "security": SECURE,
                "requestBody": _body(push_s.PushRequest),
                "responses": _no_content("401", "403"),
            },
            "delete": {
                "operationId": "unsubscribePush",
                "description": "No more pushes to this device's endpoint, or to any of the seat's.",
                "security": SECURE,
                "requestBody": {**_body(push_s.PushDeleteRequest), "required": False},
                "responses": _no_content("401", "403"),
            },
        },
    )
    me_responses = _responses("the player's balance and stats", player_s.PlayerResponse, "401")
    del me_responses["404"]
    created = _responses("a new player", player_s.PlayerCreatedResponse, status="201")
    del created["404"]
    spec.path(
        path="/api/players",
        operations={
            "post": {
                "operationId": "createPlayer",
                "description": (
                    "An anonymous player for this device: no sign-up. Keep the token; it "
                    "is shown only here. Without a name, a generated one in `lang`."
                ),
                "requestBody": {**_body(player_s.PlayerRequest), "required": False},
                "responses": created,
            }
        },
    )
    spec.path(
        path="/api/players/me",
        operations={
            "get": {
                "operationId": "getMe",
                "description": (
                    "The player's name, candy (balance, earned this UTC day, the daily "
                    "limit), stats per variant and the tables credited most recently. "
                    "Credits come a moment after a hand ends (api/players/stream.py)."
                ),
                "security": [{"player": []}],
                "responses": me_responses,
            },
            "patch": {
                "operationId": "renameMe",
                "description": "A new name, under the rules of seat names (400 bad_name).",
                "security": [{"player": []}],
                "requestBody": _body(player_s.RenameRequest),
                "responses": me_responses,
            },
        },
    )
    _telegram_paths(spec)
    spec.path(
        path="/api/openapi.json",
        operations={
            "get": {
                "operationId": "openapi",
                "responses": {"200": {"description": "this document"}},
            }
        },
    )
    document: dict[str, Any] = spec.to_dict()
    return document


TELEGRAM_OFF = "Every Telegram route answers 404 telegram_off when no bot token is set."


def _telegram_paths(spec: Any) -> None:
    """The mini app's and the bot's routes (api/routes/telegram.py)."""
    bad_init = {"description": "bad_init_data: not signed by the bot, or over 24 hours old"}
    player = _responses("the player linked to the Telegram user", tg.TelegramPlayerResponse)
    spec.path(
        path="/api/players/telegram",
        operations={
            "post": {
                "operationId": "telegramPlayer",
                "description": (
                    "The player linked to the Telegram user the init data names, made on "
                    "first use with the Telegram first name (cleaned as seat names are). "
                    "With X-Istaka-Player, the device's own player is the one linked on first "
                    "use (unless another Telegram user has it), and keeps its token; an "
                    "unknown token there is ignored. "
                    "Nothing is created for init data that is refused. " + TELEGRAM_OFF
                ),
                "security": PLAYER_OPTIONAL,
                "requestBody": _body(tg.TelegramPlayerRequest),
                "responses": {**player, "401": _error(bad_init["description"])},
            }
        },
    )
    spec.path(
        path="/api/players/telegram/notifications",
        operations={
            "put": {
                "operationId": "telegramNotifications",
                "description": (
                    "Turn the bot's your-turn and reminder messages off or on for the "
                    "Telegram user (the bot's /quiet and /notify do the same). " + TELEGRAM_OFF
                ),
                "requestBody": _body(tg.TelegramNotificationsRequest),
                "responses": {
                    **_responses("the switch as it is now", tg.TelegramNotificationsResponse),
                    "401": _error(bad_init["description"]),
                },
            }
        },
    )
    spec.path(
        path="/api/tables/{id}/telegram",
        parameters=[TABLE_ID],
        operations={
            "put": {
                "operationId": "linkTelegram",
                "description": (
                    "The bot messages the Telegram user of the init data when it is this "
                    "seat's turn (and with the reminder), in ``lang`` or the user's Telegram "
                    "language. The seat token is checked first, then the init data. " + TELEGRAM_OFF
                ),
                "security": SECURE,
                "requestBody": _body(tg.TelegramSeatRequest),
                "responses": _no_content("401", "403"),
            }
        },
    )
    spec.path(
        path="/api/telegram/webhook",
        operations={
            "post": {
                "operationId": "telegramWebhook",
                "description": (
                    "Telegram's updates (setWebhook with secret_token). Refused with 401 "
                    "bad_webhook_secret unless X-Telegram-Bot-Api-Secret-Token is the "
                    "webhook's secret; otherwise always 200, whatever the update. /start "
                    "[<table id>[_<invite code>]] answers with a button opening the mini app "
                    "there; /quiet and /notify switch the turn messages. " + TELEGRAM_OFF
                ),
                "parameters": [
                    {
                        "name": "X-Telegram-Bot-Api-Secret-Token",
                        "in": "header",
                        "required": True,
                        "schema": {"type": "string"},
                    }
                ],
                "requestBody": _body({"type": "object", "description": "a Telegram Update"}),
                "responses": {
                    **_responses("taken", tg.WebhookResponse),
                    "401": _error("bad_webhook_secret"),
                },
            }
        },
    )


def _error(text: str) -> dict[str, Any]:
    return {"description": text, "content": {"application/json": {"schema": s.ErrorSchema}}}
