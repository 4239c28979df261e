"""Players at the store level: make one, find one by its token, change one safely.

These are the functions other parts of the API build on (the HTTP routes here, the
credit after a hand, and the Telegram login, which finds or makes the player linked to a
Telegram user and gives its device a token with :func:`issue_token`). None of them knows
about HTTP: they raise :class:`~api.store.base.StoreBusy` when the store cannot answer and
:class:`~api.store.base.VersionConflict` when a player keeps changing under a write.

A player token is ``<player id>.<secret>``: the id says which item to read, the secret
(256 random bits) proves the holder may use it. Only a hash of the whole token is stored
(:func:`api.auth.token_hash`, as for seat tokens), so a leaked item gives no one a player.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from ..auth import match_token, new_token, token_hash
from ..store.base import PlayerItems, StoredPlayer, VersionConflict
from .model import PLAYER_ID, Player, player_key

WRITE_ATTEMPTS = 5
MAX_TOKEN = 128  # as api.auth.bearer_token accepts


def new_player_id() -> str:
    # 48 random bits: a player id is no secret (the token is), only a key, and a taken one
    # is drawn again (create_player). 8 characters keep four of them in a table item small.
    return secrets.token_urlsafe(6)


def token_player_id(token: str) -> str | None:
    """The player id a token names, ``None`` if it is not shaped like a player token."""
    player_id, dot, secret = token.partition(".")
    if not dot or not secret or len(token) > MAX_TOKEN or not PLAYER_ID.fullmatch(player_id):
        return None
    if not (secret.isascii() and secret.isprintable()):  # hashed next: ASCII only
        return None
    return player_id


def create_player(
    store: PlayerItems,
    now_s: int,
    name: str,
    *,
    telegram_id: int | None = None,
    secret: str | None = None,
) -> tuple[Player, str]:
    """A new player named ``name`` (already cleaned: :func:`api.names.clean_name`) and its
    first token, the only time that token is known in the clear (its secret part drawn,
    or ``secret`` when given)."""
    for _ in range(3):
        player_id = new_player_id()
        token = f"{player_id}.{secret or new_token()}"
        player = Player(player_id, 1, name, [token_hash(token)], now_s, telegram_id=telegram_id)
        try:
            store.put_player(StoredPlayer(player_key(player_id), 1, player.to_json()), None)
        except VersionConflict:
            continue  # an id taken already (48 random bits): draw another
        return player, token
    raise VersionConflict("could not allocate a player id")


def get_player(store: PlayerItems, player_id: str) -> Player | None:
    """The player with this id, read consistently, or ``None``."""
    if not PLAYER_ID.fullmatch(player_id):
        return None
    item = store.get_player(player_key(player_id))
    return Player.from_json(player_id, item.rev, item.data) if item else None


def player_by_token(store: PlayerItems, token: str) -> Player | None:
    """The player whose token this is, ``None`` for an unknown or malformed token.

    The hashes are compared in constant time (:func:`api.auth.match_token`)."""
    player_id = token_player_id(token)
    if player_id is None:
        return None
    player = get_player(store, player_id)
    if player is None or match_token(token, player.tokens) is None:
        return None
    return player


def update_player(
    store: PlayerItems, player_id: str, change: Callable[[Player], bool]
) -> Player | None:
    """Read the player, apply ``change`` (it returns whether it changed anything) and write
    it back if nobody wrote in between; else read again, a few times. ``None``: no such
    player. The player as it is now is returned."""
    for _ in range(WRITE_ATTEMPTS):
        player = get_player(store, player_id)
        if player is None:
            return None
        expected = player.rev
        if not change(player):
            return player
        player.rev = expected + 1
        try:
            store.put_player(
                StoredPlayer(player_key(player_id), player.rev, player.to_json()), expected
            )
        except VersionConflict:
            continue
        return player
    raise VersionConflict(f"player {player_id} keeps changing")


def issue_token(store: PlayerItems, player_id: str, secret: str | None = None) -> str | None:
    """A new token for an existing player (another device, a Telegram login); ``None``: no
    such player. The oldest of its tokens goes past :data:`~api.players.model.MAX_TOKENS`.
    With ``secret`` the token is ``<id>.<secret>``, and one the player holds already is
    answered again without a write (so a repeated login revokes nothing)."""
    token = f"{player_id}.{secret or new_token()}"
    hashed = token_hash(token)

    def add(player: Player) -> bool:
        if hashed in player.tokens:
            return False
        player.add_token(hashed)
        return True

    return token if update_player(store, player_id, add) is not None else None


def rename(store: PlayerItems, player_id: str, name: str) -> Player | None:
    def change(player: Player) -> bool:
        if player.name == name:
            return False
        player.name = name
        return True

    return update_player(store, player_id, change)
