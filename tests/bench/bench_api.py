"""API figures: handler time per move with three computer turns, the status of 50 tables,
item size, cold import time.

python -m tests.bench api      # or: python -m tests.bench.bench_api
"""

from __future__ import annotations

import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from api.clock import ManualClock
from api.store.dynamo import item_size
from api.store.items import Store
from api.store.sqlite import SqliteStore
from api.tables import context
from api.web.config import Settings
from api.web.log import logger
from engine.classic.bots import choose_action
from engine.classic.game import legal_actions
from engine.classic.view import view_for
from tests.api.builders import filled
from tests.api.support import ApiClient, create_dynamo_table, fake_aws_env, patched_env
from tests.game_helpers import expand

ROOT = Path(__file__).resolve().parents[2]
TABLES = 40
HANDS = 30


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@contextmanager
def sqlite_store() -> Iterator[Store]:
    with tempfile.TemporaryDirectory() as tmp:
        yield SqliteStore(str(Path(tmp) / "bench.sqlite3"))


@contextmanager
def moto_store() -> Iterator[Store]:
    import boto3
    from moto import mock_aws

    from api.store.dynamo import DynamoStore

    with patched_env(fake_aws_env()), mock_aws():
        client = boto3.client("dynamodb", region_name="us-east-1")
        create_dynamo_table(client, "bench")
        yield DynamoStore("bench", client=client)


def move_with_three_bot_turns(store: Store) -> list[float]:
    """Time the human's discard at a 4-seat table: it sets off three bot turns."""
    context.configure(store=store, clock=ManualClock(), settings=Settings())
    client = ApiClient()
    times: list[float] = []
    for n in range(TABLES):
        made = client.create(mode="computer", name="Bench", seats=_seats(n))
        table, token, view = made["table_id"], made["token"], made["view"]
        for _ in range(6):  # a few rounds per table, timing each discard
            if view["phase"] == "over":
                break
            kinds = {a["type"] for a in view["legal"]}
            if "draw" in kinds:
                view = _act(client, table, token, {"type": "draw"}, view)
            legal = {a["type"]: a for a in view["legal"]}
            if "discard" not in legal:
                break
            tile = legal["discard"]["tiles"][0]
            start = time.perf_counter()
            view = _act(client, table, token, {"type": "discard", "tile": tile}, view)
            times.append(time.perf_counter() - start)
    context.reset()
    return times


def status_of_fifty(store: Store) -> list[float]:
    """Time POST /api/tables/status for 50 tables a few moves into their first hand (every
    fifth a 101 table): one batch read, each record replayed once, no write."""
    context.configure(store=store, clock=ManualClock(), settings=Settings())
    client = ApiClient()
    entries = []
    for n in range(50):
        made = client.create(
            mode="computer", name="Bench", variant="101" if n % 5 == 0 else "classic"
        )
        view = made["view"]
        for _ in range(10):
            legal = view["legal"]
            kinds = {a["type"]: a for a in legal}
            action = {"type": "draw"} if "draw" in kinds else None
            if action is None and "discard" in kinds:
                action = {"type": "discard", "tile": kinds["discard"]["tiles"][0]}
            if action is None or view["phase"] == "over":
                break
            view = _act(client, made["table_id"], made["token"], action, view)
        entries.append({"table_id": made["table_id"], "token": made["token"]})
    times = []
    for _ in range(20):
        start = time.perf_counter()
        reply = client.call("POST", "/api/tables/status", entries)
        times.append(time.perf_counter() - start)
        assert reply.status == 200 and len(reply.body["tables"]) == 50
    context.reset()
    return times


def _seats(n: int) -> list[dict[str, Any]]:
    level = ("easy", "normal", "hard", "gentle")[n % 4]
    return [{"kind": "human"}] + [{"kind": "bot", "level": level}] * 3


def _act(client: ApiClient, table: str, token: str, action: dict[str, Any], view: Any) -> Any:
    reply = client.act(
        table, token, action, expected_version=view["version"], action_id=uuid.uuid4().hex
    )
    assert reply.status == 200, reply.text
    return reply.body


def item_sizes(pick: Callable[[Any, int, random.Random], dict[str, Any]]) -> list[int]:
    """Stored item size after every write, over whole hands at 4-seat all-human tables."""
    with sqlite_store() as store:
        service = context.configure(store=store, clock=ManualClock(), settings=Settings())
        client = ApiClient()
        sizes: list[int] = []
        rng = random.Random(5)
        for _ in range(HANDS):
            made = client.create(
                mode="friends", name="Ayşegül Çağlayan", options={"seats": 4, "hands": 1}
            )
            table = made["table_id"]
            tokens = filled(client, made, [f"Oyuncu Şükrü {n}" for n in range(1, 4)])
            state = service.load(table).state
            while state.phase != "over":
                seat = state.turn
                rack = list(state.racks[seat])
                rng.shuffle(rack)
                gappy: list[int | None] = [*rack[:4], None, *rack[4:8], None, *rack[8:]]
                slots = [*gappy, *[None] * (30 - len(gappy))]
                client.call(
                    "PUT",
                    f"/api/tables/{table}/rack",
                    {"layout": [slots[:15], slots[15:]]},
                    token=tokens[seat],
                )
                action = pick(state, seat, rng)
                client.act(
                    table,
                    tokens[seat],
                    action,
                    expected_version=state.version,
                    action_id=uuid.uuid4().hex,
                )
                stored = store.get(table)
                assert stored is not None
                sizes.append(item_size(stored))
                state = service.load(table).state
        context.reset()
        return sizes


def like_a_bot(state: Any, seat: int, rng: random.Random) -> dict[str, Any]:
    return choose_action(
        view_for(state, seat, since=state.base_version), "normal", rng.randrange(2**32)
    )


def at_random(state: Any, seat: int, rng: random.Random) -> dict[str, Any]:
    return rng.choice(expand(legal_actions(state, seat)))


def import_time_ms() -> tuple[float, float, bool]:
    """Cumulative import time of api.handler (-X importtime), wall time, whether Flask loaded."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "0"}
    code = "import sys, api.handler; print('flask' in sys.modules)"
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True, capture_output=True)
    runs = []
    for _ in range(5):
        out = subprocess.run(
            [sys.executable, "-X", "importtime", "-c", code],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
            text=True,
        )
        line = next(x for x in out.stderr.splitlines() if re.search(r"\|\s*api\.handler$", x))
        runs.append(int(line.split("|")[1]) / 1000)
        flask = out.stdout.strip() == "True"
    walls = []
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import api.handler"], cwd=ROOT, env=env, check=True)
        middle = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], cwd=ROOT, env=env, check=True)
        walls.append((middle - start) - (time.perf_counter() - middle))
    return statistics.median(runs), statistics.median(walls) * 1000, flask


def main() -> None:
    logger.setLevel("WARNING")  # one INFO line per move would drown the figures
    for name, factory in (("sqlite", sqlite_store), ("moto", moto_store)):
        with factory() as store:
            times = move_with_three_bot_turns(store)
        print(
            f"move + 3 bot turns ({name}): median {statistics.median(times) * 1000:.1f} ms, "
            f"p95 {percentile(times, 0.95) * 1000:.1f} ms over {len(times)} moves"
        )
        with factory() as store:
            times = status_of_fifty(store)
        print(
            f"status of 50 tables ({name}): median {statistics.median(times) * 1000:.1f} ms, "
            f"p95 {percentile(times, 0.95) * 1000:.1f} ms over {len(times)} requests"
        )
    for label, pick in (("bot-like play", like_a_bot), ("random legal play", at_random)):
        sizes = item_sizes(pick)
        print(
            f"item size, 4 seats, {label}: max {max(sizes)} B, p95 {percentile(sizes, 0.95):.0f} B,"
            f" median {statistics.median(sizes):.0f} B over {len(sizes)} writes in {HANDS} hands"
        )
    cumulative, wall, flask = import_time_ms()
    print(
        f"import api.handler: {cumulative:.0f} ms (-X importtime, cumulative), "
        f"{wall:.0f} ms wall over a bare interpreter; flask loaded: {flask}"
    )


if __name__ == "__main__":
    main()
