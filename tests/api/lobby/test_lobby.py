"""Open tables with strangers (api/lobby): Play now, the list, joining from it, starting,
quitting, blocks, reports and what a stranger may see. On SQLite, moto and dynalite."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from api.clock import ManualClock
from api.lobby.play import MAX_WAITING
from api.store.items import Store
from api.store.kinds import REPORT
from api.tables.service import Service
from tests.api.support import ApiClient, Reply

pytestmark = pytest.mark.usefixtures("wired")

NAMES = ["Ayşe", "Mehmet", "Elif", "Can", "Zeynep", "Ali"]


@pytest.fixture
def wired(any_store: Store, wire_to: Callable[[Store], Service]) -> Service:
    return wire_to(any_store)


def new_player(client: ApiClient, name: str) -> dict[str, Any]:
    reply = client.call("POST", "/api/players", {"name": name})
    assert reply.status == 201, reply.text
    answer: dict[str, Any] = reply.body
    return answer


def play(client: ApiClient, player: dict[str, Any], **body: Any) -> Reply:
    headers = {"X-Istaka-Player": player["token"]}
    return client.call("POST", "/api/lobby/play", body, headers=headers)


def seated(client: ApiClient, player: dict[str, Any], **body: Any) -> dict[str, Any]:
    reply = play(client, player, **body)
    assert reply.status == 200, reply.text
    answer: dict[str, Any] = reply.body
    return answer


def test_four_players_fill_one_table_which_starts_when_full(client: ApiClient) -> None:
    players = [new_player(client, name) for name in NAMES[:4]]
    answers = [seated(client, p) for p in players]
    assert len({a["table_id"] for a in answers}) == 1
    assert sorted(a["seat"] for a in answers) == [0, 1, 2, 3]
    assert [a["waiting"] for a in answers] == [True, True, True, False]
    last = answers[-1]["view"]
    assert last["status"] == "playing" and last["mode"] == "open"
    assert last["variant"] == "classic" and last["pace"] == "live" and last["turn_seconds"] == 30
    assert last["flags"]["listed"] and last["flags"]["made_names"]
    # Every seat under a made name, never the name the player typed.
    shown = [p["name"] for p in last["players"]]
    assert all(p.get("name_code", "").startswith("~") for p in last["players"])
    assert not set(shown) & set(NAMES)
    # Each seat's token opens its own seat.
    for answer in answers:
        view = client.view(answer["table_id"], answer["token"])
        assert view["you"] == answer["seat"] and view["rack"] is not None


def test_choices_pick_the_listing_and_a_new_table_uses_the_first_choice(client: ApiClient) -> None:
    first, second = new_player(client, "Ayşe"), new_player(client, "Mehmet")
    made = seated(client, first, variants=["101"], paces=["relaxed"], seats=[2])
    assert made["view"]["variant"] == "101" and made["view"]["pace"] == "relaxed"
    assert made["view"]["turn_seconds"] == 86400 and len(made["view"]["players"]) == 2
    # Another player who accepts either variant is seated there, not at a new classic table.
    joined = seated(
        client, second, variants=["classic", "101"], paces=["live", "relaxed"], seats=[2, 4]
    )
    assert joined["table_id"] == made["table_id"] and not joined["waiting"]


def test_a_repeated_play_now_answers_the_same_seat(client: ApiClient) -> None:
    player = new_player(client, "Ayşe")
    once = seated(client, player, request_id="r" * 20)
    again = seated(client, player, request_id="r" * 20)
    assert (again["table_id"], again["seat"], again["token"]) == (
        once["table_id"],
        once["seat"],
        once["token"],
    )
    # Without the id, choices that fit the table it waits at answer that seat too.
    third = seated(client, player)
    assert (third["table_id"], third["token"]) == (once["table_id"], once["token"])


def test_bad_play_now_requests_are_refused_with_codes(client: ApiClient) -> None:
    player = new_player(client, "Ayşe")
    assert client.call("POST", "/api/lobby/play", {}).body["error"]["code"] == "bad_player"
    bad = play(client, {"token": "nope.nope"})
    assert bad.status == 401 and bad.body["error"]["code"] == "bad_player"
    for body in ({"variants": ["chess"]}, {"seats": [5]}, {"paces": []}, {"seats": ["4"]}):
        reply = play(client, player, **body)
        assert reply.status == 400, (body, reply.text)
    lobby = client.call("GET", "/api/lobby", query="")
    assert lobby.status == 200 and lobby.body["tables"] == []


def test_a_player_waits_at_no_more_than_three_tables(client: ApiClient) -> None:
    player = new_player(client, "Ayşe")
    for seats in (2, 3, 4):
        seated(client, player, seats=[seats])
    reply = play(client, player, variants=["101"])
    assert reply.status == 409 and reply.body["error"]["code"] == "too_many_waiting"
    assert MAX_WAITING == 3


def test_the_list_shows_waiting_tables_and_nothing_private(client: ApiClient) -> None:
    first = new_player(client, "Ayşe")
    made = seated(client, first, seats=[3])
    reply = client.call("GET", "/api/lobby", query="variant=classic&seats=3")
    assert reply.status == 200
    assert reply.headers["Cache-Control"].startswith("public, max-age=")
    [row] = reply.body["tables"]
    assert row["table_id"] == made["table_id"] and row["taken"] == 1 and row["seats"] == 3
    assert row["pace"] == "live" and row["players"][0]["name_code"].startswith("~")
    assert row["players"][0]["reliability"] == {"finished": 0, "of": 0}
    assert first["player_id"] not in reply.text and "Ayşe" not in reply.text
    assert made["token"] not in reply.text
    other = client.call("GET", "/api/lobby", query="variant=101")
    assert other.body["tables"] == []
    # Joining from the list: the player header, no invite code.
    second = new_player(client, "Mehmet")
    joined = client.call(
        "POST",
        f"/api/tables/{made['table_id']}/join",
        {},
        headers={"X-Istaka-Player": second["token"]},
    )
    assert joined.status == 200, joined.text
    assert joined.body["table_id"] == made["table_id"] and joined.body["seat"] == 1
    anonymous = client.call("POST", f"/api/tables/{made['table_id']}/join", {})
    assert anonymous.status == 401


def test_a_blocked_pair_is_never_seated_together(client: ApiClient) -> None:
    ayse, mehmet, elif_ = (new_player(client, n) for n in NAMES[:3])
    table = seated(client, ayse, seats=[2])
    seated(client, mehmet, seats=[2])  # full: they played together
    blocked = client.call(
        "POST",
        "/api/players/me/blocks",
        {"table_id": table["table_id"], "seat": 1},
        token=ayse["token"],
    )
    assert blocked.status == 204, blocked.text
    listed = client.call("GET", "/api/players/me/blocks", token=ayse["token"])
    [entry] = listed.body["blocks"]
    assert entry["name_code"].startswith("~") and mehmet["player_id"] not in listed.text
    # Mehmet's table: Ayşe is not seated there (she blocked him)...
    his = seated(client, mehmet, seats=[2])
    hers = seated(client, ayse, seats=[2])
    assert hers["table_id"] != his["table_id"]
    # ... nor may he sit at hers from the list (he is the blocked one).
    refused = client.call(
        "POST",
        f"/api/tables/{hers['table_id']}/join",
        {},
        headers={"X-Istaka-Player": mehmet["token"]},
    )
    assert refused.status in (403, 409)
    # A third player fills either table.
    third = seated(client, elif_, seats=[2])
    assert third["table_id"] in (his["table_id"], hers["table_id"])
    # Lifting the block: seated together again.
    lifted = client.call("DELETE", "/api/players/me/blocks/0", token=ayse["token"])
    assert lifted.status == 204
    assert client.call("GET", "/api/players/me/blocks", token=ayse["token"]).body["blocks"] == []
    bad = client.call(
        "POST",
        "/api/players/me/blocks",
        {"table_id": his["table_id"], "seat": 0},
        token=ayse["token"],
    )
    assert bad.status == 403  # she never sat at his new table


def test_a_live_table_offers_computers_at_30_s_and_starts_at_120_s(
    client: ApiClient, clock: ManualClock
) -> None:
    first, second = new_player(client, "Ayşe"), new_player(client, "Mehmet")
    made = seated(client, first)
    lobby = made["view"]["lobby"]
    assert lobby["start_now_at"] == lobby["starts_at"] - 90_000
    early = client.call("POST", f"/api/tables/{made['table_id']}/start", token=made["token"])
    assert early.status == 409 and early.body["error"]["code"] == "too_early"
    clock.advance(31)
    joined = seated(client, second)
    started = client.call("POST", f"/api/tables/{made['table_id']}/start", token=joined["token"])
    assert started.status == 200, started.text
    assert started.body["status"] == "playing"
    kinds = [p["kind"] for p in started.body["players"]]
    assert kinds == ["human", "human", "bot", "bot"]
    # Another table, nobody comes: at 120 s it starts by itself on the next read.
    third = new_player(client, "Elif")
    alone = seated(client, third)
    clock.advance(119)
    assert client.view(alone["table_id"], alone["token"])["status"] == "waiting"
    clock.advance(2)
    view = client.view(alone["table_id"], alone["token"])
    assert view["status"] == "playing" and view["lobby"] is None


def test_a_relaxed_table_with_one_person_closes_after_a_week(
    client: ApiClient, clock: ManualClock
) -> None:
    first = new_player(client, "Ayşe")
    made = seated(client, first, paces=["relaxed"])
    assert made["view"]["lobby"]["closes"] is True
    clock.advance(24 * 3600 + 5)
    assert client.view(made["table_id"], made["token"])["status"] == "waiting"
    clock.advance(6 * 24 * 3600)
    view = client.view(made["table_id"], made["token"])
    assert view["status"] == "waiting" and view["lobby"] == {"closed": True}
    assert client.call("GET", "/api/lobby").body["tables"] == []
    # Two people: it starts at 24 h with computers in the other seats.
    a, b = new_player(client, "Elif"), new_player(client, "Can")
    two = seated(client, a, paces=["relaxed"])
    seated(client, b, paces=["relaxed"])
    clock.advance(24 * 3600 + 1)
    assert client.view(two["table_id"], two["token"])["status"] == "playing"


def test_a_seat_whose_turns_run_out_three_times_goes_to_a_computer(
    client: ApiClient, clock: ManualClock
) -> None:
    players = [new_player(client, n) for n in NAMES[:2]]
    answers = [seated(client, p, seats=[2]) for p in players]
    table, token = answers[0]["table_id"], answers[1]["token"]
    starter = client.view(table, token)["turn"]
    # Nobody moves: each seat's turn runs out in turn (a read plays it), the starter's first.
    for missed in range(5):
        view = client.view(table, token)
        assert not [p for p in view["players"] if p.get("quit")], missed
        clock.advance(31)
    view = client.view(table, token)
    quitters = [p for p in view["players"] if p.get("quit")]
    assert [p["seat"] for p in quitters] == [starter]
    assert quitters[0]["kind"] == "bot" and quitters[0]["name_code"].startswith("~")
    other = view["players"][1 - starter]
    assert other["kind"] == "human" and other["auto"] is True


def test_reports_are_kept_with_the_table_and_limited(client: ApiClient, wired: Service) -> None:
    players = [new_player(client, n) for n in NAMES[:2]]
    answers = [seated(client, p, seats=[2]) for p in players]
    table, token = answers[0]["table_id"], answers[0]["token"]
    path = f"/api/tables/{table}/reports"
    assert client.call("POST", path, {"seat": 1, "reason": "rude"}, token=token).status == 400
    assert client.call("POST", path, {"seat": 0, "reason": "abuse"}, token=token).status == 422
    assert client.call("POST", path, {"seat": 1, "reason": "abuse"}).status == 401
    for _ in range(10):
        reply = client.call("POST", path, {"seat": 1, "reason": "stalling"}, token=token)
        assert reply.status == 204, reply.text
    over = client.call("POST", path, {"seat": 1, "reason": "stalling"}, token=token)
    assert over.status == 429 and over.body["error"]["code"] == "too_many"
    stored = wired.store.read(REPORT, f"report~{table}~0~0~1")
    assert stored is not None
    kept = json.loads(stored.data)
    assert kept["table"] == table and kept["hand"] == 0 and kept["reason"] == "stalling"
    assert kept["reported"] == players[1]["player_id"] and kept["by"] == players[0]["player_id"]


def test_a_strangers_view_carries_no_other_players_identity(client: ApiClient) -> None:
    players = [new_player(client, n) for n in NAMES[:4]]
    answers = [seated(client, p) for p in players]
    for answer in answers:
        text = client.call("GET", f"/api/tables/{answer['table_id']}", token=answer["token"]).text
        for other, theirs in zip(players, answers, strict=True):
            assert other["player_id"] not in text
            assert other["name"] not in text
            if theirs is not answer:
                assert theirs["token"] not in text


def test_the_people_waiting_hear_who_sat_down_and_that_the_table_starts(
    client: ApiClient, wired: Service
) -> None:
    from api.push.notifier import notices
    from api.push.texts import text_for

    players = [new_player(client, n) for n in NAMES[:3]]
    first = seated(client, players[0], seats=[3])
    before = wired.store.get(first["table_id"])
    second = seated(client, players[1], seats=[3])
    after = wired.store.get(first["table_id"])
    assert before is not None and after is not None
    [joined] = notices(before, after, wired.clock.now_ms() // 1000 + 3600)
    assert (joined.seat, joined.kind) == (first["seat"], "joined")
    assert joined.name is not None and joined.name.startswith("~")  # said in each language
    _title, body = text_for("joined", "tr", name=joined.name)
    assert "açık masana oturdu" in body and "~" not in body
    seated(client, players[2], seats=[3])
    full = wired.store.get(first["table_id"])
    assert full is not None
    started = notices(after, full, wired.clock.now_ms() // 1000 + 3600)
    assert sorted((n.seat, n.kind) for n in started) == [
        (first["seat"], "started"),
        (second["seat"], "started"),
        (2, "started"),
    ]
