"""How the friends' state is kept in the table item: small, and decoded exactly.

Pure data, no I/O: :mod:`api.tables.item` writes and reads these under their own short
keys (``nx`` the rematch offer, ``sr`` the series, ``rx`` the reactions, ``nd`` the last
nudge), each only when it is set, so a table that never used them keeps its old item.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# The fixed list: emoji and short phrases, each phrase shown in the reader's
# language by the client. Never free text: nothing a player types reaches another player.
REACTIONS = (
    "thumbs_up",
    "laugh",
    "wow",
    "sad",
    "fire",
    "clap",
    "gg",
    "nice",
    "thanks",
    "hurry",
    "oops",
    "hello",
)
KEPT_REACTIONS = 10  # the view shows the last 10; older ones are dropped from the item

# One character names both the seat and the reaction: seat * 12 + code < 48 symbols.
_SYMBOLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
_TIME_WIDTH = 5  # base-36 seconds after the table was made: up to 36**5 - 1 (about 700 days)
MAX_TIME = 36**_TIME_WIDTH - 1


@dataclass(frozen=True)
class Reaction:
    seat: int
    code: str
    at: int  # seconds after the table was made


@dataclass
class Reactions:
    """The last reactions, and how many each seat sent in hand ``hand`` (the 30-a-hand rule)."""

    hand: int = 0
    counts: list[int] = field(default_factory=list)
    recent: list[Reaction] = field(default_factory=list)

    def count(self, hand: int, seat: int) -> int:
        if hand != self.hand or seat >= len(self.counts):
            return 0
        return self.counts[seat]

    def last_of(self, seat: int) -> Reaction | None:
        return next((r for r in reversed(self.recent) if r.seat == seat), None)

    def add(self, hand: int, seats: int, reaction: Reaction) -> None:
        if hand != self.hand or len(self.counts) != seats:
            self.hand, self.counts = hand, [0] * seats
        self.counts[reaction.seat] += 1
        self.recent = [*self.recent, reaction][-KEPT_REACTIONS:]


def encode_reactions(reactions: Reactions) -> str:
    """``<hand>.<count per seat, base 36>.<6 characters a reaction>``: about 80 B for ten.

    >>> r = Reactions(2, [1, 0], [Reaction(0, "gg", 75), Reaction(1, "hello", 80)])
    >>> encode_reactions(r)
    '2.10.G00023X00028'
    >>> decode_reactions(encode_reactions(r)) == r
    True
    """
    counts = "".join(_DIGITS[min(c, 35)] for c in reactions.counts)
    recent = "".join(
        _SYMBOLS[r.seat * len(REACTIONS) + REACTIONS.index(r.code)] + _base36(r.at)
        for r in reactions.recent
    )
    return f"{reactions.hand}.{counts}.{recent}"


def decode_reactions(text: Any) -> Reactions:
    """The inverse of :func:`encode_reactions`; ``ValueError`` for anything it would not write."""
    if not isinstance(text, str):
        raise ValueError("stored reactions are not text")
    hand, counts, recent = text.split(".")
    if not hand.isascii() or not hand.isdigit() or len(recent) % (1 + _TIME_WIDTH):
        raise ValueError("stored reactions do not decode")
    out = Reactions(int(hand), [_DIGITS.index(c) for c in counts], [])
    step = 1 + _TIME_WIDTH
    for start in range(0, len(recent), step):
        symbol = _SYMBOLS.index(recent[start])
        seat, code = divmod(symbol, len(REACTIONS))
        if seat >= 4:
            raise ValueError("a stored reaction names no seat")
        at = _from36(recent[start + 1 : start + step])
        out.recent.append(Reaction(seat, REACTIONS[code], at))
    if len(out.recent) > KEPT_REACTIONS:
        raise ValueError("too many stored reactions")
    return out


def _base36(value: int) -> str:
    value = max(0, min(value, MAX_TIME))
    digits = ""
    for _ in range(_TIME_WIDTH):
        value, digit = divmod(value, 36)
        digits = _DIGITS[digit] + digits
    return digits


def _from36(text: str) -> int:
    value = 0
    for char in text:
        value = value * 36 + _DIGITS.index(char)
    return value


@dataclass(frozen=True)
class Rematch:
    """The offer on a finished table: the next table, the seat that asked first, and when
    (epoch seconds; ``None`` in an offer stored before offers kept their time)."""

    table_id: str
    by: int
    at: int | None = None

    def encode(self) -> list[Any]:
        return [self.table_id, self.by] + ([self.at] if self.at is not None else [])

    @classmethod
    def decode(cls, data: Any) -> Rematch:
        if not (isinstance(data, list) and len(data) in (2, 3)):
            raise ValueError("a stored rematch has two or three fields")
        table_id, by, *at = data
        if type(table_id) is not str or type(by) is not int or any(type(a) is not int for a in at):
            raise ValueError("a stored rematch is not [table id, seat, time]")
        return cls(table_id, by, *at)


@dataclass(frozen=True)
class Series:
    """A table's place in a chain of rematches: the table before it, how many tables the
    chain holds with this one, and the matches each seat won before this one."""

    previous: str
    tables: int
    wins: tuple[int, ...]

    def encode(self) -> list[Any]:
        return [self.previous, self.tables, list(self.wins)]

    @classmethod
    def decode(cls, data: Any) -> Series:
        if not (isinstance(data, list) and len(data) == 3):
            raise ValueError("a stored series has three fields")
        previous, tables, wins = data
        if (
            type(previous) is not str
            or type(tables) is not int
            or not isinstance(wins, list)
            or any(type(w) is not int for w in wins)
        ):
            raise ValueError("a stored series is not [table id, tables, wins]")
        return cls(previous, tables, tuple(wins))


@dataclass(frozen=True)
class Nudge:
    """The last nudge: when (seconds after the table was made), by which seat, to which."""

    at: int
    by: int
    seat: int

    def encode(self) -> list[int]:
        return [self.at, self.by, self.seat]

    @classmethod
    def decode(cls, data: Any) -> Nudge:
        if not (isinstance(data, list) and len(data) == 3) or any(type(n) is not int for n in data):
            raise ValueError("a stored nudge is three numbers")
        return cls(*data)
