"""Events carry the time their move was made, so the move log can say when."""

from __future__ import annotations

import uuid

from api.clock import ManualClock
from api.tables.movetimes import KEPT, decode, encode, record, time_of
from api.tables.service import Service
from tests.api.support import ApiClient
from tests.game_helpers import plain_action


def test_each_event_is_stamped_with_the_time_of_the_write_that_made_it(
    service: Service, client: ApiClient, clock: ManualClock
) -> None:
    made = client.create(mode="computer", name="Ayşe", turn_seconds=86400)
    table, token, view = made["table_id"], made["token"], made["view"]
    start = clock.now_ms() // 1000
    dealt = view.get("events", [])
    assert dealt and all(e["at"] == start for e in dealt), dealt  # the deal: made with the table
    clock.advance(3 * 3600)
    action = plain_action(view["legal"])
    assert action is not None
    reply = client.act(
        table, token, action, expected_version=view["version"], action_id=uuid.uuid4().hex
    )
    assert reply.status == 200, reply.text
    later = reply.body["events"]
    assert later and all(e["at"] == start + 3 * 3600 for e in later), later
    # A view read later still says when those moves were made, not when it was read.
    clock.advance(600)
    again = client.view(table, token, f"seat=0&since={view['version']}")["events"]
    assert [e["at"] for e in again] == [e["at"] for e in later]


def test_only_the_last_writes_are_kept_and_their_order_survives_a_clock_step_back() -> None:
    times: list[tuple[int, int]] = []
    for n in range(1, 40):
        times = record(times, n * 3, n * 100 if n != 30 else 5)  # one clock step back
    assert len(times) == KEPT + 1
    assert [t for _, t in times] == sorted(t for _, t in times)
    assert decode(encode(times)) == times
    assert time_of(times, times[0][0]) is None  # the floor has no time of its own
    assert time_of(times, times[-1][0]) == times[-1][1]
    assert len(encode(times)) < 100  # a few bytes a write: the item stays under 1 KB
