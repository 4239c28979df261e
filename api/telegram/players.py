"""THE SEAM to the players of issue 14 ("a player, with no sign-up").

Telegram needs exactly one thing from the players part: the player linked to a
Telegram user, made on first use. That is :func:`find_or_create_player_for_telegram`,
and nothing else in api/telegram reads or writes players.

What is here is a STAND-IN, so that the Telegram part runs and is tested on its own:
one item per Telegram user (``tgplayer~<telegram id>``, in the table store's side
items, see :mod:`.items`) holding a player id and a name. It issues a fresh random
token on every call and checks none (no player endpoint exists here to check one).

When the players part is merged, replace the body of
:func:`find_or_create_player_for_telegram` with a call to the players store that
(1) finds the player whose ``telegram_id`` is this one, or creates one named ``name``
with it, atomically (two first launches at once make one player), and (2) returns a
token valid for ``Authorization: Bearer`` on /api/players/me and on create/join. The
route (api/routes/telegram.py) and its tests need no change.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from ..auth import new_token
from ..names import MAX_NAME, clean_name
from ..service import Service
from . import items

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
    """The player linked to ``telegram_id``, created with ``first_name`` on first use.

    STAND-IN: see the module's docstring for what the players store must do instead.
    """

    def create(found: items.Item | None) -> items.Item | None:
        if found is not None:
            return None
        return {"p": secrets.token_urlsafe(12), "n": telegram_name(first_name)}

    player = items.update(service.store, f"{PLAYER_PREFIX}{telegram_id}", create)
    assert player is not None
    return LinkedPlayer(str(player["p"]), new_token(), str(player["n"]))
