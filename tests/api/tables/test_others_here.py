"""A seat's view says whether a person at another seat has the table open now
(``others_here``, api/tables/views.py): a relaxed table's page then polls as a live one's."""

from __future__ import annotations

import pytest

from api.clock import ManualClock
from api.tables.item import SEEN_PRESENCE_SECONDS
from api.tables.views import HERE_SECONDS
from tests.api.builders import seated
from tests.api.support import ApiClient
from tests.api.tables.test_away import beacon

pytestmark = pytest.mark.usefixtures("service")


def test_others_here_while_the_other_person_keeps_asking(
    client: ApiClient, clock: ManualClock
) -> None:
    t = seated(client, turn_seconds=86400)
    table, host, guest = t["table"], t["host"], t["guest"]
    # Both just asked (the start, the join): each sees the other there.
    assert client.view(table, host)["others_here"] is True
    assert client.view(table, guest)["others_here"] is True
    # A spectator hears nothing of who is there (its view is one for all).
    assert client.view(table, None)["others_here"] is False

    # The guest keeps polling, as a tab in view does (at most 30 s apart): the host keeps
    # seeing them, though their record is renewed only every SEEN_PRESENCE_SECONDS.
    for _ in range(3 * SEEN_PRESENCE_SECONDS // 30):
        clock.advance(30)
        client.view(table, guest)
        assert client.view(table, host)["others_here"] is True

    # The guest's tab is gone (no request, not even away=1 polls): after HERE_SECONDS the
    # host's view says nobody else is there, and the host's page slows down again.
    clock.advance(HERE_SECONDS)
    assert client.view(table, host)["others_here"] is False


def test_a_hidden_tab_is_not_there(client: ApiClient, clock: ManualClock) -> None:
    t = seated(client, turn_seconds=86400)
    table, host, guest = t["table"], t["host"], t["guest"]
    assert beacon(client, table, {"token": guest, "seat": 1}).status == 204
    for _ in range(HERE_SECONDS // 60 + 1):
        clock.advance(60)
        # The guest's hidden tab polls with away=1: not a person looking.
        assert client.call("GET", f"/api/tables/{table}", token=guest, query="away=1").status == 200
        client.view(table, host)
    assert client.view(table, host)["others_here"] is False
