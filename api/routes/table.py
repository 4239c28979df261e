"""The route table: every HTTP operation of the API, each declared once.

:func:`register` puts each on the router (api/handler.py serves it) and
api/openapi.py builds the document's paths from the same entries, so the two
cannot drift. To add an operation: write its handler in the resource's module,
then add one :class:`Operation` here.
"""

from __future__ import annotations

from aws_lambda_powertools.event_handler.router import APIGatewayHttpRouter

from .. import schemas as s
from ..friends.nudge import NudgeRequest
from ..friends.reactions import ReactionRequest, ReactionResponse
from ..friends.rematch import RematchRequest, RematchResponse
from ..levels import LevelRequest
from ..looking import AwayRequest
from ..players import schemas as player_s
from ..push import schemas as push_s
from ..status import MAX_STATUS_TABLES
from ..telegram import schemas as tg
from . import actions, friends, levels, looking, meta, players, push, racks, tables, telegram
from .operation import (
    ANYONE,
    ANYONE_OR_PLAYER,
    ANYONE_OR_SEAT,
    COMMON_ERRORS,
    PLAYER,
    SEAT,
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
TELEGRAM_OFF = "Every Telegram route answers 404 telegram_off when no bot token is set."
BAD_INIT = Error(401, "bad_init_data: not signed by the bot, or over 24 hours old")
SEAT_NUMBER = {"type": "integer"}
HAND_NUMBER = {"type": "string", "pattern": "^[0-9]{1,3}$"}

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
        errors=(*COMMON_ERRORS, 401),
        security=ANYONE_OR_PLAYER,
        description=PLAYER_LINK,
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
        errors=(*COMMON_ERRORS, 403, 409),
        security=ANYONE_OR_PLAYER,
        description=PLAYER_LINK
        + " A player who holds a seat at the table already is 409 already_seated.",
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
    Operation(
        "post",
        "/api/tables/{table_id}/rematch",
        friends.post_rematch,
        "rematch",
        "Play again, same seats",
        "the caller's seat at the next table",
        RematchResponse,
        request=RematchRequest,
        request_required=False,
        errors=(*COMMON_ERRORS, 401, 403, Error(409, "match_not_over")),
        security=SEAT,
        description=(
            "The first call on a finished table creates the next one: same variant, "
            "options, pace, turn time and seat numbers, computers at their levels. A "
            "repeat by the same seat answers the same table, seat and token. Every other "
            "player's view of the old table, and its status entry, then carry `rematch`, "
            "and they get a `rematch` push; their own call takes their kept seat, with a "
            "new token. The next table deals when every player of the old one is in, or "
            "when the one who asked starts it. Its view carries `series`."
        ),
    ),
    Operation(
        "post",
        "/api/tables/{table_id}/reactions",
        friends.post_reaction,
        "react",
        "A reaction from the seat",
        "the caller's view, the reaction in it",
        ReactionResponse,
        request=ReactionRequest,
        errors=(
            Error(400, "bad_reaction: not one of the listed codes"),
            404,
            503,
            401,
            403,
            Error(429, "too_many_reactions: one every 2 s, 30 a hand; see Retry-After"),
        ),
        security=SEAT,
        description=(
            "One of a fixed list of codes (never free text). The views' `reactions` keep "
            "the last 10; the game `version` does not move (a move sent with the version "
            "from before the reaction still lands), the ETag does."
        ),
    ),
    Operation(
        "post",
        "/api/tables/{table_id}/nudge",
        friends.post_nudge,
        "nudge",
        "Remind the seat on turn",
        "sent; no body",
        status=204,
        request=NudgeRequest,
        request_required=False,
        errors=(
            *COMMON_ERRORS,
            401,
            Error(409, "not_relaxed (a live table), your_turn, or no_one_to_nudge"),
            Error(429, "too_soon: one nudge to a seat an hour (or a quarter turn); Retry-After"),
        ),
        security=SEAT,
        description=(
            "A `nudge` push to the seat on turn (a relaxed table, a caller not on turn). "
            "A second nudge to the same seat within an hour, or a quarter of the turn "
            "time when that is longer, is 429 too_soon."
        ),
    ),
    Operation(
        "get",
        "/api/push/key",
        push.push_key,
        "pushKey",
        "The server's Web Push key",
        "the server's public key",
        push_s.PushKeyResponse,
        errors=(),
        description="The VAPID public key to subscribe with (applicationServerKey).",
    ),
    Operation(
        "put",
        "/api/tables/{table_id}/push",
        push.put_push,
        "subscribePush",
        "Push notifications for a seat on this device",
        "done; no body",
        status=204,
        request=push_s.PushRequest,
        errors=(*COMMON_ERRORS, 401, 403),
        security=SEAT,
        description=(
            "Push notifications for the seat on this device: one subscription per "
            "seat and endpoint (the same endpoint replaces it), at most 5 per seat "
            "(the oldest goes). Codes: bad_subscription, bad_push_endpoint."
        ),
    ),
    Operation(
        "delete",
        "/api/tables/{table_id}/push",
        push.delete_push,
        "unsubscribePush",
        "No more push notifications",
        "done; no body",
        status=204,
        request=push_s.PushDeleteRequest,
        request_required=False,
        errors=(*COMMON_ERRORS, 401, 403),
        security=SEAT,
        description="No more pushes to this device's endpoint, or to any of the seat's.",
    ),
    Operation(
        "post",
        "/api/players",
        players.create,
        "createPlayer",
        "A new anonymous player",
        "a new player",
        player_s.PlayerCreatedResponse,
        status=201,
        request=player_s.PlayerRequest,
        request_required=False,
        errors=(400, 503),
        description=(
            "An anonymous player for this device: no sign-up. Keep the token; it "
            "is shown only here. Without a name, a generated one in `lang`."
        ),
    ),
    Operation(
        "get",
        "/api/players/me",
        players.read,
        "getMe",
        "The player's balance and stats",
        "the player's balance and stats",
        player_s.PlayerResponse,
        errors=(400, 503, 401),
        security=PLAYER,
        description=(
            "The player's name, candy (balance, earned this UTC day, the daily "
            "limit), stats per variant and the tables credited most recently. "
            "Credits come a moment after a hand ends (api/players/stream.py)."
        ),
    ),
    Operation(
        "patch",
        "/api/players/me",
        players.patch,
        "renameMe",
        "Rename the player",
        "the player's balance and stats",
        player_s.PlayerResponse,
        request=player_s.RenameRequest,
        errors=(400, 503, 401),
        security=PLAYER,
        description="A new name, under the rules of seat names (400 bad_name).",
    ),
    Operation(
        "post",
        "/api/players/telegram",
        telegram.telegram_player,
        "telegramPlayer",
        "The player of a Telegram user",
        "the player linked to the Telegram user",
        tg.TelegramPlayerResponse,
        request=tg.TelegramPlayerRequest,
        errors=(*COMMON_ERRORS, BAD_INIT),
        security=ANYONE_OR_PLAYER,
        description=(
            "The player linked to the Telegram user the init data names, made on "
            "first use with the Telegram first name (cleaned as seat names are). "
            "With X-Istaka-Player, the device's own player is the one linked on first "
            "use (unless another Telegram user has it), and keeps its token; an "
            "unknown token there is ignored. "
            "Nothing is created for init data that is refused. " + TELEGRAM_OFF
        ),
    ),
    Operation(
        "put",
        "/api/players/telegram/notifications",
        telegram.telegram_notifications,
        "telegramNotifications",
        "The bot's turn messages off or on",
        "the switch as it is now",
        tg.TelegramNotificationsResponse,
        request=tg.TelegramNotificationsRequest,
        errors=(*COMMON_ERRORS, BAD_INIT),
        description=(
            "Turn the bot's your-turn and reminder messages off or on for the "
            "Telegram user (the bot's /quiet and /notify do the same). " + TELEGRAM_OFF
        ),
    ),
    Operation(
        "put",
        "/api/tables/{table_id}/telegram",
        telegram.telegram_seat,
        "linkTelegram",
        "Turn messages for a seat through the bot",
        "done; no body",
        status=204,
        request=tg.TelegramSeatRequest,
        errors=(*COMMON_ERRORS, 401, 403),
        security=SEAT,
        description=(
            "The bot messages the Telegram user of the init data when it is this "
            "seat's turn (and with the reminder), in ``lang`` or the user's Telegram "
            "language. The seat token is checked first, then the init data. " + TELEGRAM_OFF
        ),
    ),
    Operation(
        "post",
        "/api/telegram/webhook",
        telegram.telegram_webhook,
        "telegramWebhook",
        "Telegram's updates for the bot",
        "taken",
        tg.WebhookResponse,
        request={"type": "object", "description": "a Telegram Update"},
        errors=(*COMMON_ERRORS, Error(401, "bad_webhook_secret")),
        headers={telegram.SECRET_HEADER: {"required": True, "schema": {"type": "string"}}},
        description=(
            "Telegram's updates (setWebhook with secret_token). Refused with 401 "
            "bad_webhook_secret unless X-Telegram-Bot-Api-Secret-Token is the "
            "webhook's secret; otherwise always 200, whatever the update. /start "
            "[<table id>[_<invite code>]] answers with a button opening the mini app "
            "there; /quiet and /notify switch the turn messages. " + TELEGRAM_OFF
        ),
    ),
    Operation(
        "get",
        "/api/openapi.json",
        meta.openapi,
        "openapi",
        "This document",
        "this document",
        errors=(),
        security=ANYONE,
    ),
)


def register(router: APIGatewayHttpRouter) -> None:
    """Route each operation to its handler."""
    for operation in OPERATIONS:
        # By call, not decorator: Powertools' decorators are untyped and would untype these.
        router.route(operation.rule, operation.method.upper())(operation.handler)
