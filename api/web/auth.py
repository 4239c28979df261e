"""Seat tokens: 256-bit random secrets that the server keeps only as hashes
(a join sent with a request id gets a 256-bit HMAC instead, so a retry can be
answered with the same token: see ``join_token``).

A leaked store item therefore gives no one a seat. Hashes are truncated to
128 bits (still far beyond guessing) to keep the item small.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Mapping, Sequence

from api.web.errors import unauthorized

TOKEN_BYTES = 32
HASH_BYTES = 16


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def join_token(server_secret: bytes, table_secret: bytes, table_id: str, request_id: str) -> str:
    """The seat token a join with ``request_id`` gets, the same on every retry of it.

    Nothing new is stored: a retry is known by this token's hash among the table's.
    The key is the table's own 256-bit secret (stored, never sent) under the server's
    secret (configuration, never stored). Without the server secret a leaked item and a
    guessed request id would give the token; with it, guesses can only be tried online,
    one request each. The request id itself is never stored.
    """
    key = hmac.new(server_secret, table_secret, hashlib.sha256).digest()
    message = b"join\0%s\0%s" % (table_id.encode("utf-8"), request_id.encode("utf-8"))
    digest = hmac.new(key, message, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")


def token_hash(token: str) -> str:
    digest = hashlib.sha256(token.encode("utf-8")).digest()[:HASH_BYTES]
    return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")


def bearer_token(headers: Mapping[str, str]) -> str | None:
    """The Bearer token of a request, ``None`` without an Authorization header.

    A header that is present but not a Bearer token is an error, not a
    spectator: the client meant to authenticate and should hear it failed.
    """
    value = None
    for name, v in headers.items():
        if name.lower() == "authorization":
            value = v
            break
    if value is None:
        return None
    scheme, _, token = value.strip().partition(" ")
    token = token.strip()
    # Tokens are ASCII (URL-safe base64, "." in a player's): anything else is no token, and
    # is refused before it is hashed (a lone surrogate does not encode).
    if scheme.lower() != "bearer" or not token or len(token) > 128 or not token.isascii():
        raise unauthorized("the Authorization header must be 'Bearer <token>'")
    return token


def match_token(token: str, hashes: Sequence[str]) -> int | None:
    """Index of the stored hash the token matches, compared in constant time."""
    candidate = token_hash(token)
    found = None
    for index, stored in enumerate(hashes):
        # No early exit: every hash is compared, so timing says nothing about which matched.
        if hmac.compare_digest(candidate, stored) and found is None:
            found = index
    return found


def new_invite_code() -> str:
    # Unambiguous letters and digits, short enough to read out over a call.
    alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
    return "".join(secrets.choice(alphabet) for _ in range(6))


def invite_matches(given: str, stored: str) -> bool:
    return hmac.compare_digest(given.strip().upper().encode("utf-8"), stored.encode("utf-8"))


def new_table_id() -> str:
    return secrets.token_urlsafe(9)
