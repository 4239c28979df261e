"""A player as stored: name, token hashes, candy and stats, in one item of its own.

The item's key is ``pl~<player id>`` (:func:`player_key`): a player id is URL-safe base64
like a table id, and the ``~`` keeps the key apart from every table id, every hand key
(``<table id>#<n>``) and every push key (``<table id>~push~<seat>``, two ``~``). The JSON is
short-keyed like a table's; it is read only by the player's own requests and written only
by them and by the credit after a hand (:mod:`api.players.stream`), never inside a move.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from api.store.base import checked_text

PLAYER_PREFIX = "pl~"
PLAYER_ID = re.compile(r"[A-Za-z0-9_-]{8}")
DAILY_LIMIT = 60  # candy a player may earn per UTC day
# Token hashes kept per player: one per device or login (a Telegram login adds one). The
# oldest goes when a new one comes past the cap: that device must sign in again.
MAX_TOKENS = 5
# Tables whose last credited hand a player keeps: what makes a replayed stream record
# change nothing. Records that were credited come again only with the rest of a batch
# retried after a failure, minutes later; to be credited twice, a hand would need 16 other
# tables to credit this same player in between.
CREDIT_MEMORY = 16
DAY_S = 86_400
# A player that has never played is kept this long after it was last seen (TTL), then
# dropped: a device that made one and never came back leaves nothing for ever. Each use
# moves it on, at most once a day (REFRESH_S) so that a read does not become a write.
UNPLAYED_TTL_S = 90 * DAY_S
REFRESH_S = DAY_S


def player_key(player_id: str) -> str:
    """The item key of a player.

    >>> player_key("AbCdEfGh")
    'pl~AbCdEfGh'
    """
    return f"{PLAYER_PREFIX}{player_id}"


@dataclass
class Stats:
    """One variant's record of a player (all counts from 0)."""

    hands: int = 0
    hands_won: int = 0
    matches: int = 0
    matches_won: int = 0
    streak: int = 0  # matches won in a row, up to the last match
    best_streak: int = 0
    pairs_finishes: int = 0  # hands this player finished with pairs (seven pairs; 101: pairs)
    okey_finishes: int = 0  # hands this player finished by placing the okey last
    best_hand: int | None = None  # 101: the lowest hand score (lower is better)

    def encode(self) -> list[Any]:
        return [
            self.hands,
            self.hands_won,
            self.matches,
            self.matches_won,
            self.streak,
            self.best_streak,
            self.pairs_finishes,
            self.okey_finishes,
            self.best_hand,
        ]

    @classmethod
    def decode(cls, data: list[Any]) -> Stats:
        return cls(*data)


@dataclass
class Credit:
    """The last hand of one table credited to the player, and the candy of the whole game."""

    table_id: str
    hand: int  # the engine's hand number (0-based, as a view's "hand")
    candy: int  # what that hand earned
    game_candy: int  # what every credited hand of the table earned together
    at: int  # epoch seconds of the credit
    # Why the hand earned less than its rate (api.players.credit.Shortfall), else None;
    # credits stored before it existed have five fields and read as None.
    why: str | None = None

    def encode(self) -> list[Any]:
        head = [self.table_id, self.hand, self.candy, self.game_candy, self.at]
        return head if self.why is None else [*head, self.why]


# Open tables (api/lobby): the people a player blocked, the last open-table matches
# (finished or handed to a computer) that make the reliability, the unfinished open tables
# held (the limits count them), and the last Play now request ids (answered again).
MAX_BLOCKS = 100
RELIABILITY_MATCHES = 20
MAX_OPEN_TABLES = 40  # kept; the limit (api/lobby/limits.py) counts the unfinished among them
LOBBY_REQUESTS = 8


@dataclass
class Block:
    """A player this player blocked at an open table: never seated together again."""

    player_id: str
    name: str  # the made name's code (api/tables/made_names.py), for the list
    at: int  # epoch seconds

    def encode(self) -> list[Any]:
        return [self.player_id, self.name, self.at]


@dataclass
class Player:
    player_id: str
    rev: int
    name: str
    tokens: list[str]  # token hashes (api.web.auth.token_hash), newest last
    created: int  # epoch seconds
    candy: int = 0
    day: int = 0  # the UTC day (days since the epoch) ``today`` counts
    today: int = 0  # candy earned on ``day``
    stats: dict[str, Stats] = field(default_factory=dict)
    credits: list[Credit] = field(default_factory=list)  # most recent last
    telegram_id: int | None = None  # set by the Telegram login (api/players/telegram, later)
    blocks: list[Block] = field(default_factory=list)
    # "1" a finished open-table match, "0" one whose seat went to a computer; newest last.
    finishes: str = ""
    open_tables: list[str] = field(default_factory=list)  # ids, newest last
    lobby_requests: list[list[str]] = field(default_factory=list)  # [request id, table id]
    # The item's TTL (epoch seconds), not part of its JSON: None once the player has played
    # (kept, as before), else when it goes unless it is seen again.
    expires_at: int | None = None

    @property
    def played(self) -> bool:
        """Whether a hand of this player's has been counted: from then on it is kept."""
        return any(s.hands for s in self.stats.values())

    def expiry(self, now_s: int | None) -> int | None:
        """The TTL to store with the next write: none once played; else ``now_s`` plus
        :data:`UNPLAYED_TTL_S`, or the current one when the write has no clock (a credit)."""
        if self.played:
            return None
        if now_s is None:
            return self.expires_at
        return now_s + UNPLAYED_TTL_S

    def stale(self, now_s: int) -> bool:
        """Whether a use at ``now_s`` should move the TTL on (a day since it last was)."""
        if self.played:
            return self.expires_at is not None
        return self.expires_at is None or self.expires_at < now_s + UNPLAYED_TTL_S - REFRESH_S

    def earned_on(self, day: int) -> int:
        """Candy earned on UTC ``day``: 0 for any day but the one counted."""
        return self.today if self.day == day else 0

    def stats_for(self, variant: str) -> Stats:
        return self.stats.setdefault(variant, Stats())

    def last_credit(self, table_id: str) -> Credit | None:
        return next((c for c in self.credits if c.table_id == table_id), None)

    def remember(self, credit: Credit) -> None:
        others = [c for c in self.credits if c.table_id != credit.table_id]
        self.credits = [*others, credit][-CREDIT_MEMORY:]

    def reliability(self) -> dict[str, int]:
        """Of the last open-table matches, how many this player finished."""
        return {"finished": self.finishes.count("1"), "of": len(self.finishes)}

    def record_finish(self, finished: bool) -> None:
        self.finishes = (self.finishes + ("1" if finished else "0"))[-RELIABILITY_MATCHES:]

    def blocked(self, player_id: str) -> bool:
        return any(b.player_id == player_id for b in self.blocks)

    def hold_open_table(self, table_id: str) -> None:
        if table_id not in self.open_tables:
            self.open_tables = [*self.open_tables, table_id][-MAX_OPEN_TABLES:]

    def drop_open_table(self, table_id: str) -> None:
        self.open_tables = [t for t in self.open_tables if t != table_id]

    def remember_request(self, request_id: str, table_id: str) -> None:
        others = [r for r in self.lobby_requests if r[0] != request_id]
        self.lobby_requests = [*others, [request_id, table_id]][-LOBBY_REQUESTS:]

    def table_for_request(self, request_id: str) -> str | None:
        return next((r[1] for r in self.lobby_requests if r[0] == request_id), None)

    def add_token(self, hashed: str) -> None:
        self.tokens = [*self.tokens, hashed][-MAX_TOKENS:]

    def to_json(self) -> str:
        data: dict[str, Any] = {
            "n": self.name,
            "tk": self.tokens,
            "cr": self.created,
            "c": self.candy,
            "d": self.day,
            "t": self.today,
            "s": {variant: s.encode() for variant, s in self.stats.items()},
            "h": [c.encode() for c in self.credits],
        }
        if self.telegram_id is not None:
            data["tg"] = self.telegram_id
        # The lobby's keys only once used: other players' items stay as they were.
        if self.blocks:
            data["bk"] = [b.encode() for b in self.blocks]
        if self.finishes:
            data["rl"] = self.finishes
        if self.open_tables:
            data["ot"] = self.open_tables
        if self.lobby_requests:
            data["lr"] = self.lobby_requests
        text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
        return checked_text(player_key(self.player_id), text)

    @classmethod
    def from_json(cls, player_id: str, rev: int, text: str) -> Player:
        data = json.loads(text)
        return cls(
            player_id=player_id,
            rev=rev,
            name=data["n"],
            tokens=list(data["tk"]),
            created=data["cr"],
            candy=data["c"],
            day=data["d"],
            today=data["t"],
            stats={variant: Stats.decode(s) for variant, s in data["s"].items()},
            credits=[Credit(*c) for c in data["h"]],
            telegram_id=data.get("tg"),
            blocks=[Block(*b) for b in data.get("bk", [])],
            finishes=str(data.get("rl", "")),
            open_tables=list(data.get("ot", [])),
            lobby_requests=[list(r) for r in data.get("lr", [])],
        )


def utc_day(epoch_s: int) -> int:
    """Days since 1970-01-01 UTC: the day a daily limit counts in.

    >>> utc_day(86_399), utc_day(86_400)
    (0, 1)
    """
    return epoch_s // DAY_S
