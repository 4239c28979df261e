"""The review of a hand played to the 400-turn limit, through the handler on SQLite: the
first ask (computed and stored), then asks served from the stored review (each language),
and what a player's view costs meanwhile.

python -m tests.bench review_stored
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from typing import Any

from api.clock import ManualClock
from api.store.sqlite import SqliteStore
from api.tables import context
from api.web.config import Settings
from api.web.log import logger
from engine.classic.game import new_match
from engine.classic.options import Options
from engine.core.state import TURN_LIMIT
from engine.variants import Game, rules_of
from tests.api.support import ApiClient

CACHED_ASKS = 30


def long_hand(secret: int = 5) -> Game:
    """A two-seat classic hand played to the turn limit: each seat takes the other's discard
    and throws it back, so the pile never runs out and nobody finishes."""
    state = new_match(Options(seats=2), bytes([secret]) * 32)
    rules = rules_of(state)
    while state.phase != "over":
        legal = {a["type"]: a for a in rules.legal_actions(state, state.turn)}
        if "take_discard" in legal:
            action: dict[str, Any] = {"type": "take_discard"}
        elif "discard" in legal:
            tiles = legal["discard"]["tiles"]
            last = state.events[-1]
            taken = last.get("tile") if last.get("type") == "take_discard" else None
            action = {"type": "discard", "tile": taken if taken in tiles else tiles[0]}
        else:
            action = {"type": next(iter(legal))}
        state, _ = rules.apply(state, state.turn, action)
    assert sum(state.turns_done) == TURN_LIMIT
    return state


def _timed(call: Any) -> tuple[float, float, Any]:
    start, cpu = time.perf_counter(), time.process_time()
    out = call()
    return (time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000, out


def main() -> None:
    logger.setLevel("WARNING")
    one, five, _ = os.getloadavg()
    print(f"  load average {one:.1f} {five:.1f} on {os.cpu_count() or 1} cores")
    with tempfile.TemporaryDirectory() as tmp:
        store = SqliteStore(os.path.join(tmp, "t.sqlite3"))
        service = context.configure(
            store=store, clock=ManualClock(int(time.time() * 1000)), settings=Settings()
        )
        try:
            client = ApiClient()
            seats = [{"kind": "human", "name": f"P{i}"} for i in range(2)]
            made = client.create(mode="hotseat", seats=seats, options={"seats": 2})
            table, token = made["table_id"], made["token"]
            loaded = service.load(table)
            loaded.state = long_hand()
            loaded.dirty = True
            service.save(loaded)
            path = f"/api/tables/{table}/hands/0/review"

            def ask(lang: str = "en") -> Any:
                reply = client.call("GET", path, query=f"seat=0&lang={lang}")
                assert reply.status == 200, reply.text
                return reply

            wall, cpu, first = _timed(ask)
            print(
                f"  review of a {TURN_LIMIT}-turn hand, first ask (computed, stored): "
                f"{wall:.0f} ms wall, {cpu:.0f} ms cpu, {len(first.text) // 1024} KB answer"
            )
            walls, cpus = [], []
            for n in range(CACHED_ASKS):
                w, c, _ = _timed(lambda n=n: ask(("en", "tr", "ko")[n % 3]))
                walls.append(w)
                cpus.append(c)
            print(
                f"  the same, asked again ({CACHED_ASKS} asks, en/tr/ko, stored): median "
                f"{statistics.median(walls):.1f} ms wall, {statistics.median(cpus):.1f} ms cpu"
            )
            views = [_timed(lambda: client.view(table, token))[0] for _ in range(CACHED_ASKS)]
            print(
                f"  a seat's view of that table meanwhile: median {statistics.median(views):.1f} ms"
            )
        finally:
            context.reset()


if __name__ == "__main__":
    main()
