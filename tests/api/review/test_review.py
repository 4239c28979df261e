"""GET /api/tables/{id}/hands/{n}/review: the coach's review of a finished hand, on every store."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from api.clock import ManualClock
from api.store.items import Store
from api.tables import context
from api.tables.service import Service
from api.web.config import Settings
from tests.api.support import ApiClient
from tests.api.tables.test_flow import aid, play


@pytest.fixture
def wired(any_store: Store) -> Iterator[Service]:
    # The SQLite store drops expired items by wall-clock time when it creates one.
    clock = ManualClock(int(time.time() * 1000))
    yield context.configure(store=any_store, clock=clock, settings=Settings())
    context.reset()


def _finished(
    client: ApiClient, options: dict[str, Any], variant: str = "classic"
) -> tuple[str, str, dict[str, Any]]:
    made = client.create(mode="computer", name="Ayşe", variant=variant, options=options)
    table, token, view = made["table_id"], made["token"], made["view"]
    for _ in range(500):
        if view["phase"] == "over":
            return table, token, view
        view = play(client, table, token, view)
    raise AssertionError("the hand did not end")


def _review(client: ApiClient, table: str, query: str, hand: str = "0") -> Any:
    return client.call("GET", f"/api/tables/{table}/hands/{hand}/review", query=query)


@pytest.mark.parametrize(
    ("variant", "options"),
    [("classic", {"seats": 4, "scoring": "points", "hands": 2}), ("101", {"seats": 4, "hands": 2})],
)
def test_a_finished_hand_is_reviewed_and_cached(
    wired: Service, client: ApiClient, variant: str, options: dict[str, Any]
) -> None:
    table, token, over = _finished(client, options, variant)
    reply = _review(client, table, "seat=0")
    assert reply.status == 200, reply.text
    assert reply.headers["Cache-Control"] == "public, max-age=3600"
    review = reply.body
    assert review["table_id"] == table and review["hand"] == 0 and review["seat"] == 0
    assert review["variant"] == variant and review["lang"] == "en"
    # One entry per turn of the seat: each ends with a discard, a finish or an empty pile.
    ends = ("discard", "finish", "end_hand")
    events = client.call("GET", f"/api/tables/{table}/hands/0").body["events"]  # all of them
    own = [e for e in events if e.get("seat") == 0 and e["type"] in ends]
    assert len(review["turns"]) == len([e for e in own if not e.get("reason")]) > 0
    for turn in review["turns"]:
        assert turn["coach"]["take"] in ("pile", "discard", None)
        assert turn["verdict"] in ("best", "good", "inaccuracy", "mistake", "blunder")
        assert turn["reason"]["text"]
    assert set(review["summary"]["counts"]) == {"best", "good", "inaccuracy", "mistake", "blunder"}
    # Another seat's review of the same hand, in Turkish: the replay for every seat.
    other = _review(client, table, "seat=2&lang=tr")
    assert other.status == 200 and other.body["seat"] == 2 and other.body["lang"] == "tr"
    # Once the next hand is dealt the hand is read from its own item: the same review.
    nxt = client.act(
        table, token, {"type": "next_hand"}, expected_version=over["version"], action_id=aid()
    )
    assert nxt.status == 200, nxt.text
    again = _review(client, table, "seat=0")
    assert again.status == 200 and again.body == review


@pytest.mark.parametrize(
    ("query", "status", "code"),
    [
        ("seat=0", 404, "hand_not_found"),  # hand 0 is still being played
        ("", 400, "bad_request"),  # which seat
        ("seat=x", 400, "bad_request"),
        ("seat=0&lang=fr", 400, "bad_request"),
    ],
)
def test_a_hand_in_play_or_a_bad_query_has_no_review(
    wired: Service, client: ApiClient, query: str, status: int, code: str
) -> None:
    made = client.create(mode="computer", name="Ayşe", options={"seats": 2})
    reply = _review(client, made["table_id"], query)
    assert (reply.status, reply.body["error"]["code"]) == (status, code), reply.text
    assert "turns" not in reply.body


def test_a_hand_in_play_is_never_kept_by_a_cache_and_a_finished_one_is(
    wired: Service, client: ApiClient
) -> None:
    """A hand in play answers 404 with no-store (CloudFront keeps no 404 that says so), on
    both finished-hand endpoints; once the hand is over the same URLs say public for an hour,
    with a token or without one (neither handler reads it: the CDN's key leaves it out)."""
    made = client.create(mode="computer", name="Ayşe", options={"seats": 2, "hands": 2})
    table, token, view = made["table_id"], made["token"], made["view"]
    paths = (f"/api/tables/{table}/hands/0", f"/api/tables/{table}/hands/0/review")
    for path in paths:
        reply = client.call("GET", path, query="seat=0")
        assert reply.status == 404, reply.text
        assert reply.headers["Cache-Control"] == "no-store"
    for _ in range(500):
        if view["phase"] == "over":
            break
        view = play(client, table, token, view)
    assert view["phase"] == "over"
    for path in paths:
        open_reply = client.call("GET", path, query="seat=0")
        with_token = client.call("GET", path, query="seat=0", token=token)
        assert open_reply.status == with_token.status == 200, open_reply.text
        assert open_reply.headers["Cache-Control"] == "public, max-age=3600"
        assert with_token.headers["Cache-Control"] == "public, max-age=3600"
        assert with_token.body == open_reply.body


def test_unknown_hands_tables_and_seats(wired: Service, client: ApiClient) -> None:
    table, _, _ = _finished(client, {"seats": 2, "scoring": "points", "hands": 2})
    for where, hand, query, status, code in (
        (table, "5", "seat=0", 404, "hand_not_found"),
        (table, "²", "seat=0", 400, "bad_request"),
        (table, "0", "seat=3", 400, "bad_request"),  # a table of 2 seats
        ("nosuchtable", "0", "seat=0", 404, "table_not_found"),
    ):
        reply = _review(client, where, query, hand)
        assert (reply.status, reply.body["error"]["code"]) == (status, code), (hand, reply.text)


@pytest.mark.parametrize("variant", ["classic", "101"])
def test_the_response_schema_keeps_every_field_the_review_has(variant: str) -> None:
    # A marshmallow dump drops undeclared fields: a new review field would vanish silently.
    from api.review.hand import ReviewResponse
    from engine.review import review_hand
    from tests.engine.review.hands import careless_101, careless_classic, classic_hand, hand_101

    levels = ["normal"] * 4
    for secret in (1, 2):
        if variant == "classic":
            hand = classic_hand(secret, levels, player=careless_classic, seat=1)
        else:
            hand = hand_101(secret, levels, player=careless_101, seat=1)
        for seat in (0, 1):
            review = {"table_id": "t", **review_hand(hand, seat, "ko")}
            assert ReviewResponse().dump(review) == review
