"""The store taken away under every route: each answers 503 ``busy`` with ``Retry-After``,
never a 500, whichever read or write finds it gone (a table's load, a finished hand's item,
a review, a player, a push item). On SQLite (a store whose every call is refused as a
locked database's) and on dynalite taken down (its client pointed at a closed port)."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from api.clock import ManualClock
from api.handler import OPERATIONS
from api.store.base import BatchRead, StoreBusy
from api.store.items import Store
from api.store.kinds import Index, Kind
from api.tables import context
from api.tables.service import Service
from api.web.config import Settings
from tests.api.support import REGION, ApiClient
from tests.api.tables.test_flow import play
from tests.api.telegram.test_telegram import SECRET, TOKEN, init_data

# Routes that never read the store: the document, the push key, and nothing else.
NO_STORE = {("get", "/api/openapi.json"), ("get", "/api/push/key")}


class Down(Store):
    """A store that cannot answer: every call is a locked database's refusal."""

    def __init__(self) -> None:
        self.calls = 0

    def _refuse(self, key: str) -> Any:
        self.calls += 1
        raise StoreBusy("SQLITE_BUSY", key)

    def read(self, kind: Kind[Any], key: str) -> Any:
        return self._refuse(key)

    def read_many(self, kind: Kind[Any], keys: Sequence[str]) -> BatchRead[Any]:
        return self._refuse(keys[0] if keys else "")  # type: ignore[no-any-return]

    def insert(self, kind: Kind[Any], item: Any, *, now_s: int | None = None) -> None:
        self._refuse(kind.key(item))

    def replace(self, kind: Kind[Any], item: Any, expected_rev: int) -> None:
        self._refuse(kind.key(item))

    def delete(self, kind: Kind[Any], key: str, expected_rev: int | None = None) -> None:
        self._refuse(key)

    def query(
        self, kind: Kind[Any], index: Index, partition: str, *, upto: int | None, limit: int
    ) -> list[str]:
        return self._refuse(partition)  # type: ignore[no-any-return]

    def unindex(self, kind: Kind[Any], index: Index, key: str) -> None:
        self._refuse(key)

    def raw(self, key: str) -> bytes | None:
        return self._refuse(key)  # type: ignore[no-any-return]


@pytest.fixture
def wired(atomic_store: Store) -> Iterator[Service]:
    settings = Settings(telegram_token=TOKEN, telegram_webhook_secret=SECRET, secret="s3cret")
    yield context.configure(
        store=atomic_store, clock=ManualClock(int(time.time() * 1000)), settings=settings
    )
    context.reset()


def _taken_down(service: Service) -> Store:
    """The service's store, gone: dynalite's client aimed at a port nobody listens on."""
    from api.store.dynamo import DynamoStore

    store = service.store
    if not isinstance(store, DynamoStore):
        return Down()
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{closed.getsockname()[1]}"
    return DynamoStore(store.table_name, endpoint_url=url, region=REGION)


def _requests(
    t: str, token: str, player: str, data: str
) -> list[tuple[str, str, Any, dict[str, Any]]]:
    """One request per operation that reads the store, each good up to its first read."""
    seat = {"token": token}
    sub = {
        "endpoint": "https://fcm.googleapis.com/fcm/send/x",
        "keys": {"p256dh": "a", "auth": "b"},
    }
    update = {
        "update_id": 1,
        "message": {
            "message_id": 1,
            "date": 1,
            "chat": {"id": 5, "type": "private"},
            "from": {"id": 5, "first_name": "Can", "language_code": "tr"},
            "text": "/quiet",
        },
    }
    return [
        ("post", "/api/tables", {"mode": "computer", "name": "A"}, {}),
        ("post", "/api/tables/status", [{"table_id": t, "token": token}], {}),
        ("get", f"/api/tables/{t}", None, seat),
        ("post", f"/api/tables/{t}/join", {"invite_code": "ABCDEF"}, {}),
        ("post", f"/api/tables/{t}/start", {}, seat),
        ("post", f"/api/tables/{t}/seats/1/bot", {}, seat),
        ("post", f"/api/tables/{t}/actions", {"type": "draw"}, seat),
        ("post", f"/api/tables/{t}/away", {"token": token}, {}),
        ("put", f"/api/tables/{t}/level", {"level": "hard"}, seat),
        ("put", f"/api/tables/{t}/rack", {"layout": [[None] * 15, [None] * 15]}, seat),
        ("get", f"/api/tables/{t}/arrangement", None, {**seat, "query": "by=runs"}),
        ("get", f"/api/tables/{t}/hands/0", None, {}),
        ("post", f"/api/tables/{t}/rematch", {}, seat),
        ("post", f"/api/tables/{t}/reactions", {"reaction": "gg"}, seat),
        ("post", f"/api/tables/{t}/nudge", {}, seat),
        ("post", "/api/players", {}, {}),
        ("get", "/api/players/me", None, {"token": player}),
        ("patch", "/api/players/me", {"name": "Bea"}, {"token": player}),
        ("put", f"/api/tables/{t}/push", {"subscription": sub}, seat),
        ("delete", f"/api/tables/{t}/push", {}, seat),
        ("get", f"/api/tables/{t}/hands/0/review", None, {"query": "seat=0"}),
        ("post", "/api/players/telegram", {"init_data": data}, {}),
        ("put", "/api/players/telegram/notifications", {"init_data": data, "enabled": True}, {}),
        ("put", f"/api/tables/{t}/telegram", {"init_data": data}, seat),
        ("post", "/api/lobby/play", {}, {"headers": {"x-istaka-player": player}}),
        ("get", "/api/lobby", None, {}),
        ("post", "/api/players/me/blocks", {"table_id": t, "seat": 1}, {"token": player}),
        ("get", "/api/players/me/blocks", None, {"token": player}),
        ("delete", "/api/players/me/blocks/0", None, {"token": player}),
        ("post", f"/api/tables/{t}/reports", {"seat": 1, "reason": "other"}, seat),
        (
            "post",
            "/api/telegram/webhook",
            update,
            {"headers": {"x-telegram-bot-api-secret-token": SECRET}},
        ),
    ]


def test_every_route_answers_503_busy_when_the_store_is_down(
    wired: Service, client: ApiClient
) -> None:
    made = client.create(mode="computer", name="Ayşe", options={"seats": 2})
    table, token, view = made["table_id"], made["token"], made["view"]
    while view["phase"] != "over":  # a finished hand 0, with its review to ask for
        view = play(client, table, token, view)
    player = client.call("POST", "/api/players", {}).body["token"]
    now = wired.clock.now_ms() // 1000
    data = init_data({"id": 5, "first_name": "Can"}, now)
    requests = _requests(table, token, player, data)
    covered = {(method, path.replace(table, "{table_id}")) for method, path, _, _ in requests}
    declared = {(op.method, op.path) for op in OPERATIONS}
    fill = {
        "/seats/1/": "/seats/{seat}/",
        "/hands/0": "/hands/{number}",
        "/blocks/0": "/blocks/{number}",
    }
    for old, new in fill.items():
        covered = {(m, p.replace(old, new)) for m, p in covered}
    assert covered == declared - NO_STORE  # a new route joins this list

    up = wired.store
    down = _taken_down(wired)
    for method, path, body, extra in requests:
        wired.store = down
        reply = client.call(
            method.upper(),
            path,
            body,
            token=extra.get("token"),
            query=extra.get("query", ""),
            headers=extra.get("headers"),
        )
        wired.store = up
        where = f"{method.upper()} {path} -> {reply.status} {reply.text}"
        assert reply.status == 503, where
        assert reply.body["error"]["code"] == "busy", where
        assert reply.headers["Retry-After"] == "2", where
    if isinstance(down, Down):
        assert down.calls >= len(requests)
    # Nothing was changed meanwhile: the table is as it was.
    assert (
        json.loads(client.call("GET", f"/api/tables/{table}", token=token).text)["version"]
        == (view["version"])
    )
