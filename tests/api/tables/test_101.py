"""101 Okey tables through the Lambda handler: create, play, bots, timeouts, refusals, leaks."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from api.clock import ManualClock
from api.tables.service import Service
from tests.api.builders import filled
from tests.api.support import ApiClient
from tests.game_helpers import pick_rare

pytestmark = pytest.mark.usefixtures("service")
ids = itertools.count()


def _pick(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A legal action from the view, preferring openings, lays and lay-offs."""
    return pick_rare(view["legal"], rng, 0.8)


def _check_private(view: dict[str, Any]) -> None:
    """A seat's view shows its own rack only: counts for the others, no pile."""
    assert view["variant"] == "101"
    assert "pile" not in view and "racks" not in view
    you = view["you"]
    if view["rack"] is not None:
        assert len(view["rack"]) == view["seats"][you]["tiles"]
    for event in view.get("events", []):
        if event["type"] == "draw" and event["seat"] != you:
            assert "tile" not in event
    if view["phase"] != "over":
        assert view["seed"] is None


def _play(
    client: ApiClient, table_id: str, token: str, view: dict[str, Any], rng: random.Random
) -> dict[str, Any]:
    """Play the human seats until the hand is over; every answer is checked."""
    for _ in range(400):
        _check_private(view)
        if view["phase"] == "over":
            return view
        assert view["turn"] in view["held_seats"], view["turn"]
        seat = view["turn"]
        if view["you"] != seat:
            view = client.view(table_id, token, f"seat={seat}")
        action = _pick(view, rng)
        reply = client.act(
            table_id,
            token,
            action,
            expected_version=view["version"],
            action_id=f"a{next(ids)}",
            seat=seat,
        )
        assert reply.status == 200, (action, reply.text)
        new = reply.body
        assert new["version"] > view["version"]
        assert [e["v"] for e in new["events"]] == list(
            range(view["version"] + 1, new["version"] + 1)
        )
        view = new
    raise AssertionError("the hand did not end")


def test_create_a_101_table_with_options(client: ApiClient) -> None:
    made = client.create(
        variant="101",
        mode="hotseat",
        seats=[{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}],
        options={"hands": 3, "opening_rule": "middle34", "burn_full_sets": True},
    )
    view = made["view"]
    assert view["variant"] == "101" and view["options"]["opening_rule"] == "middle34"
    assert view["options"]["hands"] == 3 and view["options"]["burn_full_sets"] is True
    assert len(view["rack"]) == 22 and view["seats"][1]["tiles"] == 21
    assert view["table"] == [] and view["phase"] == "play" and view["version"] == 1
    assert {a["type"] for a in view["legal"]} >= {"discard"}


@pytest.mark.parametrize(
    "body",
    [
        {"variant": "101", "options": {"hands": 12}},
        {"variant": "101", "options": {"opening_rule": "sum100"}},
        {"variant": "101", "options": {"scoring": "points"}},
        {"variant": "101", "options": {"partners": True, "seats": 3}},
        {"variant": "101", "options": {"okey_swap": "yes"}},
        {"variant": "classic", "options": {"burn_full_sets": True}},
        {"variant": "102"},
    ],
)
def test_bad_101_options_are_400(client: ApiClient, body: dict[str, Any]) -> None:
    reply = client.call("POST", "/api/tables", body)
    assert reply.status == 400, reply.text
    assert reply.body["error"]["code"] in ("invalid_options", "unsupported_variant", "bad_request")


def test_hotseat_hand_to_the_end(client: ApiClient) -> None:
    made = client.create(
        variant="101",
        mode="hotseat",
        seats=[{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}],
        options={"hands": 2},
    )
    table_id, token = made["table_id"], made["token"]
    view = _play(client, table_id, token, made["view"], random.Random(1))
    assert view["result"] is not None and len(view["history"]) == 1
    assert view["seed"] is not None and not view["match_over"]
    assert len(view["table_owners"]) == len(view["table"])
    assert set(view["table_owners"]) <= {0, 1}
    reply = client.act(
        table_id,
        token,
        {"type": "next_hand"},
        expected_version=view["version"],
        action_id="next",
    )
    assert reply.status == 200, reply.text
    assert reply.body["hand"] == 1 and reply.body["phase"] == "play"
    assert reply.body["version"] == view["version"] + 1


def test_computer_table_plays_with_101_bots(client: ApiClient) -> None:
    made = client.create(variant="101", mode="computer", name="Ayşe", options={"hands": 1})
    table_id, token = made["table_id"], made["token"]
    assert [p["kind"] for p in made["view"]["players"]] == ["human", "bot", "bot", "bot"]
    view = _play(client, table_id, token, made["view"], random.Random(2))
    assert view["status"] == "finished" and view["match_over"]
    seen = {e["type"] for e in view["events"]}
    assert "hand_over" in seen
    spectator = client.view(table_id, None)
    assert spectator["rack"] is None and spectator["legal"] == []


def test_views_leak_no_other_rack(client: ApiClient, service: Service) -> None:
    made = client.create(
        variant="101",
        mode="hotseat",
        seats=[{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}],
    )
    from api.tables.item import Table
    from engine.variants import from_record

    table_id, token = made["table_id"], made["token"]
    stored = service.store.get(table_id)
    assert stored is not None
    state = from_record(Table.from_stored(stored).record)
    for seat in (0, 1):
        view = client.view(table_id, token, f"seat={seat}&since=0")
        _check_private(view)
        assert view["rack"] == state.racks[seat]
        other = state.racks[1 - seat]
        text = str(view)
        assert str(other) not in text and str(sorted(other)) not in text
    assert client.view(table_id, None)["rack"] is None


def test_a_human_turn_past_its_deadline_is_played_by_the_101_bot(
    client: ApiClient, clock: ManualClock
) -> None:
    made = client.create(variant="101", mode="computer", name="A", turn_seconds=10)
    table_id, token = made["table_id"], made["token"]
    version = made["view"]["version"]
    clock.advance(11)
    view = client.view(table_id, token, f"since={version}")
    assert view["players"][0]["auto"] is True
    assert any(e.get("auto") and e["seat"] == 0 for e in view["events"] if "seat" in e)
    assert view["version"] > version


def test_bad_101_actions_change_nothing(client: ApiClient, service: Service) -> None:
    made = client.create(
        variant="101",
        mode="hotseat",
        seats=[{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}],
    )
    table_id, token, view = made["table_id"], made["token"], made["view"]
    rack, v = view["rack"], view["version"]
    off = next(t for t in range(106) if t not in rack)
    base = {"expected_version": v, "action_id": "bad"}
    cases: list[tuple[dict[str, Any], int]] = [
        ({"type": "open", "melds": [rack[:3]]}, 422),  # not a meld, or far below 101
        ({"type": "open", "melds": [[off, rack[0], rack[1]]]}, 422),
        ({"type": "open", "pairs": [rack[:2]]}, 422),
        ({"type": "open"}, 400),
        ({"type": "open", "melds": "R1 R2 R3"}, 400),
        ({"type": "open", "melds": [[106, 1, 2]]}, 400),
        ({"type": "open", "melds": [[]]}, 400),
        ({"type": "open", "melds": [["1", 2, 3]]}, 400),
        ({"type": "lay", "melds": [rack[:3]]}, 422),  # before opening
        ({"type": "layoff", "tile": rack[0], "meld": 0, "position": 0}, 422),
        ({"type": "swap", "tile": rack[0], "meld": 0, "position": 0}, 422),
        ({"type": "layoff", "tile": rack[0], "meld": -1, "position": 0}, 400),
        ({"type": "layoff", "tile": rack[0], "meld": 0, "position": 99}, 400),
        ({"type": "layoff", "tile": rack[0]}, 400),
        ({"type": "return_discard"}, 422),
        ({"type": "draw"}, 422),  # the starter discards first
        ({"type": "discard", "tile": off}, 422),
        ({"type": "finish", "tile": rack[0]}, 400),  # a classic action
        ({"type": "show_indicator"}, 400),
        ({"type": "discard", "tile": rack[0], "seat": 1}, 422),
    ]
    for action, status in cases:
        before = service.store.raw(table_id)
        reply = client.call(
            "POST", f"/api/tables/{table_id}/actions", {**action, **base}, token=token
        )
        assert reply.status == status, (action, reply.text)
        assert reply.body["error"]["code"]
        assert service.store.raw(table_id) == before, action
    stale = client.act(
        table_id, token, {"type": "discard", "tile": rack[0]}, expected_version=v - 1,
        action_id="s",
    )  # fmt: skip
    assert stale.status == 409 and stale.body["view"]["variant"] == "101"


def test_101_layout_and_arrangement(client: ApiClient) -> None:
    made = client.create(
        variant="101",
        mode="hotseat",
        seats=[{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}],
    )
    table_id, token, rack = made["table_id"], made["token"], made["view"]["rack"]
    for by in ("best", "runs", "sets", "pairs"):
        reply = client.call(
            "GET", f"/api/tables/{table_id}/arrangement", token=token, query=f"seat=0&by={by}"
        )
        assert reply.status == 200, reply.text
        placed = [t for row in reply.body["layout"] for t in row if t is not None]
        assert sorted(placed) == sorted(rack)
    layout = [rack[:15], rack[15:] + [None] * (30 - len(rack))]
    saved = client.call("PUT", f"/api/tables/{table_id}/rack", {"layout": layout}, token=token)
    assert saved.status == 200, saved.text
    assert client.view(table_id, token, "seat=0")["rack_layout"] == layout


def test_item_size_through_a_whole_four_seat_101_hand(service: Service, client: ApiClient) -> None:
    from engine.okey101.bots import choose_action101
    from engine.okey101.state import State101
    from engine.okey101.view import view_for

    made = client.create(
        variant="101", mode="friends", name="Ayşegül Çağlayan", options={"hands": 1}
    )
    table = made["table_id"]
    tokens = filled(client, made, [f"Oyuncu Şükrü {n}" for n in range(1, 4)])
    rng = random.Random(4)
    sizes = []
    for step in range(2000):
        state = service.load(table).state
        if state.phase == "over":
            break
        # Every seat plays like the normal 101 bot: a hand as long as a real one.
        assert isinstance(state, State101)
        view = view_for(state, state.turn, state.base_version)
        action = choose_action101(view, "normal", rng.randrange(2**32))
        reply = client.act(
            table,
            tokens[state.turn],
            action,
            expected_version=state.version,
            action_id=f"i{step}",
        )
        assert reply.status == 200, (action, reply.text)
        raw = service.store.raw(table)
        assert raw is not None
        sizes.append(len(raw))
    print(f"101 4-seat hand: {len(sizes)} moves, stored item {min(sizes)}..{max(sizes)} bytes")
    # The classic item stays under 1 KB; 101's log is a little longer (groups of ids).
    assert max(sizes) < 1400


def test_the_view_warns_of_penalised_discards_and_explains_the_score(client: ApiClient) -> None:
    """Issue 11: ``legal``'s discard names the tiles that would cost 101 (only the seat's own),
    the penalty then charged is exactly that, and the hand's result lists every line."""
    # The deal is random: a hand can end with no penalised discard in reach, so hands are
    # played until one charges a penalty.
    rng, charged = random.Random(4), []
    for _hand in range(10):
        made = client.create(
            variant="101",
            mode="hotseat",
            seats=[{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}],
            options={"hands": 1},
        )
        table_id, token, view = made["table_id"], made["token"], made["view"]
        for _ in range(400):
            _check_private(view)
            if view["phase"] == "over":
                break
            seat = view["turn"]
            if view["you"] != seat:
                view = client.view(table_id, token, f"seat={seat}")
            action = _pick(view, rng)
            discard = next((a for a in view["legal"] if a["type"] == "discard"), None)
            if discard is not None:
                assert set(discard["penalised"]) <= set(discard["tiles"]) <= set(view["rack"])
                if discard["penalised"] and rng.random() < 0.5:
                    action = {"type": "discard", "tile": rng.choice(discard["penalised"])}
            reply = client.act(
                table_id, token, action, expected_version=view["version"], action_id=f"p{next(ids)}"
            )
            assert reply.status == 200, (action, reply.text)
            view = reply.body
            if action["type"] == "discard":
                event = next(e for e in view["events"] if e["type"] == "discard")
                assert event["penalty"] == (101 if action["tile"] in discard["penalised"] else 0)
                if event["penalty"]:
                    charged.append((seat, action["tile"]))
        if charged:
            break
    assert view["phase"] == "over" and charged
    lines = view["result_items"]
    assert [sum(line["points"] for line in s) for s in lines] == view["result"]
    listed = [(s, x["tile"]) for s in range(2) for x in lines[s] if x["item"] == "penalty"]
    assert sorted(listed) == sorted(charged)
    assert client.view(table_id, None)["result_items"] == lines
