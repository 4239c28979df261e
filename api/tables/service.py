"""Load a table, change it, save it with one conditional write; render the answer.

Every change runs inside :meth:`Service.commit`: read the item (one read),
apply the change in memory, write it back only if nobody else wrote in
between (one conditional write), else pause a moment and start over from a
fresh read. A store that cannot answer (:class:`StoreBusy`) and a table still
contended after the pauses are 503 ``busy`` with ``Retry-After``.
"""

from __future__ import annotations

import contextlib
import random
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, TypeVar

from api.clock import Clock
from api.store.base import CorruptItem, StoreBusy, StoredItem, VersionConflict
from api.store.items import Store
from api.tables.item import SEEN_PRESENCE_SECONDS, SEEN_REFRESH_SECONDS, Table, hand_key
from api.tables.movetimes import record as record_move
from api.tables.records import hand_item_text
from api.tables.turns import next_deadline, play_bots, play_timed_out
from api.web.config import Settings
from api.web.errors import ApiError, busy, not_found, store_busy
from api.web.log import logger
from engine.core.errors import ActionError
from engine.variants import Game, from_record, to_record

T = TypeVar("T")
DAY_SECONDS = 86_400

# A conflict means another request to the table just wrote; a fresh read settles it,
# unless several requests keep colliding in step. So each retry waits first, "full
# jitter" (AWS Architecture Blog, "Exponential Backoff And Jitter"): a pause drawn
# evenly from zero up to a ceiling that doubles from 20 ms and stays at 400 ms, which
# spreads the colliding requests apart. One request pauses 2 s at most in all, far
# inside the Lambda's 10 s timeout (template.yaml); then the client is told to come back.
MAX_ATTEMPTS = 10
BACKOFF_BASE_S = 0.020
BACKOFF_CAP_S = 0.400
BACKOFF_BUDGET_S = 2.0


@dataclass
class Loaded:
    table: Table
    state: Game
    before: Game  # as read, to tell whether a new turn began
    now_ms: int
    dirty: bool = False
    # The index of the token this request was made with, once accepted: recorded as seen.
    seen_token: int | None = None
    finished: list[Game] = field(default_factory=list)  # hands ended here, to archive once
    # What a move changes (see _activity), as read; None for a table not stored yet.
    activity: tuple[object, ...] | None = None


class LateError(ApiError):
    """An error whose extra body (e.g. the current view) is rendered after the save."""

    def __init__(
        self, status: int, code: str, message: str, render: Callable[[], dict[str, Any]]
    ) -> None:
        super().__init__(status, code, message)
        self.render = render


class Service:
    def __init__(
        self,
        store: Store,
        clock: Clock,
        settings: Settings,
        *,
        sleep: Callable[[float], None] = time.sleep,
        rng: random.Random | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.settings = settings
        # Injected so tests can read the backoff schedule without waiting it out.
        self.sleep = sleep
        self.rng = rng if rng is not None else random.Random()

    # -- storage -------------------------------------------------------------------

    def load(self, table_id: str) -> Loaded:
        try:
            stored = self.store.get(table_id) if plausible_id(table_id) else None
        except CorruptItem as err:
            raise corrupt(table_id, err, "table") from err
        return self.decode(table_id, stored, self.clock.now_ms())

    @staticmethod
    def decode(table_id: str, stored: StoredItem | None, now_ms: int) -> Loaded:
        """A stored item as a table and its game; 404 if it is gone or expired, 500 if it
        does not decode exactly."""
        if stored is None:
            raise not_found()
        # DynamoDB deletes expired items up to days late and SQLite only when a table is
        # created: past its expiry a table is gone at once, whichever store holds it.
        if stored.expires_at is not None and stored.expires_at * 1000 <= now_ms:
            raise not_found("this table has expired")
        try:
            table = Table.from_stored(stored)
            state = from_record(table.record)
            exact_record(table.record, state)
        except DECODE_ERRORS as err:
            raise corrupt(table_id, err, "table") from err
        return Loaded(table, state, state, now_ms, activity=_activity(table, state))

    def expires_at(self, table: Table, now_ms: int) -> int:
        days = (
            self.settings.finished_ttl_days
            if table.status == "finished"
            else self.settings.idle_ttl_days
        )
        return now_ms // 1000 + days * DAY_SECONDS

    def stored_form(self, loaded: Loaded) -> StoredItem:
        """Fold the state back into the table and give its next stored form."""
        table, state = loaded.table, loaded.state
        if table.status == "playing" and state.match_over:
            table.status = "finished"
        table.deadline = next_deadline(table, loaded.before, state, loaded.now_ms)
        if table.nudged is not None and not _on_turn(table, state, table.nudged.seat):
            table.nudged = None  # a nudge holds for the turn it was sent in (api/friends)
        table.move_times = record_move(
            table.move_times, state.version, loaded.now_ms // 1000 - table.created
        )
        if _activity(table, state) != loaded.activity:
            table.last_move = loaded.now_ms // 1000 - table.created
        table.record = to_record(state)
        return table.to_stored(self.expires_at(table, loaded.now_ms))

    def save(self, loaded: Loaded) -> None:
        expected = loaded.table.rev
        loaded.table.rev = expected + 1
        try:
            self.store.put_if_version(self.stored_form(loaded), expected)
        except VersionConflict:
            loaded.table.rev = expected
            raise

    def create(self, table: Table, state: Game, now_ms: int) -> None:
        # Every event of a new table (a computer table's deal, say) is made in this write, so
        # a floor at version 0 gives them its time: the move log need not say "seen".
        table.move_times = [(0, 0)]
        loaded = Loaded(table, state, state, now_ms)
        try:
            self.store.create(self.stored_form(loaded))
        except StoreBusy as err:
            raise store_busy(err) from err

    def commit(self, table_id: str, change: Callable[[Loaded], Callable[[], T]]) -> T:
        """Run ``change`` on a fresh read until its write lands; then render its answer."""
        pauses = self.backoff()
        while True:
            try:
                return self._attempt(table_id, change)
            except VersionConflict:
                pause = next(pauses, None)
                if pause is None:
                    break
                self.sleep(pause)
            except StoreBusy as err:
                raise store_busy(err) from err
        logger.warning("table still contended", extra={"table_id": table_id})
        raise busy("the table is busy; try again")

    def backoff(self) -> Iterator[float]:
        """The pauses before each retry, in seconds: full jitter under a doubling, capped
        ceiling, ending when the next would take the total past the budget."""
        slept = 0.0
        for retry in range(MAX_ATTEMPTS - 1):
            pause = self.rng.uniform(0, min(BACKOFF_CAP_S, BACKOFF_BASE_S * 2**retry))
            if slept + pause > BACKOFF_BUDGET_S:
                return
            slept += pause
            yield pause

    def _attempt(self, table_id: str, change: Callable[[Loaded], Callable[[], T]]) -> T:
        """One read, the change, one write; :class:`VersionConflict` if the write lost."""
        loaded = self.load(table_id)
        try:
            render = change(loaded)
        except ApiError as err:
            # A refused request may still have found a timed-out turn to play: keep that.
            if loaded.dirty:
                self.save(loaded)
            if isinstance(err, LateError):
                err.extra = err.render()
            raise
        if loaded.dirty:
            self._mark_seen(loaded, 0)
            self.archive(loaded)
            self.save(loaded)
        elif self._mark_seen(loaded, _refresh_after(loaded)):
            # Best effort: a poll never fails, nor reads again, for its last-seen.
            with contextlib.suppress(VersionConflict):
                self.save(loaded)
        return render()

    @staticmethod
    def _mark_seen(loaded: Loaded, older_than: int) -> bool:
        if loaded.seen_token is None:
            return False
        return loaded.table.mark_seen(loaded.seen_token, loaded.now_ms // 1000, older_than)

    def archive(self, loaded: Loaded) -> None:
        """Write each hand that ended in this change to its own write-once item.

        Before the table's write: if that write then loses a race, the retry finds the
        hand there already, the same record, since a finished hand never changes.
        """
        expires = self.expires_at(loaded.table, loaded.now_ms)
        for hand in loaded.finished:
            text = hand_item_text(to_record(hand), loaded.table.move_times)
            key = hand_key(loaded.table.table_id, hand.hand_number)
            with contextlib.suppress(VersionConflict):
                self.store.create(StoredItem(key, 0, text, expires))

    def settle(self, loaded: Loaded) -> None:
        """Start an open table whose time to start has come (api/lobby/facts.py), play any
        timed-out human turn and the computer turns after it."""
        if loaded.table.start_due(loaded.now_ms):
            loaded.dirty = True
        state = play_timed_out(loaded.table, loaded.state, loaded.now_ms)
        state = play_bots(loaded.table, state)
        if state is not loaded.state:
            loaded.state = state
            loaded.dirty = True


def _on_turn(table: Table, state: Game, seat: int) -> bool:
    return table.status == "playing" and state.phase != "over" and state.turn == seat


def _refresh_after(loaded: Loaded) -> int:
    """How old the asking token's record may grow before a read-only request renews it.

    A renewal is a write, so it is made only where it can change what the next write
    tells the seat. "Your turn" goes to the next human after the seat on turn, "started"
    and a new hand's turn to anyone while the table waits or a hand is over: there the
    record is renewed once a minute (``SEEN_REFRESH_SECONDS``), as before the 30 s cap, so
    such a tab costs what it did. A record 30 to 60 s old then lets a push go out to a
    tab that is looking; its service worker sees the table in view and shows nothing
    (frontend/sw.js). Every other seat (on turn, or two and more turns away) can be owed
    nothing by the next write but a hand over or a reminder, which its worker drops the
    same way: its record only says the seat is there (a seat quiet for 5 minutes may be
    taken, api/tables/setup.py), every ``SEEN_PRESENCE_SECONDS``. Moves and layout saves
    record the seat in their own write (Service._attempt), so a seat playing its turns
    needs few renewals at all. The cap holds whatever the rate: a record never runs
    ahead of the last request, so a seat that left is pushed 30 s after it at the latest.
    """
    table, state = loaded.table, loaded.state
    held = table.held_by(loaded.seen_token) if loaded.seen_token is not None else []
    if table.status != "playing" or state.phase == "over":
        return SEEN_REFRESH_SECONDS
    if state.turn not in held and _next_human(table, state.turn) in held:
        return SEEN_REFRESH_SECONDS
    return SEEN_PRESENCE_SECONDS


def _next_human(table: Table, turn: int) -> int | None:
    """The human seat the turn reaches after ``turn`` (computer seats play on the way)."""
    count = len(table.seats)
    return next(
        (s for s in ((turn + step) % count for step in range(1, count + 1)) if table.is_human(s)),
        None,
    )


def _activity(table: Table, state: Game) -> tuple[object, ...]:
    """Changes with a move (the game version), the start (status) and a join (seat kinds);
    not with a saved layout or a last-seen refresh."""
    return (state.version, table.status, tuple(seat.kind for seat in table.seats))


# What a stored item that does not decode exactly raises, in the api's model or the engine.
DECODE_ERRORS = (ValueError, KeyError, TypeError, IndexError, ActionError, CorruptItem)


def exact_record(record: dict[str, Any], state: Game) -> None:
    """``ValueError`` when the record holds a key its state would not write back: the
    engine reads only what it knows, so that key would be lost on the next write."""
    unknown = set(record) - set(to_record(state))
    if unknown:
        raise ValueError(f"the stored record has {len(unknown)} unknown field(s)")


def corrupt(table_id: str, err: Exception, what: str) -> ApiError:
    """The answer to a stored ``what`` ("table", "hand") that does not decode exactly.

    Never read as something else; logged by error type and table id only, since the
    stored text holds racks and the seed.
    """
    logger.error(
        f"stored {what} cannot be read",
        extra={"table_id": table_id, "error": type(err).__name__},
    )
    return ApiError(500, "corrupt_table", f"this {what}'s stored record cannot be read")


def plausible_id(table_id: str) -> bool:
    # Refuses junk before it reaches the store (DynamoDB rejects keys over 2 KB with a 400),
    # and any key with a hand item's "#": a table id is URL-safe base64.
    return re.fullmatch(r"[A-Za-z0-9_-]{1,64}", table_id) is not None
