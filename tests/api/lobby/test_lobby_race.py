"""200 players press Play now at once (threads, against dynalite and SQLite, whose
conditional writes are atomic): each is seated exactly once, no table holds more people than
seats, and every table is full but at most one per listing."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import boto3
import pytest

from api.lobby.seating import Choices, people
from api.store.dynamo import DynamoStore
from api.store.items import Store
from api.tables.service import Service
from tests.api.lobby.race import race, tables_of
from tests.api.support import REGION

PLAYERS = 200


def _pooled(store: Store) -> Store:
    """Two hundred threads on one DynamoDB client: a pool for them all (botocore's default of
    10 connections makes each thread past the tenth open and drop a connection per call)."""
    if not isinstance(store, DynamoStore):
        return store
    from botocore.config import Config

    endpoint = store.client.meta.endpoint_url
    client = boto3.client(
        "dynamodb",
        endpoint_url=endpoint,
        region_name=REGION,
        aws_access_key_id="testing",
        aws_secret_access_key="testing",
        config=Config(max_pool_connections=PLAYERS),
    )
    return DynamoStore(store.table_name, client=client)


ONE = Choices(("classic",), ("live",), (4,))
FOUR = Choices(("classic", "101"), ("live",), (2, 3))


def test_a_crowd_fills_tables_one_at_a_time(
    atomic_store: Store, wire_to: Callable[[Store], Service]
) -> None:
    crowd_fills_tables(wire_to(_pooled(atomic_store)), ONE)


def test_a_crowd_accepting_four_listings_fills_them_one_table_each_at_a_time(
    sqlite_store: Store, wire_to: Callable[[Store], Service]
) -> None:
    crowd_fills_tables(wire_to(sqlite_store), FOUR)


@pytest.mark.slow  # minutes on two cores: `make test-all`
def test_a_crowd_accepting_four_listings_on_dynalite(
    atomic_store: Store, wire_to: Callable[[Store], Service]
) -> None:
    crowd_fills_tables(wire_to(_pooled(atomic_store)), FOUR)


def crowd_fills_tables(service: Service, choices: Choices) -> None:
    atomic_store = service.store
    result = race(service, PLAYERS, choices)
    assert result.errors == []
    assert all(result.answers), "every player got a seat"
    tables = tables_of(atomic_store, result.answers)
    seated = Counter(p for table in tables.values() for p in people(table))
    assert set(seated) == set(result.player_ids) and set(seated.values()) == {1}
    for answer in result.answers:
        table = tables[answer["table_id"]]
        assert table.player_of(answer["seat"]) in result.player_ids
    not_full: Counter[str] = Counter()
    for table in tables.values():
        assert len(people(table)) <= len(table.seats)
        if any(info.kind == "open" for info in table.seats):
            assert table.listing is not None and not table.listing.closed
            not_full[table.listing.key] += 1
        else:
            assert table.status == "playing"
    assert all(count <= 1 for count in not_full.values()), not_full
