"""Helpers for the friends tests: tables played to their end through the API."""

from __future__ import annotations

import random
import uuid
from collections.abc import Iterator
from typing import Any

from api.clock import ManualClock
from api.store.items import Store
from api.tables import context
from api.tables.service import Service
from api.web.config import Settings
from engine.variants import rules_of
from tests.api.builders import join
from tests.api.support import ApiClient


def wire(store: Store, clock: ManualClock) -> Iterator[Service]:
    """The API on ``store``, with a server secret (the rematch tokens are keyed by it)."""
    yield context.configure(store=store, clock=clock, settings=Settings(secret="s3cret"))
    context.reset()


def friends(
    client: ApiClient, seats: int = 2, turn_seconds: int = 86400, **options: Any
) -> dict[str, Any]:
    """A started friends table, every seat a person: ``tokens`` by seat."""
    made = client.create(
        mode="friends",
        name="Ayla",
        options={"seats": seats, **options},
        turn_seconds=turn_seconds,
    )
    table = made["table_id"]
    tokens = {0: made["token"]}
    for seat in range(1, seats):
        joined = join(client, made, f"Friend {seat}")
        assert joined.status == 200, joined.text
        tokens[joined.body["seat"]] = joined.body["token"]
    started = client.call("POST", f"/api/tables/{table}/start", token=made["token"])
    assert started.status == 200, started.text
    return {"table": table, "tokens": tokens, "view": started.body}


def finish_match(
    client: ApiClient, service: Service, table: str, tokens: dict[int, str]
) -> dict[str, Any]:
    """Play the match out through the API, each person's move chosen as the normal bot
    would; the first seat's view of the end."""
    rng = random.Random(7)
    for _ in range(5000):
        state = service.load(table).state
        if state.match_over:
            return client.view(table, tokens[min(tokens)])
        if state.phase == "over":
            seat, action = min(tokens), {"type": "next_hand"}
        else:
            seat = state.turn
            rules = rules_of(state)
            view = rules.view_for(state, seat, state.base_version)
            action = rules.bot()(view, "normal", rng.randrange(2**32))
        reply = client.act(
            table,
            tokens[seat],
            action,
            expected_version=state.version,
            action_id=uuid.uuid4().hex,
            seat=seat,
        )
        assert reply.status == 200, reply.text
    raise AssertionError("the match did not end")


def rematch(client: ApiClient, table: str, token: str | None, **body: Any) -> Any:
    return client.call("POST", f"/api/tables/{table}/rematch", body or None, token=token)


def request_id() -> str:
    return uuid.uuid4().hex
