"""POST /api/tables/status: many tables at a glance, one batch read, no write.

Run on every store (SQLite, moto, dynalite); DynamoDB's partial answers
(UnprocessedKeys) and throttling through botocore's Stubber.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from api.clock import ManualClock
from api.store.base import BatchRead, StoredItem
from api.store.items import Store
from api.tables import context
from api.tables.service import Service
from api.tables.yours import MAX_STATUS_TABLES, VIEW_FIELDS
from api.web.config import Settings
from tests.api.builders import seated
from tests.api.support import REGION, ApiClient, LogLines
from tests.api.tables.test_flow import aid
from tests.game_helpers import plain_action

STATUS = "/api/tables/status"


class Counting:
    """A store that counts each call, so a test can say a status read only reads, once."""

    def __init__(self, inner: Store) -> None:
        self.inner = inner
        self.calls: list[str] = []

    def get(self, table_id: str) -> StoredItem | None:
        self.calls.append("get")
        return self.inner.get(table_id)

    def get_many(self, table_ids: Any) -> BatchRead:
        self.calls.append(f"get_many:{len(list(table_ids))}")
        return self.inner.get_many(table_ids)

    def create(self, table: StoredItem) -> None:
        self.calls.append("create")
        self.inner.create(table)

    def put_if_version(self, table: StoredItem, expected_rev: int) -> None:
        self.calls.append("put")
        self.inner.put_if_version(table, expected_rev)

    def raw(self, table_id: str) -> bytes | None:
        return self.inner.raw(table_id)


@pytest.fixture
def wired(any_store: Store, clock: ManualClock) -> Iterator[Service]:
    service = context.configure(store=any_store, clock=clock, settings=Settings())
    yield service
    context.reset()


def ask(client: ApiClient, entries: Any) -> Any:
    reply = client.call("POST", STATUS, entries)
    assert reply.status == 200, reply.text
    assert reply.headers["Cache-Control"] == "no-store"
    return reply.body


def entry(made: dict[str, Any], token: str | None = None) -> dict[str, str]:
    return {"table_id": made["table_id"], "token": token or made["token"]}


def friends_started(client: ApiClient) -> tuple[dict[str, Any], dict[str, Any]]:
    """A started 2-seat friends table: the creator (seat 0, on turn) and a guest."""
    t = seated(client, turn_seconds=3600)
    made = {"table_id": t["table"], "token": t["host"], "invite_code": t["invite_code"]}
    return made, {"token": t["guest"]}


# -- one read, every store ------------------------------------------------------------


def test_each_entry_is_answered_in_order_from_one_batch_read_and_nothing_is_written(
    client: ApiClient, wired: Service, clock: ManualClock
) -> None:
    computer = client.create(mode="computer", name="Ayşe", turn_seconds=600)
    waiting = client.create(mode="friends", name="Bora", options={"seats": 3})
    made, guest = friends_started(client)
    clock.advance(5)
    tables = [computer["table_id"], waiting["table_id"], made["table_id"]]
    before = {t: wired.store.raw(t) for t in tables}
    counting = Counting(wired.store)
    wired.store = counting
    body = ask(
        client,
        [
            entry(computer),
            entry(waiting),
            entry(made, guest["token"]),
            {"table_id": "unknownTable", "token": "x" * 43},
            entry(made),
            entry(computer),  # named twice: answered twice, read once
        ],
    )
    assert counting.calls == ["get_many:4"]
    assert {t: wired.store.raw(t) for t in tables} == before
    assert body["now"] == clock.now_ms()
    answers = body["tables"]
    assert [a["table_id"] for a in answers] == [*tables, "unknownTable", *tables[2:], tables[0]]
    mine, room, theirs, unknown, own, again = answers
    assert again == mine
    assert mine["status"] == "playing" and mine["mode"] == "computer"
    assert mine["your_turn"] is True and mine["turn"] == 0 and mine["turn_name"] == "Ayşe"
    assert mine["deadline"] == computer["view"]["deadline"]
    assert mine["last_move"] == clock.now_ms() - 5000
    assert room["status"] == "waiting" and room["turn"] is None and room["your_turn"] is False
    assert [p["name"] for p in room["players"]] == ["Bora", None, None]
    # The guest's entry: the creator is on turn.
    assert theirs["held_seats"] == [1] and theirs["turn"] == 0
    assert theirs["turn_name"] == "Ayşe" and theirs["your_turn"] is False
    assert own["held_seats"] == [0] and own["your_turn"] is True
    assert unknown == {
        "table_id": "unknownTable",
        "error": {"code": "table_not_found", "message": "no such table"},
    }


def test_a_bad_token_or_a_gone_table_is_an_error_for_that_entry_only(
    client: ApiClient, wired: Service, clock: ManualClock
) -> None:
    short = client.create(mode="computer", name="A")
    other = client.create(mode="computer", name="B")
    held = client.create(mode="computer", name="C")
    # The first table expires (still stored: the stores sweep late); a hand item's key and a
    # junk id are never read as tables.
    stored = wired.store.get(short["table_id"])
    assert stored is not None
    wired.store.put_if_version(
        StoredItem(stored.table_id, stored.rev + 1, stored.data, clock.now_ms() // 1000 - 1),
        stored.rev,
    )
    body = ask(
        client,
        [
            entry(short),
            entry(other, held["token"]),  # a token of another table
            {"table_id": held["table_id"] + "#0", "token": held["token"]},
            {"table_id": "not a table!", "token": held["token"]},
            entry(held),
        ],
    )
    codes = [a.get("error", {}).get("code") for a in body["tables"]]
    assert codes == ["table_not_found", "unauthorized", "table_not_found", "table_not_found", None]
    assert "expired" in body["tables"][0]["error"]["message"]
    assert body["tables"][4]["your_turn"] is True
    for answer in body["tables"][:4]:
        assert set(answer) == {"table_id", "error"} and answer["error"]["message"]


def test_a_corrupt_table_is_an_error_for_that_entry_and_logged(
    client: ApiClient, wired: Service
) -> None:
    bad = client.create(mode="computer", name="A")
    good = client.create(mode="computer", name="B")
    stored = wired.store.get(bad["table_id"])
    assert stored is not None
    data = json.loads(stored.data)
    data["g"]["l"] = "!!!"
    wired.store.put_if_version(
        StoredItem(stored.table_id, stored.rev + 1, json.dumps(data), stored.expires_at),
        stored.rev,
    )
    lines = LogLines()
    with lines.attached():
        body = ask(client, [entry(bad), entry(good)])
    assert body["tables"][0]["error"]["code"] == "corrupt_table"
    assert body["tables"][1]["status"] == "playing"
    logged = [json.loads(line) for line in lines.lines]
    assert [r["table_id"] for r in logged if r["message"] == "stored table cannot be read"] == [
        bad["table_id"]
    ]
    assert not any(data["g"]["m"] in line or bad["token"] in line for line in lines.lines)


def test_fifty_tables_in_one_request(client: ApiClient, wired: Service) -> None:
    made = [client.create(mode="computer", name=f"P{n}") for n in range(10)]
    entries = [entry(made[n % 10]) for n in range(MAX_STATUS_TABLES)]
    counting = Counting(wired.store)
    wired.store = counting
    body = ask(client, entries)
    assert counting.calls == ["get_many:10"]
    assert len(body["tables"]) == MAX_STATUS_TABLES
    assert all(a["your_turn"] for a in body["tables"])
    assert ask(client, []) == {"now": body["now"], "tables": []}


# -- limits and malformed bodies ------------------------------------------------------


@pytest.mark.usefixtures("sqlite_service")
@pytest.mark.parametrize(
    ("body", "code"),
    [
        ([{"table_id": "abc", "token": "t"}] * (MAX_STATUS_TABLES + 1), "too_many_tables"),
        ({"table_id": "abc", "token": "t"}, "bad_request"),
        ("abc", "bad_request"),
        (None, "bad_request"),
        (["abc"], "bad_request"),
        ([{"table_id": "abc"}], "bad_request"),
        ([{"token": "t"}], "bad_request"),
        ([{"table_id": 7, "token": "t"}], "bad_request"),
        ([{"table_id": "abc", "token": None}], "bad_request"),
        ([{"table_id": "", "token": "t"}], "bad_request"),
        ([{"table_id": "abc", "token": "t" * 129}], "bad_request"),
        ([{"table_id": "a" * 65, "token": "t"}], "bad_request"),
        ([{"table_id": "abc", "token": "t", "seat": 0}], "bad_request"),
    ],
)
def test_malformed_or_too_long_requests_are_400_with_a_code(
    client: ApiClient, body: Any, code: str
) -> None:
    reply = client.call("POST", STATUS, body)
    assert reply.status == 400, reply.text
    assert reply.body["error"]["code"] == code and reply.body["error"]["message"]


@pytest.mark.usefixtures("sqlite_service")
def test_a_malformed_entry_names_its_index(client: ApiClient) -> None:
    made = client.create(mode="computer", name="A")
    reply = client.call("POST", STATUS, [entry(made), {"table_id": made["table_id"]}])
    assert reply.status == 400 and reply.body["error"]["message"].startswith("1.token")


@pytest.mark.usefixtures("sqlite_service")
def test_the_body_size_limit_applies(client: ApiClient) -> None:
    reply = client.call("POST", STATUS, raw=json.dumps([{"table_id": "a" * 70_000, "token": "t"}]))
    assert reply.status == 413 and reply.body["error"]["code"] == "body_too_large"


@pytest.mark.usefixtures("sqlite_service")
def test_other_methods_on_the_status_path_are_not_a_table(client: ApiClient) -> None:
    reply = client.call("GET", STATUS)
    assert reply.status == 404 and reply.body["error"]["code"] == "table_not_found"


# -- what an entry says -----------------------------------------------------------------


def spectator_view(client: ApiClient, table_id: str) -> dict[str, Any]:
    return client.view(table_id, None, f"since={10**6}")


def assert_no_more_than_a_spectator_sees(
    client: ApiClient, service: Service, made: dict[str, Any], answer: dict[str, Any], text: str
) -> None:
    """The entry is the spectator's view cut down, plus the token's seats and whose turn."""
    spectator = spectator_view(client, made["table_id"])
    extra = {"turn", "turn_name", "your_turn", "last_move", "held_seats"}
    assert set(answer) == set(VIEW_FIELDS) | extra
    for name in set(VIEW_FIELDS) - {"held_seats"}:
        assert answer[name] == spectator[name], name
    stored = service.store.get(made["table_id"])
    assert stored is not None
    data = json.loads(stored.data)
    state = service.load(made["table_id"]).state
    for secret in (made["token"], data["g"]["m"], data["iv"], state.seed.hex()):
        assert secret not in text
    assert "rack" not in text and "pile" not in text and "invite" not in text


@pytest.mark.usefixtures("sqlite_service")
@pytest.mark.parametrize(
    ("variant", "options"),
    [("classic", {"seats": 2, "scoring": "points", "hands": 2}), ("101", {"seats": 2, "hands": 2})],
)
def test_entries_show_no_more_than_a_spectator_through_whole_games(
    client: ApiClient, sqlite_service: Service, variant: str, options: dict[str, Any]
) -> None:
    made = client.create(
        variant=variant,
        mode="hotseat",
        seats=[{"kind": "human", "name": "P0"}, {"kind": "bot", "level": "easy"}],
        options=options,
    )
    view = made["view"]
    hands_over = 0
    for _ in range(1000):
        reply = client.call("POST", STATUS, [entry(made)])
        answer = reply.body["tables"][0]
        assert_no_more_than_a_spectator_sees(client, sqlite_service, made, answer, reply.text)
        # Yours to play exactly when the seat's own view offers a move: on turn, or a hand
        # over that any seat may deal on from.
        assert answer["your_turn"] == bool(view["legal"]), (answer, view["legal"])
        if view["phase"] == "over" and not view["match_over"]:
            hands_over += 1
            assert answer["turn"] is None and answer["turn_name"] is None
        if view["match_over"]:
            break
        action = plain_action(view["legal"]) or {"type": view["legal"][0]["type"]}
        moved = client.act(
            made["table_id"],
            made["token"],
            action,
            expected_version=view["version"],
            action_id=aid(),
        )
        assert moved.status == 200, moved.text
        view = moved.body
    assert view["match_over"] and hands_over == 1
    assert answer["status"] == "finished" and answer["your_turn"] is False


@pytest.mark.usefixtures("sqlite_service")
def test_your_turn_follows_the_game(client: ApiClient, clock: ManualClock) -> None:
    made, guest = friends_started(client)
    table = made["table_id"]
    both = [entry(made), entry(made, guest["token"])]
    creator, other = ask(client, both)["tables"]
    assert (creator["your_turn"], other["your_turn"]) == (True, False)
    assert other["turn_name"] == "Ayşe"
    view = client.view(table, made["token"])
    client.act(
        table,
        made["token"],
        {"type": "discard", "tile": view["rack"][0]},
        expected_version=view["version"],
        action_id=aid(),
    )
    creator, other = ask(client, both)["tables"]
    assert (creator["your_turn"], other["your_turn"]) == (False, True)
    assert creator["turn"] == 1 and creator["turn_name"] == "Mehmet"
    # The guest's turn runs out and the creator gives the seat to a computer: the guest's
    # token still sees the table but no longer acts there.
    clock.advance(3601)
    handed = client.call("POST", f"/api/tables/{table}/seats/1/bot", {}, token=made["token"])
    assert handed.status == 200, handed.text
    creator, other = ask(client, both)["tables"]
    assert other["your_turn"] is False and other["held_seats"] == [1]
    assert creator["your_turn"] is True


@pytest.mark.usefixtures("sqlite_service")
def test_last_move_moves_with_moves_joins_and_the_start_only(
    client: ApiClient, clock: ManualClock
) -> None:
    made = client.create(mode="friends", name="Ayşe", options={"seats": 2}, turn_seconds=600)
    table, token = made["table_id"], made["token"]
    created = clock.now_ms()

    def last_move() -> int:
        value: int = ask(client, [entry(made)])["tables"][0]["last_move"]
        return value

    assert last_move() == created
    clock.advance(70)
    client.view(table, token)  # a poll (and its last-seen write) is not a move
    assert last_move() == created
    joined = client.call(
        "POST", f"/api/tables/{table}/join", {"invite_code": made["invite_code"], "name": "M"}
    )
    assert joined.status == 200
    assert last_move() == created + 70_000
    clock.advance(30)
    client.call("POST", f"/api/tables/{table}/start", token=token)
    assert last_move() == created + 100_000
    clock.advance(30)
    view = client.view(table, token)
    rack = view["rack"]
    layout = [rack + [None] * (15 - len(rack)), [None] * 15]
    saved = client.call("PUT", f"/api/tables/{table}/rack", {"layout": layout}, token=token)
    assert saved.status == 200
    assert last_move() == created + 100_000
    clock.advance(30)
    client.act(
        table,
        token,
        {"type": "discard", "tile": rack[0]},
        expected_version=view["version"],
        action_id=aid(),
    )
    assert last_move() == created + 160_000


@pytest.mark.usefixtures("sqlite_service")
def test_a_passed_deadline_is_shown_not_settled(
    client: ApiClient, clock: ManualClock, sqlite_service: Service
) -> None:
    made, guest = friends_started(client)
    before = sqlite_service.store.raw(made["table_id"])
    clock.advance(3600 + 5)
    answer = ask(client, [entry(made, guest["token"])])["tables"][0]
    assert answer["deadline"] < clock.now_ms() and answer["turn"] == 0
    assert sqlite_service.store.raw(made["table_id"]) == before
    # The next view plays the timed-out turn, as before.
    assert client.view(made["table_id"], guest["token"])["turn"] == 1


@pytest.mark.usefixtures("sqlite_service")
def test_last_move_is_stored_only_where_the_move_times_do_not_say_it(
    client: ApiClient, clock: ManualClock, sqlite_service: Service
) -> None:
    def stored(table_id: str) -> dict[str, Any]:
        item = sqlite_service.store.get(table_id)
        assert item is not None
        return dict(json.loads(item.data))

    made = client.create(mode="computer", name="A")
    assert "lm" not in stored(made["table_id"])  # the deal timed both: "mt" holds it
    waiting = client.create(mode="friends", name="Ayşe", options={"seats": 3})
    clock.advance(60)
    joined = client.call(
        "POST",
        f"/api/tables/{waiting['table_id']}/join",
        {"invite_code": waiting["invite_code"], "name": "Mehmet"},
    )
    assert joined.status == 200, joined.text
    assert isinstance(stored(waiting["table_id"]).get("lm"), int)  # a join moves no version
    answers = ask(client, [entry(made), entry(waiting)])["tables"]
    for table, answer in zip((made, waiting), answers, strict=True):
        last = sqlite_service.load(table["table_id"]).table.last_move_at()
        assert last is not None and answer["last_move"] == last * 1000
    assert answers[1]["last_move"] - answers[0]["last_move"] == 60_000


@pytest.mark.usefixtures("sqlite_service")
def test_items_written_before_move_times_were_kept_answer_null(
    client: ApiClient, sqlite_service: Service
) -> None:
    made = client.create(mode="computer", name="A")
    stored = sqlite_service.store.get(made["table_id"])
    assert stored is not None
    data = json.loads(stored.data)
    data.pop("lm", None)
    del data["mt"]
    old = StoredItem(stored.table_id, stored.rev + 1, json.dumps(data), stored.expires_at)
    sqlite_service.store.put_if_version(old, stored.rev)
    assert ask(client, [entry(made)])["tables"][0]["last_move"] is None


# -- DynamoDB: partial answers and throttling -------------------------------------------


def batch_params(service: Service, ids: list[str]) -> dict[str, Any]:
    from api.store.dynamo import _PROJECTION

    keys = [{"id": {"S": i}} for i in ids]
    name = service.store.table_name  # type: ignore[attr-defined]
    return {"RequestItems": {name: {"Keys": keys, "ConsistentRead": True, **_PROJECTION}}}


def items_of(service: Service, ids: list[str]) -> list[dict[str, Any]]:
    name = service.store.table_name  # type: ignore[attr-defined]
    client = service.store.client  # type: ignore[attr-defined]
    return [
        client.get_item(TableName=name, Key={"id": {"S": i}}, ConsistentRead=True)["Item"]
        for i in ids
    ]


@contextmanager
def stubbed(service: Service) -> Iterator[tuple[Any, list[float]]]:
    """The service's DynamoDB store on a stubbed client (tables stay in moto to read)."""
    import boto3
    from botocore.stub import Stubber

    from api.store.dynamo import DynamoStore

    moto = service.store
    assert isinstance(moto, DynamoStore)
    sleeps: list[float] = []
    stub_client = boto3.client("dynamodb", region_name=REGION)
    service.store = DynamoStore(moto.table_name, client=stub_client, sleep=sleeps.append)
    try:
        with Stubber(stub_client) as stubber:
            yield stubber, sleeps
            stubber.assert_no_pending_responses()
    finally:
        service.store = moto


def computer_tables(
    client: ApiClient, service: Service, count: int
) -> tuple[list[dict[str, Any]], list[str], list[dict[str, Any]], str, dict[str, Any]]:
    """``count`` computer tables, their ids, their items as moto holds them, the DynamoDB
    table's name and the last table's key as an UnprocessedKeys answer leaves it."""
    made = [client.create(mode="computer", name=f"P{n}") for n in range(count)]
    ids = [m["table_id"] for m in made]
    items = items_of(service, ids)
    table_name = next(iter(batch_params(service, ids)["RequestItems"]))
    left = {table_name: {"Keys": [{"id": {"S": ids[-1]}}]}}
    return made, ids, items, table_name, left


def test_unprocessed_keys_are_asked_again_after_a_pause(
    client: ApiClient, service: Service
) -> None:
    made, ids, items, table_name, left = computer_tables(client, service, 3)
    with stubbed(service) as (stubber, sleeps):
        stubber.add_response(
            "batch_get_item",
            {"Responses": {table_name: items[:2]}, "UnprocessedKeys": left},
            expected_params=batch_params(service, ids),
        )
        stubber.add_response(
            "batch_get_item",
            {"Responses": {table_name: items[2:]}, "UnprocessedKeys": {}},
            expected_params=batch_params(service, ids[2:]),
        )
        body = ask(client, [entry(m) for m in made])
    assert [a["your_turn"] for a in body["tables"]] == [True, True, True]
    assert len(sleeps) == 1 and 0 <= sleeps[0] <= 0.05


def test_keys_still_unprocessed_after_the_retries_are_busy_entries(
    client: ApiClient, service: Service
) -> None:
    from api.store.dynamo import BATCH_RETRIES

    made, ids, items, table_name, left = computer_tables(client, service, 2)
    with stubbed(service) as (stubber, sleeps):
        stubber.add_response(
            "batch_get_item", {"Responses": {table_name: items[:1]}, "UnprocessedKeys": left}
        )
        for _ in range(BATCH_RETRIES):
            stubber.add_response(
                "batch_get_item",
                {"Responses": {table_name: []}, "UnprocessedKeys": left},
                expected_params=batch_params(service, ids[1:]),
            )
        body = ask(client, [entry(m) for m in made])
    first, second = body["tables"]
    assert first["your_turn"] is True
    assert second == {
        "table_id": ids[1],
        "error": {"code": "busy", "message": second["error"]["message"]},
    }
    # Pauses under a doubling ceiling: 50, 100, 200 ms.
    assert len(sleeps) == BATCH_RETRIES
    assert all(0 <= s <= 0.05 * 2**n for n, s in enumerate(sleeps)), sleeps


def test_a_throttled_batch_is_503_busy_with_retry_after(
    client: ApiClient, service: Service
) -> None:
    made = client.create(mode="computer", name="A")
    lines = LogLines()
    with stubbed(service) as (stubber, _), lines.attached():
        stubber.add_client_error(
            "batch_get_item", "ProvisionedThroughputExceededException", "x", 400
        )
        reply = client.call("POST", STATUS, [entry(made)])
    assert reply.status == 503 and reply.headers["Retry-After"] == "2"
    assert reply.body["error"]["code"] == "busy"
    assert not any(made["token"] in line for line in lines.lines)


def test_status_tokens_never_reach_the_log(client: ApiClient, service: Service) -> None:
    made = client.create(mode="computer", name="A")
    lines = LogLines()
    with lines.attached():
        ask(client, [entry(made), {"table_id": made["table_id"], "token": uuid.uuid4().hex}])
    assert not any(made["token"] in line for line in lines.lines)
