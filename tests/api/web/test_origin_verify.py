"""Only CloudFront gets in: with a secret configured, a request without it is refused
before any store sees it; without one (local play, the other tests) nothing changes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from api.clock import ManualClock
from api.store.base import StoredItem
from api.store.items import Store
from api.tables import context
from api.web.config import Settings
from infra.apigw import LambdaContext, http_api_event
from tests.api.support import ApiClient, LogLines

CURRENT = "b3f1c0de-current-origin-secret"
PREVIOUS = "9a7e44aa-previous-origin-secret"
HEADER = "x-origin-verify"


@dataclass
class CountingStore:
    """A store that counts every call, so a test can say none reached it."""

    inner: Store
    calls: list[str] = field(default_factory=list)

    def get(self, table_id: str) -> StoredItem | None:
        self.calls.append("get")
        return self.inner.get(table_id)

    def create(self, table: StoredItem) -> None:
        self.calls.append("create")
        self.inner.create(table)

    def put_if_version(self, table: StoredItem, expected_rev: int) -> None:
        self.calls.append("put_if_version")
        self.inner.put_if_version(table, expected_rev)

    def count_up(self, key: str, limit: int, now_s: int, expires_at: int) -> bool:
        self.calls.append("count_up")  # a creation's counter (api/web/limits.py)
        return self.inner.count_up(key, limit, now_s, expires_at)

    def raw(self, table_id: str) -> bytes | None:
        return self.inner.raw(table_id)


@pytest.fixture
def store(moto_store: Store, clock: ManualClock) -> Iterator[CountingStore]:
    counting = CountingStore(moto_store)
    # Two accepted values, as during a rotation (see README, "Deploy to AWS").
    settings = Settings(origin_verify=(CURRENT, PREVIOUS))
    context.configure(store=counting, clock=clock, settings=settings)
    yield counting
    context.reset()


class EdgeClient(ApiClient):
    """Calls the handler as CloudFront would: with the origin header on every request."""

    def __init__(self, secret: str) -> None:
        super().__init__()
        self.secret = secret

    def call(self, method: str, path: str, body: Any = None, **kw: Any) -> Any:
        kw["headers"] = {HEADER: self.secret, **(kw.get("headers") or {})}
        return super().call(method, path, body, **kw)


def test_the_right_header_gets_normal_answers(store: CountingStore) -> None:
    for secret in (CURRENT, PREVIOUS):
        edge = EdgeClient(secret)
        made = edge.create(mode="computer", name="A")
        view = edge.view(made["table_id"], made["token"])
        assert view["table_id"] == made["table_id"]
        reply = edge.act(
            made["table_id"],
            made["token"],
            {"type": "discard", "tile": view["rack"][0]},
            expected_version=view["version"],
            action_id="a1",
        )
        assert reply.status == 200, reply.text
        assert reply.headers["X-Content-Type-Options"] == "nosniff"
    assert "create" in store.calls and "put_if_version" in store.calls


WRONG_HEADERS: list[dict[str, str]] = [
    {},
    {HEADER: ""},
    {HEADER: CURRENT[:-1]},  # all but the last character
    {HEADER: CURRENT + "x"},
    {HEADER: CURRENT.upper()},
    {HEADER: f"{CURRENT},{PREVIOUS}"},  # the environment's own form is not a value
    {HEADER: "é" + CURRENT[1:]},  # not ASCII: compared as bytes, never an exception
    {"x-origin-verify-2": CURRENT},
]


def test_a_missing_or_wrong_header_is_403_and_nothing_is_read_or_written(
    store: CountingStore,
) -> None:
    edge = EdgeClient(CURRENT)
    made = edge.create(mode="computer", name="A")
    tid, token = made["table_id"], made["token"]
    view = made["view"]
    before = store.raw(tid)
    store.calls.clear()
    discard = {
        "type": "discard",
        "tile": view["rack"][0],
        "expected_version": view["version"],
        "action_id": "a1",
    }
    requests: list[tuple[str, str, Any, dict[str, Any]]] = [
        ("POST", "/api/tables", {"mode": "computer", "name": "B"}, {}),
        ("GET", f"/api/tables/{tid}", None, {"token": token}),
        ("POST", f"/api/tables/{tid}/actions", discard, {"token": token}),
        ("PUT", f"/api/tables/{tid}/rack", {"layout": [[None] * 15] * 2}, {"token": token}),
        ("GET", "/api/openapi.json", None, {}),
        ("GET", "/api/nowhere", None, {}),  # refused before routing: no 404 to map the API
    ]
    direct = ApiClient()
    for headers in WRONG_HEADERS:
        for method, path, body, kw in requests:
            reply = direct.call(method, path, body, headers=headers, **kw)
            where = f"{method} {path} {headers} -> {reply.status} {reply.text}"
            assert reply.status == 403, where
            assert reply.body["error"]["code"] == "forbidden_origin", where
            assert reply.body["error"]["message"], where
            assert reply.headers["Content-Type"] == "application/json", where
            assert reply.headers["X-Content-Type-Options"] == "nosniff", where
            assert CURRENT not in reply.text and PREVIOUS not in reply.text, where
    assert store.calls == []
    assert store.raw(tid) == before
    # And the table still plays through the edge.
    assert edge.act(tid, token, discard).status == 200


def test_the_header_name_is_matched_whatever_its_case(store: CountingStore) -> None:
    # API Gateway lower-cases header names; the check must not depend on it.
    event = http_api_event("GET", "/api/openapi.json")
    event["headers"]["X-Origin-Verify"] = CURRENT
    from api.handler import handler

    assert handler(event, LambdaContext())["statusCode"] == 200


def test_no_secret_is_ever_logged(store: CountingStore) -> None:
    lines = LogLines()
    near_miss = CURRENT[:-1] + "?"
    with lines.attached():
        ApiClient().call("GET", "/api/openapi.json", headers={HEADER: near_miss})
        ApiClient().call("GET", "/api/openapi.json")
        EdgeClient(CURRENT).create(mode="computer", name="A")
    refusals = [json.loads(line) for line in lines.lines if "forbidden_origin" in line]
    assert [r["header_sent"] for r in refusals] == [True, False]
    for line in lines.lines:
        assert CURRENT not in line and PREVIOUS not in line and near_miss not in line


def test_without_a_secret_there_is_no_check(moto_store: Store, clock: ManualClock) -> None:
    context.configure(store=moto_store, clock=clock, settings=Settings())
    try:
        made = ApiClient().create(mode="computer", name="A")
        assert ApiClient().view(made["table_id"], made["token"])["table_id"] == made["table_id"]
    finally:
        context.reset()


def test_the_setting_reads_new_and_old_values_and_never_shows_them() -> None:
    env = {"ISTAKA_ORIGIN_VERIFY": f" {CURRENT} ,{PREVIOUS},,{CURRENT}"}
    settings = Settings.from_env(env)
    assert settings.origin_verify == (CURRENT, PREVIOUS)
    assert CURRENT not in repr(settings) and PREVIOUS not in repr(settings)
    assert Settings.from_env({}).origin_verify == ()
    assert Settings.from_env({"ISTAKA_ORIGIN_VERIFY": " , "}).origin_verify == ()
