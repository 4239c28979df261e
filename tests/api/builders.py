"""The tables the API tests build again and again: a friends table, a guest joining it, and a
started two-seat friends table. One place, so a change to how a table is made or joined is
made once."""

from __future__ import annotations

from typing import Any

from tests.api.support import ApiClient, Reply


def friends_table(
    client: ApiClient, seats: int = 2, name: str = "Ayşe", **extra: Any
) -> dict[str, Any]:
    """A friends table waiting for its guests: the creator's answer (table_id, token, invite_code,
    view)."""
    return client.create(mode="friends", name=name, options={"seats": seats}, **extra)


def join(client: ApiClient, made: dict[str, Any], name: Any = "Mehmet", **more: Any) -> Reply:
    """A guest's join by the invite code, with any more body fields (request_id, ...)."""
    body = {"invite_code": made["invite_code"], "name": name, **more}
    return client.call("POST", f"/api/tables/{made['table_id']}/join", body)


def seated(client: ApiClient, turn_seconds: int = 600) -> dict[str, Any]:
    """A started two-seat friends table: the creator ("Ayşe") at seat 0, on turn, and a guest
    ("Mehmet") at seat 1; the started view."""
    made = friends_table(client, turn_seconds=turn_seconds)
    guest = join(client, made).body
    started = client.call("POST", f"/api/tables/{made['table_id']}/start", token=made["token"])
    assert started.status == 200, started.text
    return {
        "table": made["table_id"],
        "host": made["token"],
        "guest": guest["token"],
        "invite_code": made["invite_code"],
        "view": started.body,
    }


def filled(client: ApiClient, made: dict[str, Any], names: list[str]) -> list[str]:
    """Each of ``names`` joins the friends table ``made``, then its creator starts it; the
    seats' tokens in seat order (the creator's first)."""
    tokens = [made["token"]]
    for name in names:
        tokens.append(join(client, made, name).body["token"])
    client.call("POST", f"/api/tables/{made['table_id']}/start", token=tokens[0])
    return tokens


def joined_pair(client: ApiClient, guest: str = "Mehmet") -> dict[str, Any]:
    """A two-seat friends table with a day a turn, not started: the creator ("Ayşe") at seat 0,
    ``guest`` at seat 1; {"table": id, "tokens": [seat 0's, seat 1's]}."""
    made = friends_table(client, turn_seconds=86400)
    joined = join(client, made, guest)
    assert joined.status == 200, joined.text
    return {"table": made["table_id"], "tokens": [made["token"], joined.body["token"]]}


def players_table(
    client: ApiClient, players: list[dict[str, Any]], *, seats: int = 2, **extra: Any
) -> dict[str, Any]:
    """A started friends table of ``players`` (their create answers), each taking the next
    seat with its own player token: {"table": id, "tokens": each seat's token}."""
    headers = {"X-Istaka-Player": players[0]["token"]}
    reply = client.call(
        "POST",
        "/api/tables",
        {"mode": "friends", "options": {"seats": seats}, **extra},
        headers=headers,
    )
    assert reply.status == 201, reply.text
    made = reply.body
    tokens = [made["token"]]
    for player in players[1:]:
        joined = client.call(
            "POST",
            f"/api/tables/{made['table_id']}/join",
            {"invite_code": made["invite_code"]},
            headers={"X-Istaka-Player": player["token"]},
        )
        assert joined.status == 200, joined.text
        tokens.append(joined.body["token"])
    started = client.call("POST", f"/api/tables/{made['table_id']}/start", token=tokens[0])
    assert started.status == 200, started.text
    return {"table": made["table_id"], "tokens": tokens}
