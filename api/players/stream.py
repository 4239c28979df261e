"""Candy and stats after a hand: table changes (old item, new item) in, player writes out.

A sibling of the push notifier on the same change stream. In AWS its own Lambda gets the
table's DynamoDB stream records (template.yaml, ``PlayerCreditFunction``, filtered as the
notifier's to MODIFY records of table items); locally the dev server's change worker calls
:func:`handle_change` after each table write (infra/push_worker.py). Either way it runs
after the write that ended a hand has landed, so no move ever waits for it or fails with it.

Idempotent: each player keeps, per table, the last hand credited to it
(:class:`api.players.model.Credit`), and a hand at or before that one changes nothing; the
check and the credit are one conditional write of the player's item. A replayed record,
or the dev worker and a retry seeing the same change, credit once.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Any

from api.players.accounts import update_player
from api.players.credit import MIN_MOVES, SeatHand, own_moves, seat_hands
from api.players.model import DAILY_LIMIT, Credit, Player, utc_day
from api.store import make_store
from api.store.base import StoreBusy, StoredItem, VersionConflict
from api.store.items import Store
from api.store.stream import table_changes
from api.tables.item import Table, hand_key
from api.tables.records import hand_item_record
from api.tables.service import DECODE_ERRORS
from api.web.config import Settings
from api.web.log import logger
from engine.variants import Game, from_record


class _Hands:
    """The table's hands by number: the one in the item, earlier ones from their items
    (write-once, :mod:`api.tables.hands`), each read at most once per change."""

    def __init__(self, store: Store, table: Table, current: Game) -> None:
        self.store = store
        self.table_id = table.table_id
        self.known: dict[int, Game | None] = {current.hand_number: current}

    def get(self, number: int) -> Game | None:
        if number not in self.known:
            item = self.store.get(hand_key(self.table_id, number))
            self.known[number] = from_record(hand_item_record(item.data)) if item else None
        return self.known[number]

    def moves_in_match(self, seat: int, through: int) -> int:
        """The seat's own moves in hands 0..``through``, counted back from ``through`` only
        as far as needed to reach :data:`MIN_MOVES` (usually this hand and one before)."""
        total = 0
        for number in range(through, -1, -1):
            hand = self.get(number)
            total += own_moves(hand, seat) if hand is not None else 0
            if total >= MIN_MOVES:
                break
        return total


def ended_hands(before: Game | None, state: Game) -> Iterator[int]:
    """The numbers of the hands that ended in the write from ``before`` to ``state``."""
    if before is None:
        first = state.hand_number
    else:
        first = before.hand_number + (1 if before.phase == "over" else 0)
    # Hands dealt past already were archived when the next was dealt.
    yield from range(first, state.hand_number)
    if state.phase == "over" and first <= state.hand_number:
        yield state.hand_number


def credit(player: Player, hand: SeatHand, moves: int, own: int, now_s: int) -> bool:
    """Apply one finished hand to ``player``; ``False`` if it was credited already."""
    last = player.last_credit(hand.table_id)
    if last is not None and last.hand >= hand.hand:
        return False
    day = utc_day(now_s)
    if player.day != day:
        player.day, player.today = day, 0
    worth = hand.candy(moves)
    earned = min(worth, DAILY_LIMIT - player.today)
    why = "daily_limit" if earned < worth else hand.shortfall(moves)
    player.today += earned
    player.candy += earned
    stats = player.stats_for(hand.variant)
    if own > 0:
        stats.hands += 1
        stats.hands_won += hand.outcome == "win"
        stats.pairs_finishes += hand.pairs_finish
        stats.okey_finishes += hand.okey_finish
        if hand.score is not None:
            stats.best_hand = (
                hand.score if stats.best_hand is None else min(stats.best_hand, hand.score)
            )
    if hand.match_over:
        stats.matches += 1
        if hand.match_won:
            stats.matches_won += 1
            stats.streak += 1
            stats.best_streak = max(stats.best_streak, stats.streak)
        else:
            stats.streak = 0
    game = earned + (last.game_candy if last is not None else 0)
    player.remember(Credit(hand.table_id, hand.hand, earned, game, now_s, why))
    return True


def handle_change(store: Store, old: StoredItem | None, new: StoredItem, now_s: int) -> int:
    """Credit every hand that ended in this write; the number of player credits written.

    Raises :class:`StoreBusy` (and :class:`VersionConflict` for a player that kept
    changing): the caller retries the change, which credits nothing twice."""
    try:
        table = Table.from_stored(new)
        state = from_record(table.record)
        before = from_record(Table.from_stored(old).record) if old is not None else None
    except DECODE_ERRORS as err:
        # Never the item's text: it holds racks and the seed.
        logger.error(
            "stored table cannot be read for credits",
            extra={"table_id": new.table_id, "error": type(err).__name__},
        )
        return 0
    if not table.kind.earns_candy or not any(table.players):
        return 0
    hands = _Hands(store, table, state)
    written = _count_finishes(store, table, before, state)
    for number in ended_hands(before, state):
        hand_state = hands.get(number)
        if hand_state is None:
            continue  # gone, or finished before hands were archived
        for seat_hand in seat_hands(table, hand_state):
            moves = hands.moves_in_match(seat_hand.seat, number)
            own = own_moves(hand_state, seat_hand.seat)
            apply = partial(credit, hand=seat_hand, moves=moves, own=own, now_s=now_s)
            # Read at the hand's time, as every path reads players: an expired one earns nothing.
            if update_player(store, seat_hand.player_id, apply, alive_at=now_s) is not None:
                written += 1
    return written


def finish_open(player: Player, table_id: str, finished: bool) -> bool:
    """Count an open-table match in the player's reliability, once: the table leaves the
    player's open tables as it is counted, so a replayed record finds nothing to do."""
    if table_id not in player.open_tables:
        return False
    player.record_finish(finished)
    player.drop_open_table(table_id)
    return True


def _count_finishes(store: Store, table: Table, before: Game | None, state: Game) -> int:
    """When a match at an open table ends: each player finished it, or left the seat to a
    computer (api/tables/turns.py); the player credits written."""
    if not table.kind.hands_quitters_over or not state.match_over:
        return 0
    if before is not None and before.match_over:
        return 0
    written = 0
    for seat in range(len(table.seats)):
        player_id = table.player_of(seat)
        if player_id is None:
            continue
        apply = partial(finish_open, table_id=table.table_id, finished=table.is_human(seat))
        if update_player(store, player_id, apply) is not None:
            written += 1
    return written


_store: Store | None = None


def store() -> Store:
    global _store
    if _store is None:
        _store = make_store(Settings.from_env())
    return _store


def handler(event: dict[str, Any], _context: Any) -> dict[str, Any]:
    failures: list[dict[str, str]] = []
    for change in table_changes(event):
        try:
            handle_change(store(), change.old, change.new, change.at_s)
        except (StoreBusy, VersionConflict) as err:
            code = err.code if isinstance(err, StoreBusy) else "VersionConflict"
            extra = {"table_id": change.new.table_id, "error": code}
            logger.warning("credits postponed", extra=extra)
            failures.append({"itemIdentifier": change.sequence})
    return {"batchItemFailures": failures}
