"""Blocks and reports: what a player can do about a stranger.

A block is kept in the blocking player's item (at most :data:`MAX_BLOCKS`) and read by the
seating rules both ways (api/lobby/seating.py ``fits``). A report is an item of its own,
kept with the table and the hand for a moderator; a player may file
:data:`REPORTS_PER_DAY` a day. Neither ever tells the other player, and neither answer
carries the other player's id: the list shows the made name only.
"""

from __future__ import annotations

import json
from typing import Any

from api.players.accounts import update_player
from api.players.model import MAX_BLOCKS, Block, Player
from api.store.base import StoreBusy, StoredText, VersionConflict
from api.store.kinds import REPORT
from api.tables import seats
from api.tables.made_names import made_code, render
from api.tables.service import Service
from api.web.errors import ApiError, busy, conflict, forbidden, not_found, store_busy
from api.web.limits import counter_key
from api.web.loading import Later
from api.web.log import logger

REPORT_REASONS = ("cheating", "abuse", "stalling", "other")
REPORTS_PER_DAY = 10
REPORT_KEEP_DAYS = 90
DAY_S = 86_400


def block(service: Service, player: Player, table_id: str, seat: int) -> None:
    """Block the player who held ``seat`` at ``table_id``, where ``player`` sat too."""
    loaded = service.load(table_id)
    table = loaded.table
    if player.player_id not in table.players:
        raise forbidden("you can block only someone you sat at a table with")
    if not 0 <= seat < len(table.seats):
        raise ApiError(422, "bad_seat", f"no seat {seat} at this table")
    other = table.player_of(seat)
    if other is None or other == player.player_id:
        raise ApiError(422, "bad_seat", "nobody you could block holds that seat")
    now_s = service.clock.now_ms() // 1000

    def change(stored: Player) -> bool:
        if stored.blocked(other):
            return False
        if len(stored.blocks) >= MAX_BLOCKS:
            raise conflict("too_many_blocks", f"you have blocked {MAX_BLOCKS} players already")
        stored.blocks = [*stored.blocks, Block(other, made_code(other), now_s)]
        return True

    _update(service, player, change)
    logger.info("player blocked", extra={"table_id": table_id, "seat": seat})


def blocks(player: Player) -> list[dict[str, Any]]:
    """The list a player sees: by made name, never the other's id."""
    return [
        {"n": n, "name": render(b.name), "name_code": b.name, "at": b.at * 1000}
        for n, b in enumerate(player.blocks)
    ]


def unblock(service: Service, player: Player, number: int) -> None:
    if not 0 <= number < len(player.blocks):
        raise not_found("no such block")
    target = player.blocks[number].player_id

    def change(stored: Player) -> bool:
        kept = [b for b in stored.blocks if b.player_id != target]
        changed = len(kept) != len(stored.blocks)
        stored.blocks = kept
        return changed

    _update(service, player, change)


def _update(service: Service, player: Player, change: Any) -> None:
    try:
        update_player(service.store, player.player_id, change, service.clock.now_ms() // 1000)
    except StoreBusy as err:
        raise store_busy(err) from err
    except VersionConflict as err:
        raise busy("the player is busy; try again") from err


def report(service: Service, table_id: str, token: str | None, request: Later) -> None:
    """File the caller's report of a seat at ``table_id`` (the caller holds a seat there)."""
    loaded = service.load(table_id)
    table = loaded.table
    caller = seats.caller(table, token, required=True)
    body = request()  # checked once the caller may use the table
    seat, reason = body["seat"], body["reason"]
    if not 0 <= seat < len(table.seats) or seat in caller.held:
        raise ApiError(422, "bad_seat", "report another seat of this table")
    if table.seats[seat].token is None:
        raise ApiError(422, "bad_seat", "a computer's seat cannot be reported")
    index = caller.token_index
    reporter = table.players[index] if index is not None and index < len(table.players) else None
    now_s = loaded.now_ms // 1000
    day = now_s // DAY_S
    who = reporter or f"{table_id}:{caller.token_index}"
    key = counter_key("report", who, day, service.settings.secret)
    try:
        if not service.store.count_up(key, REPORTS_PER_DAY, now_s, (day + 1) * DAY_S):
            raise ApiError(
                429,
                "too_many",
                f"at most {REPORTS_PER_DAY} reports a day",
                retry_after=(day + 1) * DAY_S - now_s,
            )
        text = json.dumps(
            {
                "table": table_id,
                "hand": loaded.state.hand_number,
                "version": loaded.state.version,
                "seat": seat,
                "reported": table.player_of(seat),
                "by_seat": caller.held[0] if caller.held else None,
                "by": reporter,
                "reason": reason,
                "at": now_s,
            },
            separators=(",", ":"),
        )
        item_key = f"report~{table_id}~{loaded.state.hand_number}~{caller.token_index}~{seat}"
        expires = now_s + REPORT_KEEP_DAYS * DAY_S
        current = service.store.read(REPORT, item_key)
        rev = current.rev if current is not None else None
        service.store.write(REPORT, StoredText(item_key, (rev or 0) + 1, text, expires), rev)
    except StoreBusy as err:
        raise store_busy(err) from err
    except VersionConflict as err:
        raise busy("the report could not be saved; try again") from err
    logger.info("seat reported", extra={"table_id": table_id, "seat": seat, "reason": reason})
