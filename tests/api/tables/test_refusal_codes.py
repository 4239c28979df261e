"""A 101 move the rules refuse names its rule when the table can say why in words: 422 with
``pairs_only``, ``not_opened`` or ``does_not_fit`` (docs/API.md, "Moves"), and the stored
table is unchanged. The deal is the pairs-opening browser test's (tests/frontend/e2e/
pairs_plan.json): seat 0 on turn, offered an opening with pairs, beside other seats' melds
that its tiles would extend."""

from __future__ import annotations

from typing import Any

from api.tables.service import Service
from api.tables.setup import create_table
from tests.api.support import ApiClient
from tests.frontend.e2e.pairs_plan import load

OPTIONS = {"seats": 2, "hands": 1}


def _planned(client: ApiClient, service: Service) -> tuple[str, dict[int, str], dict[str, Any]]:
    """The planned table after its moves: its id, each seat's token, seat 0's view."""
    plan = load()
    request = {"variant": "101", "mode": "friends", "name": "Ayşe", "options": plan["options"]}
    made = create_table(service, request, None, match_secret=bytes.fromhex(plan["secret"]))
    tid, tokens = made["table_id"], {0: made["token"]}
    for name in ("Mehmet", "Zeynep")[: plan["options"]["seats"] - 1]:
        body = {"invite_code": made["invite_code"], "name": name}
        joined = client.call("POST", f"/api/tables/{tid}/join", body).body
        tokens[joined["seat"]] = joined["token"]
    view = client.call("POST", f"/api/tables/{tid}/start", {}, token=tokens[0]).body
    for n, (seat, move) in enumerate(plan["moves"]):
        reply = client.act(
            tid, tokens[seat], move, expected_version=view["version"], action_id=f"p{n}"
        )
        assert reply.status == 200, reply.text
        view = reply.body
    return tid, tokens, client.view(tid, tokens[0], "seat=0")


def _refused(client: ApiClient, tid: str, token: str, view: dict[str, Any], move: Any) -> str:
    """The code of a refused move; the table is as it was."""
    reply = client.act(tid, token, move, expected_version=view["version"], action_id="refused")
    assert reply.status == 422, reply.text
    after = client.view(tid, token, "seat=0")
    assert after["version"] == view["version"] and after["rack"] == view["rack"]
    assert after["table"] == view["table"]
    code: str = reply.body["error"]["code"]
    return code


def test_refusals_name_their_rule_and_change_nothing(
    client: ApiClient, sqlite_service: Service
) -> None:
    tid, tokens, view = _planned(client, sqlite_service)
    fits = next(a for a in view["legal"] if a["type"] == "discard")["fits"]
    offer = next(a for a in view["legal"] if a["type"] == "open")
    laid = {t for pair in offer["pairs"] for t in pair}
    tile, meld = next((f["tile"], f["meld"]) for f in fits if f["tile"] not in laid)
    layoff = {"type": "layoff", "tile": tile, "meld": meld, "position": 0}
    # Not yet open: no lay-off.
    assert _refused(client, tid, tokens[0], view, layoff) == "not_opened"
    # Opened with pairs: only pairs, whatever the tile would fit.
    opened = client.act(
        tid, tokens[0], offer, expected_version=view["version"], action_id="open"
    ).body
    assert opened["seats"][0]["opened"] == "pairs"
    for position in (0, len(view["table"][meld])):
        move = {**layoff, "position": position}
        assert _refused(client, tid, tokens[0], opened, move) == "pairs_only"
    melds = {"type": "lay", "melds": [sorted(view["rack"])[:3]]}
    assert _refused(client, tid, tokens[0], opened, melds) == "pairs_only"
    # And its discard of that tile costs nothing.
    legal = next(a for a in opened["legal"] if a["type"] == "discard")
    assert tile in legal["tiles"] and tile not in legal["penalised"]


def test_a_suggested_opening_sent_back_as_it_is_is_taken(
    client: ApiClient, sqlite_service: Service
) -> None:
    # The legal ``open`` carries ``points`` beside its melds; a client that sends the whole
    # suggestion back (an older Open ✨ did) is answered as if it had sent the melds alone.
    request = {"variant": "101", "mode": "friends", "name": "Ayşe", "options": OPTIONS}
    for n in range(200):
        secret = (5_000 + n).to_bytes(32, "big")
        made = create_table(sqlite_service, request, None, match_secret=secret)
        tid, token = made["table_id"], made["token"]
        body = {"invite_code": made["invite_code"], "name": "Mehmet"}
        client.call("POST", f"/api/tables/{tid}/join", body)
        view = client.call("POST", f"/api/tables/{tid}/start", {}, token=token).body
        offer = next((a for a in view["legal"] if a["type"] == "open" and "melds" in a), None)
        if offer is None:
            continue
        assert isinstance(offer["points"], int) and offer["points"] >= 101
        reply = client.act(tid, token, offer, expected_version=view["version"], action_id="o")
        assert reply.status == 200, reply.text
        assert reply.body["seats"][0]["opened"] == "melds"
        return
    raise AssertionError("no starter able to open with melds in 200 deals")
