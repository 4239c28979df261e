"""200 players press Play now at once (threads, against SQLite and, a quarter of them under
`make test` and all 200 under `make test-all`, against dynalite: both stores whose
conditional writes are atomic): each is seated exactly once, no table holds more people than
seats, and every table is full but at most one per listing."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest
from botocore.config import Config

from api.lobby.seating import Choices, people
from api.store.items import Store
from api.tables.service import Service
from tests.api.conftest import new_dynalite_store
from tests.api.lobby.race import race, tables_of

PLAYERS = 200


@pytest.fixture
def dynalite(dynalite_endpoint: str) -> Store:
    """A fresh table on dynalite, its client pooled for a crowd: botocore's default of 10
    connections makes each thread past the tenth open and drop a connection per call."""
    return new_dynalite_store(dynalite_endpoint, Config(max_pool_connections=PLAYERS))


ONE = Choices(("classic",), ("live",), (4,))
FOUR = Choices(("classic", "101"), ("live",), (2, 3))


def test_a_crowd_fills_tables_one_at_a_time(
    sqlite_store: Store, wire_to: Callable[[Store], Service]
) -> None:
    crowd_fills_tables(wire_to(sqlite_store), ONE)


def test_a_crowd_on_dynalite_fills_tables_one_at_a_time(
    dynalite: Store, wire_to: Callable[[Store], Service]
) -> None:
    """The same rules on the DynamoDB-compatible server, with a quarter of the crowd: 200
    there take about 110 s of a CI worker (every loser of a conditional write reads and
    retries over the network), so the full crowd runs under `make test-all`."""
    crowd_fills_tables(wire_to(dynalite), ONE, PLAYERS // 4)


@pytest.mark.slow  # about 110 s on two cores: `make test-all`
def test_the_full_crowd_on_dynalite(dynalite: Store, wire_to: Callable[[Store], Service]) -> None:
    crowd_fills_tables(wire_to(dynalite), ONE)


def test_a_crowd_accepting_four_listings_fills_them_one_table_each_at_a_time(
    sqlite_store: Store, wire_to: Callable[[Store], Service]
) -> None:
    crowd_fills_tables(wire_to(sqlite_store), FOUR)


@pytest.mark.slow  # minutes on two cores: `make test-all`
def test_a_crowd_accepting_four_listings_on_dynalite(
    dynalite: Store, wire_to: Callable[[Store], Service]
) -> None:
    crowd_fills_tables(wire_to(dynalite), FOUR)


def crowd_fills_tables(service: Service, choices: Choices, players: int = PLAYERS) -> None:
    atomic_store = service.store
    result = race(service, players, choices)
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
