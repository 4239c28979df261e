"""A table as stored: lobby facts around the engine's compact record, and the keys of
the items that hang off a table (its finished hands, its seats' push subscriptions).

The item is kept small (well under 1 KB, one write unit) by short keys,
arrays instead of objects, hashed tokens and idempotency keys, and racks laid
out as 30 bytes of base64 (api/tables/layout.py). Nothing here holds a rack or the draw
pile: those live only in the engine record's seed and action log.
"""

from __future__ import annotations

import base64
import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, Literal

from api.friends.item import Nudge, Reactions, Rematch, Series, decode_reactions, encode_reactions
from api.lobby.facts import Listing, shard_of, start_at
from api.store.base import StoredItem, checked_text
from api.tables.kinds import BY_CODE, TableKind, kind_named
from api.tables.movetimes import MoveTimes
from api.tables.movetimes import decode as decode_move_times
from api.tables.movetimes import encode as encode_move_times
from api.tables.pace import reminder_lead_ms
from api.tables.records import pack_record, unpack_record

SeatKind = Literal["human", "bot", "open"]
Status = Literal["waiting", "playing", "finished"]

_KIND_CODE = {"human": "h", "bot": "b", "open": "o"}
_CODE_KIND: dict[str, SeatKind] = {"h": "human", "b": "bot", "o": "open"}
_STATUS_CODE = {"waiting": "w", "playing": "p", "finished": "f"}
_CODE_STATUS: dict[str, Status] = {"w": "waiting", "p": "playing", "f": "finished"}

# Idempotency keys kept. A retry comes right after its failure; and one whose key has
# gone is still never applied twice, since its expected_version is stale by then.
RECENT_ACTIONS = 4
# A read-only request renews its token's record (a write) only where that can change the
# next push: once it is this old while the seat is the next human to play, the table waits
# to start or a hand is over (api/tables/service.py _refresh_after). A polling tab thus costs at
# most one write a minute.
SEEN_REFRESH_SECONDS = 60
# Elsewhere (on its own turn, or two and more turns away) the record only says the seat is
# there, so it is renewed this rarely: a tab in view polling at least every 30 s never
# looks quiet (5 minutes, api/tables/setup.py QUIET_SECONDS); one gone does after 2.5 to 5.
SEEN_PRESENCE_SECONDS = 120
# A seat counts as looking at its table (no push) while its record is younger than this.
# A record never runs ahead of the last request, so a seat that stopped asking counts as
# looking for at most this long, however rarely polls renew it; a push that reaches a tab
# still in view is dropped by its service worker (frontend/sw.js).
LOOKING_SECONDS = 30


@dataclass
class SeatInfo:
    kind: SeatKind
    name: str | None = None
    level: str | None = None  # bots: their level
    token: int | None = None  # index into Table.tokens; kept when a bot takes over a human seat
    auto: bool = False  # this seat's last turn ran out of time and a computer played it
    # Turns in a row that ran out (open tables hand the seat over past a limit: api/lobby).
    misses: int = 0

    @property
    def reserved(self) -> bool:
        """An open seat kept for its player at the table before (a rematch: api/friends)."""
        return self.kind == "open" and self.token is not None

    def encode(self) -> list[Any]:
        head = [_KIND_CODE[self.kind], self.name, self.level, self.token, int(self.auto)]
        # A sixth field only once a turn ran out: other seats keep the five they had.
        return [*head, self.misses] if self.misses else head

    @classmethod
    def decode(cls, data: list[Any]) -> SeatInfo:
        if len(data) not in (5, 6) or (len(data) == 6 and type(data[5]) is not int):
            raise ValueError("a stored seat has five fields, or six with its misses")
        misses = data[5] if len(data) == 6 else 0
        return cls(_CODE_KIND[data[0]], data[1], data[2], data[3], bool(data[4]), misses)


@dataclass
class RecentAction:
    key: str
    seat: int
    since: int  # the request's expected_version: its answer's events start there
    result: int  # game version after the action and the computer turns it set off


@dataclass
class Table:
    table_id: str
    rev: int
    status: Status
    mode: str
    turn_seconds: int
    invite: str
    tokens: list[str]  # token hashes; index 0 is the creator's
    seats: list[SeatInfo]
    record: dict[str, Any]
    deadline: int | None = None  # epoch ms by which the human on turn must act
    # seat -> api.tables.layout.encode_layout() of its rack; this hand only
    layouts: dict[int, str] = field(default_factory=dict)
    recent: list[RecentAction] = field(default_factory=list)
    created: int = 0  # epoch seconds
    # Per token (as tokens): when it last made a request, in seconds after ``created``.
    seen_times: list[int] = field(default_factory=list)
    # When the last game-changing writes landed (api/tables/movetimes.py): the events' times.
    move_times: MoveTimes = field(default_factory=list)
    # The deadline whose reminder moment the sweep has recorded (api/tables/sweep.py): equal to
    # ``deadline`` once that seat's reminder is due and written, so it is written once.
    reminded: int | None = None
    # When the game last moved (a move, a computer's or timed-out turn, a join, the start),
    # in seconds after ``created``; None in items written before it was kept.
    last_move: int | None = 0
    # Per token (as tokens): the player (api/players) it was taken with, if any. The credit
    # after a hand (api/players/stream.py) finds a seat's player through its token.
    players: list[str | None] = field(default_factory=list)
    # Friends (api/friends): the rematch offer of a finished table, the series a rematch
    # table belongs to, the last reactions and the last nudge. Kept only once set.
    rematch: Rematch | None = None
    series: Series | None = None
    reactions: Reactions | None = None
    nudged: Nudge | None = None
    # Open tables (api/lobby): the listing, the seats' address digests and reliability.
    listing: Listing | None = None

    @property
    def kind(self) -> TableKind:
        """What this kind of table does (api/tables/kinds.py); ``mode`` is its name."""
        return kind_named(self.mode)

    def held_by(self, token_index: int) -> list[int]:
        return [s for s, info in enumerate(self.seats) if info.token == token_index]

    def is_human(self, seat: int) -> bool:
        return self.seats[seat].kind == "human"

    def add_token(self, hashed: str, now_s: int, player_id: str | None = None) -> int:
        """A new seat token, seen now, taken by ``player_id`` if given; its index."""
        self.tokens.append(hashed)
        self.seen_times.append(now_s - self.created)
        if player_id is not None or any(self.players):
            self.players = [*self.players, *[None] * (len(self.tokens) - 1 - len(self.players))]
            self.players.append(player_id)
        return len(self.tokens) - 1

    def player_of(self, seat: int) -> str | None:
        """The player who holds ``seat`` (through its token), if the seat was taken by one."""
        token = self.seats[seat].token
        if token is None or token >= len(self.players):
            return None
        return self.players[token]

    def last_seen(self, token_index: int) -> int:
        """Epoch seconds of the token's last recorded request."""
        return self.created + self.seen_times[token_index]

    def mark_seen(self, token_index: int, now_s: int, older_than: int = 0) -> bool:
        """Record a request of the token now, unless its record is younger than ``older_than``."""
        if now_s - self.last_seen(token_index) < older_than:
            return False
        self.seen_times[token_index] = now_s - self.created
        return True

    def mark_away(self, token_index: int, now_s: int) -> bool:
        """Record that the token's tab stopped looking now: its record is put back so it
        no longer counts as looking (never forward: an older record already says so)."""
        away = now_s - LOOKING_SECONDS
        if self.last_seen(token_index) <= away:
            return False
        self.seen_times[token_index] = away - self.created
        return True

    def begin(self) -> None:
        """Start a waiting table: every seat still open goes to a computer."""
        for number, info in enumerate(self.seats):
            if info.kind == "open":
                # A rematch seat still kept for its player goes to the computer as a seat
                # handed over does: its token still shows it, so a late player can watch.
                self.seats[number] = SeatInfo("bot", info.name, "normal", info.token)
        self.status = "playing"
        if self.listing is not None:
            self.listing.addresses = []  # only the seating rule reads them

    def start_due(self, now_ms: int) -> bool:
        """A waiting open table whose moment has come without it filling (api/lobby/facts.py):
        started with computers in the empty seats, or, a relaxed table with one person after
        7 days, closed. Whether anything changed."""
        wake = self.wake_at() if self.listed_under() is not None else None
        if wake is None or now_ms < wake:
            return False
        assert self.listing is not None
        people = sum(1 for seat in self.seats if seat.kind == "human")
        if reminder_lead_ms(self.turn_seconds) is not None and people < 2:
            self.listing.closed = True
        else:
            self.begin()
        return True

    def last_move_at(self) -> int | None:
        """Epoch seconds of the last move, if known."""
        return None if self.last_move is None else self.created + self.last_move

    def find_action(self, key: str) -> RecentAction | None:
        return next((a for a in self.recent if a.key == key), None)

    def remember_action(self, action: RecentAction) -> None:
        self.recent = [*self.recent, action][-RECENT_ACTIONS:]

    def wake_at(self) -> int | None:
        """Epoch ms at which the sweep must next look at this table: the reminder moment
        of the deadline (relaxed tables, until recorded), then the deadline; ``None`` when
        no human's clock runs. A waiting open table wakes when it is to start without
        being full (api/lobby/facts.py start_at)."""
        if self.listed_under() is not None:
            people = sum(1 for seat in self.seats if seat.kind == "human")
            relaxed = reminder_lead_ms(self.turn_seconds) is not None
            return start_at(self.created, relaxed, people) * 1000
        if self.status != "playing" or self.deadline is None:
            return None
        lead = reminder_lead_ms(self.turn_seconds)
        if lead is not None and self.reminded != self.deadline:
            return self.deadline - lead
        return self.deadline

    def to_stored(self, expires_at: int | None) -> StoredItem:
        data = {
            "st": _STATUS_CODE[self.status],
            "md": self.kind.code,
            "ts": self.turn_seconds,
            "iv": self.invite,
            "tk": self.tokens,
            "se": [s.encode() for s in self.seats],
            "g": pack_record(self.record),
            "dl": self.deadline,
            "ly": [self.layouts.get(seat) for seat in range(len(self.seats))],
            "ra": [[a.key, a.seat, a.since, a.result] for a in self.recent],
            "cr": self.created,
            "ls": self.seen_times,
            "mt": encode_move_times(self.move_times),
        }
        if self.last_move != _last_timed(self.move_times):
            # Most writes that move the game time both the same: then "mt" says it.
            data["lm"] = self.last_move
        if self.reminded is not None and self.reminded == self.deadline:
            # Kept only while it is the current deadline's: an older one means nothing
            # more than none, and the item stays inside its 1 KB write unit.
            data["rm"] = self.reminded
        if any(self.players):
            # Only on tables a player joined: others keep the item as it was.
            data["pp"] = self.players
        if self.rematch is not None:
            data["nx"] = self.rematch.encode()
        if self.series is not None:
            data["sr"] = self.series.encode()
        if self.nudged is not None:
            data["nd"] = self.nudged.encode()
        if self.listing is not None:
            data["lb"] = self.listing.encode()
        text = self._dump(data)
        if self.reactions is not None:
            text = self._with_reactions(data, self.reactions)
        return StoredItem(
            self.table_id, self.rev, text, expires_at, self.wake_at(), self.listed_under()
        )

    def listed_under(self) -> str | None:
        """The open index's partition while this table waits for players, else None."""
        if self.status != "waiting" or self.listing is None or self.listing.closed:
            return None
        return f"{self.listing.key}.{shard_of(self.table_id)}"

    def _dump(self, data: dict[str, Any]) -> str:
        return checked_text(
            self.table_id, json.dumps(data, separators=(",", ":"), ensure_ascii=False)
        )

    def _with_reactions(self, data: dict[str, Any], reactions: Reactions) -> str:
        """The item's text with the reactions, the oldest left out while it would pass
        :data:`REACTIONS_TEXT_BUDGET` (the newest :data:`MIN_REACTIONS` always stay): a
        reaction never takes the item past its 1 KB write unit, so a move never costs two."""
        while True:
            text = self._dump({**data, "rx": encode_reactions(reactions)})
            fits = len(text.encode("utf-8")) <= REACTIONS_TEXT_BUDGET
            if fits or len(reactions.recent) <= MIN_REACTIONS:
                return text
            reactions.recent = reactions.recent[1:]  # the views then show what is kept

    @classmethod
    def from_stored(cls, stored: StoredItem) -> Table:
        data = json.loads(stored.data)
        # Exactly what to_stored writes: a key this code does not know would be lost on
        # the next write, so the item is refused rather than silently changed.
        if not isinstance(data, dict) or not set(data) <= ITEM_KEYS:
            raise ValueError("the stored table has fields this code does not write")
        tokens = list(data["tk"])
        # Items written before "ls" existed count every token as seen when the table was made.
        seen = data.get("ls", [0] * len(tokens))
        if len(seen) != len(tokens) or any(type(s) is not int for s in seen):
            raise ValueError("the stored last-seen list does not match the tokens")
        players = data.get("pp", [])
        if len(players) > len(tokens) or any(p is not None and type(p) is not str for p in players):
            raise ValueError("the stored players do not match the tokens")
        move_times = decode_move_times(data.get("mt", ""))
        last_move = data.get("lm", _last_timed(move_times))
        if last_move is not None and type(last_move) is not int:
            raise ValueError("the stored last move time is not a number")
        return cls(
            table_id=stored.table_id,
            rev=stored.rev,
            status=_CODE_STATUS[data["st"]],
            mode=BY_CODE[data["md"]].name,
            turn_seconds=data["ts"],
            invite=data["iv"],
            tokens=tokens,
            seats=[SeatInfo.decode(s) for s in data["se"]],
            record=unpack_record(data["g"]),
            deadline=data["dl"],
            layouts={seat: text for seat, text in enumerate(data["ly"]) if text},
            recent=[RecentAction(*a) for a in data["ra"]],
            created=data["cr"],
            seen_times=list(seen),
            # Items written before "mt" existed have no times: their events show none.
            move_times=move_times,
            reminded=data.get("rm"),
            last_move=last_move,
            players=list(players),
            rematch=Rematch.decode(data["nx"]) if "nx" in data else None,
            series=Series.decode(data["sr"]) if "sr" in data else None,
            reactions=decode_reactions(data["rx"]) if "rx" in data else None,
            nudged=Nudge.decode(data["nd"]) if "nd" in data else None,
            listing=Listing.decode(data["lb"]) if "lb" in data else None,
        )


# Every key Table.to_stored writes ("lm", "rm", "pp", the friends' "nx", "sr", "rx", "nd" and
# the lobby's "lb"
# only sometimes; "ls", "mt" missing from items written before they existed).
ITEM_KEYS = frozenset(
    ("st", "md", "ts", "iv", "tk", "se", "g", "dl", "ly", "ra", "cr", "ls", "mt", "lm", "rm", "pp")
) | frozenset(("nx", "sr", "rx", "nd", "lb"))

# The item text that reactions may fill up to: a write unit (1,024 B) less the other
# attributes (id, rev, expiry, the sweep's index: at most 64 B).
REACTIONS_TEXT_BUDGET = 1024 - 64
MIN_REACTIONS = 1  # the newest: the other seats see it on their next poll

HAND_SEPARATOR = "#"  # never in a table id (URL-safe base64): no hand item loads as a table


def _last_timed(times: MoveTimes) -> int | None:
    """When the last timed write landed (seconds after the table was made)."""
    return times[-1][1] if times else None


def hand_key(table_id: str, hand_number: int) -> str:
    """The item key of a finished hand (see :mod:`api.tables.hands`).

    >>> hand_key("abc", 2)
    'abc#2'
    """
    return f"{table_id}{HAND_SEPARATOR}{hand_number}"


PUSH_SEPARATOR = "~push~"  # "~" is in no table id (URL-safe base64) and no hand key


def push_key(table_id: str, seat: int) -> str:
    """The item key of one seat's push subscriptions (see :mod:`api.push`).

    >>> push_key("abc", 2)
    'abc~push~2'
    """
    return f"{table_id}{PUSH_SEPARATOR}{seat}"


def action_key(action_id: str) -> str:
    """A short fixed-size stand-in for a client's action id (48 bits is ample per table)."""
    digest = hashlib.sha256(action_id.encode("utf-8")).digest()[:6]
    return base64.urlsafe_b64encode(digest).decode("ascii")
