"""Who is asking, and for which seat: a request's token matched against a table's, and
the seat it speaks for."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from api.tables.item import Table
from api.web.auth import match_token
from api.web.errors import forbidden, unauthorized

if TYPE_CHECKING:
    from api.tables.service import Loaded


@dataclass(frozen=True)
class Caller:
    """Who is asking: a token's seats, or a spectator (no token)."""

    token_index: int | None
    held: tuple[int, ...]

    @property
    def creator(self) -> bool:
        return self.token_index == 0


SPECTATOR = Caller(None, ())


def caller(table: Table, token: str | None, *, required: bool) -> Caller:
    if token is None:
        if required:
            raise unauthorized()
        return SPECTATOR
    index = match_token(token, table.tokens)
    if index is None:
        raise unauthorized("this token holds no seat at this table")
    return Caller(index, tuple(table.held_by(index)))


def seat_for(loaded: Loaded, caller: Caller, seat: int | None) -> int | None:
    """The seat a request speaks for: as named, else the held seat on turn, else the first."""
    if caller.token_index is None:
        if seat is not None:
            raise unauthorized("a seat's view needs that seat's token")
        return None
    if seat is not None:
        if seat not in caller.held:
            raise forbidden(f"this token does not hold seat {seat}")
        return seat
    state = loaded.state
    if state.phase != "over" and state.turn in caller.held:
        return state.turn
    return caller.held[0]
