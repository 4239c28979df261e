"""What polling and the sweep cost: requests per hour per open tab, and the AWS price of
1,000 relaxed games.

python -m tests.bench polling      # or: python -m tests.bench.bench_polling

Requests per hour come from the real schedule: ``paceFor`` in frontend/js/table/sync.js,
walked through an hour by node (tests/bench/polling_schedule.mjs). The price multiplies
counts per game, written out below with the assumption behind each, by us-east-1 list
prices (free tiers left out). Durations are estimates of billed Lambda milliseconds, not
measurements: a request is one DynamoDB read and at most one write of an item under 1 KB.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from api.pace import PACES, SPECTATOR_MAX_AGE
from api.store.dynamo import LOOKBACK_BUCKETS
from api.table_item import LOOKING_SECONDS, SEEN_PRESENCE_SECONDS, SEEN_REFRESH_SECONDS

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]

# -- us-east-1 list prices, USD -----------------------------------------------------------
# https://aws.amazon.com/lambda/pricing/ (Arm, first 7.5 billion GB-s a month)
LAMBDA_PER_REQUEST = 0.20 / 1e6
LAMBDA_PER_GB_SECOND = 0.0000133334
# https://aws.amazon.com/api-gateway/pricing/ (HTTP APIs, first 300 million a month)
HTTP_API_PER_REQUEST = 1.00 / 1e6
# https://aws.amazon.com/dynamodb/pricing/on-demand/ (Standard table class, from 1 Nov 2024)
DYNAMODB_PER_WRITE_UNIT = 0.625 / 1e6
DYNAMODB_PER_READ_UNIT = 0.125 / 1e6
# https://aws.amazon.com/cloudfront/pricing/ (HTTPS requests, United States, Mexico, Canada)
CLOUDFRONT_PER_REQUEST = 0.0100 / 10_000
# https://aws.amazon.com/eventbridge/pricing/ (EventBridge Scheduler invocations)
SCHEDULER_PER_INVOCATION = 1.00 / 1e6
# Web Push services (FCM, Mozilla autopush, Apple, WNS) do not charge the sender: a push
# costs the notifier's Lambda run and its read of the seat's subscriptions.

# -- what one request costs us --------------------------------------------------------------
MEMORY_GB = 512 / 1024  # template.yaml Globals
REQUEST_MS = 30  # estimate: a poll or a move of a human seat (one read, at most one write)
SWEEP_RUN_MS = 120  # estimate: 13 small index queries, more when tables are due
NOTIFIER_MS = 200  # estimate: read the subscriptions, one HTTPS POST to a push service
READ_UNITS_PER_REQUEST = 1  # a consistent GetItem of an item under 4 KB
QUERY_READ_UNITS = 0.5  # an eventually consistent Query of the index, nothing or little found

# -- one relaxed game: four friends, 5 hands ------------------------------------------------
SEATS = 4
HANDS = 5
TURNS_PER_HAND = 31  # README, "Computer players": a hand lasts about 31 turns
HOURS_PER_TURN = 2  # assumed: a player answers the "your turn" push within a couple of hours
VISIT_MINUTES = 2  # a player opens the table for their turn and keeps it in view this long
ACTIONS_PER_TURN = 2  # take or draw, then discard
LAYOUT_SAVES_PER_TURN = 1  # the rack arranged once a turn
REMINDED_SHARE = 0.25  # assumed: turns still open at their reminder moment (1 h before)
TIMED_OUT_SHARE = 0.05  # assumed: turns the sweep plays for a seat that never came
PUSHES_PER_TURN = 1  # "your turn" to the next seat (issue 12: about one a turn)
# A table write that moves its wake time rewrites the index entry (a delete and a put).
INDEX_WRITES_PER_WAKE_CHANGE = 2


def schedule() -> dict[str, Any]:
    """Polls per scenario from paceFor itself (tests/bench/polling_schedule.mjs), and the
    last-seen writes they cost (``writes``) under the renewal rule of api/service.py
    (``_refresh_after``)."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node is needed: it runs the frontend's own paceFor")
    refresh = json.dumps({"next": SEEN_REFRESH_SECONDS, "presence": SEEN_PRESENCE_SECONDS})
    out = subprocess.run(
        [node, str(HERE / "polling_schedule.mjs"), refresh],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    figures: dict[str, Any] = json.loads(out.stdout)
    return figures


@dataclass
class Counts:
    """Requests and store work of 1,000 games."""

    api_requests: float = 0  # through CloudFront, HTTP API and the API function
    table_writes: float = 0
    index_writes: float = 0
    reads: float = 0  # read units
    sweep_runs: float = 0
    pushes: float = 0

    def cost(self) -> dict[str, float]:
        gb_s = MEMORY_GB / 1000
        lambda_cost = (
            self.api_requests * (LAMBDA_PER_REQUEST + REQUEST_MS * gb_s * LAMBDA_PER_GB_SECOND)
            + self.sweep_runs * (LAMBDA_PER_REQUEST + SWEEP_RUN_MS * gb_s * LAMBDA_PER_GB_SECOND)
            + self.pushes * (LAMBDA_PER_REQUEST + NOTIFIER_MS * gb_s * LAMBDA_PER_GB_SECOND)
        )
        return {
            "Lambda (API, sweep, notifier)": lambda_cost,
            "HTTP API": self.api_requests * HTTP_API_PER_REQUEST,
            "CloudFront requests": self.api_requests * CLOUDFRONT_PER_REQUEST,
            "DynamoDB writes (table + index)": (self.table_writes + self.index_writes)
            * DYNAMODB_PER_WRITE_UNIT,
            "DynamoDB reads": self.reads * DYNAMODB_PER_READ_UNIT,
            "EventBridge Scheduler": self.sweep_runs * SCHEDULER_PER_INVOCATION,
        }


def relaxed_games(polls: dict[str, Any], games: int, hidden_tab_open: bool) -> Counts:
    turns = HANDS * TURNS_PER_HAND
    hours = turns * HOURS_PER_TURN
    visit_polls = 1 + polls["relaxed_visit_2min"]  # the page's first load, then its polls
    per_turn_requests = visit_polls + ACTIONS_PER_TURN + LAYOUT_SAVES_PER_TURN
    requests = turns * per_turn_requests + HANDS  # next_hand once a hand
    swept = turns * (REMINDED_SHARE + TIMED_OUT_SHARE)
    # The visit's polls that renew the seat's last-seen (its moves record it anyway).
    seen_writes_per_turn = polls["writes"]["relaxed_visit_2min"]
    writes = (
        turns * (ACTIONS_PER_TURN + LAYOUT_SAVES_PER_TURN + seen_writes_per_turn) + swept + HANDS
    )
    if hidden_tab_open:  # every player leaves the table open in a background tab throughout
        hidden = SEATS * polls["relaxed_hidden"] * hours
        # A hidden tab polls with away=1 (api/play.py get_view): not a visit, so no write.
        requests += hidden
    wake_changes = turns * (1 + REMINDED_SHARE)  # a new deadline each turn; a reminder each
    pushes = turns * (PUSHES_PER_TURN + REMINDED_SHARE)
    return Counts(
        api_requests=games * requests,
        table_writes=games * (writes + HANDS),  # each finished hand's own item too
        index_writes=games * wake_changes * INDEX_WRITES_PER_WAKE_CHANGE,
        # A request reads its table, the sweep each table it settles, the notifier the
        # subscriptions of the seat it tells.
        reads=games * ((requests + swept) * READ_UNITS_PER_REQUEST + pushes * QUERY_READ_UNITS),
        # The games side by side: the sweep runs once a minute for as long as they last.
        sweep_runs=hours * 60,
        pushes=games * pushes,
    )


def sweep_month() -> Counts:
    """The sweep's fixed cost, whether tables are due or not: a run a minute, its queries."""
    runs = 30 * 24 * 60
    return Counts(sweep_runs=runs, reads=runs * (LOOKBACK_BUCKETS + 1) * QUERY_READ_UNITS)


def _print_costs(title: str, counts: Counts) -> None:
    costs = counts.cost()
    print(f"   {title}: ${sum(costs.values()):,.2f}")
    for name, usd in costs.items():
        if usd:
            print(f"      {name:<34} ${usd:,.3f}")


def main() -> None:
    polls = schedule()
    print("   requests per hour per open tab (paceFor, nothing changing):")
    rows = [
        ("live table, others' turn", polls["live_others_turn"]),
        ("live table, your turn", polls["live_your_turn"]),
        ("live table, tab hidden", polls["live_hidden"]),
        ("relaxed table, in view, first hour", polls["relaxed_visible_first_hour"]),
        ("relaxed table, in view, idle", polls["relaxed_visible_idle"]),
        ("relaxed table, tab hidden", polls["relaxed_hidden"]),
        ("spectator embed, live table", polls["spectator_live"]),
        ("spectator embed, relaxed table", polls["spectator_relaxed"]),
    ]
    for name, count in rows:
        print(f"      {name:<38} {count:>6,}")
    writes = polls["writes"]
    print(
        "   last-seen writes per open-tab hour (a poll renews the record once it is "
        f"{SEEN_REFRESH_SECONDS} s old when next to play, {SEEN_PRESENCE_SECONDS} s otherwise; "
        f"a seat counts as looking {LOOKING_SECONDS} s after it):"
    )
    for name, key in [
        ("live table, others' turn, next to play", "live_others_turn"),
        ("live table, others' turn, two turns off", "live_others_turn_far"),
        ("live table, your turn", "live_your_turn"),
        ("live table played round, 2 humans", "live_rotation_2"),
        ("live table played round, 4 humans", "live_rotation_4"),
        ("relaxed table, in view, others' turn", "relaxed_visible_first_hour"),
        ("relaxed table, tab hidden", "relaxed_hidden"),
    ]:
        print(f"      {name:<40} {writes[key]:>6,}")
    visit = ("a turn's 2-min visit (moves at 30 s)", writes["relaxed_visit_2min"])
    print(f"      {visit[0]:<40} {visit[1]:>6,}")
    for pace in PACES:
        embeds_polls = polls[f"spectator_{pace}"]
        max_age = SPECTATOR_MAX_AGE[pace]
        origin = min(100 * embeds_polls, 3600 // max_age)
        print(
            f"   100 spectator embeds of one {pace} table, an hour: {100 * embeds_polls:,} "
            f"requests to CloudFront, at most {origin:,} to the API per edge cache "
            f"(max-age {max_age} s)"
        )
    turns = HANDS * TURNS_PER_HAND
    print(
        f"   1,000 relaxed games: {SEATS} friends, {HANDS} hands of {TURNS_PER_HAND} turns "
        f"({turns} turns), {HOURS_PER_TURN} h a turn ({turns * HOURS_PER_TURN} h a game), "
        f"a {VISIT_MINUTES}-minute visit a turn"
    )
    for hidden in (False, True):
        counts = relaxed_games(polls, 1000, hidden)
        label = "a hidden tab left open all game" if hidden else "tabs closed between turns"
        print(
            f"   {label}: {counts.api_requests:,.0f} API requests, "
            f"{counts.table_writes + counts.index_writes:,.0f} write units, "
            f"{counts.reads:,.0f} read units, {counts.sweep_runs:,.0f} sweep runs, "
            f"{counts.pushes:,.0f} pushes"
        )
        _print_costs("   price", counts)
    _print_costs("the sweep alone, a month (43,200 runs, 13 queries each)", sweep_month())


if __name__ == "__main__":
    main()
