"""The API end to end through the Lambda handler, on moto's DynamoDB."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from api.clock import ManualClock
from api.store.base import StoredItem
from api.store.items import Store
from api.tables.service import Service
from tests.api.support import ApiClient
from tests.game_helpers import plain_action

pytestmark = pytest.mark.usefixtures("service")


def aid() -> str:
    return uuid.uuid4().hex


def hotseat(client: ApiClient, seats: int = 2, **extra: Any) -> dict[str, Any]:
    """A pass-and-play table where one device holds every seat: no computer turns."""
    return client.create(
        mode="hotseat",
        seats=[{"kind": "human", "name": f"P{i}"} for i in range(seats)],
        **extra,
    )


def play(client: ApiClient, table: str, token: str, view: dict[str, Any], **extra: Any) -> Any:
    """A plain legal move for the seat on turn: finish if possible, else draw, else discard."""
    action = plain_action(view["legal"]) or {"type": view["legal"][0]["type"]}
    reply = client.act(
        table, token, action, expected_version=view["version"], action_id=aid(), **extra
    )
    assert reply.status == 200, reply.text
    return reply.body


def test_hotseat_table_deals_at_once_and_holds_every_seat(client: ApiClient) -> None:
    made = hotseat(client, 3)
    assert made["seats"] == [0, 1, 2] and made["seat"] == 0
    assert made["invite_code"] is None and made["invite_url"] is None
    view = made["view"]
    assert view["status"] == "playing" and view["held_seats"] == [0, 1, 2]
    assert len(view["rack"]) == 15 and view["you"] == 0
    assert [p["name"] for p in view["players"]] == ["P0", "P1", "P2"]
    other = client.view(made["table_id"], made["token"], "seat=1")
    assert other["you"] == 1 and len(other["rack"]) == 14


def test_friends_table_join_start_and_invite(client: ApiClient) -> None:
    reply = client.call(
        "POST",
        "/api/tables",
        {"mode": "friends", "name": "Ayşe", "options": {"seats": 3}},
        headers={"origin": "https://okey.example"},
    )
    assert reply.status == 201
    made = reply.body
    table, code = made["table_id"], made["invite_code"]
    assert made["invite_url"] == f"https://okey.example/#/join/{table}/{code}"
    assert made["view"]["status"] == "waiting" and made["view"]["rack"] is None
    assert made["view"]["invite_code"] == code

    bad = client.call("POST", f"/api/tables/{table}/join", {"invite_code": "WRONG1", "name": "X"})
    assert bad.status == 403 and bad.body["error"]["code"] == "bad_invite"

    joined = client.call(
        "POST", f"/api/tables/{table}/join", {"invite_code": code.lower(), "name": "Mehmet"}
    )
    assert joined.status == 200
    guest = joined.body
    assert guest["seat"] == 1 and guest["view"]["invite_code"] is None
    assert guest["view"]["players"][1]["name"] == "Mehmet"

    not_creator = client.call("POST", f"/api/tables/{table}/start", token=guest["token"])
    assert not_creator.status == 403
    started = client.call("POST", f"/api/tables/{table}/start", token=made["token"])
    assert started.status == 200
    view = started.body
    assert view["status"] == "playing"
    assert [p["kind"] for p in view["players"]] == ["human", "human", "bot"]
    assert len(view["rack"]) == 15

    late = client.call("POST", f"/api/tables/{table}/join", {"invite_code": code, "name": "Z"})
    assert late.status == 409 and late.body["error"]["code"] == "table_full"
    again = client.call("POST", f"/api/tables/{table}/start", token=made["token"])
    assert again.status == 409


def test_full_table_refuses_joiners(client: ApiClient) -> None:
    made = client.create(mode="friends", name="A", options={"seats": 2})
    path = f"/api/tables/{made['table_id']}/join"
    assert (
        client.call("POST", path, {"invite_code": made["invite_code"], "name": "B"}).status == 200
    )
    full = client.call("POST", path, {"invite_code": made["invite_code"], "name": "C"})
    assert full.status == 409 and full.body["error"]["code"] == "table_full"


def test_views_etag_304_spectator_and_auth(client: ApiClient) -> None:
    made = hotseat(client)
    table, token = made["table_id"], made["token"]
    first = client.call("GET", f"/api/tables/{table}", token=token)
    tag = first.headers["ETag"]
    assert first.status == 200 and tag
    same = client.call("GET", f"/api/tables/{table}", token=token, headers={"if-none-match": tag})
    assert same.status == 304 and same.text == "" and same.headers["ETag"] == tag

    spectator = client.view(table, None)
    assert spectator["rack"] is None and spectator["you"] is None and spectator["legal"] == []
    assert spectator["held_seats"] == [] and spectator["creator"] is False

    assert client.call("GET", f"/api/tables/{table}", token="x" * 43).status == 401
    assert client.call("GET", f"/api/tables/{table}", query="seat=1").status == 401
    assert client.call("GET", "/api/tables/nope", token=token).status == 404

    after = play(client, table, token, first.body)
    changed = client.call(
        "GET", f"/api/tables/{table}", token=token, headers={"if-none-match": tag}
    )
    assert changed.status == 200 and changed.body["version"] == after["version"]


def test_events_since_a_version(client: ApiClient) -> None:
    made = hotseat(client)
    table, token = made["table_id"], made["token"]
    view = play(client, table, token, made["view"])  # seat 0 discards
    assert [e["type"] for e in view["events"]] == ["discard"]
    view = play(client, table, token, client.view(table, token, "seat=1"), seat=1)  # draw
    seen_by_0 = client.view(table, token, f"seat=0&since={made['view']['version']}")
    kinds = [e["type"] for e in seen_by_0["events"]]
    assert kinds == ["discard", "draw"] and seen_by_0["events_complete"]
    assert "tile" not in seen_by_0["events"][1]  # seat 1's drawn tile is its own
    assert "tile" in view["events"][-1]


def test_action_rules_stale_retry_illegal_malformed(client: ApiClient, service: Service) -> None:
    made = hotseat(client)
    table, token, view = made["table_id"], made["token"], made["view"]
    rack = view["rack"]
    action_id = aid()

    def discard_first() -> Any:  # the same request each time: a retry after a lost answer
        return client.act(
            table,
            token,
            {"type": "discard", "tile": rack[0]},
            expected_version=view["version"],
            action_id=action_id,
        )

    first = discard_first()
    assert first.status == 200
    retry = discard_first()
    assert retry.status == 200 and retry.body == first.body  # answered again, applied once

    stale = client.act(
        table, token, {"type": "draw"}, expected_version=view["version"], action_id=aid(), seat=1
    )
    assert stale.status == 409
    assert stale.body["error"]["code"] == "stale_version"
    assert stale.body["view"]["version"] == first.body["version"]

    now = first.body["version"]
    wrong_turn = client.act(
        table, token, {"type": "draw"}, expected_version=now, action_id=aid(), seat=0
    )
    assert wrong_turn.status == 422 and wrong_turn.body["error"]["code"] == "not_your_turn"
    illegal = client.act(
        table,
        token,
        {"type": "discard", "tile": rack[1]},
        expected_version=now,
        action_id=aid(),
        seat=1,
    )
    assert illegal.status == 422 and illegal.body["error"]["code"] == "illegal_action"
    unknown = client.act(
        table, token, {"type": "fly"}, expected_version=now, action_id=aid(), seat=1
    )
    assert unknown.status == 400 and unknown.body["error"]["code"] == "malformed_action"
    no_token = client.call(
        "POST",
        f"/api/tables/{table}/actions",
        {"type": "draw", "expected_version": now, "action_id": aid()},
    )
    assert no_token.status == 401
    not_held = client.act(
        table, token, {"type": "draw"}, expected_version=now, action_id=aid(), seat=3
    )
    assert not_held.status == 403


def test_rack_layout_survives_and_leaves_the_game_version_alone(client: ApiClient) -> None:
    made = hotseat(client)
    table, token, view = made["table_id"], made["token"], made["view"]
    rack = view["rack"]
    layout = [list(reversed(rack)), [None] * 15]
    saved = client.call("PUT", f"/api/tables/{table}/rack", {"layout": layout}, token=token)
    assert saved.status == 200 and saved.body == {"ok": True, "version": view["version"]}
    again = client.view(table, token)
    assert again["rack_layout"] == layout and again["version"] == view["version"]

    # A move sent with the version from before the layout save still lands.
    moved = client.act(
        table,
        token,
        {"type": "discard", "tile": rack[0]},
        expected_version=view["version"],
        action_id=aid(),
    )
    assert moved.status == 200
    kept = moved.body["rack_layout"]
    assert rack[0] not in kept[0] and sorted(t for t in kept[0] if t is not None) == sorted(
        rack[1:]
    )

    for bad in (
        [rack, [None] * 15],  # 15 tiles in a 15-slot row but one of them was discarded
        [[*reversed(rack[1:]), rack[1]], [None] * 15],  # a tile twice
        [[None] * 15, [None] * 15],  # tiles missing
    ):
        reply = client.call("PUT", f"/api/tables/{table}/rack", {"layout": bad}, token=token)
        assert reply.status == 422 and reply.body["error"]["code"] == "invalid_layout", bad
    short = client.call("PUT", f"/api/tables/{table}/rack", {"layout": [[1, 2]]}, token=token)
    assert short.status == 400


@pytest.mark.parametrize("by", ["best", "runs", "sets", "pairs"])
def test_arrangements_lay_out_exactly_the_rack(client: ApiClient, by: str) -> None:
    made = hotseat(client)
    table, token = made["table_id"], made["token"]
    reply = client.call("GET", f"/api/tables/{table}/arrangement", token=token, query=f"by={by}")
    assert reply.status == 200, reply.text
    answer = reply.body
    tiles = [t for row in answer["layout"] for t in row if t is not None]
    assert sorted(tiles) == sorted(made["view"]["rack"])
    assert len(answer["layout"]) == 2 and all(len(r) == 15 for r in answer["layout"])
    again = client.call("GET", f"/api/tables/{table}/arrangement", token=token, query=f"by={by}")
    assert again.body == answer
    saved = client.call(
        "PUT", f"/api/tables/{table}/rack", {"layout": answer["layout"]}, token=token
    )
    assert saved.status == 200
    assert client.call("GET", f"/api/tables/{table}/arrangement", query=f"by={by}").status == 401


def test_best_names_the_tile_to_discard_now(client: ApiClient) -> None:
    made = hotseat(client)  # the starter holds 15 tiles: a discard to make, no finish
    table, token, view = made["table_id"], made["token"], made["view"]
    allowed = next(a["tiles"] for a in view["legal"] if a["type"] == "discard")
    answer = client.call("GET", f"/api/tables/{table}/arrangement", token=token, query="by=best")
    advised = answer.body["discard"]
    assert advised in allowed and advised >> 1 != view["okey"]
    assert answer.body["layout"][1][14] == advised
    placed = answer.body["leftover"] + [t for g in answer.body["groups"] for t in g]
    assert advised not in placed
    waiting = client.call("GET", f"/api/tables/{table}/arrangement", token=token, query="by=runs")
    assert waiting.body["discard"] is None


def test_timed_out_turn_is_played_by_the_computer(client: ApiClient, clock: ManualClock) -> None:
    made = hotseat(client, turn_seconds=10)
    table, token, view = made["table_id"], made["token"], made["view"]
    assert view["deadline"] == clock.now_ms() + 10_000
    clock.advance(9)
    assert client.view(table, token)["version"] == view["version"]
    clock.advance(2)
    after = client.view(table, token, f"since={view['version']}")
    assert after["version"] > view["version"] and after["turn"] == 1
    assert after["players"][0]["auto"] is True
    assert all(e.get("auto") for e in after["events"])
    assert after["deadline"] == clock.now_ms() + 10_000
    # The seat's own next move clears the label.
    played = play(client, table, token, client.view(table, token, "seat=1"), seat=1)
    assert played["players"][0]["auto"] is True and played["players"][1]["auto"] is False


def test_creator_hands_a_quiet_seat_to_a_bot(client: ApiClient, clock: ManualClock) -> None:
    made = client.create(mode="friends", name="A", options={"seats": 2})
    table = made["table_id"]
    guest = client.call(
        "POST", f"/api/tables/{table}/join", {"invite_code": made["invite_code"], "name": "B"}
    ).body
    client.call("POST", f"/api/tables/{table}/start", token=made["token"])
    clock.advance(300)  # B has gone quiet (tests/api/tables/test_quiet_seats.py has the rule)
    path = f"/api/tables/{table}/seats/1/bot"
    assert client.call("POST", path, {"level": "easy"}, token=guest["token"]).status == 403
    own = client.call("POST", f"/api/tables/{table}/seats/0/bot", {}, token=made["token"])
    assert own.status == 422
    reply = client.call("POST", path, {"level": "easy"}, token=made["token"])
    assert reply.status == 200
    assert reply.body["players"][1] == {
        "seat": 1,
        "name": "B",
        "kind": "bot",
        "level": "easy",
        "auto": False,
    }
    view = client.view(table, guest["token"])
    assert view["you"] == 1 and view["players"][1]["kind"] == "bot"
    refused = client.act(
        table, guest["token"], {"type": "draw"}, expected_version=view["version"], action_id=aid()
    )
    assert refused.status == 403


def test_create_validation(client: ApiClient) -> None:
    def create(body: Any) -> Any:
        return client.call("POST", "/api/tables", body)

    assert create({"variant": "102"}).body["error"]["code"] == "unsupported_variant"
    assert create({"variant": "102"}).status == 400
    assert create({"variant": "101", "options": {"scoring": "points"}}).status == 400
    assert create({"options": {"opening_rule": "middle34"}}).status == 400
    assert create({"options": {"seats": 5}}).status == 400
    assert create({"options": {"start_points": 0}}).status == 400
    assert create({"turn_seconds": 5}).body["error"]["code"] == "bad_turn_seconds"
    assert create({"turn_seconds": 7 * 86400 + 1}).status == 400
    assert create({"turn_seconds": 1800}).status == 400  # neither live nor relaxed
    assert create({"turn_seconds": 7 * 86400}).status == 201
    assert (
        create({"mode": "computer", "seats": [{"kind": "human"}, {"kind": "open"}]}).status == 400
    )
    assert create({"seats": [{"kind": "bot"}, {"kind": "bot"}]}).status == 400
    assert (
        create({"options": {"seats": 3}, "seats": [{"kind": "human"}, {"kind": "bot"}]}).status
        == 400
    )
    assert create({"surprise": 1}).status == 400
    assert create({"options": {"partners": True, "seats": 3}}).status == 400
    teams = create({"options": {"partners": True}})
    assert teams.status == 201 and teams.body["view"]["options"]["partners"] is True
    assert create([1, 2]).status == 400
    made = create({"mode": "hotseat", "seats": [{"kind": "human", "name": "A"}, {"kind": "human"}]})
    assert made.status == 201 and made.body["view"]["players"][1]["name"] == "Player 2"


class CountingStore:
    """Counts the store calls a request makes."""

    def __init__(self, inner: Store) -> None:
        self.inner = inner
        self.reads = self.writes = 0

    def get(self, table_id: str) -> StoredItem | None:
        self.reads += 1
        return self.inner.get(table_id)

    def create(self, table: StoredItem) -> None:
        self.writes += 1
        self.inner.create(table)

    def put_if_version(self, table: StoredItem, expected_rev: int) -> None:
        self.writes += 1
        self.inner.put_if_version(table, expected_rev)

    def raw(self, table_id: str) -> bytes | None:
        return self.inner.raw(table_id)


def test_one_read_per_poll_one_write_per_action(client: ApiClient, service: Service) -> None:
    made = hotseat(client)
    table, token = made["table_id"], made["token"]
    counting = CountingStore(service.store)
    service.store = counting
    client.view(table, token)
    assert (counting.reads, counting.writes) == (1, 0)
    play(client, table, token, made["view"])
    assert (counting.reads, counting.writes) == (2, 1)


def test_computer_table_plays_bots_in_one_write_and_deals_the_next_hand(
    client: ApiClient, service: Service
) -> None:
    made = client.create(
        mode="computer", name="A", options={"seats": 4, "scoring": "points", "hands": 2}
    )
    table, token, view = made["table_id"], made["token"], made["view"]
    counting = CountingStore(service.store)
    service.store = counting
    moves = 0
    while view["phase"] != "over":
        before = counting.writes
        view = play(client, table, token, view)
        moves += 1
        assert counting.writes == before + 1  # the bots' turns ride on the same write
        assert view["turn"] in (0, None)
        assert moves < 200
    slots = [*view["rack"], *[None] * (30 - len(view["rack"]))]
    saved = client.call(
        "PUT", f"/api/tables/{table}/rack", {"layout": [slots[:15], slots[15:]]}, token=token
    )
    assert saved.status == 200
    assert view["legal"] == [{"type": "next_hand"}] and view["deadline"] is None
    nxt = client.act(
        table, token, {"type": "next_hand"}, expected_version=view["version"], action_id=aid()
    )
    assert nxt.status == 200, nxt.text
    dealt = nxt.body
    assert dealt["hand"] == 1 and dealt["rack_layout"] is None
    assert dealt["starter"] == 1 and dealt["turn"] == 0  # seat 1, a bot, started and discarded
    assert any(e["type"] == "deal" for e in dealt["events"])
