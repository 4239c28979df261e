"""Players that never played expire 90 days after they were last seen (a TTL on their
item, moved on by use at most once a day); players who played are kept, as before. On
SQLite, moto and dynalite."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from api.clock import ManualClock
from api.players import stream
from api.players.accounts import create_player
from api.players.model import UNPLAYED_TTL_S, player_key
from api.store.base import StoredPlayer
from api.store.items import Store
from api.tables import context
from api.tables.service import Service
from api.web.config import Settings
from engine.classic.game import new_match
from engine.classic.options import Options
from engine.variants import to_record
from tests.api.players.test_player_credit import _hand, _table
from tests.api.support import ApiClient

DAY = 86_400
START_S = ManualClock().now_ms() // 1000


@pytest.fixture
def api(any_store: Store) -> Iterator[Service]:
    service = context.configure(store=any_store, clock=ManualClock(), settings=Settings())
    yield service
    context.reset()


def _clock(service: Service) -> ManualClock:
    assert isinstance(service.clock, ManualClock)
    return service.clock


def _item(store: Store, player_id: str) -> StoredPlayer:
    item = store.get_player(player_key(player_id))
    assert item is not None
    return item


def _dynamo_attributes(store: Store, player_id: str) -> dict[str, Any] | None:
    """The item as DynamoDB holds it (None on SQLite): what its TTL reads."""
    client = getattr(store, "client", None)
    if client is None:
        return None
    key = {"id": {"S": player_key(player_id)}}
    item: dict[str, Any] = client.get_item(TableName=store.table_name, Key=key)["Item"]  # type: ignore[attr-defined]
    return item


def test_a_new_player_expires_unless_seen_and_each_use_moves_it_on(
    api: Service, client: ApiClient
) -> None:
    store, clock = api.store, _clock(api)
    made = client.call("POST", "/api/players", {}).body
    pid, token = made["player_id"], made["token"]
    first = _item(store, pid)
    assert first.expires_at == START_S + UNPLAYED_TTL_S == START_S + 90 * DAY
    raw = _dynamo_attributes(store, pid)
    assert raw is None or raw["expires_at"] == {"N": str(START_S + 90 * DAY)}

    clock.advance(2 * DAY)
    assert client.call("GET", "/api/players/me", token=token).status == 200
    seen = _item(store, pid)
    assert seen.expires_at == START_S + 92 * DAY and seen.rev == first.rev + 1
    assert seen.data == first.data  # only the TTL moved

    # Within a day of the last move, a use writes nothing.
    clock.advance(DAY - 60)
    assert client.call("GET", "/api/players/me", token=token).status == 200
    assert _item(store, pid) == seen

    # Making a table with the player is a use too.
    clock.advance(2 * DAY)
    headers = {"x-istaka-player": token}
    made_table = client.call("POST", "/api/tables", {"mode": "computer"}, headers=headers)
    assert made_table.status == 201
    now_s = clock.now_ms() // 1000
    assert _item(store, pid).expires_at == now_s + 90 * DAY


def test_an_unseen_player_is_gone_after_90_days(api: Service, client: ApiClient) -> None:
    store, clock = api.store, _clock(api)
    made = client.call("POST", "/api/players", {"name": "Ada"}).body
    token = made["token"]
    clock.advance(90 * DAY - 1)
    assert client.call("GET", "/api/players/me", token=token).status == 200  # moved on
    clock.advance(90 * DAY - 1)
    assert client.call("GET", "/api/players/me", token=token).status == 200
    clock.advance(90 * DAY)
    # Past its TTL the player is gone at once, though the store deletes it later.
    assert store.get_player(player_key(made["player_id"])) is not None
    me = client.call("GET", "/api/players/me", token=token)
    assert me.status == 401 and me.body["error"]["code"] == "unauthorized"
    patch = client.call("PATCH", "/api/players/me", {"name": "Bea"}, token=token)
    assert patch.status == 401
    headers = {"x-istaka-player": token}
    table = client.call("POST", "/api/tables", {"mode": "computer"}, headers=headers)
    assert table.status == 401 and table.body["error"]["code"] == "bad_player"
    # Nothing brought it back.
    assert _item(store, made["player_id"]).expires_at == START_S + 270 * DAY - 2


def test_a_player_who_played_is_kept_for_good(api: Service, client: ApiClient) -> None:
    """The credit after a hand (the stream consumer) drops the TTL: from then on the player
    is stored for ever, as every player was before, and a use writes nothing."""
    store, clock = api.store, _clock(api)
    made = [create_player(store, START_S, name) for name in ("Ada", "Can")]
    ids = [player.player_id for player, _ in made]
    assert all(_item(store, i).expires_at == START_S + 90 * DAY for i in ids)

    playing = new_match(Options(seats=2), bytes([3]) * 32)
    table = _table("friends", ["human", "human"], list[str | None](ids))
    table.record = to_record(playing)
    old = table.to_stored(None)
    table.record = to_record(_hand(3))
    assert stream.handle_change(store, old, table.to_stored(None), START_S + 60) == 2

    for pid in ids:
        item = _item(store, pid)
        assert item.expires_at is None
        raw = _dynamo_attributes(store, pid)
        assert raw is None or "expires_at" not in raw
    clock.advance(400 * DAY)
    before = _item(store, ids[0])
    assert client.call("GET", "/api/players/me", token=made[0][1]).status == 200
    assert _item(store, ids[0]) == before


def test_a_player_stored_without_a_ttl_gets_one_on_first_use(
    api: Service, client: ApiClient
) -> None:
    """Players made before players could expire hold no TTL: the first use sets it."""
    store, clock = api.store, _clock(api)
    player, token = create_player(store, START_S, "Ada")
    legacy = _item(store, player.player_id)
    store.put_player(StoredPlayer(legacy.key, legacy.rev + 1, legacy.data), legacy.rev)
    assert _item(store, player.player_id).expires_at is None
    clock.advance(5 * DAY)
    assert client.call("GET", "/api/players/me", token=token).status == 200
    assert _item(store, player.player_id).expires_at == START_S + 95 * DAY


def test_an_expired_player_is_not_credited_back_to_life(api: Service, client: ApiClient) -> None:
    """The credit reads players at the hand's time, as every other path does: a player past
    its TTL when the hand ends earns nothing, is not written, and stays gone (401)."""
    store, clock = api.store, _clock(api)
    (ada, ada_token), (can, can_token) = (create_player(store, START_S, n) for n in ("A", "C"))
    clock.advance(89 * DAY)
    assert client.call("GET", "/api/players/me", token=can_token).status == 200  # moved on
    clock.advance(DAY + 60)  # Ada's TTL has run out; Can's has not
    assert client.call("GET", "/api/players/me", token=ada_token).status == 401
    before = _item(store, ada.player_id)

    playing = new_match(Options(seats=2), bytes([3]) * 32)
    table = _table("friends", ["human", "human"], [ada.player_id, can.player_id])
    table.record = to_record(playing)
    old = table.to_stored(None)
    table.record = to_record(_hand(3))
    now_s = clock.now_ms() // 1000
    assert stream.handle_change(store, old, table.to_stored(None), now_s) == 1  # Can's only

    assert _item(store, ada.player_id) == before
    me = client.call("GET", "/api/players/me", token=ada_token)
    assert me.status == 401 and me.body["error"]["code"] == "unauthorized"
    clock.advance(DAY)
    assert client.call("GET", "/api/players/me", token=ada_token).status == 401
    credited = client.call("GET", "/api/players/me", token=can_token)
    assert credited.status == 200 and _item(store, can.player_id).expires_at is None
