"""ETags: a tag changes exactly when the caller's own view does, and says nothing more."""

from __future__ import annotations

import pytest

from tests.api.support import ApiClient

pytestmark = pytest.mark.usefixtures("service")


def _tag(client: ApiClient, table: str, token: str | None) -> str:
    reply = client.call("GET", f"/api/tables/{table}", token=token)
    assert reply.status == 200, reply.text
    return reply.headers["ETag"]


def test_a_rack_rearranged_changes_only_its_own_seats_tag(client: ApiClient) -> None:
    made = client.create(mode="friends", name="A", options={"seats": 2})
    table, host = made["table_id"], made["token"]
    guest = client.call(
        "POST", f"/api/tables/{table}/join", {"invite_code": made["invite_code"], "name": "B"}
    ).body["token"]
    assert client.call("POST", f"/api/tables/{table}/start", token=host).status == 200
    before = {
        who: _tag(client, table, token)
        for who, token in [("host", host), ("guest", guest), ("spectator", None)]
    }
    assert len(set(before.values())) == 3  # each is shown something else

    rack = client.view(table, host)["rack"]
    layout = [list(reversed(rack)), [None] * 15]
    saved = client.call("PUT", f"/api/tables/{table}/rack", {"layout": layout}, token=host)
    assert saved.status == 200, saved.text

    after = {
        who: _tag(client, table, token)
        for who, token in [("host", host), ("guest", guest), ("spectator", None)]
    }
    assert after["host"] != before["host"]
    # Before, the tag carried the table's write counter: these two saw the rearranging.
    assert after["guest"] == before["guest"]
    assert after["spectator"] == before["spectator"]
    same = client.call("GET", f"/api/tables/{table}", headers={"if-none-match": after["spectator"]})
    assert same.status == 304 and same.text == ""
