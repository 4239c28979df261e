"""200 players press Play now at once (threads, against dynalite and SQLite, whose
conditional writes are atomic): each is seated exactly once, no table holds more people than
seats, and every table is full but at most one per listing."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from api.lobby.seating import Choices, people
from api.store.items import Store
from api.tables.service import Service
from tests.api.lobby.race import race, tables_of

PLAYERS = 200


@pytest.mark.parametrize(
    "choices",
    [
        Choices(("classic",), ("live",), (4,)),
        Choices(("classic", "101"), ("live",), (2, 3)),
    ],
    ids=["one-listing", "four-listings"],
)
def test_a_crowd_fills_tables_one_at_a_time(
    atomic_store: Store, wire_to: Callable[[Store], Service], choices: Choices
) -> None:
    service = wire_to(atomic_store)
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
