"""Fixtures: a service wired to SQLite, moto or dynalite, with a clock the test moves."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from api.clock import ManualClock
from api.store.items import Store
from api.store.sqlite import SqliteStore
from api.tables import context
from api.tables.service import Service
from api.web.config import Settings
from tests.api.support import (
    REGION,
    ApiClient,
    create_dynamo_table,
    dynalite_server,
    fake_aws_env,
    patched_env,
)

STORES = ["sqlite", "moto", "dynalite"]


@pytest.fixture(scope="session")
def dynalite_endpoint(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    logs = tmp_path_factory.mktemp("dynalite")
    with patched_env(fake_aws_env()), dynalite_server(logs) as endpoint:
        yield endpoint


@pytest.fixture
def aws_env() -> Iterator[None]:
    with patched_env(fake_aws_env()):
        yield


@pytest.fixture
def moto_store(aws_env: None) -> Iterator[Store]:
    import boto3
    from moto import mock_aws

    from api.store.dynamo import DynamoStore

    with mock_aws():
        client = boto3.client("dynamodb", region_name=REGION)
        create_dynamo_table(client, "istaka-test")
        yield DynamoStore("istaka-test", client=client)


@pytest.fixture
def sqlite_store(tmp_path: Path) -> Store:
    return SqliteStore(str(tmp_path / "tables.sqlite3"))


def new_dynalite_store(endpoint: str, config: Any = None) -> Store:
    """A fresh table on dynalite; ``config``: botocore's, for a client many threads share."""
    import boto3

    from api.store.dynamo import DynamoStore

    client = boto3.client(
        "dynamodb",
        endpoint_url=endpoint,
        region_name=REGION,
        aws_access_key_id="testing",
        aws_secret_access_key="testing",
        config=config,
    )
    name = f"istaka-{uuid.uuid4().hex[:8]}"
    create_dynamo_table(client, name)
    return DynamoStore(name, client=client)


def _store(request: pytest.FixtureRequest) -> Store:
    kind = request.param
    if kind == "sqlite":
        store: Store = request.getfixturevalue("sqlite_store")
    elif kind == "moto":
        store = request.getfixturevalue("moto_store")
    else:
        store = new_dynalite_store(request.getfixturevalue("dynalite_endpoint"))
    return store


@pytest.fixture(params=STORES)
def any_store(request: pytest.FixtureRequest) -> Store:
    """Each test using this runs once per store backend."""
    return _store(request)


# moto checks a write's condition and then stores the item without a lock, so
# two threads may both pass the same version check (seen once in CI: two
# winners of twenty). Real DynamoDB and the dynalite server check and write
# atomically, as SQLite does in one transaction; races are tested on those.
@pytest.fixture(params=[kind for kind in STORES if kind != "moto"])
def atomic_store(request: pytest.FixtureRequest) -> Store:
    """A store whose conditional write is atomic across threads."""
    return _store(request)


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def wire_to(clock: ManualClock) -> Iterator[Callable[[Store], Service]]:
    """Wires the API to the store it is given (once a test), on the test's clock; unwired
    after the test."""

    def configure(store: Store) -> Service:
        return context.configure(store=store, clock=clock, settings=Settings())

    yield configure
    context.reset()


@pytest.fixture
def service(moto_store: Store, wire_to: Callable[[Store], Service]) -> Service:
    """The API wired to moto's DynamoDB: the production store, in process."""
    return wire_to(moto_store)


@pytest.fixture
def sqlite_service(sqlite_store: Store, wire_to: Callable[[Store], Service]) -> Service:
    return wire_to(sqlite_store)


@pytest.fixture
def client() -> ApiClient:
    return ApiClient()
