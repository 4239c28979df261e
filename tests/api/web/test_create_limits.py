"""Per-client limits on creating players and tables (api/web/limits.py), on SQLite, moto and
dynalite: the counter's store contract, the 429 with its Retry-After, which address counts
(the socket locally, CloudFront's viewer header in AWS, never X-Forwarded-For), the stack's
wiring, and the dev server end to end."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from api.clock import ManualClock
from api.handler import handler
from api.store.items import Store
from api.tables import context
from api.tables.service import Service
from api.web.config import Settings
from api.web.limits import client_address, counter_key
from infra.apigw import LambdaContext, http_api_event
from tests.api.support import template
from tests.servers import running_devserver

HOUR = 3600
# The manual clock starts at 2100-01-01 00:00 UTC, the start of an hour's window.
START_S = ManualClock().now_ms() // 1000
LIMITS = Settings(player_create_limit=3, table_create_limit=2)
AWS = Settings(player_create_limit=3, table_create_limit=2, client_address="cloudfront")
TABLE = {"mode": "computer", "name": "Ayşe"}


def post(
    path: str,
    body: Any = None,
    *,
    source_ip: str = "198.51.100.1",
    headers: dict[str, str] | None = None,
) -> tuple[int, dict[str, str], Any]:
    """A request as API Gateway gives it, from the connection ``source_ip``."""
    sent = {"content-type": "application/json", **(headers or {})}
    text = json.dumps(body) if body is not None else None
    event = http_api_event("POST", path, headers=sent, body=text, source_ip=source_ip)
    result = handler(event, LambdaContext())
    answer = json.loads(result["body"]) if result.get("body") else None
    return result["statusCode"], dict(result.get("headers") or {}), answer


def wire(store: Store, settings: Settings) -> Iterator[Service]:
    service = context.configure(store=store, clock=ManualClock(), settings=settings)
    yield service
    context.reset()


@pytest.fixture
def limited(any_store: Store) -> Iterator[Service]:
    """The API on each store, limits 3 players and 2 tables an hour, addresses by socket."""
    yield from wire(any_store, LIMITS)


@pytest.fixture
def aws(any_store: Store) -> Iterator[Service]:
    """As deployed: addresses from CloudFront-Viewer-Address."""
    yield from wire(any_store, AWS)


def assert_too_many(status: int, headers: dict[str, str], body: Any, retry_after: int) -> None:
    assert status == 429, body
    assert body["error"]["code"] == "too_many"
    assert headers["Retry-After"] == str(retry_after)
    assert "token" not in body


# -- the store's counter ---------------------------------------------------------------


def test_a_counter_counts_up_to_its_limit_then_refuses(any_store: Store) -> None:
    now, ends = START_S, START_S + HOUR
    assert [any_store.count_up("rl~t~a~1", 3, now, ends) for _ in range(5)] == [
        True,
        True,
        True,
        False,
        False,
    ]
    # Another key counts on its own; a limit of 1 takes exactly one.
    assert any_store.count_up("rl~t~b~1", 3, now, ends)
    assert [any_store.count_up("rl~t~c~1", 1, now, ends) for _ in range(2)] == [True, False]
    with pytest.raises(ValueError):
        any_store.count_up("rl~t~d~1", 0, now, ends)


def test_concurrent_counts_never_pass_the_limit(atomic_store: Store) -> None:
    """Twenty threads at once, a limit of 5: exactly five are counted."""
    import threading

    results: list[bool] = []
    lock = threading.Lock()
    barrier = threading.Barrier(20)

    def one() -> None:
        barrier.wait()
        counted = atomic_store.count_up("rl~p~race~1", 5, START_S, START_S + HOUR)
        with lock:
            results.append(counted)

    threads = [threading.Thread(target=one) for _ in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [False] * 15 + [True] * 5


def test_dynamodb_counters_carry_the_ttl_and_no_data(any_store: Store) -> None:
    """The item DynamoDB's TTL drops after its window, and that no stream filter takes for
    a table (they pass only items with "data")."""
    client = getattr(any_store, "client", None)
    if client is None:
        pytest.skip("SQLite drops expired counters itself (next test)")
    any_store.count_up("rl~t~x~1", 2, START_S, START_S + HOUR)
    any_store.count_up("rl~t~x~1", 2, START_S, START_S + HOUR)
    table = any_store.table_name  # type: ignore[attr-defined]
    item = client.get_item(TableName=table, Key={"id": {"S": "rl~t~x~1"}})["Item"]
    assert item == {
        "id": {"S": "rl~t~x~1"},
        "n": {"N": "2"},
        "expires_at": {"N": str(START_S + HOUR)},
    }


def test_sqlite_drops_expired_counters(sqlite_store: Store) -> None:
    import sqlite3

    sqlite_store.count_up("rl~t~old~1", 1, START_S, START_S + HOUR)
    sqlite_store.count_up("rl~t~new~2", 1, START_S + HOUR + 1, START_S + 2 * HOUR)
    path = sqlite_store.path  # type: ignore[attr-defined]
    with sqlite3.connect(path) as db:
        keys = [row[0] for row in db.execute("SELECT id FROM counters")]
    assert keys == ["rl~t~new~2"]


# -- the API ---------------------------------------------------------------------------


def test_players_past_the_limit_are_429_with_retry_after(limited: Service) -> None:
    made = [post("/api/players", {}) for _ in range(3)]
    assert [status for status, _, _ in made] == [201, 201, 201]
    assert_too_many(*post("/api/players", {}), retry_after=HOUR)
    clock = limited.clock
    assert isinstance(clock, ManualClock)
    clock.advance(HOUR - 100)
    assert_too_many(*post("/api/players", {}), retry_after=100)
    # Another address is not limited; nor is this one in the next hour.
    assert post("/api/players", {}, source_ip="198.51.100.2")[0] == 201
    clock.advance(100)
    assert post("/api/players", {})[0] == 201


def test_tables_are_limited_apart_from_players(limited: Service) -> None:
    assert [post("/api/tables", TABLE)[0] for _ in range(2)] == [201, 201]
    status, headers, body = post("/api/tables", TABLE)
    assert_too_many(status, headers, body, retry_after=HOUR)
    assert body["error"]["message"] == "one address may make 2 tables per hour; try again in 3600 s"
    assert post("/api/players", {})[0] == 201  # players count on their own
    assert post("/api/tables", TABLE, source_ip="203.0.113.5")[0] == 201


def test_a_refused_request_counts_nothing_and_stores_nothing(limited: Service) -> None:
    """A body the schema refuses is a 400 before the limit (it costs no write); a player
    token the server does not know is 401 before it too."""
    for _ in range(5):
        assert post("/api/players", {"name": "Computer 2"})[0] == 400
        assert post("/api/tables", {"mode": "nonsense"})[0] == 400
        bad = {"x-istaka-player": "AAAAAAAA.nope"}
        assert post("/api/tables", TABLE, headers=bad)[0] == 401
    assert [post("/api/players", {})[0] for _ in range(3)] == [201, 201, 201]
    assert [post("/api/tables", TABLE)[0] for _ in range(2)] == [201, 201]


class CountingStore:
    """A store that counts the counter writes it is asked for."""

    def __init__(self, inner: Store) -> None:
        self.inner = inner
        self.counts = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def count_up(self, key: str, limit: int, now_s: int, expires_at: int) -> bool:
        self.counts += 1
        return self.inner.count_up(key, limit, now_s, expires_at)


def test_a_refusal_is_remembered_until_the_window_ends(sqlite_store: Store) -> None:
    """Once refused, the same address's further creations this hour cost no write."""
    counting = CountingStore(sqlite_store)
    for _ in wire(counting, LIMITS):  # type: ignore[arg-type]
        assert [post("/api/tables", TABLE)[0] for _ in range(3)] == [201, 201, 429]
        assert counting.counts == 3
        assert [post("/api/tables", TABLE)[0] for _ in range(10)] == [429] * 10
        assert counting.counts == 3
        service = context.get_service()
        assert isinstance(service.clock, ManualClock)
        service.clock.advance(HOUR)
        assert post("/api/tables", TABLE)[0] == 201
        assert counting.counts == 4


def test_a_limit_of_0_is_off(any_store: Store) -> None:
    for _ in wire(any_store, Settings(player_create_limit=0, table_create_limit=0)):
        assert {post("/api/players", {})[0] for _ in range(25)} == {201}


# -- which address ----------------------------------------------------------------------


def test_in_aws_the_viewer_address_counts_and_x_forwarded_for_is_ignored(aws: Service) -> None:
    """Every request reaches the function from a CloudFront edge (sourceIp), with the
    viewer's own address in CloudFront-Viewer-Address; what a client writes in
    X-Forwarded-For changes nothing."""
    edge = "130.176.0.10"
    me = "198.51.100.7:50123"
    answers = [
        post(
            "/api/players",
            {},
            source_ip=edge,
            headers={"CloudFront-Viewer-Address": me, "X-Forwarded-For": f"203.0.113.{n}"},
        )
        for n in range(5)
    ]
    assert [status for status, _, _ in answers] == [201, 201, 201, 429, 429]
    # The same viewer from another port (another connection) is the same client...
    again = {"CloudFront-Viewer-Address": "198.51.100.7:1025"}
    assert post("/api/players", {}, source_ip=edge, headers=again)[0] == 429
    # ... and another viewer through the same edge is not limited.
    other = {"CloudFront-Viewer-Address": "198.51.100.8:50123"}
    assert post("/api/players", {}, source_ip=edge, headers=other)[0] == 201


def test_in_aws_an_ipv6_client_counts_by_its_64(aws: Service) -> None:
    def viewer(address: str) -> dict[str, str]:
        return {"cloudfront-viewer-address": f"{address}:443"}

    block = "2001:db8:aa:bb"
    statuses = [
        post("/api/tables", TABLE, source_ip="130.176.0.10", headers=viewer(f"{block}::{n}"))[0]
        for n in range(1, 4)
    ]
    assert statuses == [201, 201, 429]
    assert post("/api/tables", TABLE, headers=viewer("2001:db8:aa:bc::1"))[0] == 201


def test_locally_the_socket_counts_and_client_headers_do_not(limited: Service) -> None:
    """The dev server's event holds the socket's peer: neither header a client writes
    (X-Forwarded-For, or CloudFront's own header name) moves it to another count."""
    answers = [
        post(
            "/api/players",
            {},
            source_ip="127.0.0.1",
            headers={
                "X-Forwarded-For": f"203.0.113.{n}",
                "CloudFront-Viewer-Address": f"198.51.100.{n}:443",
            },
        )[0]
        for n in range(4)
    ]
    assert answers == [201, 201, 201, 429]


def test_client_address_forms() -> None:
    cf = "cloudfront"
    assert client_address(cf, {"CloudFront-Viewer-Address": "[2001:db8::1]:443"}, "") == (
        "2001:db8::/64"
    )
    assert client_address(cf, {"CloudFront-Viewer-Address": "::ffff:198.51.100.7:80"}, "") == (
        "198.51.100.7"
    )
    # A viewer header that is not an address (a stack to fix): the gateway's address.
    assert client_address(cf, {"CloudFront-Viewer-Address": "nonsense"}, "130.176.0.10") == (
        "130.176.0.10"
    )
    assert client_address(cf, {}, "130.176.0.10") == "130.176.0.10"
    assert client_address("socket", {}, None) == "unknown"


def test_the_counter_key_holds_no_address() -> None:
    key = counter_key("table", "198.51.100.7", 1_139_568, "server secret")
    assert key.startswith("rl~t~") and key.endswith("~1139568")
    assert "198.51.100.7" not in key
    assert key != counter_key("table", "198.51.100.7", 1_139_568, "another secret")
    assert key != counter_key("player", "198.51.100.7", 1_139_568, "server secret")


# -- the stack -------------------------------------------------------------------------


def test_the_stack_forwards_the_viewer_address_and_counts_by_it() -> None:
    cfn = template()
    resources = cfn["Resources"]
    function = resources["ApiFunction"]["Properties"]["Environment"]["Variables"]
    assert function["ISTAKA_CLIENT_ADDRESS"] == "cloudfront"
    assert function["ISTAKA_PLAYER_CREATE_LIMIT"] == {"Ref": "PlayerCreateLimit"}
    assert function["ISTAKA_TABLE_CREATE_LIMIT"] == {"Ref": "TableCreateLimit"}
    assert cfn["Parameters"]["PlayerCreateLimit"]["Default"] == 20
    assert cfn["Parameters"]["TableCreateLimit"]["Default"] == 60

    policy = resources["ApiOriginRequestPolicy"]["Properties"]["OriginRequestPolicyConfig"]
    headers = policy["HeadersConfig"]
    assert headers["HeaderBehavior"] == "whitelist"
    sent = {h.lower() for h in headers["Headers"]}
    assert "cloudfront-viewer-address" in sent
    assert "host" not in sent and "x-forwarded-for" not in sent
    # Every header a browser may send the API (CORS) reaches it: Authorization through the
    # cache policies' keys (CloudFront passes it no other way), the rest through this one.
    cors = resources["HttpApi"]["Properties"]["CorsConfiguration"]["AllowHeaders"]
    assert set(cors) - {"authorization"} <= sent
    assert {"origin", "x-telegram-bot-api-secret-token"} <= sent
    distribution = resources["SiteDistribution"]["Properties"]["DistributionConfig"]
    api = [b for b in distribution["CacheBehaviors"] if b["TargetOriginId"] == "api"]
    patterns = [b["PathPattern"] for b in api]
    assert patterns == ["/api/tables/*/hands/*", "/api/tables/*", "/api/*"]
    # Finished hands are read-only and never counted: their behaviour sends the origin only
    # its cache key (tests/api/web/test_template.py); every behaviour that can create counts here.
    counted = [b for b in api if b["PathPattern"] != "/api/tables/*/hands/*"]
    assert all(b["OriginRequestPolicyId"] == {"Ref": "ApiOriginRequestPolicy"} for b in counted)
    assert all(set(b["AllowedMethods"]) >= {"POST", "PUT"} for b in counted)


# -- the dev server --------------------------------------------------------------------


def _post(url: str, headers: dict[str, str]) -> tuple[int, str | None]:
    request = urllib.request.Request(
        url, data=b"{}", headers={"Content-Type": "application/json", **headers}
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.headers.get("Retry-After")
    except urllib.error.HTTPError as err:
        return err.code, err.headers.get("Retry-After")


def test_the_dev_server_counts_its_socket_peer(tmp_path: Path) -> None:
    env = {"ISTAKA_PLAYER_CREATE_LIMIT": "2", "ISTAKA_SWEEP_SECONDS": "0"}
    with running_devserver(tmp_path, env) as url:
        answers = [
            _post(f"{url}/api/players", {"X-Forwarded-For": f"203.0.113.{n}"}) for n in range(3)
        ]
    assert [status for status, _ in answers] == [201, 201, 429]
    retry = answers[2][1]
    assert retry is not None and 1 <= int(retry) <= HOUR
