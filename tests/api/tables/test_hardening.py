"""Hostile and malformed input, second pass: lone surrogates in signed data, malformed item
attributes on every route, the sweep and an unreadable table, the friends rate, one
init_data answering one token, the webhook's bodies and number spellings."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote, urlencode

import pytest

from api.clock import ManualClock
from api.players.credit import rate_of
from api.store.items import Store
from api.store.sqlite import SqliteStore
from api.tables import context
from api.tables.service import Service
from api.tables.sweep import SET_ASIDE_AFTER, sweep
from api.web.config import Settings
from tests.api.builders import friends_table
from tests.api.players.test_player_credit import _table
from tests.api.support import ApiClient
from tests.api.telegram.test_telegram import SECRET, TOKEN, init_data, sign

SETTINGS = Settings(telegram_token=TOKEN, telegram_webhook_secret=SECRET)


@pytest.fixture
def wired(any_store: Store, clock: ManualClock) -> Iterator[Service]:
    service = context.configure(store=any_store, clock=clock, settings=SETTINGS)
    yield service
    context.reset()


def _signed(fields: dict[str, str]) -> str:
    return urlencode({**fields, "hash": sign(fields, TOKEN)})


def _login(client: ApiClient, clock: ManualClock, data: str | None = None, **user: Any) -> Any:
    # The user JSON as Telegram may send it: any \\u escape, a lone surrogate's too.
    now = str(clock.now_ms() // 1000)
    text = data or _signed({"user": json.dumps({"id": 77, **user}), "auth_date": now})
    return client.call("POST", "/api/players/telegram", {"init_data": text})


def test_a_lone_surrogate_in_signed_init_data_is_cleaned_end_to_end_to_a_view(
    wired: Service, client: ApiClient, clock: ManualClock
) -> None:
    reply = _login(client, clock, first_name="A\ud800", language_code="t\udc00r")
    assert reply.status == 200, reply.text
    assert reply.body["name"] == "A"
    again = _login(client, clock, first_name="A\ud800")  # the user logs in again: still fine
    assert again.status == 200, again.text
    headers = {"X-Istaka-Player": reply.body["token"]}
    made = client.call(
        "POST", "/api/tables", {"mode": "friends", "options": {"seats": 2}}, headers=headers
    )
    assert made.status == 201, made.text
    view = client.call("GET", f"/api/tables/{made.body['table_id']}", token=made.body["token"])
    assert view.status == 200 and view.headers["ETag"]
    assert view.body["players"][0]["name"] == "A"


def test_a_surrogate_in_a_player_header_is_refused_not_a_500(
    wired: Service, client: ApiClient
) -> None:
    made = client.call("POST", "/api/players", {})
    bad = made.body["token"] + "\ud800"
    reply = client.call(
        "POST", "/api/tables", {"mode": "computer"}, headers={"X-Istaka-Player": bad}
    )
    assert reply.status == 401 and reply.body["error"]["code"] == "bad_player"
    reply = client.call("GET", "/api/players/me", headers={"authorization": "Bearer x\ud800"})
    assert reply.status == 401


def test_the_same_init_data_answers_the_same_token_and_revokes_no_device(
    wired: Service, client: ApiClient, clock: ManualClock
) -> None:
    first = _login(client, clock, first_name="Ali")
    data = init_data({"id": 77, "first_name": "Ali"}, clock.now_ms() // 1000 + 1)
    tokens = {_login(client, clock, data).body["token"] for _ in range(8)}
    assert len(tokens) == 1 and first.body["token"] not in tokens
    me = client.call("GET", "/api/players/me", token=first.body["token"])
    assert me.status == 200, "eight replays of another launch left the first device signed in"


# -- malformed items --------------------------------------------------------------------

# (name, DynamoDB update, SQLite update or None where SQLite's schema cannot hold it)
MALFORMED = [
    ("rev_string", "SET #a = :s", "rev", ("UPDATE tables SET rev = 'seven' WHERE id = ?",)),
    ("rev_missing", "REMOVE #a", "rev", None),
    ("data_missing", "REMOVE #a", "data", None),
    ("data_number", "SET #a = :n", "data", ("UPDATE tables SET data = 5 WHERE id = ?",)),
    (
        "expires_string",
        "SET #a = :s",
        "expires_at",
        ("UPDATE tables SET expires_at = 'soon' WHERE id = ?",),
    ),
]


def _break(store: Store, table_id: str, case: tuple[Any, ...]) -> None:
    _name, update, attribute, sql = case
    if isinstance(store, SqliteStore):
        if sql is None:
            pytest.skip("SQLite's NOT NULL columns cannot lose this attribute")
        with sqlite3.connect(store.path) as db:
            db.execute(sql[0], (table_id,))
        return
    values: dict[str, Any] = {":s": {"S": "x"}, ":n": {"N": "5"}}
    used = {k: v for k, v in values.items() if k in update}
    request: dict[str, Any] = {"ExpressionAttributeValues": used} if used else {}
    store.client.update_item(  # type: ignore[attr-defined]
        TableName=store.table_name,  # type: ignore[attr-defined]
        Key={"id": {"S": table_id}},
        UpdateExpression=update,
        ExpressionAttributeNames={"#a": attribute},
        **request,
    )


@pytest.mark.parametrize("case", MALFORMED, ids=[c[0] for c in MALFORMED])
def test_a_malformed_attribute_is_corrupt_table_on_every_route_and_one_status_entry(
    wired: Service, client: ApiClient, case: tuple[Any, ...]
) -> None:
    good = [friends_table(client) for _ in range(3)]
    bad = friends_table(client)
    tid, tok = bad["table_id"], bad["token"]
    _break(wired.store, tid, case)
    calls = [
        ("GET", f"/api/tables/{tid}", None, tok),
        ("GET", f"/api/tables/{tid}", None, None),
        ("POST", f"/api/tables/{tid}/join", {"invite_code": "X"}, None),
        ("POST", f"/api/tables/{tid}/start", {}, tok),
        ("POST", f"/api/tables/{tid}/seats/1/bot", {}, tok),
        ("POST", f"/api/tables/{tid}/actions", {"type": "draw", "expected_version": 0}, tok),
        ("PUT", f"/api/tables/{tid}/rack", {"rows": []}, tok),
        ("GET", f"/api/tables/{tid}/arrangement", None, tok),
        ("GET", f"/api/tables/{tid}/hands/0", None, None),
        ("PUT", f"/api/tables/{tid}/push", {}, tok),
    ]
    for method, path, body, token in calls:
        reply = client.call(method, path, body, token=token)
        assert reply.body["error"]["code"] == "corrupt_table", (method, path, reply.text)
        assert reply.status == 500
    asked = [{"table_id": t["table_id"], "token": t["token"]} for t in [*good[:2], bad, good[2]]]
    reply = client.call("POST", "/api/tables/status", asked)
    assert reply.status == 200, reply.text
    codes = [entry.get("error", {}).get("code") for entry in reply.body["tables"]]
    assert codes == [None, None, "corrupt_table", None]


@pytest.mark.parametrize("where", ["item", "record"])
def test_an_unknown_key_in_a_stored_table_is_corrupt_not_dropped(
    wired: Service, client: ApiClient, where: str
) -> None:
    made = friends_table(client)
    stored = wired.store.get(made["table_id"])
    assert stored is not None
    data = json.loads(stored.data)
    if where == "item":
        data["zz"] = 1
    else:
        data["g"]["zz"] = 1
    changed = type(stored)(stored.table_id, stored.rev + 1, json.dumps(data), stored.expires_at)
    wired.store.put_if_version(changed, stored.rev)
    reply = client.call("GET", f"/api/tables/{made['table_id']}", token=made["token"])
    assert reply.status == 500 and reply.body["error"]["code"] == "corrupt_table"
    assert wired.store.get(made["table_id"]) == changed  # nothing rewrote it


def test_the_sweep_sets_an_unreadable_table_aside_and_goes_on(
    wired: Service, client: ApiClient, clock: ManualClock
) -> None:
    def on_turn() -> dict[str, Any]:
        return client.create(
            mode="computer",
            options={"seats": 2},
            turn_seconds=30,
            seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}],
        )

    bad, good = on_turn(), on_turn()
    _break(wired.store, bad["table_id"], MALFORMED[0])
    clock.ms = max(bad["view"]["deadline"], good["view"]["deadline"])
    reports = [sweep(wired) for _ in range(SET_ASIDE_AFTER)]
    assert reports[0].played == 1 and reports[0].failed == 1  # the good one is played
    assert [r.set_aside for r in reports] == [0] * (SET_ASIDE_AFTER - 1) + [1]
    clock.ms += 60_000
    assert bad["table_id"] not in wired.store.due(clock.now_ms(), 10)
    assert sweep(wired).failed == 0


# -- the friends rate -------------------------------------------------------------------


def test_the_friends_rate_needs_another_player() -> None:
    assert rate_of(_table("friends", ["human", "human"], ["A", "B"]), 0) == "friends"
    # A sock seat: joined with no player, or by the same player again.
    assert rate_of(_table("friends", ["human", "human"], ["A", None]), 0) == "computer"
    assert rate_of(_table("friends", ["human", "human"], ["A", "A"]), 0) == "computer"
    assert rate_of(_table("friends", ["human", "human", "human"], ["A", "A", "C"]), 1) == "friends"


# -- the webhook and numbers ------------------------------------------------------------


@pytest.mark.parametrize(
    "raw", ["not json", "[" * 50 + "]" * 50, json.dumps({"x": "y" * 100_000}), '"\\ud800"']
)
def test_the_webhook_answers_200_to_any_body_once_its_secret_matches(
    wired: Service, client: ApiClient, raw: str
) -> None:
    path = "/api/telegram/webhook"
    headers = {"X-Telegram-Bot-Api-Secret-Token": SECRET}
    reply = client.call("POST", path, raw=raw, headers=headers)
    assert reply.status == 200 and reply.body == {"ok": True}
    wrong = client.call("POST", path, raw=raw, headers={"X-Telegram-Bot-Api-Secret-Token": "no"})
    assert wrong.status == 401


@pytest.mark.parametrize("seat", ["\u0663", "\uff11", "+0", " 0", "0 ", "1_0"])
def test_query_and_path_numbers_are_ascii_digits_only(
    wired: Service, client: ApiClient, seat: str
) -> None:
    made = friends_table(client)
    tid, tok = made["table_id"], made["token"]
    reply = client.call("GET", f"/api/tables/{tid}", token=tok, query=f"seat={quote(seat)}")
    assert reply.status == 400, reply.text
    reply = client.call(
        "GET", f"/api/tables/{tid}/arrangement", token=tok, query=f"seat={quote(seat)}"
    )
    assert reply.status == 400, reply.text
    reply = client.call("POST", f"/api/tables/{tid}/seats/{quote(seat)}/bot", {}, token=tok)
    assert reply.status == 400, reply.text


@pytest.mark.parametrize("date", [" {n}", "{n} ", "+{n}", "\u0661{n}"])
def test_auth_date_inside_signed_data_is_ascii_digits_only(
    wired: Service, client: ApiClient, clock: ManualClock, date: str
) -> None:
    now = clock.now_ms() // 1000
    fields = {"user": json.dumps({"id": 5, "first_name": "A"}), "auth_date": date.format(n=now)}
    reply = _login(client, clock, _signed(fields))
    assert reply.status == 401 and reply.body["error"]["code"] == "bad_init_data"
