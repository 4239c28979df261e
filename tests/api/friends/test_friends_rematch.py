"""Rematch: one next table, the same seats, from either seat, repeated, raced."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from api.clock import ManualClock
from api.friends.item import Rematch
from api.friends.rematch import rematch as rematch_call
from api.push.notifier import notices
from api.push.texts import text_for
from api.store.items import Store
from api.tables.item import hand_key
from api.tables.service import Service
from tests.api.friends.test_friends_reactions import react
from tests.api.friends_support import finish_match, friends, rematch, request_id, wire
from tests.api.support import ApiClient, at_once
from tests.api.tables.test_concurrency import SlowReads


@pytest.fixture
def wired(any_store: Store, clock: ManualClock) -> Iterator[Service]:
    yield from wire(any_store, clock)


def finished_pair(client: ApiClient, service: Service, **options: Any) -> dict[str, Any]:
    t = friends(client, 2, **options)
    t["end"] = finish_match(client, service, t["table"], t["tokens"])
    return t


@pytest.mark.parametrize("first", [0, 1])
def test_rematch_from_both_seats_in_either_order_and_repeated(
    wired: Service, client: ApiClient, first: int
) -> None:
    t = finished_pair(client, wired)
    old, tokens = t["table"], t["tokens"]
    second = 1 - first
    assert t["end"]["match_over"] and t["end"]["rematch"] is None
    winners = t["end"]["match_winners"]

    asked = rematch(client, old, tokens[first], request_id=request_id())
    assert asked.status == 200, asked.text
    mine = asked.body
    nxt = mine["table_id"]
    assert nxt != old and mine["seat"] == first and mine["seats"] == [first]
    assert mine["token"] not in tokens.values()
    view = mine["view"]
    assert view["status"] == "waiting" and view["you"] == first and view["creator"]
    assert view["variant"] == t["end"]["variant"] and view["options"] == t["end"]["options"]
    assert view["turn_seconds"] == t["end"]["turn_seconds"] and view["pace"] == "relaxed"
    # The other seat is kept for its player: open, and no invite can take it.
    kinds = {p["seat"]: p["kind"] for p in view["players"]}
    assert kinds == {first: "human", second: "open"}
    wins = [winners.count(seat) for seat in range(2)]
    assert view["series"] == {
        "previous_table_id": old,
        "tables": 2,
        "wins": wins,
        "names": ["Ayla", "Friend 1"],
    }
    stolen = client.call(
        "POST", f"/api/tables/{nxt}/join", {"invite_code": view["invite_code"], "name": "Zed"}
    )
    assert stolen.status == 409 and stolen.body["error"]["code"] == "table_full"

    # Every other seat sees the offer on the old table and in the status list.
    offer = {"table_id": nxt, "by": first, "by_name": ["Ayla", "Friend 1"][first]}
    assert client.view(old, tokens[second])["rematch"] == offer
    listed = client.call("POST", "/api/tables/status", [{"table_id": old, "token": tokens[second]}])
    assert listed.body["tables"][0]["rematch"] == offer

    # A repeat by the same seat: the same table, seat and token, with or without an id.
    for body in ({"request_id": request_id()}, {}):
        again = rematch(client, old, tokens[first], **body)
        assert again.status == 200, again.text
        assert (again.body["table_id"], again.body["seat"], again.body["token"]) == (
            nxt,
            first,
            mine["token"],
        )

    theirs = rematch(client, old, tokens[second]).body
    assert theirs["table_id"] == nxt and theirs["seat"] == second
    assert theirs["token"] not in (mine["token"], tokens[second])
    dealt = theirs["view"]
    assert dealt["status"] == "playing" and len(dealt["rack"]) in (14, 15)
    assert [p["kind"] for p in dealt["players"]] == ["human", "human"]
    assert [p["name"] for p in dealt["players"]] == ["Ayla", "Friend 1"]
    assert dealt["creator"] is False and dealt["series"]["wins"] == wins
    # Repeated after the deal: still the same seat and token.
    again = rematch(client, old, tokens[second]).body
    assert (again["table_id"], again["seat"], again["token"]) == (nxt, second, theirs["token"])
    # Each new token holds its own seat at the next table, and plays it.
    assert client.view(nxt, mine["token"])["you"] == first
    assert client.view(nxt, theirs["token"])["you"] == second
    # The old table still names one offer.
    assert client.view(old, tokens[first])["rematch"] == offer


def test_a_series_counts_tables_and_wins_along_the_chain(wired: Service, client: ApiClient) -> None:
    t = finished_pair(client, wired)
    first_wins = t["end"]["match_winners"]
    a = rematch(client, t["table"], t["tokens"][0]).body
    b = rematch(client, t["table"], t["tokens"][1]).body
    tokens = {0: a["token"], 1: b["token"]}
    end = finish_match(client, wired, a["table_id"], tokens)
    assert end["series"]["tables"] == 2
    third = rematch(client, a["table_id"], tokens[1]).body
    series = third["view"]["series"]
    assert series["previous_table_id"] == a["table_id"] and series["tables"] == 3
    both = first_wins + end["match_winners"]
    assert series["wins"] == [both.count(0), both.count(1)]


def test_before_the_match_is_over_rematch_is_409_and_nothing_is_stored(
    wired: Service, client: ApiClient
) -> None:
    t = friends(client, 2)
    stored = wired.store.raw(t["table"])
    reply = rematch(client, t["table"], t["tokens"][1])
    assert reply.status == 409 and reply.body["error"]["code"] == "match_not_over"
    assert rematch(client, t["table"], None).status == 401
    assert rematch(client, t["table"], "not-a-seat-token").status == 401
    bad = rematch(client, t["table"], t["tokens"][0], request_id="short")
    assert bad.status == 400 and bad.body["error"]["code"] == "bad_request"
    assert rematch(client, "nosuchtable", t["tokens"][0]).status == 404
    assert wired.store.raw(t["table"]) == stored


def test_hotseat_and_computer_tables_rematch_in_one_call(wired: Service, client: ApiClient) -> None:
    hot = client.create(
        mode="hotseat", seats=[{"kind": "human", "name": f"P{i}"} for i in range(2)]
    )
    finish_match(client, wired, hot["table_id"], {0: hot["token"], 1: hot["token"]})
    again = rematch(client, hot["table_id"], hot["token"]).body
    assert again["seats"] == [0, 1] and again["view"]["status"] == "playing"
    assert again["view"]["mode"] == "hotseat" and again["view"]["held_seats"] == [0, 1]
    assert [p["name"] for p in again["view"]["players"]] == ["P0", "P1"]

    levels = ["hard", "gentle", "easy"]
    made = client.create(
        mode="computer",
        name="Ayla",
        seats=[{"kind": "human"}, *({"kind": "bot", "level": lv} for lv in levels)],
    )
    finish_match(client, wired, made["table_id"], {0: made["token"]})
    next_ = rematch(client, made["table_id"], made["token"]).body
    view = next_["view"]
    assert view["status"] == "playing" and next_["seat"] == 0
    assert [p["level"] for p in view["players"]] == [None, *levels]
    assert [p["kind"] for p in view["players"]] == ["human", "bot", "bot", "bot"]
    assert view["turn"] == 0 and view["legal"]  # the computers played up to the person


def test_the_one_who_asked_may_start_and_a_late_player_still_watches(
    wired: Service, client: ApiClient
) -> None:
    t = friends(client, 3)
    finish_match(client, wired, t["table"], t["tokens"])
    host = rematch(client, t["table"], t["tokens"][2]).body  # seat 2 asks: it is the creator
    nxt = host["table_id"]
    other = rematch(client, t["table"], t["tokens"][0]).body
    assert other["view"]["status"] == "waiting" and not other["view"]["creator"]
    assert client.call("POST", f"/api/tables/{nxt}/start", token=other["token"]).status == 403
    started = client.call("POST", f"/api/tables/{nxt}/start", token=host["token"])
    assert started.status == 200, started.text
    assert [p["kind"] for p in started.body["players"]] == ["human", "bot", "human"]
    late = rematch(client, t["table"], t["tokens"][1]).body
    assert late["table_id"] == nxt and late["seat"] == 1
    watching = client.view(nxt, late["token"])
    assert watching["you"] == 1 and watching["players"][1]["name"] == "Friend 1"
    move = client.act(nxt, late["token"], {"type": "draw"}, expected_version=0, action_id="x" * 8)
    assert move.status == 403  # a computer plays that seat now


def test_a_rematch_owes_a_push_to_every_other_player(wired: Service, client: ApiClient) -> None:
    t = friends(client, 3)
    finish_match(client, wired, t["table"], t["tokens"])
    before = wired.store.get(t["table"])
    assert before is not None
    rematch(client, t["table"], t["tokens"][1])
    after = wired.store.get(t["table"])
    assert after is not None
    found = notices(before, after, 10**12)
    assert sorted((n.seat, n.kind, n.name) for n in found) == [
        (0, "rematch", "Friend 1"),
        (2, "rematch", "Friend 1"),
    ]
    assert text_for("rematch", "tr", name="Friend 1")[1].startswith("Friend 1 ")
    # The second call changes nothing on the old table: no second push.
    rematch(client, t["table"], t["tokens"][0])
    assert wired.store.get(t["table"]) == after


def test_a_crash_between_the_two_writes_loses_nothing(wired: Service, client: ApiClient) -> None:
    """The offer landed but the next table was never made: the other seat's call makes it
    as the one who asked would have, and the asker still gets its seat and token 0."""
    t = finished_pair(client, wired)
    loaded = wired.load(t["table"])
    loaded.table.rematch = Rematch("NextTable123", 1, wired.clock.now_ms() // 1000)
    loaded.dirty = True
    wired.save(loaded)
    other = rematch(client, t["table"], t["tokens"][0]).body
    assert other["table_id"] == "NextTable123" and other["seat"] == 0
    assert other["view"]["status"] == "playing"  # seat 1 was in from the start
    asker = rematch(client, t["table"], t["tokens"][1]).body
    assert asker["table_id"] == "NextTable123" and asker["seat"] == 1
    assert asker["view"]["creator"] is True


def test_both_seats_at_once_make_one_next_table(atomic_store: Store, clock: ManualClock) -> None:
    wired = next(wire(atomic_store, clock))
    client = ApiClient()
    t = finished_pair(client, wired)
    racing = Service(SlowReads(atomic_store), clock, wired.settings)
    # Each seat twice, all at once: the same table, two seats, one token each.
    jobs = [
        (lambda s=seat: rematch_call(racing, t["table"], t["tokens"][s], lambda: {}))
        for seat in (0, 1, 0, 1)
    ]
    results = at_once(jobs)
    assert all(status == 200 for status, _ in results), results
    tables = {body["table_id"] for _, body in results}
    assert len(tables) == 1
    nxt = tables.pop()
    by_seat = {(body["seat"], body["token"]) for _, body in results}
    assert {seat for seat, _ in by_seat} == {0, 1} and len(by_seat) == 2
    stored = atomic_store.get(nxt)
    assert stored is not None
    data = json.loads(stored.data)
    assert data["st"] == "p" and [s[0] for s in data["se"]] == ["h", "h"]
    assert len(data["tk"]) == 2
    offer = json.loads(atomic_store.get(t["table"]).data)["nx"]  # type: ignore[union-attr]
    assert offer[0] == nxt


def test_an_expired_next_table_is_never_made_again_under_its_id(
    wired: Service, client: ApiClient, clock: ManualClock
) -> None:
    """T's rematch N is played out and expires while T lives on (a reaction keeps it) and
    N's archived hands live on too. Asking T for a rematch again makes a new table under a
    new id: N's old tokens open nothing, and the new table's hand 0 is its own."""
    t = finished_pair(client, wired, scoring="points", hands=2)
    old, tokens = t["table"], t["tokens"]
    first = rematch(client, old, tokens[0]).body
    second = rematch(client, old, tokens[1]).body
    nxt, n_tokens = first["table_id"], {0: first["token"], 1: second["token"]}
    finish_match(client, wired, nxt, n_tokens)
    old_hand = client.call("GET", f"/api/tables/{nxt}/hands/0")
    assert old_hand.status == 200, old_hand.text
    assert wired.store.get(hand_key(nxt, 0)) is not None

    days = wired.settings.finished_ttl_days
    clock.advance((days - 1) * 86_400)
    assert react(client, old, tokens[0], "gg").status == 200  # T lives on
    clock.advance(2 * 86_400)
    assert client.call("GET", f"/api/tables/{nxt}", token=n_tokens[0]).status == 404  # N expired

    again = rematch(client, old, tokens[0])
    assert again.status == 200, again.text
    made = again.body["table_id"]
    assert made != nxt and again.body["token"] not in n_tokens.values()
    assert client.view(old, tokens[0])["rematch"]["table_id"] == made
    for token in n_tokens.values():  # the old tokens open neither table
        assert client.call("GET", f"/api/tables/{nxt}", token=token).status == 404
        assert client.call("GET", f"/api/tables/{made}", token=token).status == 401
    other = rematch(client, old, tokens[1]).body
    assert other["table_id"] == made
    finish_match(client, wired, made, {0: again.body["token"], 1: other["token"]})
    new_hand = client.call("GET", f"/api/tables/{made}/hands/0").body
    assert new_hand["table_id"] == made
    assert new_hand["seed_hash"] != old_hand.body["seed_hash"]
    assert wired.store.get(hand_key(nxt, 0)) is not None  # N's hand is untouched, under N


def test_an_offer_stored_without_its_time_is_made_anew_when_its_table_is_gone(
    wired: Service, client: ApiClient
) -> None:
    t = finished_pair(client, wired)
    loaded = wired.load(t["table"])
    loaded.table.rematch = Rematch("ExpiredLongAgo", 1)
    loaded.dirty = True
    wired.save(loaded)
    made = rematch(client, t["table"], t["tokens"][0]).body
    assert made["table_id"] != "ExpiredLongAgo" and made["seat"] == 0
    assert rematch(client, t["table"], t["tokens"][1]).body["table_id"] == made["table_id"]
