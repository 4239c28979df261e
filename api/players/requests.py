"""Players over HTTP: make one, read and rename "me", and the player behind a table request.

A player token travels in ``Authorization: Bearer`` on ``/api/players/me``, and in the
``X-Istaka-Player`` header on ``POST /api/tables`` and ``POST /api/tables/{id}/join``,
so it never mixes with a seat token: those two requests take none, and every other table
request takes the seat token in ``Authorization`` as before.
"""

from __future__ import annotations

import secrets
from typing import Any

from api.players.accounts import create_player, player_by_token, rename, touch
from api.players.model import DAILY_LIMIT, DAY_S, Player, Stats, utc_day
from api.store.base import StoreBusy, VersionConflict
from api.tables.names import DEFAULT_NAMES
from api.tables.service import Service
from api.web.errors import RETRY_AFTER_STORE, ApiError, busy, store_busy, unauthorized
from engine.variants import VARIANTS, rules_for

PLAYER_HEADER = "x-istaka-player"
BAD_PLAYER = "bad_player"


def generated_name(lang: str) -> str:
    """A new player's name until they choose one: "Player 4821", "Oyuncu 4821", ..."""
    template = DEFAULT_NAMES.get(lang, DEFAULT_NAMES["en"])
    return template.format(n=1000 + secrets.randbelow(9000))


def new_player(service: Service, request: dict[str, Any]) -> dict[str, Any]:
    name = request.get("name") or generated_name(request["lang"])
    try:
        player, token = create_player(service.store, service.clock.now_ms() // 1000, name)
    except StoreBusy as err:
        raise store_busy(err) from err
    except VersionConflict as err:
        raise busy("could not allocate a player id; try again") from err
    return {"player_id": player.player_id, "token": token, "name": player.name}


def _find(service: Service, token: str) -> Player | None:
    """The token's player, unless unknown or expired; a use, so its TTL moves on (at most
    one write a day: api/players/model.py)."""
    now_s = service.clock.now_ms() // 1000
    try:
        player = player_by_token(service.store, token, now_s)
    except StoreBusy as err:
        raise store_busy(err) from err
    return touch(service.store, player, now_s) if player is not None else None


def me(service: Service, token: str | None) -> Player:
    """The player a ``/api/players/me`` request speaks for; 401 without a known token."""
    if token is None:
        raise unauthorized("a player token is required (Authorization: Bearer <player token>)")
    player = _find(service, token)
    if player is None:
        raise unauthorized("this player token is unknown")
    return player


def table_player(service: Service, token: str | None) -> Player | None:
    """The player a create or join is made for (``X-Istaka-Player``), ``None`` without the
    header; 401 ``bad_player`` for a token that names no player."""
    if token is None:
        return None
    player = _find(service, token.strip())
    if player is None:
        raise ApiError(401, BAD_PLAYER, "the X-Istaka-Player token names no player")
    return player


def renamed(service: Service, player: Player, name: str) -> Player:
    try:
        now_s = service.clock.now_ms() // 1000
        changed = rename(service.store, player.player_id, name, now_s)
    except StoreBusy as err:
        raise store_busy(err) from err
    except VersionConflict as err:
        raise busy("the player is busy; try again", RETRY_AFTER_STORE) from err
    if changed is None:  # expired between the read and the write
        raise unauthorized("this player token is unknown")
    return changed


def _stats(stats: Stats, variant: str) -> dict[str, Any]:
    out: dict[str, Any] = {
        "hands_played": stats.hands,
        "hands_won": stats.hands_won,
        "matches_played": stats.matches,
        "matches_won": stats.matches_won,
        "streak": stats.streak,
        "best_streak": stats.best_streak,
        "pairs_finishes": stats.pairs_finishes,
        "okey_finishes": stats.okey_finishes,
    }
    rules = rules_for(variant)
    for key in rules.stats_keys if rules else ():  # the variant's own (101: best_hand)
        out[key] = getattr(stats, key)
    return out


def describe(player: Player, now_ms: int) -> dict[str, Any]:
    """What ``GET /api/players/me`` answers: the player's own, nothing of anyone else's."""
    day = utc_day(now_ms // 1000)
    return {
        "player_id": player.player_id,
        "name": player.name,
        "candy": player.candy,
        "candy_today": player.earned_on(day),
        "daily_limit": DAILY_LIMIT,
        "day_ends": (day + 1) * DAY_S * 1000,
        "stats": {v: _stats(player.stats.get(v) or Stats(), v) for v in VARIANTS},
        "games": [
            {
                "table_id": c.table_id,
                "hand": c.hand,
                "candy": c.candy,
                "game_candy": c.game_candy,
                "at": c.at * 1000,
                "why": c.why,
            }
            for c in reversed(player.credits)
        ],
    }
