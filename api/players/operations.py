"""The HTTP operations of anonymous players: create, read, stats."""

from __future__ import annotations

from api.players import routes as players
from api.players import schemas as player_s
from api.web.operation import (
    PLAYER,
    Operation,
)

OPERATIONS: tuple[Operation, ...] = (
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
        errors=(400, 429, 503),
        description=(
            "An anonymous player for this device: no sign-up. Keep the token; it "
            "is shown only here. Without a name, a generated one in `lang`. At most 20 "
            "an hour per client address (ISTAKA_PLAYER_CREATE_LIMIT): then 429 too_many "
            "with Retry-After. A player that never plays expires 90 days after its last use."
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
)
