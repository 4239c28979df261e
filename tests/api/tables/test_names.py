"""Players' names: cleaned to one visible form, refused when empty, too long or bot-like."""

from __future__ import annotations

import doctest
from collections.abc import Iterator
from typing import Any

import pytest

import api.tables.names
from api.clock import ManualClock, SystemClock
from api.store.items import Store
from api.tables import context
from api.web.config import Settings
from tests.api.builders import friends_table, join
from tests.api.support import ApiClient, Reply

# Each answered 400 bad_name by a join, a create and a hotseat seat list.
BAD_NAMES: list[tuple[str, Any]] = [
    ("nul", "\x00"),
    ("newline", "\n"),
    ("whitespace only", " \t \u3000 "),
    ("empty", ""),
    ("invisible only", "\u200b\u200d\ufeff\u2060"),
    ("bidi override only", "\u202e"),
    ("hangul filler", "\u3164"),
    ("combining mark only", "\u0301"),
    ("25 characters", "x" * 25),
    ("25 after NFC", "e\u0301" * 25),
    ("over 96 as sent", "\u200b" * 97 + "Ali"),
    ("Computer 2", "Computer 2"),
    ("computer", "computer"),
    ("COMPUTER", "COMPUTER"),
    ("computer 3 with punctuation", "Computer-3!"),
    ("a name starting with the label", "Computerman"),
    ("fullwidth", "Ｃｏｍｐｕｔｅｒ"),
    ("Bilgisayar 1", "Bilgisayar 1"),
    ("bilgisayar", "bilgisayar"),
    ("Turkish capitals", "BİLGİSAYAR"),
    ("English capitals", "BILGISAYAR"),
    ("dotless i", "bılgısayar"),
    ("Korean label", "컴퓨터"),
    ("Korean label and number", "컴퓨터 3"),
    ("label with zero-width space", "Comp\u200buter"),
    ("not a string", 5),
    ("null", None),
]
# Each accepted, as sent and as stored.
GOOD_NAMES: list[tuple[str, str, str]] = [
    ("24 characters", "x" * 24, "x" * 24),
    ("24 after NFC", "e\u0301" * 24, "\u00e9" * 24),
    ("NFC", "Zoe\u0301", "Zo\u00e9"),
    ("Ayşe", "Ayşe", "Ayşe"),
    ("trimmed and collapsed", "  Ayşe \t\n Yılmaz  ", "Ayşe Yılmaz"),
    ("NUL inside", "Al\x00i", "Ali"),
    ("zero-width joiner inside", "Ay\u200dşe", "Ayşe"),
    ("bidi override inside", "Ali\u202e Veli", "Ali Veli"),
    ("emoji", "🎲 Okey 🀄", "🎲 Okey 🀄"),
    ("Korean", "김민준", "김민준"),
    ("close to a label", "Compton", "Compton"),
    ("label later in the name", "Not a computer", "Not a computer"),
]


def test_the_examples_in_api_names_hold() -> None:
    result = doctest.testmod(api.tables.names)
    assert result.attempted >= 5 and result.failed == 0


@pytest.fixture
def client(any_store: Store) -> Iterator[ApiClient]:
    # Today's time, not ManualClock's default: SQLite drops tables expired by the wall clock.
    context.configure(
        store=any_store, clock=ManualClock(SystemClock().now_ms()), settings=Settings()
    )
    yield ApiClient()
    context.reset()


def _answer(reply: Reply) -> tuple[int, str | None]:
    return reply.status, (reply.body.get("error") or {}).get("code")


def _hosted(client: ApiClient, store: Store) -> tuple[dict[str, Any], str, Any]:
    """A friends table named by its host, its id and its stored item before the test."""
    table = friends_table(client, name="Host")
    tid = table["table_id"]
    return table, tid, store.raw(tid)


# One test per store runs the whole table (a store is slow to set up) and reports every miss.
def test_a_bad_name_is_refused_everywhere_and_changes_nothing(
    client: ApiClient, any_store: Store
) -> None:
    table, tid, before = _hosted(client, any_store)
    misses = []
    for case, name in BAD_NAMES:
        hotseat = [{"kind": "human", "name": name}, {"kind": "human"}]
        answers = [
            _answer(join(client, table, name)),
            _answer(client.call("POST", "/api/tables", {"mode": "computer", "name": name})),
            _answer(client.call("POST", "/api/tables", {"mode": "hotseat", "seats": hotseat})),
        ]
        if answers != [(400, "bad_name")] * 3 or any_store.raw(tid) != before:
            misses.append(f"{case}: {answers}")
    assert not misses, "\n".join(misses)


def test_a_good_name_is_stored_cleaned(client: ApiClient) -> None:
    misses = []
    for case, sent, kept in GOOD_NAMES:
        table = friends_table(client, name="Host")
        reply = join(client, table, sent)
        seats = [{"kind": "human", "name": sent}] * 2
        made = client.call("POST", "/api/tables", {"mode": "hotseat", "seats": seats})
        names = [
            reply.body["view"]["players"][1]["name"] if reply.status == 200 else reply.text,
            # as stored, read back
            client.view(table["table_id"], table["token"])["players"][1]["name"],
            *[p["name"] for p in made.body["view"]["players"]],
        ]
        if names != [kept] * 4:
            misses.append(f"{case}: {names}")
    assert not misses, "\n".join(misses)


def test_an_absent_name_still_gets_a_default(client: ApiClient) -> None:
    made = client.create(mode="hotseat", seats=[{"kind": "human"}, {"kind": "human"}])
    assert [p["name"] for p in made["view"]["players"]] == ["Player 1", "Player 2"]
    alone = client.create(mode="computer")
    assert alone["view"]["players"][0]["name"] == "Player 1"


def test_a_join_checks_table_then_invite_then_body(client: ApiClient, any_store: Store) -> None:
    table, tid, before = _hosted(client, any_store)
    bad = {"invite_code": table["invite_code"], "name": "\u202e"}
    missing = client.call("POST", "/api/tables/nosuchtable/join", bad)
    assert _answer(missing) == (404, "table_not_found")
    wrong = {**bad, "invite_code": "AAAAAA"}
    assert _answer(client.call("POST", f"/api/tables/{tid}/join", wrong)) == (403, "bad_invite")
    unnamed = {"invite_code": table["invite_code"], "lang": "xx"}
    assert _answer(client.call("POST", f"/api/tables/{tid}/join", unnamed)) == (400, "bad_request")
    # a fault beside the name: the general code
    assert _answer(join(client, table, "", level="x")) == (400, "bad_request")
    assert any_store.raw(tid) == before


@pytest.mark.parametrize(
    ("lang", "name"),
    [(None, "Player 2"), ("en", "Player 2"), ("tr", "Oyuncu 2"), ("ko", "플레이어 2")],
)
def test_a_join_without_a_name_gets_the_seats_generated_name(
    client: ApiClient, lang: str | None, name: str
) -> None:
    table = friends_table(client, name="Host")
    body = {"invite_code": table["invite_code"], **({"lang": lang} if lang else {})}
    joined = client.call("POST", f"/api/tables/{table['table_id']}/join", body)
    assert joined.status == 200, joined.body
    assert joined.body["view"]["players"][1]["name"] == name
