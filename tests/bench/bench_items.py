"""Table item size over whole matches: the figure behind "one write unit per move".

For each variant, MATCHES 5-hand matches at 4-seat all-human tables, played by
``normal`` bots and by random legal moves. After every action (every write an
all-human table makes; a computer table writes less often) the table item is
rebuilt as the API stores it: real names, token hashes, invite and idempotency
keys from a table made through the API, every seat's rack layout saved with
gaps (the worst case: a layout is only kept when a player moves tiles), and the
engine record of that moment. Sizes are DynamoDB's billed item size.

The ``+friends`` rows measure the same matches with the most a friends table adds
(api/friends/item.py): ten reactions kept with the hand's counts, a series
(the table is a rematch) and a nudge, against the plain rows' none.

``ISTAKA_BENCH_MATCHES=100 python -m tests.bench items`` for a quicker run (1,000 matches per
row took over 40 minutes on a loaded 2-core machine).
"""

from __future__ import annotations

import os
import random
import statistics
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from api.clock import ManualClock
from api.friends.item import REACTIONS, Nudge, Reaction, Reactions, Series
from api.store.base import StoredItem
from api.store.dynamo import item_size
from api.tables import context
from api.tables.item import RecentAction, Table, action_key
from api.tables.layout import encode_layout
from api.web.config import Settings
from api.web.log import logger
from engine.classic.game import new_match
from engine.classic.options import Options
from engine.okey101.game import new_match101
from engine.okey101.state import Options101
from engine.variants import Game, rules_of, to_record
from tests.api.support import ApiClient
from tests.bench.bench_api import percentile, sqlite_store
from tests.game_helpers import expand, random_action101

MATCHES = int(os.environ.get("ISTAKA_BENCH_MATCHES", "1000"))
HANDS = 5
WRITE_UNIT = 1024
CEILING = 4096

Pick = Callable[[Game, int, random.Random], dict[str, Any]]


def sample_table() -> StoredItem:
    """A 4-seat friends table made through the API, names as long as real ones get."""
    with sqlite_store() as store:
        context.configure(store=store, clock=ManualClock(), settings=Settings())
        client = ApiClient()
        made = client.create(mode="friends", name="Ayşegül Çağlayan", options={"seats": 4})
        for n in range(1, 4):
            client.call(
                "POST",
                f"/api/tables/{made['table_id']}/join",
                {"invite_code": made["invite_code"], "name": f"Oyuncu Şükrü {n}"},
            )
        client.call("POST", f"/api/tables/{made['table_id']}/start", token=made["token"])
        stored = store.get(made["table_id"])
        context.reset()
    assert stored is not None
    return stored


def _layout(rack: list[int], rng: random.Random) -> str:
    tiles = list(rack)
    rng.shuffle(tiles)
    slots: list[int | None] = []
    for start in range(0, len(tiles), 4):  # groups of four with a gap after each
        slots += [*tiles[start : start + 4], None]
    slots = slots[:30] + [None] * (30 - len(slots[:30]))
    return encode_layout([slots[:15], slots[15:]])


def _with_friends(table: Table, seed: int) -> None:
    """The friends' state at its largest: ten reactions (times days into the table's life,
    as a long relaxed match has them), every seat's count this hand, a series, a nudge."""
    rng = random.Random(seed)
    at = 9 * 86400
    recent = []
    for n in range(10):
        at += rng.randrange(2, 4000)
        recent.append(Reaction(n % 4, REACTIONS[rng.randrange(len(REACTIONS))], at))
    table.reactions = Reactions(4, [29, 30, 12, 7], recent)
    table.series = Series(table.table_id, 3, (1, 0, 1, 0))
    table.nudged = Nudge(at, 1, 2)


def _sizes_of_match(
    template: StoredItem, state: Game, pick: Pick, seed: int, friends: bool = False
) -> list[int]:
    table = Table.from_stored(template)
    if friends:
        _with_friends(table, seed)
    # A relaxed table (the friends default) whose seat on turn has had its reminder: the
    # index's two attributes and "rm" in the item, its largest form.
    assert table.deadline is not None
    table.reminded = table.deadline
    rng = random.Random(seed)
    rules = rules_of(state)
    # Four remembered action ids, in the form the API keeps them (a short digest).
    table.recent = [RecentAction(action_key(f"{seed}-{n}"), n, 10**4, 10**4) for n in range(4)]
    sizes = []
    while True:
        if state.phase == "over":
            if state.match_over:
                return sizes
            state, _ = rules.apply(state, 0, {"type": "next_hand"})
            continue
        seat = state.turn
        state, _ = rules.apply(state, seat, pick(state, seat, rng))
        table.record = to_record(state)
        table.layouts = {s: _layout(rack, rng) for s, rack in enumerate(state.racks)}
        table.rev += 1
        sizes.append(item_size(table.to_stored(2_000_000_000)))


def _bot(state: Game, seat: int, rng: random.Random) -> dict[str, Any]:
    rules = rules_of(state)
    view = rules.view_for(state, seat, since=state.base_version)
    return rules.bot()(view, "normal", rng.randrange(2**32))


def _random(state: Game, seat: int, rng: random.Random) -> dict[str, Any]:
    if rules_of(state).name == "101":
        return random_action101(state, rng)  # type: ignore[arg-type]
    return rng.choice(expand(rules_of(state).legal_actions(state, seat)))


def _new(variant: str, seed: int) -> Game:
    secret = random.Random(seed).randbytes(32)
    if variant == "101":
        return new_match101(Options101(seats=4, hands=HANDS), secret)
    return new_match(Options(seats=4, scoring="points", hands=HANDS), secret)


PICKS = {"bots": _bot, "random": _random}


def _job(args: tuple[StoredItem, str, str, int, bool]) -> list[int]:
    template, variant, style, seed, friends = args
    return _sizes_of_match(template, _new(variant, seed), PICKS[style], seed, friends)


def measure(variant: str, style: str, template: StoredItem, friends: bool = False) -> Iterator[str]:
    jobs = [(template, variant, style, seed, friends) for seed in range(MATCHES)]
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        per_match = list(pool.map(_job, jobs, chunksize=8))
    sizes = [size for match in per_match for size in match]
    within = sum(size <= WRITE_UNIT for size in sizes) / len(sizes)
    largest = [max(match) for match in per_match]
    label = style + ("+friends" if friends else "")
    yield (
        f"{variant:7} {label:14}: median {statistics.median(sizes):.0f} B, p99"
        f" {percentile(sizes, 0.99):.0f} B, max {max(sizes):,d} B over {len(sizes):,d} writes in"
        f" {MATCHES:,d} matches of {HANDS} hands; {within:.2%} within {WRITE_UNIT} B"
        f" (largest item per match: median {statistics.median(largest):.0f} B)"
    )
    if max(sizes) > CEILING:
        raise SystemExit(f"an item reached {max(sizes)} B, over the {CEILING} B ceiling")


def main() -> None:
    logger.setLevel("WARNING")  # the sample table's joins would log a line each
    template = sample_table()
    for variant in ("classic", "101"):
        for style in PICKS:
            for line in measure(variant, style, template):
                print("   " + line)
        for line in measure(variant, "bots", template, friends=True):
            print("   " + line)


if __name__ == "__main__":
    main()
