"""The deadline sweep: time passes on a table even when nobody asks for it.

Deadlines used to pass only when a request came (api/tables/turns.py); a quiet table kept the
next player waiting for nothing. Every minute (template.yaml: an EventBridge schedule
invoking :func:`handler`; locally a thread of infra/devserver.py) the sweep asks the store
for the tables whose wake time has come, through an index and never a scan
(:meth:`Store.due`), and settles each exactly as a request would: the same
:meth:`Service.commit` (one read, the change, one conditional write on the item's rev,
re-read and re-checked after a conflict), the same :meth:`Service.settle` (the labelled
bot plays the timed-out turn, then the computer seats) and the same next deadline.

So a quiet seat is played once per deadline whoever comes first: after the first write
the deadline is a new one in the future, and the loser of a race re-reads it and finds
nothing to play.

A table's wake time is its deadline, or first, on a relaxed table, its reminder moment
(``api.tables.pace.reminder_lead_ms`` before the deadline: an hour, or a tenth of the turn when
that is shorter). At that moment the sweep records ``Table.reminded = deadline`` with one
conditional write: that write is what the push notifier (which reacts to writes of the
table item) turns into a "reminder" notification. It happens once per deadline, and never
after the deadline: a sweep that comes late plays the turn instead.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from api.store.base import StoreBusy
from api.tables.context import get_service
from api.tables.pace import reminder_lead_ms
from api.tables.service import Loaded, Service
from api.web.errors import ApiError
from api.web.log import logger

# Tables settled in one run at most; the rest wait a minute. Each takes a read, the bot's
# turn (milliseconds) and a write, so a run stays far inside the function's timeout.
SWEEP_LIMIT = 500
# A Lambda run stops taking tables when less than this is left of its time.
STOP_MARGIN_MS = 10_000

# Runs in a row in which a table failed to decode before the sweep sets it aside (drops
# its wake time, api/store/base.py set_aside): a stored item does not heal by itself, and
# a table read on every run for ever filled the logs. A request to it still answers
# corrupt_table; a table that heals (restored by hand) is woken by its next write.
SET_ASIDE_AFTER = 3
# Per table id, the runs in a row it could not be read in, in this process (a Lambda's
# warm container, the dev server): at worst a cold start tries a table a few times more.
_unreadable: dict[str, int] = {}

Outcome = str  # "played" | "reminded" | "nothing"


@dataclass
class SweepReport:
    due: int = 0  # ids the index gave
    played: int = 0  # a timed-out turn played (and the computer turns after it)
    reminded: int = 0  # a reminder moment recorded
    nothing: int = 0  # nothing due on a fresh read: the index lagged, or a request came first
    failed: int = 0  # gone, unreadable or busy: logged, tried again next run if still due
    set_aside: int = 0  # unreadable too many runs in a row: out of the index, logged once


def reminder_due(loaded: Loaded) -> bool:
    """The seat on turn has reached its reminder moment, and it is not recorded yet."""
    table = loaded.table
    if table.status != "playing" or table.deadline is None:
        return False
    lead = reminder_lead_ms(table.turn_seconds)
    if lead is None or table.reminded == table.deadline:
        return False
    return table.deadline - lead <= loaded.now_ms < table.deadline


def wake(service: Service, table_id: str) -> Outcome:
    """Settle one table as a request would, or record its reminder; what was done."""

    def change(loaded: Loaded) -> Callable[[], Outcome]:
        service.settle(loaded)  # the timed-out turn, exactly as a request plays it
        if loaded.dirty:
            return lambda: "played"
        if reminder_due(loaded):
            loaded.table.reminded = loaded.table.deadline
            loaded.dirty = True
            return lambda: "reminded"
        return lambda: "nothing"

    return service.commit(table_id, change)


def sweep(
    service: Service,
    *,
    limit: int = SWEEP_LIMIT,
    should_stop: Callable[[], bool] = lambda: False,
) -> SweepReport:
    """One run: every table due now (up to ``limit``), each settled on its own."""
    report = SweepReport()
    ids = service.store.due(service.clock.now_ms(), limit)
    report.due = len(ids)
    for table_id in ids:
        if should_stop():
            break
        try:
            outcome = wake(service, table_id)
        except ApiError as err:
            # Expired (404), unreadable (500, logged by Service) or contended (503): one
            # table's trouble never stops the others.
            if err.code == "corrupt_table" and _give_up(service, table_id):
                report.set_aside += 1
                continue
            logger.warning(
                "sweep could not settle a table",
                extra={"table_id": table_id, "code": err.code, "status": err.status},
            )
            report.failed += 1
            continue
        _unreadable.pop(table_id, None)
        setattr(report, outcome, getattr(report, outcome) + 1)
        if outcome != "nothing":
            logger.info("sweep settled a table", extra={"table_id": table_id, "done": outcome})
    return report


def _give_up(service: Service, table_id: str) -> bool:
    """Count one more run ``table_id`` could not be read in; past :data:`SET_ASIDE_AFTER`
    take it out of the index, log that once, and say so."""
    tries = _unreadable.get(table_id, 0) + 1
    if tries < SET_ASIDE_AFTER:
        _unreadable[table_id] = tries
        return False
    try:
        service.store.set_aside(table_id)
    except StoreBusy:
        _unreadable[table_id] = tries  # the next run tries again
        return False
    _unreadable.pop(table_id, None)
    logger.error("sweep set an unreadable table aside", extra={"table_id": table_id})
    return True


def handler(event: dict[str, Any], context: Any) -> dict[str, int]:
    """The scheduled Lambda's entry point (template.yaml, SweepFunction)."""
    remaining: Callable[[], int] | None = getattr(context, "get_remaining_time_in_millis", None)

    def should_stop() -> bool:
        return remaining is not None and remaining() < STOP_MARGIN_MS

    try:
        report = sweep(get_service(), should_stop=should_stop)
    except StoreBusy as err:
        # The index query itself failed: nothing was written; the next run tries again.
        logger.warning("sweep found the store busy", extra={"error": err.code})
        return asdict(SweepReport(failed=1))
    figures = asdict(report)
    logger.info("sweep done", extra=figures)
    return figures
