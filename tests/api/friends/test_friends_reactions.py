"""Reactions and nudges: bounded, never a game change, and a push for a nudge."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from api.clock import ManualClock
from api.friends.item import KEPT_REACTIONS, REACTIONS, Reaction, Reactions
from api.friends.reactions import REACTIONS_PER_HAND
from api.push.notifier import notices
from api.store.items import Store
from api.tables.item import MIN_REACTIONS, REACTIONS_TEXT_BUDGET, Table
from api.tables.service import Service
from tests.api.friends_support import friends, wire
from tests.api.support import ApiClient
from tests.api.tables.test_flow import play


@pytest.fixture
def wired(any_store: Store, clock: ManualClock) -> Iterator[Service]:
    yield from wire(any_store, clock)


def react(client: ApiClient, table: str, token: str | None, reaction: Any, **extra: Any) -> Any:
    return client.call(
        "POST", f"/api/tables/{table}/reactions", {"reaction": reaction, **extra}, token=token
    )


def nudge(client: ApiClient, table: str, token: str | None) -> Any:
    return client.call("POST", f"/api/tables/{table}/nudge", token=token)


def relaxed_pair(client: ApiClient) -> tuple[dict[str, Any], str, list[str], int, int]:
    """A started two-seat friends table at 4 h a turn: the table, its id, its seats' tokens,
    the seat on turn and the other one."""
    t = friends(client, 2, turn_seconds=4 * 3600)
    on_turn = t["view"]["turn"]
    return t, t["table"], t["tokens"], on_turn, 1 - on_turn


def test_a_reaction_shows_in_every_seat_view_and_never_stales_a_move(
    wired: Service, client: ApiClient, clock: ManualClock
) -> None:
    t = friends(client, 2)
    table, tokens = t["table"], t["tokens"]
    on_turn = t["view"]["turn"]
    other = 1 - on_turn
    before = client.call("GET", f"/api/tables/{table}", token=tokens[on_turn])
    version = before.body["version"]

    sent = react(client, table, tokens[other], "gg")
    assert sent.status == 200, sent.text
    at = clock.now_ms() // 1000 * 1000
    assert sent.body["view"]["reactions"] == [{"seat": other, "reaction": "gg", "at": at}]
    assert sent.body["view"]["version"] == version
    # The seat on turn sees it: a new ETag, the same game version.
    again = client.call(
        "GET",
        f"/api/tables/{table}",
        token=tokens[on_turn],
        headers={"If-None-Match": before.headers["ETag"]},
    )
    assert again.status == 200 and again.headers["ETag"] != before.headers["ETag"]
    assert again.body["version"] == version and again.body["reactions"][0]["reaction"] == "gg"
    # A spectator (an embed without a seat) gets none.
    assert client.view(table, None)["reactions"] == []
    # The move sent with the version from before the reaction lands.
    moved = play(client, table, tokens[on_turn], before.body)
    assert moved["version"] > version


def test_reactions_are_bounded_per_seat(
    wired: Service, client: ApiClient, clock: ManualClock
) -> None:
    t = friends(client, 2)
    table, token = t["table"], t["tokens"][0]
    assert react(client, table, token, "thumbs_up").status == 200
    clock.advance(1)
    soon = react(client, table, token, "laugh")
    assert soon.status == 429 and soon.body["error"]["code"] == "too_many_reactions"
    assert soon.headers["Retry-After"] == "1"
    # The other seat is not held back by this one.
    assert react(client, table, t["tokens"][1], "hello").status == 200
    clock.advance(1)
    assert react(client, table, token, "laugh").status == 200
    for n in range(REACTIONS_PER_HAND - 2):
        clock.advance(2)
        reply = react(client, table, token, REACTIONS[n % len(REACTIONS)])
        assert reply.status == 200, (n, reply.text)
    clock.advance(60)
    full = react(client, table, token, "gg")
    assert full.status == 429 and full.body["error"]["code"] == "too_many_reactions"
    assert int(full.headers["Retry-After"]) >= 1
    view = client.view(table, token)
    assert len(view["reactions"]) == KEPT_REACTIONS
    assert [r["seat"] for r in view["reactions"]] == [0] * KEPT_REACTIONS
    times = [r["at"] for r in view["reactions"]]
    assert times == sorted(times)


@pytest.mark.parametrize(
    "body",
    [
        {"reaction": "good game, you cheater"},
        {"reaction": "👍"},
        {"reaction": ""},
        {"reaction": 3},
        {},
        {"reaction": "gg", "text": "hi"},
    ],
)
def test_anything_but_a_listed_code_is_bad_reaction_and_stores_nothing(
    wired: Service, client: ApiClient, body: dict[str, Any]
) -> None:
    t = friends(client, 2)
    stored = wired.store.raw(t["table"])
    reply = client.call("POST", f"/api/tables/{t['table']}/reactions", body, token=t["tokens"][0])
    assert reply.status == 400 and reply.body["error"]["code"] == "bad_reaction"
    assert react(client, t["table"], None, "gg").status == 401
    assert wired.store.raw(t["table"]) == stored


def test_a_nudge_reaches_the_seat_on_turn_once_a_while(
    wired: Service, client: ApiClient, clock: ManualClock
) -> None:
    t, table, tokens, on_turn, waiting = relaxed_pair(client)
    version = t["view"]["version"]
    clock.advance(60)  # the seat on turn has stopped looking: a push reaches it
    old = wired.store.get(table)
    assert old is not None

    mine = nudge(client, table, tokens[on_turn])
    assert mine.status == 409 and mine.body["error"]["code"] == "your_turn"
    sent = nudge(client, table, tokens[waiting])
    assert sent.status == 204, sent.text
    new = wired.store.get(table)
    assert new is not None
    found = notices(old, new, clock.now_ms() // 1000)
    name = ["Ayla", "Friend 1"][waiting]
    assert [(n.seat, n.kind, n.name) for n in found] == [(on_turn, "nudge", name)]
    assert client.view(table, tokens[waiting])["version"] == version

    clock.advance(1800)
    soon = nudge(client, table, tokens[waiting])
    assert soon.status == 429 and soon.body["error"]["code"] == "too_soon"
    assert soon.headers["Retry-After"] == "1800"  # an hour: a quarter of 4 h is no longer
    clock.advance(1800)
    assert nudge(client, table, tokens[waiting]).status == 204


def test_a_long_turn_waits_a_quarter_of_it_between_nudges(
    wired: Service, client: ApiClient, clock: ManualClock
) -> None:
    t = friends(client, 2, turn_seconds=86400)
    waiting = 1 - t["view"]["turn"]
    assert nudge(client, t["table"], t["tokens"][waiting]).status == 204
    clock.advance(3600)
    soon = nudge(client, t["table"], t["tokens"][waiting])
    assert soon.status == 429 and soon.headers["Retry-After"] == str(6 * 3600 - 3600)


def test_no_nudge_on_a_live_table_nor_without_a_seat(wired: Service, client: ApiClient) -> None:
    t = friends(client, 2, turn_seconds=60)
    waiting = 1 - t["view"]["turn"]
    stored = wired.store.raw(t["table"])
    live = nudge(client, t["table"], t["tokens"][waiting])
    assert live.status == 409 and live.body["error"]["code"] == "not_relaxed"
    assert nudge(client, t["table"], None).status == 401
    assert wired.store.raw(t["table"]) == stored


def test_reactions_and_a_nudge_keep_the_item_small(wired: Service, client: ApiClient) -> None:
    t = friends(client, 4)
    table, tokens = t["table"], t["tokens"]
    start = wired.store.get(table)
    assert start is not None
    clock = wired.clock
    assert isinstance(clock, ManualClock)
    for n in range(12):
        clock.advance(3)
        assert react(client, table, tokens[n % 4], REACTIONS[n]).status == 200
    item = wired.store.get(table)
    assert item is not None
    data = json.loads(item.data)
    assert set(data) - set(json.loads(start.data)) == {"rx"}
    grown = len(item.data.encode()) - len(start.data.encode())
    assert grown <= 90, grown  # ten reactions, their times and the hand's counts


def test_reactions_give_way_before_the_item_passes_its_write_unit(
    wired: Service, client: ApiClient
) -> None:
    t = friends(client, 4)
    stored = wired.store.get(t["table"])
    assert stored is not None
    table = Table.from_stored(stored)
    newest = [Reaction(n % 4, REACTIONS[n], 100 + n) for n in range(KEPT_REACTIONS)]
    table.reactions = Reactions(0, [3, 3, 2, 2], list(newest))
    roomy = table.to_stored(None)
    assert table.reactions.recent == newest  # a small item keeps all ten
    # Saved layouts (as a long hand has them) take the item some 30 B past the budget.
    pad = (REACTIONS_TEXT_BUDGET - len(roomy.data.encode())) // 4 + 4
    table.layouts = {seat: "A" * pad for seat in range(4)}
    full = table.to_stored(None)
    assert len(full.data.encode()) <= REACTIONS_TEXT_BUDGET
    kept = Table.from_stored(full).reactions
    assert kept is not None and MIN_REACTIONS <= len(kept.recent) < KEPT_REACTIONS
    assert kept.recent == newest[-len(kept.recent) :]  # the newest stay
    assert kept.counts == [3, 3, 2, 2]  # the hand's limits still count every one


def test_the_invite_page_learns_who_invites_and_who_sits(wired: Service, client: ApiClient) -> None:
    made = client.create(
        mode="friends", name="Ayla", variant="101", options={"seats": 3}, turn_seconds=7200
    )
    table = made["table_id"]
    client.call(
        "POST", f"/api/tables/{table}/join", {"invite_code": made["invite_code"], "name": "Can"}
    )
    page = client.view(table, None)  # what the join page can fetch without a token
    assert page["invite"] == {"by_name": "Ayla", "seated": ["Ayla", "Can", None]}
    assert (page["variant"], page["pace"], page["turn_seconds"]) == ("101", "relaxed", 7200)
    assert page["invite_code"] is None  # never to a spectator
    client.call("POST", f"/api/tables/{table}/start", token=made["token"])
    assert client.view(table, None)["invite"] is None


def test_the_next_turn_of_a_nudged_seat_may_be_nudged_again(
    wired: Service, client: ApiClient, clock: ManualClock
) -> None:
    # The deal is random: a play may end the hand (then no one is on turn); deal again.
    for _deal in range(10):
        _, table, tokens, slow, fast = relaxed_pair(client)
        assert nudge(client, table, tokens[fast]).status == 204
        view = client.view(table, tokens[slow])
        while view["turn"] == slow and view["phase"] != "over":  # slow plays, then fast
            view = play(client, table, tokens[slow], view)
        if view["phase"] == "over":
            continue
        assert json.loads(wired.store.get(table).data).get("nd") is None  # type: ignore[union-attr]
        view = client.view(table, tokens[fast])
        while view["turn"] == fast and view["phase"] != "over":
            view = play(client, table, tokens[fast], view)
        if view["phase"] != "over":
            break
    assert view["phase"] != "over"
    clock.advance(60)
    assert nudge(client, table, tokens[fast]).status == 204  # a new turn: well within the hour
    assert nudge(client, table, tokens[fast]).status == 429


def test_the_nudged_seats_view_says_who_and_when_while_its_turn_lasts(
    wired: Service, client: ApiClient, clock: ManualClock
) -> None:
    for _deal in range(10):
        _, table, tokens, slow, fast = relaxed_pair(client)
        assert client.view(table, tokens[slow])["nudge"] is None
        assert nudge(client, table, tokens[fast]).status == 204
        at = clock.now_ms() // 1000 * 1000
        name = ["Ayla", "Friend 1"][fast]
        seen = client.view(table, tokens[slow])
        assert seen["nudge"] == {"by": fast, "by_name": name, "at": at}
        # Only the nudged seat's view: not the nudger's, not a spectator's.
        assert client.view(table, tokens[fast])["nudge"] is None
        assert client.view(table, None)["nudge"] is None
        # No player id anywhere in it.
        stored = json.loads(wired.store.get(table).data)  # type: ignore[union-attr]
        for player in filter(None, stored.get("pp", [])):
            assert player not in json.dumps(seen["nudge"])
        view = seen
        while view["turn"] == slow and view["phase"] != "over":
            view = play(client, table, tokens[slow], view)
        if view["phase"] != "over":
            break
    assert view["phase"] != "over"
    # The turn played: the nudge is gone from the seat's view.
    assert client.view(table, tokens[slow])["nudge"] is None


@pytest.mark.parametrize("offset_ms", [0, 1, 500, 991, 999])
def test_the_reaction_gap_is_measured_in_ms_not_whole_seconds(
    wired: Service, client: ApiClient, clock: ManualClock, offset_ms: int
) -> None:
    """Two reactions 1.009 s apart were both taken when they fell in different seconds:
    wherever in its second the first one falls, the next is refused until 2 s have passed."""
    t = friends(client, 2)
    table, token = t["table"], t["tokens"][0]
    clock.advance(offset_ms / 1000)
    assert react(client, table, token, "gg").status == 200
    sent_ms = clock.now_ms()
    for gap_ms in (1009, 1500, 1999):
        clock.ms = sent_ms + gap_ms
        soon = react(client, table, token, "laugh")
        assert soon.status == 429, (offset_ms, gap_ms, soon.text)
        assert soon.body["error"]["code"] == "too_many_reactions"
        assert 1 <= int(soon.headers["Retry-After"]) <= 2
    clock.ms = sent_ms + 3000  # past the gap, wherever the second was rounded
    assert react(client, table, token, "laugh").status == 200
    reactions = client.view(table, token)["reactions"]
    times = [r["at"] for r in reactions]
    assert len(times) == 2 and times[1] - times[0] >= 2000
