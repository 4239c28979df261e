"""The player linked to a Telegram user: the one seam between api/telegram and the players
(api/players).

An index item per Telegram user, ``tgplayer~<telegram id>`` (a side item, see :mod:`.items`),
names the player; the player itself is an ordinary one (api/players/accounts.py) carrying the
Telegram id, and each launch of the mini app gets a new token of it, valid for
``Authorization: Bearer`` on /api/players/me and for ``X-Istaka-Player`` on create and join.
Two first launches at once both make a player, but only one is linked (the index item is
written only where there is none): the other stays unused, unseen by anyone.

A first launch on a device that already plays in the browser brings that player along
(its token ``device_token``, sent as ``X-Istaka-Player``): the device keeps one player, with
its candy and stats, in both places. Only a player not yet given to a Telegram user is taken
so. A launch on a device that holds a token of the linked player keeps that token: a player
keeps only its last few tokens, and a new one each launch would soon push out the browser's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from api.players.accounts import (
    create_player,
    get_player,
    issue_token,
    player_by_token,
    touch,
    update_player,
)
from api.players.model import Player
from api.store.base import VersionConflict
from api.tables.names import MAX_NAME, clean_name
from api.tables.service import Service
from api.telegram import items
from api.telegram.items import Item

PLAYER_PREFIX = "tgplayer~"
FALLBACK_NAME = "Player"  # a first name that cleans to nothing usable (only emoji joiners, ...)


@dataclass(frozen=True)
class LinkedPlayer:
    player_id: str
    token: str = field(repr=False)
    name: str


def telegram_name(first_name: str) -> str:
    """The Telegram first name, cleaned by the seats' rules (api/tables/names.py), cut to fit.

    >>> telegram_name("  Ayşe  ")
    'Ayşe'
    >>> telegram_name("Computer")
    'Player'
    >>> len(telegram_name("Bartholomew-Maximilian Alexander"))
    24
    """
    text = " ".join(first_name.split())
    # Too long as it stands: the same name cut (Telegram allows 64 characters, seats 24).
    for candidate in (text, text[:MAX_NAME]):
        try:
            return clean_name(candidate)
        except ValueError:
            continue
    return FALLBACK_NAME


def find_or_create_player_for_telegram(
    service: Service,
    telegram_id: int,
    first_name: str,
    device_token: str | None = None,
    secret: str | None = None,
) -> LinkedPlayer:
    """The player linked to ``telegram_id`` and a token of it: the device's own if it
    holds one, else the one ``secret`` makes (the same for the same launch data: a replay
    adds no token), else a new one. On first use the player is the device's where it is
    free to take, else a new player named ``first_name``."""
    store, key = service.store, f"{PLAYER_PREFIX}{telegram_id}"
    now_s = service.clock.now_ms() // 1000
    device_player = player_by_token(store, device_token, now_s) if device_token else None
    linked, _rev = items.read(store, key)
    if linked is not None and device_player is not None and device_player.player_id == linked["p"]:
        assert device_token is not None
        touch(store, device_player, now_s)  # a use: the TTL of a player yet to play moves on
        return LinkedPlayer(device_player.player_id, device_token, device_player.name)
    if linked is not None and (found := _with_new_token(service, str(linked["p"]), secret)):
        return found
    taken = _take(service, device_player, telegram_id) if device_player is not None else None
    token: str | None
    if taken is not None:
        player_id, name, token = taken.player_id, taken.name, device_token
    else:
        name = telegram_name(first_name)
        made, token = create_player(
            store, service.clock.now_ms() // 1000, name, telegram_id=telegram_id, secret=secret
        )
        player_id = made.player_id
    stale = str(linked["p"]) if linked is not None else None
    winner = items.update(store, key, _link_to(player_id, name, stale))
    if winner is not None and winner["p"] == player_id and token is not None:
        return LinkedPlayer(player_id, token, name)
    # Another launch linked its player first: that one is the user's.
    found = _with_new_token(service, str(winner["p"]), secret) if winner is not None else None
    if found is None:
        raise VersionConflict(f"no player could be linked to Telegram user {telegram_id}")
    return found


def _take(service: Service, player: Player, telegram_id: int) -> Player | None:
    """``player`` marked as the Telegram user's, unless another Telegram user has it."""

    def mark(current: Player) -> bool:
        if current.telegram_id is not None:
            return False
        current.telegram_id = telegram_id
        return True

    now = update_player(service.store, player.player_id, mark, service.clock.now_ms() // 1000)
    return now if now is not None and now.telegram_id == telegram_id else None


def _with_new_token(
    service: Service, player_id: str, secret: str | None = None
) -> LinkedPlayer | None:
    now_s = service.clock.now_ms() // 1000
    player = get_player(service.store, player_id, now_s)
    token = issue_token(service.store, player_id, secret, now_s) if player is not None else None
    if player is None or token is None:
        return None  # gone (expired): the caller links a new one
    return LinkedPlayer(player_id, token, player.name)


def _link_to(player_id: str, name: str, stale: str | None) -> Callable[[Item | None], Item | None]:
    """Link the user to ``player_id`` where there is no link yet, or where it named the
    player ``stale``, now gone; a link another launch wrote meanwhile stays."""

    def link(found: Item | None) -> Item | None:
        if found is None or (stale is not None and found.get("p") == stale):
            return {"p": player_id, "n": name}
        return None

    return link
