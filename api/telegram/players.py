"""The player linked to a Telegram user: the one seam between api/telegram and the players
of issue 14 (api/players).

An index item per Telegram user, ``tgplayer~<telegram id>`` (a side item, see :mod:`.items`),
names the player; the player itself is an ordinary one (api/players/accounts.py) carrying the
Telegram id, and each launch of the mini app gets a new token of it, valid for
``Authorization: Bearer`` on /api/players/me and for ``X-Istaka-Player`` on create and join.
Two first launches at once both make a player, but only one is linked (the index item is
written only where there is none): the other stays unused, unseen by anyone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..names import MAX_NAME, clean_name
from ..players.accounts import create_player, get_player, issue_token
from ..service import Service
from ..store.base import VersionConflict
from . import items
from .items import Item

PLAYER_PREFIX = "tgplayer~"
FALLBACK_NAME = "Player"  # a first name that cleans to nothing usable (only emoji joiners, ...)


@dataclass(frozen=True)
class LinkedPlayer:
    player_id: str
    token: str = field(repr=False)
    name: str


def telegram_name(first_name: str) -> str:
    """The Telegram first name, cleaned by the seats' rules (api/names.py), cut to fit.

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
    service: Service, telegram_id: int, first_name: str
) -> LinkedPlayer:
    """The player linked to ``telegram_id``, created with ``first_name`` on first use, and a
    new token of it."""
    store, key = service.store, f"{PLAYER_PREFIX}{telegram_id}"
    linked, _rev = items.read(store, key)
    if linked is not None and (found := _with_new_token(service, str(linked["p"]))):
        return found
    name = telegram_name(first_name)
    made, token = create_player(
        store, service.clock.now_ms() // 1000, name, telegram_id=telegram_id
    )
    stale = str(linked["p"]) if linked is not None else None
    winner = items.update(store, key, _link_to(made.player_id, name, stale))
    if winner is not None and winner["p"] == made.player_id:
        return LinkedPlayer(made.player_id, token, name)
    # Another launch linked its player first: that one is the user's.
    found = _with_new_token(service, str(winner["p"])) if winner is not None else None
    if found is None:
        raise VersionConflict(f"no player could be linked to Telegram user {telegram_id}")
    return found


def _with_new_token(service: Service, player_id: str) -> LinkedPlayer | None:
    player = get_player(service.store, player_id)
    token = issue_token(service.store, player_id) if player is not None else None
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
