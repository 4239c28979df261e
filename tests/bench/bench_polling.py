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

from api.store.kinds import LOOKBACK_BUCKETS
from api.tables.item import LOOKING_SECONDS, SEEN_PRESENCE_SECONDS, SEEN_REFRESH_SECONDS
from api.tables.pace import PACES, SPECTATOR_MAX_AGE

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
PUSHES_PER_TURN = 1  # "your turn" to the next seat (about one a turn)
# A table write that moves its wake time rewrites the index entry (a delete and a put).
INDEX_WRITES_PER_WAKE_CHANGE = 2


def schedule() -> dict[str, Any]:
    """Polls per scenario from paceFor itself (tests/bench/polling_schedule.mjs), and the
    last-seen writes they cost (``writes``) under the renewal rule of api/tables/service.py
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
        # A hidden tab polls with away=1 (api/tables/play.py get_view): not a visit, so no write.
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


# -- both players there: a relaxed table polls as a live one (api/tables/views.py others_here) -----
TOGETHER_SECONDS_PER_TURN = 60  # assumed: two friends who meet at the table play a turn a minute


def _print_together(polls: dict[str, Any]) -> None:
    """What an hour costs when two friends have a relaxed table open together, against the
    same two tabs at the relaxed pace (what they polled before others_here)."""
    before = 2 * polls["relaxed_visible_first_hour"]
    # Each page polls fast on the other's turn and at the slower live rate on its own.
    now = polls["relaxed_both_here_others_turn"] + polls["relaxed_both_here_your_turn"]
    usd = sum(Counts(api_requests=now, reads=now).cost().values())
    usd_before = sum(Counts(api_requests=before, reads=before).cost().values())
    print(
        f"   a relaxed table, an hour with both players there (2 tabs): {now:,} polls "
        f"against {before:,} at the relaxed pace, ${usd:,.4f} against ${usd_before:,.4f}; "
        f"1,000 such hours ${1000 * usd:,.2f} against ${1000 * usd_before:,.2f} (polls "
        f"only: the moves, about {3600 // TOGETHER_SECONDS_PER_TURN} turns, cost the same "
        "at any pace; last-seen writes as on a live table)"
    )


# -- an embed: 1,000 visitors a day, each one game against the computer (docs/EMBED.md) ----
EMBED_VISITORS_PER_DAY = 1000
EMBED_SEATS = 4  # the default: the visitor and three computers
EMBED_TURNS = TURNS_PER_HAND // EMBED_SEATS  # the visitor's turns in the one hand of a game
EMBED_FINISHED_SHARE = 0.5  # assumed: half play to the end; the rest leave the table idle
EMBED_STATIC_FILES = 22  # embed.js, embed.html, the CSS and the table's modules (CloudFront only)
EMBED_ITEM_KB = 3  # estimate: a dealt table's item with its event log (kept, not written per KB)
FINISHED_TTL_DAYS = 7  # api/web/config.py: a finished table is kept a week
DYNAMODB_PER_GB_MONTH = 0.25  # https://aws.amazon.com/dynamodb/pricing/on-demand/ (storage)


def embed_games(polls: dict[str, Any], visitors: int) -> tuple[Counts, float, int]:
    """A day of an embed's visitors: their counts, the static files CloudFront serves them,
    and how many tables are stored once the TTLs have reached their steady state."""
    turns = EMBED_TURNS * (EMBED_FINISHED_SHARE + (1 - EMBED_FINISHED_SHARE) / 2)
    # create, the first view, the first sort's layout save; then per turn its polls, a draw
    # or take and a discard, a layout save; the finishers' Play again is the next visitor's.
    per_turn = polls["embed_turn_40s"] + ACTIONS_PER_TURN + LAYOUT_SAVES_PER_TURN
    requests = 3 + turns * per_turn
    writes = 2 + turns * (
        ACTIONS_PER_TURN + LAYOUT_SAVES_PER_TURN + polls["writes"]["embed_turn_40s"]
    )
    # A table left mid-hand is played out by the sweep, a turn of the visitor's each time it
    # runs out (turn_seconds 86400: a day); then it is finished, and kept as such.
    swept = (1 - EMBED_FINISHED_SHARE) * EMBED_TURNS / 2
    counts = Counts(
        api_requests=visitors * requests,
        table_writes=visitors * (writes + swept),
        # a new deadline each turn
        index_writes=visitors * (turns + swept) * INDEX_WRITES_PER_WAKE_CHANGE,
        reads=visitors * (requests + swept) * READ_UNITS_PER_REQUEST,
    )
    left_days = EMBED_TURNS / 2 + FINISHED_TTL_DAYS
    stored = round(
        visitors
        * (EMBED_FINISHED_SHARE * FINISHED_TTL_DAYS + (1 - EMBED_FINISHED_SHARE) * left_days)
    )
    return counts, visitors * EMBED_STATIC_FILES * CLOUDFRONT_PER_REQUEST, stored


def _print_embed(polls: dict[str, Any]) -> None:
    counts, static_usd, stored = embed_games(polls, EMBED_VISITORS_PER_DAY)
    print(
        f"   {EMBED_VISITORS_PER_DAY:,} embed visitors a day, one game against the computer each "
        f"({EMBED_SEATS} seats, one hand, {EMBED_TURNS} turns of theirs, "
        f"{EMBED_FINISHED_SHARE:.0%} play it out): {counts.api_requests:,.0f} API requests, "
        f"{counts.table_writes + counts.index_writes:,.0f} write units, "
        f"{counts.reads:,.0f} read units a day"
    )
    _print_costs("   price a day", counts)
    print(f"      {'CloudFront, the static files':<34} ${static_usd:,.3f}")
    gb = stored * EMBED_ITEM_KB / 1e6
    print(
        f"   tables stored: {stored:,} at steady state (kept {FINISHED_TTL_DAYS} days once "
        f"finished; a left one is first played out by the sweep, a turn a day), about "
        f"{gb:.2f} GB: ${gb * DYNAMODB_PER_GB_MONTH:,.3f} a month"
    )


# -- friends keep playing (api/friends) ------------------------------------------
REMATCHES_PER_GAME = 2  # each game is followed by two rematches: three matches in the chain
REACTIONS_PER_MATCH = 20  # assumed: one per seat per hand, 4 seats, 5 hands
NUDGES_PER_MATCH = 2  # assumed: a slow friend is nudged twice a match
# One rematch of four friends: each seat's call is one request that reads the old table;
# the first writes the offer on it and creates the next table, each other call reads the
# next table and writes its seat there (the last one deals). Three rematch pushes.
REMATCH_REQUESTS = SEATS
REMATCH_WRITES = 2 + (SEATS - 1)
REMATCH_READS = SEATS + (SEATS - 1)
REMATCH_INDEX_WRITES = 1  # the dealt table enters the wake index (a put, nothing to delete)
REMATCH_PUSHES = SEATS - 1


def friends_extra(games: int) -> Counts:
    """What the friends' features add to ``games`` games of REMATCHES_PER_GAME + 1 matches:
    each reaction and nudge is a request, a read and a write (no index write: the wake
    time does not move), each nudge a push; each rematch as above."""
    matches = games * (REMATCHES_PER_GAME + 1)
    rematches = games * REMATCHES_PER_GAME
    per_match = REACTIONS_PER_MATCH + NUDGES_PER_MATCH
    return Counts(
        api_requests=matches * per_match + rematches * REMATCH_REQUESTS,
        table_writes=matches * per_match + rematches * REMATCH_WRITES,
        index_writes=rematches * REMATCH_INDEX_WRITES,
        reads=matches * per_match + rematches * REMATCH_READS,
        pushes=matches * NUDGES_PER_MATCH + rematches * REMATCH_PUSHES,
    )


def plus(a: Counts, b: Counts) -> Counts:
    return Counts(
        a.api_requests + b.api_requests,
        a.table_writes + b.table_writes,
        a.index_writes + b.index_writes,
        a.reads + b.reads,
        a.sweep_runs + b.sweep_runs,
        a.pushes + b.pushes,
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
        ("relaxed, another person there, theirs", polls["relaxed_both_here_others_turn"]),
        ("relaxed, another person there, yours", polls["relaxed_both_here_your_turn"]),
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
        ("relaxed, another person there", "relaxed_both_here"),
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
    _print_together(polls)
    _print_embed(polls)
    per_match = REACTIONS_PER_MATCH + NUDGES_PER_MATCH
    print(
        f"   friends: per match {per_match} requests and {per_match} writes "
        f"({REACTIONS_PER_MATCH} reactions, {NUDGES_PER_MATCH} nudges); per rematch "
        f"({SEATS} friends) {REMATCH_REQUESTS} requests, {REMATCH_WRITES} table writes + "
        f"{REMATCH_INDEX_WRITES} index write, {REMATCH_READS} reads, {REMATCH_PUSHES} pushes"
    )
    for hidden in (False, True):
        # The three matches of each chain are played as the games above; then the extras.
        matches = 1000 * (REMATCHES_PER_GAME + 1)
        base = relaxed_games(polls, matches, hidden)
        base.sweep_runs *= REMATCHES_PER_GAME + 1  # the chain's matches follow each other
        extra = friends_extra(1000)
        label = "a hidden tab left open all game" if hidden else "tabs closed between turns"
        _print_costs(
            f"1,000 relaxed games with {REMATCHES_PER_GAME} rematches each ({label}); "
            f"the friends' part alone ${sum(extra.cost().values()):,.2f}",
            plus(base, extra),
        )
    _print_costs("the sweep alone, a month (43,200 runs, 13 queries each)", sweep_month())


if __name__ == "__main__":
    main()
