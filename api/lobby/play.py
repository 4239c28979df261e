"""Play now and Join: the two ways a player sits down at an open table.

Both take the player (``X-Istaka-Player``), check the player's limits against the open
tables the player holds, seat it by the rules of :mod:`api.lobby.seating`, and then note the
table in the player's item (a second, conditional write: the seat is the truth, the note
only what the limits and a repeated request read; a lost note is healed by the next one).
"""

from __future__ import annotations

from typing import Any

from api.lobby.facts import address_digest
from api.lobby.seating import (
    ROUNDS,
    Choices,
    Next,
    PlayerRecords,
    Seeker,
    answer,
    claim_next,
    fits,
    listed_ids,
    open_table,
    people,
    ranked,
    read_nexts,
    read_tables,
    try_seat,
)
from api.players.accounts import update_player
from api.players.model import Player
from api.store.base import StoreBusy, VersionConflict
from api.tables.item import Table
from api.tables.service import BACKOFF_CAP_S, Loaded, Service
from api.web.auth import new_table_id
from api.web.errors import ApiError, busy, conflict, not_found, store_busy
from api.web.limits import charge
from api.web.log import logger

MAX_WAITING = 3  # open tables a player waits at, at once
MAX_UNFINISHED = 20  # open tables a player holds a seat at that have not finished
# A listing's next table claimed this recently but not stored yet is being stored now: wait
# for it. Claimed longer ago, its opener failed before storing it: claim over it.
CLAIM_GRACE_MS = 5_000


def _seeker(service: Service, player: Player, address: str) -> Seeker:
    return Seeker(player, address_digest(address), service.settings.same_address_tables)


def _held(service: Service, player: Player) -> list[Loaded]:
    """The open tables the player holds a seat at, as they are now."""
    found = read_tables(service, player.open_tables)
    return [
        loaded
        for loaded in found.values()
        if player.player_id in people(loaded.table)
        and loaded.table.status != "finished"
        and not (loaded.table.listing is not None and loaded.table.listing.closed)
    ]


def _check_limits(held: list[Loaded]) -> None:
    waiting = [loaded for loaded in held if loaded.table.status == "waiting"]
    if len(waiting) >= MAX_WAITING:
        raise conflict(
            "too_many_waiting",
            f"you are waiting at {MAX_WAITING} open tables already: play or leave one first",
        )
    if len(held) >= MAX_UNFINISHED:
        raise conflict(
            "too_many_tables",
            f"you hold a seat at {MAX_UNFINISHED} unfinished open tables: finish some first",
        )


def _note(service: Service, player: Player, table_id: str, request_id: str | None) -> None:
    """Remember the table (and the request) in the player's item; best effort."""

    def change(stored: Player) -> bool:
        stored.hold_open_table(table_id)
        if request_id is not None:
            stored.remember_request(request_id, table_id)
        return True

    try:
        update_player(service.store, player.player_id, change, service.clock.now_ms() // 1000)
    except (StoreBusy, VersionConflict):
        # The seat stands; the limits count this table once the note is written next time.
        logger.warning("open table not noted", extra={"table_id": table_id})


def play_now(
    service: Service,
    player: Player,
    choices: Choices,
    request_id: str | None,
    address: str,
) -> dict[str, Any]:
    """Seat the player at the open table that fits best, or open one."""
    try:
        return _play_now(service, player, choices, request_id, address)
    except StoreBusy as err:
        raise store_busy(err) from err


def _play_now(
    service: Service, player: Player, choices: Choices, request_id: str | None, address: str
) -> dict[str, Any]:
    held = _held(service, player)
    by_id = {loaded.table.table_id: loaded for loaded in held}
    if request_id is not None:
        again = by_id.get(player.table_for_request(request_id) or "")
        if again is not None:
            return answer(service, again, player.player_id)
    keys = set(choices.listing_keys())
    for loaded in held:
        listing = loaded.table.listing
        if loaded.table.status == "waiting" and listing is not None and listing.key in keys:
            # Already waiting at a table these choices fit: that seat, not another.
            _note(service, player, loaded.table.table_id, request_id)
            return answer(service, loaded, player.player_id)
    _check_limits(held)
    seeker = _seeker(service, player, address)
    records = PlayerRecords(service)
    charged = False
    pauses = service.backoff()
    for round_ in range(ROUNDS):
        if round_:
            # A round is lost only to other players' writes: spread the racers apart.
            service.sleep(next(pauses, BACKOFF_CAP_S))
        nexts = read_nexts(service, choices)
        try:
            seated = _seat_at_any(service, nexts_ids(nexts), seeker, records, choices)
            if seated is None:
                # Tables beside the next ones: opened for a block or an address, or left over.
                listed = listed_ids(service, choices.listing_keys())
                others = [t for t in listed if t not in nexts_ids(nexts)]
                seated = _seat_at_any(service, others, seeker, records, choices)
        except ApiError as err:
            if err.status != 503:
                raise
            continue  # a table that fits was busy: the next round tries it again
        if seated is not None:
            _note(service, player, seated["table_id"], request_id)
            return seated
        first, key = choices.listings()[0], choices.listing_keys()[0]
        seen = nexts.get(key)
        head = read_tables(service, [seen.table_id]).get(seen.table_id) if seen else None
        now_ms = service.clock.now_ms()
        if seen is not None and head is None and now_ms - seen.at < CLAIM_GRACE_MS:
            continue  # its table is being stored now: the next round finds it
        if head is not None and has_room(head.table):
            if fits(head.table, seeker, records.get):
                continue  # it was tried and another player's write came first: look again
            # The listing's next table is not for this player (a block, an address): a table
            # of its own beside it, which the next table stays ahead of.
            opened, answered = _open(service, first, seeker, address, charged)
            _note(service, player, opened.table.table_id, request_id)
            return answered
        if not charged:
            charge(service, "table", address)  # an opened table counts as a creation
            charged = True
        table_id = new_table_id()
        if not claim_next(service, key, table_id, seen):
            continue  # another player opened the next table: sit there
        opened, answered = open_table(service, first, seeker, table_id)
        _note(service, player, table_id, request_id)
        return answered
    raise busy("the lobby is busy; try again")


def nexts_ids(nexts: dict[str, Next]) -> list[str]:
    return [n.table_id for n in nexts.values()]


def _seat_at_any(
    service: Service,
    table_ids: list[str],
    seeker: Seeker,
    records: PlayerRecords,
    choices: Choices,
) -> dict[str, Any] | None:
    """Seat ``seeker`` at the first of these tables that fits, the fullest first."""
    tables = read_tables(service, table_ids)
    records.load(p for loaded in tables.values() for p in people(loaded.table))
    for loaded in ranked(tables.values(), choices):
        if not fits(loaded.table, seeker, records.get):
            continue
        seated: dict[str, Any] | None = try_seat(service, loaded.table.table_id, seeker, records)
        if seated is not None:
            return seated
    return None


def has_room(table: Table) -> bool:
    return table.status == "waiting" and any(info.kind == "open" for info in table.seats)


def _open(
    service: Service, listing: Any, seeker: Seeker, address: str, charged: bool
) -> tuple[Loaded, dict[str, Any]]:
    if not charged:
        charge(service, "table", address)  # an opened table counts as a creation
    return open_table(service, listing, seeker)


def join_open(service: Service, table_id: str, player: Player, address: str) -> dict[str, Any]:
    """Take a seat at an open table chosen from the list (no invite code)."""
    try:
        held = _held(service, player)
        for loaded in held:
            if loaded.table.table_id == table_id:
                return answer(service, loaded, player.player_id)  # seated there already
        _check_limits(held)
        seeker = _seeker(service, player, address)
        records = PlayerRecords(service)
        seated = try_seat_or_say_why(service, table_id, seeker, records)
    except StoreBusy as err:
        raise store_busy(err) from err
    _note(service, player, table_id, None)
    return seated


def try_seat_or_say_why(
    service: Service, table_id: str, seeker: Seeker, records: PlayerRecords
) -> dict[str, Any]:
    found = read_tables(service, [table_id]).get(table_id)
    if found is None or not found.table.kind.listed:
        raise not_found("no such open table")
    records.load(people(found.table))
    table = found.table
    if table.status != "waiting" or (table.listing is not None and table.listing.closed):
        raise conflict("table_full", "this table has started or closed; no seat is free")
    if not fits(table, seeker, records.get):
        if not any(info.kind == "open" for info in table.seats):
            raise conflict("table_full", "every seat is taken")
        # Blocked or the same address: said the same way, so a block is not revealed.
        raise ApiError(403, "not_allowed", "you cannot sit at this table; try Play now")
    seated: dict[str, Any] | None = try_seat(service, table_id, seeker, records)
    if seated is None:
        raise conflict("table_full", "the last seat was just taken")
    return seated
