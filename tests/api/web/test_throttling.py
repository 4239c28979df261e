"""A throttled, failing, unreachable or locked store, and a table that stays contended.

Each is a 503 ``busy`` with ``Retry-After``, never a 500; nothing stored
changes and nothing secret is logged. Conflicts are retried after jittered,
growing, capped pauses; the sleep and the random source are the service's
injected ones, so the schedule is read here, never waited out.
"""

from __future__ import annotations

import json
import random
import socket
import sqlite3
import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

import pytest

from api.clock import ManualClock
from api.store.base import StoreBusy, StoredItem, VersionConflict
from api.store.items import Store
from api.store.sqlite import SqliteStore
from api.tables import context
from api.tables.service import BACKOFF_BUDGET_S, MAX_ATTEMPTS, Service
from api.web.config import Settings
from tests.api.support import REGION, ApiClient, LogLines, template

# The schedule's ceilings: 20 ms doubling, capped at 400 ms.
CEILINGS = [0.02, 0.04, 0.08, 0.16, 0.32, 0.4, 0.4, 0.4, 0.4]


class ScriptedRandom(random.Random):
    """Draws the given fractions in turn, so each pause (a fraction of its ceiling) is known."""

    def __init__(self, fractions: list[float]) -> None:
        super().__init__(0)
        self.fractions = list(fractions)

    def random(self) -> float:
        return self.fractions.pop(0)


class Conflicts:
    """Loses the first ``n`` conditional writes, as if another request had just written."""

    def __init__(self, inner: Store, n: int) -> None:
        self.inner = inner
        self.left = n
        self.writes = 0

    def get(self, table_id: str) -> StoredItem | None:
        return self.inner.get(table_id)

    def create(self, table: StoredItem) -> None:
        self.inner.create(table)

    def put_if_version(self, table: StoredItem, expected_rev: int) -> None:
        self.writes += 1
        if self.left:
            self.left -= 1
            raise VersionConflict(table.table_id)
        self.inner.put_if_version(table, expected_rev)

    def raw(self, table_id: str) -> bytes | None:
        return self.inner.raw(table_id)


def discard(client: ApiClient, made: dict[str, Any], action_id: str | None = None) -> Any:
    """The starter's first move at a computer table: discard its first tile."""
    view = made["view"]
    action = {"type": "discard", "tile": view["rack"][0]}
    return client.act(
        made["table_id"],
        made["token"],
        action,
        expected_version=view["version"],
        action_id=action_id or uuid.uuid4().hex,
    )


def secrets(store: Store, made: dict[str, Any]) -> list[str]:
    """What must never reach a log line or an error body: the token, the seed, the invite
    code, the rack, the stored item itself."""
    stored = store.get(made["table_id"])
    assert stored is not None
    data = json.loads(stored.data)
    return [
        made["token"],
        data["g"]["m"],
        data["iv"],
        json.dumps(made["view"]["rack"]),
        stored.data,
    ]


def assert_busy(reply: Any, retry_after: str) -> None:
    assert reply.status == 503, reply.text
    assert reply.body == {"error": {"code": "busy", "message": reply.body["error"]["message"]}}
    assert reply.body["error"]["message"]
    assert reply.headers["Retry-After"] == retry_after
    assert reply.headers["Content-Type"] == "application/json"


def warnings_of(lines: LogLines, message: str) -> list[dict[str, Any]]:
    records = [json.loads(line) for line in lines.lines]
    return [r for r in records if r["message"] == message and r["level"] == "WARNING"]


# -- conflicts -------------------------------------------------------------------------


def test_conflicts_back_off_growing_jittered_capped_then_the_move_lands_once(
    client: ApiClient, sqlite_service: Service
) -> None:
    made = client.create(mode="computer", name="A")
    fractions = [0.9, 0.3, 1.0, 0.6, 0.8, 0.5, 1.0, 0.7]
    sleeps: list[float] = []
    conflicts = Conflicts(sqlite_service.store, len(fractions))
    sqlite_service.store = conflicts
    sqlite_service.sleep = sleeps.append
    sqlite_service.rng = ScriptedRandom(fractions)

    reply = discard(client, made)

    assert reply.status == 200, reply.text
    assert conflicts.writes == len(fractions) + 1
    assert sleeps == pytest.approx([c * f for c, f in zip(CEILINGS, fractions, strict=False)])
    assert sum(sleeps) <= BACKOFF_BUDGET_S
    tile = made["view"]["rack"][0]
    state = sqlite_service.load(made["table_id"]).state
    mine = [e["tile"] for e in state.events if e["seat"] == 0 and e["type"] == "discard"]
    assert mine == [tile]


def test_the_pauses_are_jittered_and_bounded_whatever_the_draw() -> None:
    schedules = []
    for seed in range(300):
        service = Service(
            SqliteStore(":memory:"), ManualClock(), Settings(), rng=random.Random(seed)
        )
        pauses = list(service.backoff())
        assert len(pauses) <= MAX_ATTEMPTS - 1
        assert all(0 <= p <= c for p, c in zip(pauses, CEILINGS, strict=False)), pauses
        assert sum(pauses) <= BACKOFF_BUDGET_S
        schedules.append(pauses)
    firsts = {round(s[0], 6) for s in schedules}
    assert len(firsts) > 250  # drawn, not fixed: colliding requests spread apart


def test_a_table_that_stays_contended_is_503_busy_with_retry_after(
    client: ApiClient, sqlite_service: Service
) -> None:
    made = client.create(mode="computer", name="A")
    tid = made["table_id"]
    hidden = secrets(sqlite_service.store, made)
    before = sqlite_service.store.raw(tid)
    sleeps: list[float] = []
    conflicts = Conflicts(sqlite_service.store, 10**6)
    sqlite_service.store = conflicts
    sqlite_service.sleep = sleeps.append
    sqlite_service.rng = ScriptedRandom([1.0] * MAX_ATTEMPTS)  # every pause at its ceiling

    lines = LogLines()
    with lines.attached():
        reply = discard(client, made)

    assert_busy(reply, "1")
    # Up to the cap, then stopped where one more 0.4 s would pass the 2 s budget.
    assert sleeps == pytest.approx([0.02, 0.04, 0.08, 0.16, 0.32, 0.4, 0.4, 0.4])
    assert sum(sleeps) <= BACKOFF_BUDGET_S
    assert conflicts.writes == len(sleeps) + 1
    assert conflicts.raw(tid) == before
    assert [r["table_id"] for r in warnings_of(lines, "table still contended")] == [tid]
    assert not [s for s in hidden if any(s in line for line in lines.lines)]


# -- DynamoDB errors, through botocore's Stubber -------------------------------------------

BUSY_ERRORS = [
    ("ProvisionedThroughputExceededException", 400),
    ("ThrottlingException", 400),
    ("RequestLimitExceeded", 400),
    ("InternalServerError", 500),
    ("ServiceUnavailable", 503),
]


@contextmanager
def stubbed_store(service: Service) -> Iterator[Any]:
    """Within: the service's store talks to a stubbed client, whose every answer the test
    gives; the tables stay in moto, where the test reads them."""
    import boto3
    from botocore.stub import Stubber

    from api.store.dynamo import DynamoStore

    moto_store = service.store
    assert isinstance(moto_store, DynamoStore)
    client = boto3.client("dynamodb", region_name=REGION)
    service.store = DynamoStore(moto_store.table_name, client=client)
    try:
        with Stubber(client) as stubber:
            yield stubber
            stubber.assert_no_pending_responses()
    finally:
        service.store = moto_store


def get_params(service: Service, table_id: str) -> dict[str, Any]:
    """The read every request starts with: consistent, by id."""
    name = service.store.table_name  # type: ignore[attr-defined]
    return {"TableName": name, "Key": {"id": {"S": table_id}}, "ConsistentRead": True}


@pytest.mark.parametrize(("code", "status"), BUSY_ERRORS)
@pytest.mark.parametrize("failing", ["get_item", "put_item"])
def test_dynamodb_throttling_and_5xx_are_503_busy_and_change_nothing(
    client: ApiClient, service: Service, failing: str, code: str, status: int
) -> None:
    made = client.create(mode="computer", name="A")
    tid = made["table_id"]
    hidden = secrets(service.store, made)
    before = service.store.raw(tid)
    # The backend's message may quote the request; it must go nowhere.
    leak = f"item {hidden[1]} rejected"
    params = get_params(service, tid)
    item = service.store.client.get_item(**params)["Item"]  # type: ignore[attr-defined]
    lines = LogLines()
    with stubbed_store(service) as stubber, lines.attached():
        if failing == "get_item":
            stubber.add_client_error("get_item", code, leak, status, expected_params=params)
        else:
            stubber.add_response("get_item", {"Item": item}, expected_params=params)
            stubber.add_client_error("put_item", code, leak, status)
        reply = discard(client, made)

    assert_busy(reply, "2")
    assert service.store.raw(tid) == before
    logged = warnings_of(lines, "store busy")
    assert [(r["table_id"], r["error"]) for r in logged] == [(tid, code)]
    assert not [s for s in [*hidden, leak] if any(s in line for line in lines.lines)]
    assert not [s for s in [*hidden, leak] if s in reply.text]


def test_a_view_read_throttled_is_503_busy(client: ApiClient, service: Service) -> None:
    made = client.create(mode="computer", name="A")
    params = get_params(service, made["table_id"])
    with stubbed_store(service) as stubber:
        stubber.add_client_error(
            "get_item", "ProvisionedThroughputExceededException", expected_params=params
        )
        reply = client.call("GET", f"/api/tables/{made['table_id']}", token=made["token"])
    assert_busy(reply, "2")


def test_creating_a_table_while_throttled_is_503_busy(client: ApiClient, service: Service) -> None:
    with stubbed_store(service) as stubber:
        # The client's creation counter (api/web/limits.py): read, none yet, then made at 1.
        stubber.add_response("get_item", {})
        stubber.add_response("put_item", {})
        stubber.add_client_error("put_item", "ThrottlingException")
        reply = client.call("POST", "/api/tables", {"mode": "computer", "name": "A"})
    assert_busy(reply, "2")


def test_other_dynamodb_errors_stay_bugs(client: ApiClient, service: Service) -> None:
    """A refusal that retrying cannot mend (a missing table, say) is a 500, as before."""
    with stubbed_store(service) as stubber:
        stubber.add_client_error("get_item", "ResourceNotFoundException")
        reply = client.call("GET", "/api/tables/abcdef")
    assert reply.status == 500 and reply.body["error"]["code"] == "internal"


# -- DynamoDB over the wire: botocore's own retries, then StoreBusy ----------------------


class _Throttled(BaseHTTPRequestHandler):
    """A DynamoDB endpoint that answers every request with the server's error."""

    code = "ThrottlingException"
    status = 400
    seen: ClassVar[list[str]] = []

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.seen.append(self.headers.get("X-Amz-Target", ""))
        body = json.dumps({"__type": f"com.amazonaws.dynamodb.v20120810#{self.code}"}).encode()
        self.send_response(self.status)
        self.send_header("Content-Type", "application/x-amz-json-1.0")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_: Any) -> None:
        pass


@pytest.mark.parametrize(
    ("code", "status"), [("ThrottlingException", 400), ("InternalServerError", 500)]
)
def test_botocore_retries_once_then_the_store_is_busy(
    aws_env: None, code: str, status: int
) -> None:
    from api.store.dynamo import ATTEMPTS, DynamoStore

    handler = type("Handler", (_Throttled,), {"code": code, "status": status, "seen": []})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}"
        store = DynamoStore("istaka-test", endpoint_url=url, region=REGION)
        with pytest.raises(StoreBusy) as caught:
            store.get("t1")
    finally:
        server.shutdown()
        server.server_close()
    assert caught.value.code == code and caught.value.table_id == "t1"
    assert handler.seen == ["DynamoDB_20120810.GetItem"] * ATTEMPTS


def test_an_unreachable_dynamodb_is_503_busy(aws_env: None, client: ApiClient) -> None:
    from api.store.dynamo import DynamoStore

    # A port bound and not listening refuses connections, at once and for sure.
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{closed.getsockname()[1]}"
        store = DynamoStore("istaka-test", endpoint_url=url, region=REGION)
        context.configure(store=store, clock=ManualClock(), settings=Settings())
        try:
            lines = LogLines()
            with lines.attached():
                reply = client.call("GET", "/api/tables/abcdef")
        finally:
            context.reset()
    assert_busy(reply, "2")
    assert [r["error"] for r in warnings_of(lines, "store busy")] == ["EndpointConnectionError"]


def test_dynamodb_waits_are_bounded_inside_the_lambda_timeout(aws_env: None) -> None:
    from api.store.dynamo import DynamoStore

    config = DynamoStore("istaka-test", region=REGION).client.meta.config
    attempts = config.retries["total_max_attempts"]
    assert config.retries["mode"] == "standard"
    # Each attempt: connect, then wait for the answer; botocore's standard mode pauses up to
    # 2**i s between throttled attempts i and i + 1.
    pauses = sum(2**i for i in range(attempts - 1))
    call = attempts * (config.connect_timeout + config.read_timeout) + pauses
    timeout = template()["Globals"]["Function"]["Timeout"]
    assert 2 * call < timeout  # a request's read and write, both at their worst
    assert timeout / 4 > BACKOFF_BUDGET_S  # conflicts' pauses: a fraction of it


# -- SQLite ------------------------------------------------------------------------------


def test_a_locked_sqlite_database_is_503_busy_then_the_retry_lands(
    client: ApiClient, tmp_path: Path
) -> None:
    path = tmp_path / "tables.sqlite3"
    # No waiting for the lock: the held lock below fails the write at once, not after 10 s.
    store = SqliteStore(str(path), busy_timeout_ms=0)
    context.configure(store=store, clock=ManualClock(), settings=Settings())
    try:
        made = client.create(mode="computer", name="A")
        tid = made["table_id"]
        before = store.raw(tid)
        blocker = sqlite3.connect(path, isolation_level=None)
        blocker.execute("BEGIN IMMEDIATE")  # another writer holds the database's write lock
        lines = LogLines()
        with lines.attached():
            reply = discard(client, made, action_id="the-move")
        blocker.execute("ROLLBACK")
        blocker.close()
        assert_busy(reply, "2")
        assert store.raw(tid) == before
        assert [(r["table_id"], r["error"]) for r in warnings_of(lines, "store busy")] == [
            (tid, "SQLITE_BUSY")
        ]
        assert discard(client, made, action_id="the-move").status == 200
    finally:
        context.reset()


def test_sqlite_lock_errors_are_busy_and_other_errors_are_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = SqliteStore(str(tmp_path / "tables.sqlite3"))

    def failing(message: str) -> Any:
        def connect() -> sqlite3.Connection:
            raise sqlite3.OperationalError(message)

        return connect

    monkeypatch.setattr(store, "_connect", failing("database is locked"))
    with pytest.raises(StoreBusy):
        store.get("t1")
    monkeypatch.setattr(store, "_connect", failing("database table is locked"))
    with pytest.raises(StoreBusy):
        store.put_if_version(StoredItem("t1", 2, "{}"), 1)
    monkeypatch.setattr(store, "_connect", failing("no such table: tables"))
    with pytest.raises(sqlite3.OperationalError):
        store.get("t1")


# -- the dev server ----------------------------------------------------------------------


def test_the_devserver_passes_retry_after_through(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ISTAKA_STORE", "sqlite")
    monkeypatch.setenv("ISTAKA_SQLITE_PATH", str(tmp_path / "unused.sqlite3"))
    from infra.devserver import create_app

    path = tmp_path / "tables.sqlite3"
    store = SqliteStore(str(path), busy_timeout_ms=0)
    context.configure(store=store, clock=ManualClock(), settings=Settings())
    try:
        http = create_app().test_client()
        made = http.post("/api/tables", json={"mode": "computer", "name": "A"}).get_json()
        blocker = sqlite3.connect(path, isolation_level=None)
        blocker.execute("BEGIN IMMEDIATE")
        view = made["view"]
        reply = http.post(
            f"/api/tables/{made['table_id']}/actions",
            json={
                "type": "discard",
                "tile": view["rack"][0],
                "expected_version": view["version"],
                "action_id": "a1",
            },
            headers={"Authorization": f"Bearer {made['token']}"},
        )
        blocker.execute("ROLLBACK")
        blocker.close()
    finally:
        context.reset()
    assert reply.status_code == 503 and reply.headers["Retry-After"] == "2"
    assert reply.get_json()["error"]["code"] == "busy"
