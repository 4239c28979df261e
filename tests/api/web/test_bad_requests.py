"""Every refused request answers 4xx JSON with a code and a message, and changes nothing stored."""

from __future__ import annotations

import json
from typing import Any

import pytest

from api.clock import ManualClock
from api.store.base import StoredItem
from api.store.items import Store
from api.tables import context
from api.tables.service import Service
from api.web.config import Settings
from tests.api.support import ApiClient, LogLines

pytestmark = pytest.mark.usefixtures("service")
Case = tuple[str, str, Any, dict[str, Any]]  # method, path, body, ApiClient.call keywords


def _setup(client: ApiClient) -> dict[str, Any]:
    made = client.create(
        mode="hotseat", seats=[{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]
    )
    friends = client.create(mode="friends", name="F", options={"seats": 2})
    joined = client.call(
        "POST",
        f"/api/tables/{friends['table_id']}/join",
        {"invite_code": friends["invite_code"], "name": "G"},
    ).body
    return {"hot": made, "friends": friends, "guest": joined}


def _bad_requests(t: dict[str, Any]) -> list[Case]:
    hot, friends, guest = t["hot"], t["friends"], t["guest"]
    hid, tok, view = hot["table_id"], hot["token"], hot["view"]
    fid, ftok, gtok = friends["table_id"], friends["token"], guest["token"]
    v = view["version"]
    rack = view["rack"]
    off_rack = next(x for x in range(106) if x not in rack)
    act = f"/api/tables/{hid}/actions"

    def a(body: Any, token: str | None = tok) -> Case:
        return ("POST", act, body, {"token": token})

    base = {"expected_version": v, "action_id": "x1"}
    cases: list[Case] = [
        a({"type": "draw", **base}, token=None),
        a({"type": "draw", **base}, token="nope"),
        a({"type": "draw", **base}, token=gtok),
        ("POST", act, None, {"token": tok, "raw": "{not json"}),
        ("POST", act, None, {"token": tok, "raw": "[1,2]"}),
        ("POST", act, None, {"token": tok, "raw": ""}),
        a({"type": "draw"}),
        a({"type": "fly", **base}),
        a({"type": "discard", **base}),
        a({"type": "discard", "tile": 106, **base}),
        a({"type": "discard", "tile": "5", **base}),
        a({"type": "discard", "tile": True, **base}),
        a({"type": "discard", "tile": off_rack, **base}),
        a({"type": "finish", "tile": rack[0], **base}),
        a({"type": "draw", **base}),  # the starter only discards
        a({"type": "draw", **base, "seat": 1}),  # not seat 1's turn
        a({"type": "next_hand", **base}),
        a({"type": "end_hand", **base}),
        a({"type": "discard", "tile": rack[0], "expected_version": v - 1, "action_id": "x2"}),
        a({"type": "discard", "tile": rack[0], "expected_version": v, "action_id": "y" * 65}),
        a({"type": "discard", "tile": rack[0], **base, "seat": 3}),
        a({"type": "discard", "tile": rack[0], **base, "extra": 1}),
        a({"type": "discard", "tile": rack[0], "expected_version": "1", "action_id": "x"}),
        ("PUT", f"/api/tables/{hid}/rack", {"layout": [rack, [None] * 15]}, {}),
        (
            "PUT",
            f"/api/tables/{hid}/rack",
            {"layout": [[None] * 15, [None] * 15]},
            {"token": tok},
        ),
        ("PUT", f"/api/tables/{hid}/rack", {"layout": [[None] * 15]}, {"token": tok}),
        (
            "PUT",
            f"/api/tables/{hid}/rack",
            {"layout": [[107] * 15, [None] * 15]},
            {"token": tok},
        ),
        (
            "PUT",
            f"/api/tables/{hid}/rack",
            {"layout": [rack, [None] * 15], "seat": 1},
            {"token": tok},
        ),
        ("PUT", f"/api/tables/{hid}/rack", {"layout": "x"}, {"token": tok}),
        ("PUT", f"/api/tables/{fid}/rack", {"layout": [[None] * 15] * 2}, {"token": ftok}),
        ("GET", f"/api/tables/{hid}", None, {"token": "bad"}),
        ("GET", f"/api/tables/{hid}", None, {"token": tok, "query": "seat=3"}),
        ("GET", f"/api/tables/{hid}", None, {"query": "seat=1"}),
        ("GET", f"/api/tables/{hid}", None, {"token": tok, "query": "since=-1"}),
        ("GET", f"/api/tables/{hid}", None, {"token": tok, "query": "seat=abc"}),
        ("GET", f"/api/tables/{hid}", None, {"token": tok, "query": "bogus=1"}),
        ("GET", f"/api/tables/{hid}", None, {"headers": {"authorization": "Basic abc"}}),
        ("GET", f"/api/tables/{hid}/arrangement", None, {"token": tok, "query": "by=colour"}),
        ("GET", f"/api/tables/{hid}/arrangement", None, {}),
        ("GET", f"/api/tables/{fid}/arrangement", None, {"token": ftok}),
        ("POST", f"/api/tables/{hid}/start", None, {"token": tok}),
        ("POST", f"/api/tables/{fid}/start", None, {"token": gtok}),
        ("POST", f"/api/tables/{fid}/start", None, {}),
        ("POST", f"/api/tables/{fid}/join", {"invite_code": "AAAAAA", "name": "Z"}, {}),
        (
            "POST",
            f"/api/tables/{fid}/join",
            {"invite_code": friends["invite_code"], "name": "Z"},
            {},
        ),
        ("POST", f"/api/tables/{fid}/join", {"invite_code": friends["invite_code"]}, {}),
        (
            "POST",
            f"/api/tables/{fid}/join",
            {"invite_code": friends["invite_code"], "name": ""},
            {},
        ),
        (
            "POST",
            f"/api/tables/{hid}/join",
            {"invite_code": friends["invite_code"], "name": "Z"},
            {},
        ),
        ("POST", f"/api/tables/{fid}/seats/1/bot", {"level": "normal"}, {"token": gtok}),
        ("POST", f"/api/tables/{fid}/seats/0/bot", {"level": "normal"}, {"token": ftok}),
        ("POST", f"/api/tables/{fid}/seats/1/bot", {"level": "genius"}, {"token": ftok}),
        ("POST", f"/api/tables/{fid}/seats/9/bot", {}, {"token": ftok}),
        ("POST", f"/api/tables/{fid}/seats/x/bot", {}, {"token": ftok}),
        ("POST", f"/api/tables/{fid}/seats/1/bot", {}, {"token": ftok}),  # G was just here
        ("POST", f"/api/tables/{fid}/start", {"request_id": "too-short"}, {"token": ftok}),
        ("POST", f"/api/tables/{fid}/start", {"request_id": "x" * 16, "n": 1}, {"token": ftok}),
        (
            "POST",
            f"/api/tables/{fid}/join",
            {"invite_code": friends["invite_code"], "name": "Z", "request_id": "a/b" * 8},
            {},
        ),
        ("POST", f"/api/tables/{fid}/actions", {"type": "draw", **base}, {"token": gtok}),
        ("POST", f"/api/tables/{hid}/seats/1/bot", {}, {"token": tok}),
    ]
    return cases + [case for case, _ in _hostile(t)]


DEEP = "nests deeper"
UNICODE = "not valid Unicode"
BAD = "bad_request"
MALFORMED = "malformed_action"
NAME = "bad_name"
LABEL = "computer player"
VISIBLE = "visible character"
TILES = "at most 22 tiles"


def _hostile(t: dict[str, Any]) -> list[tuple[Case, tuple[int, str, str]]]:
    """Hostile or faulty input, each with the status, code and a word of the message it must
    get; every one is refused, so none changes the tables of ``_setup``."""
    hot, friends, guest = t["hot"], t["friends"], t["guest"]
    hid, tok, fid, ftok = hot["table_id"], hot["token"], friends["table_id"], friends["token"]
    gtok = guest["token"]
    act = f"/api/tables/{hid}/actions"
    rack = f"/api/tables/{hid}/rack"
    join = f"/api/tables/{fid}/join"
    base = {"expected_version": hot["view"]["version"], "action_id": "x1"}
    code = json.dumps(friends["invite_code"])
    invite = friends["invite_code"]
    gap = [None] * 15

    def raw(path: str, text: str, token: str | None = tok) -> Case:
        return ("POST", path, None, {"token": token, "raw": text})

    def a(body: dict[str, Any], token: str | None = tok, path: str = act) -> Case:
        return ("POST", path, {**base, **body}, {"token": token})

    def made(body: dict[str, Any]) -> Case:
        return ("POST", "/api/tables", body, {})

    def joined(name: Any, invite_code: Any = invite, path: str = join) -> Case:
        return ("POST", path, {"invite_code": invite_code, "name": name}, {})

    def groups(count: int, size: int) -> list[list[int]]:
        return [list(range(g * size, (g + 1) * size)) for g in range(count)]

    return [
        # refused before any schema, store or engine sees them (api/web/http.py)
        (("POST", f"/api/tables/{fid}/seats/²/bot", {}, {"token": ftok}), (400, BAD, "seat")),
        (a({"type": "draw", "pad": "x" * 65536}), (413, "body_too_large", "64")),
        (raw(act, "[" * 60_000), (400, BAD, DEEP)),  # under 64 KB, past the parser's stack
        (raw(act, "[" * 30_000 + "]" * 30_000), (400, BAD, DEEP)),
        (raw(act, "[" * 100_000), (413, "body_too_large", "64 KB")),
        (raw(act, _json_with(base, type='"open"', melds=_nested(5000))), (400, BAD, DEEP)),
        (raw(act, _json_with(base, type='"draw"', note=_nested(9))), (400, BAD, DEEP)),
        (raw(act, _json_with(base, type='"draw"', action_id='"\\udfff"')), (400, BAD, UNICODE)),
        (raw(join, _json_with({}, invite_code=code, name='"Z\\udfff"')), (400, BAD, UNICODE)),
        (raw(join, _json_with({}, invite_code='"\\ud800"', name='"Z"')), (400, BAD, UNICODE)),
        (raw("/api/tables", '{"mode": "friends", "name": "\\udc00"}', None), (400, BAD, UNICODE)),
        (raw("/api/tables", '{"mode": "friends", "\\udc00": 1}', None), (400, BAD, UNICODE)),
        # names (api/tables/names.py; tests/api/tables/test_names.py has the full table)
        (joined("\u202e"), (400, NAME, VISIBLE)),
        (joined(" \t\n "), (400, NAME, VISIBLE)),
        (joined("A" * 25), (400, NAME, "at most 24")),
        (joined("Computer 2"), (400, NAME, LABEL)),
        (joined("BİLGİSAYAR"), (400, NAME, LABEL)),
        (joined("컴퓨터"), (400, NAME, LABEL)),
        (made({"mode": "computer", "name": "\x00"}), (400, NAME, VISIBLE)),
        (made({"mode": "friends", "name": "computer"}), (400, NAME, LABEL)),
        (
            made({"mode": "hotseat", "seats": [{"kind": "human", "name": ""}] * 2}),
            (400, NAME, "seats.0.name"),
        ),
        # per-list bounds: no request names more tiles than a 101 rack holds (22)
        (made({"mode": "computer", "seats": [{"kind": "bot"}] * 5}), (400, BAD, "seats")),
        (a({"type": "open", "melds": groups(12, 1)}), (400, MALFORMED, "melds")),
        (a({"type": "open", "melds": [list(range(14))]}), (400, MALFORMED, "melds.0")),
        (a({"type": "open", "melds": groups(8, 3)}), (400, MALFORMED, TILES)),
        (a({"type": "lay", "pairs": [*groups(11, 2), [22, 23]]}), (400, MALFORMED, "pairs")),
        (a({"type": "open", "pairs": groups(11, 3)}), (400, MALFORMED, TILES)),
        (
            a({"type": "open", "melds": groups(4, 3), "pairs": groups(6, 2)}),
            (400, MALFORMED, TILES),
        ),
        (
            ("PUT", rack, {"layout": [list(range(15)), list(range(15, 30))]}, {"token": tok}),
            (400, BAD, TILES),
        ),
        (("PUT", rack, {"layout": [gap, gap, gap]}, {"token": tok}), (400, BAD, "layout")),
        (("PUT", rack, {"layout": [[*gap, None], gap]}, {"token": tok}), (400, BAD, "layout")),
        # precedence: the table (404), then the token or invite (401/403), then the body (400)
        (a({"type": 5}, path="/api/tables/nosuchtable/actions"), (404, "table_not_found", "table")),
        (a({"type": 5}, token=None), (401, "unauthorized", "token")),
        (a({"type": 5}, token="nope"), (401, "unauthorized", "token")),
        (a({"type": 5}), (400, MALFORMED, "type")),
        (raw(act, "[1]", None), (401, "unauthorized", "token")),
        (raw(act, "[1]"), (400, MALFORMED, "JSON object")),
        (
            ("PUT", "/api/tables/nosuchtable/rack", {"layout": 1}, {"token": tok}),
            (404, "table_not_found", "table"),
        ),
        (("PUT", rack, {"layout": 1}, {"token": "nope"}), (401, "unauthorized", "token")),
        (("PUT", rack, {"layout": 1}, {}), (401, "unauthorized", "token")),
        (("PUT", rack, {"layout": 1}, {"token": tok}), (400, BAD, "layout")),
        (joined("", path="/api/tables/nosuchtable/join"), (404, "table_not_found", "table")),
        (joined("", invite_code="AAAAAA"), (403, "bad_invite", "invite")),
        (joined("", invite_code=7), (403, "bad_invite", "invite")),
        (joined("", path=f"/api/tables/{hid}/join"), (403, "bad_invite", "invite")),
        (joined(""), (400, NAME, "name")),
        (
            ("POST", f"/api/tables/{fid}/seats/1/bot", {"level": 1}, {"token": "nope"}),
            (401, "unauthorized", "token"),
        ),
        (
            ("POST", f"/api/tables/{fid}/seats/1/bot", {"level": 1}, {"token": gtok}),
            (403, "forbidden", "creator"),
        ),
        (
            ("POST", f"/api/tables/{fid}/seats/1/bot", {"level": 1}, {"token": ftok}),
            (400, BAD, "level"),
        ),
        (
            ("POST", "/api/tables/nosuchtable/seats/1/bot", {"level": 1}, {"token": ftok}),
            (404, "table_not_found", "table"),
        ),
    ]


def test_hostile_input_gets_the_refusal_it_names(client: ApiClient) -> None:
    misses = []
    for (method, path, body, kw), (status, code, word) in _hostile(_setup(client)):
        reply = client.call(method, path, body, **kw)
        error = reply.body["error"]
        if (reply.status, error["code"]) != (status, code) or word not in error["message"]:
            sent = kw.get("raw", body)
            misses.append(f"{method} {path} {sent!r:.120} -> {reply.status} {reply.text}")
    assert not misses, "\n".join(misses)


def _nested(levels: int) -> str:
    """JSON text of ``levels`` lists, each holding the next."""
    return "[" * levels + "]" * levels


def _json_with(base: dict[str, Any], **raw: str) -> str:
    """A JSON object of ``base`` and the ``raw`` fields, whose values are JSON text as given
    (so a lone surrogate's escape, or nesting too deep to build in Python, goes out as is)."""
    fields = [f'"{key}": {json.dumps(value)}' for key, value in base.items()]
    fields += [f'"{key}": {text}' for key, text in raw.items()]
    return "{" + ", ".join(fields) + "}"


def test_bad_requests_are_4xx_json_and_change_nothing(client: ApiClient, service: Service) -> None:
    tables = _setup(client)
    ids = [tables["hot"]["table_id"], tables["friends"]["table_id"]]
    for method, path, body, kw in _bad_requests(tables):
        before = [service.store.raw(i) for i in ids]
        reply = client.call(method, path, body, **kw)
        where = f"{method} {path} {body!r} {kw!r} -> {reply.status} {reply.text}"
        assert 400 <= reply.status < 500, where
        error = reply.body["error"]
        assert isinstance(error["code"], str) and error["code"], where
        assert isinstance(error["message"], str) and error["message"], where
        assert reply.headers["Content-Type"] == "application/json", where
        assert [service.store.raw(i) for i in ids] == before, where


def test_unknown_tables_and_routes_are_404(client: ApiClient) -> None:
    for method, path in [
        ("GET", "/api/tables/doesnotexist"),
        ("POST", "/api/tables/doesnotexist/actions"),
        ("GET", "/api/tables/" + "x" * 300),
        ("GET", "/api/nowhere"),
        ("DELETE", "/api/tables/abc"),
    ]:
        reply = client.call(method, path, {"type": "draw", "expected_version": 1, "action_id": "a"})
        assert reply.status in (400, 401, 404, 405), (method, path, reply.text)
        assert reply.body["error"]["code"]


def test_a_corrupt_stored_log_is_an_error_not_a_shorter_game(
    client: ApiClient, service: Service
) -> None:
    made = client.create(mode="computer", name="A")
    tid, token = made["table_id"], made["token"]
    stored = service.store.get(tid)
    assert stored is not None
    data = json.loads(stored.data)
    data["g"]["l"] = "!!!"  # not base64: a lenient decoder reads it as an empty log
    corrupt = StoredItem(tid, stored.rev + 1, json.dumps(data), stored.expires_at)
    service.store.put_if_version(corrupt, expected_rev=stored.rev)
    before = service.store.raw(tid)
    lines = LogLines()
    with lines.attached():
        reply = client.call("GET", f"/api/tables/{tid}", token=token)
    assert reply.status == 500 and reply.body["error"]["code"] == "corrupt_table", reply.text
    assert service.store.raw(tid) == before
    logged = [json.loads(line) for line in lines.lines]
    assert any(r.get("table_id") == tid and r.get("error") == "Error" for r in logged), logged
    assert not any("!!!" in line or data["g"]["m"] in line for line in lines.lines)


def test_a_lone_surrogate_never_reaches_the_store(any_store: Store) -> None:
    """On DynamoDB a stored lone surrogate made every later request to the table fail."""
    context.configure(store=any_store, clock=ManualClock(), settings=Settings())
    try:
        client = ApiClient()
        made = client.create(mode="friends", name="F", options={"seats": 2})
        tid = made["table_id"]
        before = any_store.raw(tid)
        raw = f'{{"invite_code": "{made["invite_code"]}", "name": "\\udfff"}}'
        reply = client.call("POST", f"/api/tables/{tid}/join", raw=raw)
        assert reply.status == 400 and reply.body["error"]["code"] == "bad_request", reply.text
        assert any_store.raw(tid) == before
        assert client.call("GET", f"/api/tables/{tid}", token=made["token"]).status == 200
    finally:
        context.reset()
