"""Play now and joining from the list: who sits where at the open tables.

Play now seats the player at the waiting open table that fits best, or opens one. Every seat
is claimed by one conditional write of the table item (:meth:`Service.commit`), never a scan
or a transaction. Candidates come from two places: each listing's *next* table (a small
item per listing, :data:`api.store.kinds.LOBBY`, read consistently) and the ``open`` index
(eventually consistent, so every candidate is re-read and re-checked in the write that
seats the player). A new table becomes its listing's next only by a conditional write of
that item, made before the table is stored: when racing players all find no room, one of
them claims the next table and the others, having lost that write, sit at the winner's once
it is stored. So a crowd fills one table per listing at a time (docs/LOBBY.md).

Who sits together (:func:`fits`): the same listing (variant, pace, seats); never a player
twice at one table; never two people from one client address (unless
``ISTAKA_SAME_ADDRESS_TABLES=1``); never a player with someone either of them blocked.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from api.lobby.facts import SHARDS, Listing, listing_key
from api.players.model import Player, player_key
from api.store.base import StoredText, VersionConflict
from api.store.kinds import LOBBY, OPEN, PLAYER, TABLE
from api.tables.item import SeatInfo, Table
from api.tables.kinds import OPEN as OPEN_KIND
from api.tables.made_names import made_code
from api.tables.pace import DEFAULT_SECONDS, Pace
from api.tables.seats import Caller
from api.tables.service import Loaded, Service
from api.tables.views import build_view
from api.web.auth import join_token, new_invite_code, new_table_id, token_hash
from api.web.errors import ApiError, busy
from api.web.log import logger
from engine.variants import rules_for

# Tables read per listing and shard when looking for a seat: the fullest come first anyway,
# and a crowd fills the listing's next table before any other.
CANDIDATES_PER_SHARD = 10
# Rounds of look, try, open: a round is lost only to other players' writes.
ROUNDS = 20


@dataclass(frozen=True)
class Choices:
    """What a Play now accepts: any of these variants, paces and seat counts."""

    variants: tuple[str, ...]
    paces: tuple[Pace, ...]
    seats: tuple[int, ...]

    def listings(self) -> list[tuple[str, Pace, int]]:
        """Every listing the choices accept, the first choice of each kind first."""
        return [(v, p, n) for v in self.variants for p in self.paces for n in self.seats]

    def listing_keys(self) -> list[str]:
        return [listing_key(*listing) for listing in self.listings()]


@dataclass(frozen=True)
class Seeker:
    """The player looking for a seat, as the seating rules see them."""

    player: Player
    address: str | None  # the address digest (api/lobby/facts.py address_digest)
    same_address_ok: bool

    @property
    def player_id(self) -> str:
        return self.player.player_id


def next_key(key: str) -> str:
    """The item naming a listing's next table.

    >>> next_key("classic.live.4")
    'lobby~classic.live.4'
    """
    return f"lobby~{key}"


def seat_token(service: Service, table: Table, secret: bytes, player_id: str) -> str:
    """The player's token for its seat at an open table: the same every time it is asked
    for, so a repeated Play now answers the same seat without storing the token."""
    server = service.settings.secret.encode("utf-8")
    return join_token(server, secret, table.table_id, "lobby:" + player_id)


def people(table: Table) -> set[str]:
    """The players seated at ``table`` (by their seat's token)."""
    return {
        p
        for s, info in enumerate(table.seats)
        if info.kind == "human" and (p := table.player_of(s)) is not None
    }


def fits(table: Table, seeker: Seeker, blocks_of: Callable[[str], Player | None]) -> bool:
    """Whether ``seeker`` may take a seat at ``table`` now (see the module's rules)."""
    listing = table.listing
    if table.status != "waiting" or listing is None or listing.closed:
        return False
    if not any(info.kind == "open" for info in table.seats):
        return False
    seated = people(table)
    if seeker.player_id in seated:
        return False
    if not seeker.same_address_ok and seeker.address in listing.addresses:
        return False
    for other in seated:
        if seeker.player.blocked(other):
            return False
        record = blocks_of(other)
        if record is not None and record.blocked(seeker.player_id):
            return False
    return True


def sit(loaded: Loaded, seeker: Seeker, token: str) -> int:
    """Seat ``seeker`` at the first open seat of the (fitting) table; start it when full."""
    table = loaded.table
    assert table.listing is not None
    seat = next(s for s, info in enumerate(table.seats) if info.kind == "open")
    now_s = loaded.now_ms // 1000
    index = table.add_token(token_hash(token), now_s, seeker.player_id)
    table.seats[seat] = SeatInfo("human", made_code(seeker.player_id), token=index)
    table.listing.addresses[seat] = seeker.address
    reliability = seeker.player.reliability()
    table.listing.reliability[seat] = [reliability["finished"], reliability["of"]]
    loaded.seen_token = index
    loaded.dirty = True
    return seat


def start_if_full(service: Service, loaded: Loaded) -> None:
    if all(info.kind != "open" for info in loaded.table.seats):
        loaded.table.begin()
        service.settle(loaded)


class PlayerRecords:
    """Players' items read for their blocks, each at most once per request."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.known: dict[str, Player | None] = {}

    def load(self, player_ids: Iterable[str]) -> None:
        wanted = [p for p in dict.fromkeys(player_ids) if p not in self.known]
        for start in range(0, len(wanted), 100):
            batch = wanted[start : start + 100]
            found = self.service.store.read_many(PLAYER, [player_key(p) for p in batch])
            for player_id in batch:
                item = found.found.get(player_key(player_id))
                self.known[player_id] = _player(player_id, item)

    def get(self, player_id: str) -> Player | None:
        if player_id not in self.known:
            self.load([player_id])
        return self.known[player_id]


def _player(player_id: str, item: Any) -> Player | None:
    if item is None:
        return None
    try:
        return Player.from_json(player_id, item.rev, item.data)
    except (ValueError, KeyError, TypeError):
        return None


def read_tables(service: Service, table_ids: Sequence[str]) -> dict[str, Loaded]:
    """The tables that can be read now (gone, expired or unreadable ones left out)."""
    out: dict[str, Loaded] = {}
    ids = list(dict.fromkeys(table_ids))
    now_ms = service.clock.now_ms()
    for start in range(0, len(ids), 100):
        batch = ids[start : start + 100]
        found = service.store.read_many(TABLE, batch)
        for table_id in batch:
            item = found.found.get(table_id)
            if item is None or (item.expires_at is not None and item.expires_at * 1000 <= now_ms):
                continue
            try:
                out[table_id] = service.decode(table_id, item, now_ms)
            except ApiError:  # unreadable (logged by the service): simply no candidate
                continue
    return out


@dataclass(frozen=True)
class Next:
    """A listing's next table, as its item was read: the id, the item's revision (a claim
    is conditional on it) and when it was claimed (epoch ms)."""

    table_id: str
    rev: int
    at: int


def read_nexts(service: Service, choices: Choices) -> dict[str, Next]:
    """Each accepted listing's next table (one consistent batch read)."""
    keys = choices.listing_keys()
    found = service.store.read_many(LOBBY, [next_key(k) for k in keys])
    out: dict[str, Next] = {}
    for key in keys:
        item = found.found.get(next_key(key))
        if item is not None:
            data = json.loads(item.data)
            out[key] = Next(str(data["t"]), item.rev, int(data["at"]))
    return out


def listed_ids(
    service: Service, keys: list[str], per_shard: int = CANDIDATES_PER_SHARD
) -> list[str]:
    """Waiting tables of these listings from the open index, every shard (the lobby's list
    and Play now read it alike)."""
    ids: list[str] = []
    for key in keys:
        for shard in range(SHARDS):
            partition = f"{key}.{shard}"
            ids += service.store.query(TABLE, OPEN, partition, upto=None, limit=per_shard)
    return list(dict.fromkeys(ids))


def ranked(tables: Iterable[Loaded], choices: Choices) -> list[Loaded]:
    """The fullest table first (it starts soonest), then the first listing chosen, then
    the one that has waited longest."""
    order = {key: n for n, key in enumerate(choices.listing_keys())}

    def rank(loaded: Loaded) -> tuple[int, int, int, str]:
        table = loaded.table
        taken = sum(1 for info in table.seats if info.kind == "human")
        listing = table.listing
        return (
            -taken,
            order.get(listing.key if listing else "", len(order)),
            table.created,
            table.table_id,
        )

    return sorted(tables, key=rank)


def try_seat(service: Service, table_id: str, seeker: Seeker, records: PlayerRecords) -> Any:
    """Seat ``seeker`` at ``table_id`` if it still fits on a fresh read: the answer, or None."""

    def change(loaded: Loaded) -> Callable[[], Any]:
        table = loaded.table
        if table.listing is not None and table.status == "waiting":
            service.settle(loaded)  # a table whose moment came starts before anyone sits
        if not fits(table, seeker, records.get):
            return lambda: None
        token = seat_token(service, table, loaded.state.match_secret, seeker.player_id)
        seat = sit(loaded, seeker, token)
        start_if_full(service, loaded)
        logger.info("seat taken from the lobby", extra={"table_id": table_id, "seat": seat})
        return lambda: answer(service, loaded, seeker.player_id)

    try:
        return service.commit(table_id, change)
    except ApiError as err:
        if err.status == 503:
            # Contended past the retries, or the store busy: this table may still be the
            # best one, so the round is tried again rather than a less full table taken.
            raise
        # Gone, expired or unreadable: the next candidate.
        logger.info("lobby candidate skipped", extra={"table_id": table_id, "code": err.code})
        return None


def answer(service: Service, loaded: Loaded, player_id: str) -> dict[str, Any]:
    """What a seated player is told: the seat, its token, the view, whether it waits."""
    table = loaded.table
    token = seat_token(service, table, loaded.state.match_secret, player_id)
    index = table.players.index(player_id)
    held = table.held_by(index)
    caller = Caller(index, tuple(held))
    seat = held[0] if held else None
    return {
        "table_id": table.table_id,
        "seat": seat,
        "token": token,
        "view": build_view(table, loaded.state, seat, caller, None, loaded.now_ms // 1000),
        "waiting": table.status == "waiting",
    }


def open_table(
    service: Service, listing: tuple[str, Pace, int], seeker: Seeker, table_id: str | None = None
) -> tuple[Loaded, dict[str, Any]]:
    """A new open table of ``listing`` with ``seeker`` in its first seat, stored (under
    ``table_id`` when the listing's next was claimed for it)."""
    variant, pace, count = listing
    rules = rules_for(variant)
    assert rules is not None  # the request's schema allows only known variants
    # The variant's standard options (RULES.md) at this many seats.
    state = rules.new_match({"seats": count}, secrets.token_bytes(32))
    now_ms = service.clock.now_ms()
    table = Table(
        table_id=table_id or new_table_id(),
        rev=1,
        status="waiting",
        mode=OPEN_KIND.name,
        turn_seconds=DEFAULT_SECONDS[pace],
        invite=new_invite_code(),  # never shown: nobody joins an open table by code
        tokens=[],
        seats=[SeatInfo("open") for _ in range(count)],
        record={},
        created=now_ms // 1000,
        seen_times=[],
        listing=Listing(listing_key(*listing), [None] * count, [None] * count),
    )
    loaded = Loaded(table, state, state, now_ms)
    token = seat_token(service, table, state.match_secret, seeker.player_id)
    sit(loaded, seeker, token)
    for _ in range(3):
        try:
            service.create(table, state, now_ms)
            break
        except VersionConflict:
            if table_id is not None:
                raise busy("the claimed table id is taken; try again") from None
            table.table_id = new_table_id()
    else:
        raise busy("could not allocate a table id; try again")
    logger.info("open table opened", extra={"table_id": table.table_id})
    return loaded, answer(service, loaded, seeker.player_id)


def claim_next(service: Service, key: str, table_id: str, seen: Next | None) -> bool:
    """Make ``table_id`` (not stored yet) its listing's next table, unless another player
    did since ``seen`` was read: one conditional write on the revision read."""
    now_ms = service.clock.now_ms()
    text = json.dumps({"t": table_id, "at": now_ms}, separators=(",", ":"))
    expires = now_ms // 1000 + 8 * 86_400
    rev = seen.rev if seen is not None else None
    try:
        service.store.write(LOBBY, StoredText(next_key(key), (rev or 0) + 1, text, expires), rev)
    except VersionConflict:
        return False
    return True
