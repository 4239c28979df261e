"""Players at the store level: make one, find one by its token, change one safely.

These are the functions other parts of the API build on (the HTTP routes here, the
credit after a hand, and the Telegram login, which finds or makes the player linked to a
Telegram user and gives its device a token with :func:`issue_token`). None of them knows
about HTTP: they raise :class:`~api.store.base.StoreBusy` when the store cannot answer and
:class:`~api.store.base.VersionConflict` when a player keeps changing under a write.

A player token is ``<player id>.<secret>``: the id says which item to read, the secret
(256 random bits) proves the holder may use it. Only a hash of the whole token is stored
(:func:`api.web.auth.token_hash`, as for seat tokens), so a leaked item gives no one a player.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from api.players.model import PLAYER_ID, Player, player_key
from api.store.base import StoreBusy, StoredPlayer, VersionConflict
from api.store.items import Store
from api.web.auth import match_token, new_token, token_hash

WRITE_ATTEMPTS = 5
MAX_TOKEN = 128  # as api.web.auth.bearer_token accepts


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
    store: Store,
    now_s: int,
    name: str,
    *,
    telegram_id: int | None = None,
    secret: str | None = None,
) -> tuple[Player, str]:
    """A new player named ``name`` (already cleaned: :func:`api.tables.names.clean_name`) and its
    first token, the only time that token is known in the clear (its secret part drawn,
    or ``secret`` when given)."""
    for _ in range(3):
        player_id = new_player_id()
        token = f"{player_id}.{secret or new_token()}"
        player = Player(player_id, 1, name, [token_hash(token)], now_s, telegram_id=telegram_id)
        player.expires_at = player.expiry(now_s)  # never played yet: 90 days unless seen
        item = StoredPlayer(player_key(player_id), 1, player.to_json(), player.expires_at)
        try:
            store.put_player(item, None)
        except VersionConflict:
            continue  # an id taken already (48 random bits): draw another
        return player, token
    raise VersionConflict("could not allocate a player id")


def get_player(store: Store, player_id: str, now_s: int | None = None) -> Player | None:
    """The player with this id, read consistently, or ``None``; with ``now_s``, also
    ``None`` for one past its TTL (DynamoDB deletes expired items up to days late)."""
    if not PLAYER_ID.fullmatch(player_id):
        return None
    item = store.get_player(player_key(player_id))
    if item is None:
        return None
    if now_s is not None and item.expires_at is not None and item.expires_at <= now_s:
        return None
    player = Player.from_json(player_id, item.rev, item.data)
    player.expires_at = item.expires_at
    return player


def player_by_token(store: Store, token: str, now_s: int | None = None) -> Player | None:
    """The player whose token this is, ``None`` for an unknown or malformed token (and,
    with ``now_s``, an expired player's).

    The hashes are compared in constant time (:func:`api.web.auth.match_token`)."""
    player_id = token_player_id(token)
    if player_id is None:
        return None
    player = get_player(store, player_id, now_s)
    if player is None or match_token(token, player.tokens) is None:
        return None
    return player


def update_player(
    store: Store,
    player_id: str,
    change: Callable[[Player], bool],
    now_s: int | None = None,
    *,
    alive_at: int | None = None,
) -> Player | None:
    """Read the player, apply ``change`` (it returns whether it changed anything) and write
    it back if nobody wrote in between; else read again, a few times. ``None``: no such
    player. The player as it is now is returned.

    The write carries the player's TTL (:meth:`Player.expiry`): dropped once it has
    played, else moved on to 90 days after ``now_s`` (a use), or kept as it was when the
    caller has no clock (the credit after a hand).

    A player past its TTL at ``now_s`` (or ``alive_at``, the clock of a caller that keeps the
    TTL as it is) is no player: nothing is written, so nothing brings it back."""
    for _ in range(WRITE_ATTEMPTS):
        player = get_player(store, player_id, now_s if now_s is not None else alive_at)
        if player is None:
            return None
        expected = player.rev
        if not change(player):
            return player
        player.rev = expected + 1
        player.expires_at = player.expiry(now_s)
        item = StoredPlayer(player_key(player_id), player.rev, player.to_json(), player.expires_at)
        try:
            store.put_player(item, expected)
        except VersionConflict:
            continue
        return player
    raise VersionConflict(f"player {player_id} keeps changing")


def issue_token(
    store: Store, player_id: str, secret: str | None = None, now_s: int | None = None
) -> str | None:
    """A new token for an existing player (another device, a Telegram login); ``None``: no
    such player. The oldest of its tokens goes past :data:`~api.players.model.MAX_TOKENS`.
    With ``secret`` the token is ``<id>.<secret>``, and one the player holds already is
    answered again without a write (so a repeated login revokes nothing)."""
    token = f"{player_id}.{secret or new_token()}"
    hashed = token_hash(token)

    def add(player: Player) -> bool:
        if hashed in player.tokens:  # written only to move a stale TTL on
            return now_s is not None and player.stale(now_s)
        player.add_token(hashed)
        return True

    return token if update_player(store, player_id, add, now_s) is not None else None


def touch(store: Store, player: Player, now_s: int) -> Player:
    """``player`` seen at ``now_s``: its TTL moved on if a day has passed since it last was
    (one conditional write), else nothing written. Never fails a request: a player that
    changed meanwhile or a busy store leave the TTL for the next use."""
    if not player.stale(now_s):
        return player
    try:
        touched = update_player(store, player.player_id, lambda p: p.stale(now_s), now_s)
    except (VersionConflict, StoreBusy):
        return player
    return touched if touched is not None else player


def rename(store: Store, player_id: str, name: str, now_s: int | None = None) -> Player | None:
    def change(player: Player) -> bool:
        if player.name == name:
            return False
        player.name = name
        return True

    return update_player(store, player_id, change, now_s)
