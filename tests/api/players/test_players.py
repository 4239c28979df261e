"""Players without sign-up: the endpoints, the link to tables, candy and stats after hands.

Table writes go through the dev server's change recorder (infra/push_worker.py's
NotifyingStore) into a queue this test drains itself through
:func:`api.players.stream.handle_change`, the code the credit Lambda runs: so a change
can be credited twice, copied to other tables or credited at a chosen time.
"""

from __future__ import annotations

import queue
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

import pytest

from api.clock import ManualClock
from api.players.accounts import get_player, player_by_token
from api.players.credit import CANDY, MIN_MOVES, own_moves
from api.players.model import DAILY_LIMIT, DAY_S, player_key
from api.players.stream import handle_change
from api.store.base import StoredPlayer, VersionConflict
from api.store.items import Store
from api.tables import context
from api.tables.item import Table
from api.tables.service import plausible_id
from api.web.config import Settings
from engine.variants import from_record
from infra.push_worker import Change, NotifyingStore
from tests.api.builders import players_table
from tests.api.support import ApiClient
from tests.game_helpers import plain_action


@dataclass
class World:
    client: ApiClient
    store: Store  # the store itself, under the recorder
    clock: ManualClock
    changes: queue.Queue[Change | None]
    seen: list[Change]

    def new_player(self, **body: Any) -> dict[str, Any]:
        reply = self.client.call("POST", "/api/players", body or None)
        assert reply.status == 201, reply.text
        answer: dict[str, Any] = reply.body
        return answer

    def create_as(self, token: str, body: dict[str, Any]) -> Any:
        """A table made by the player whose token is ``token``; the reply."""
        return self.client.call("POST", "/api/tables", body, headers={"X-Istaka-Player": token})

    def me(self, token: str) -> dict[str, Any]:
        reply = self.client.call("GET", "/api/players/me", token=token)
        assert reply.status == 200, reply.text
        answer: dict[str, Any] = reply.body
        return answer

    def credit(self) -> int:
        """Credit every table write made so far, as the stream consumer would."""
        written = 0
        while not self.changes.empty():
            change = self.changes.get()
            assert change is not None
            self.seen.append(change)
            written += handle_change(self.store, change.old, change.new, change.at_s)
        return written

    def raw_player(self, player_id: str) -> StoredPlayer | None:
        return self.store.get_player(player_key(player_id))


def _world(store: Store, clock: ManualClock) -> Iterator[World]:
    changes: queue.Queue[Change | None] = queue.Queue()
    recorder = NotifyingStore(store, changes, clock)
    context.configure(store=recorder, clock=clock, settings=Settings())  # type: ignore[arg-type]
    yield World(ApiClient(), store, clock, changes, [])
    context.reset()


@pytest.fixture
def world(any_store: Store, clock: ManualClock) -> Iterator[World]:
    yield from _world(any_store, clock)


@pytest.fixture
def sqlite_world(sqlite_store: Store, clock: ManualClock) -> Iterator[World]:
    yield from _world(sqlite_store, clock)


def aid() -> str:
    return uuid.uuid4().hex


def _played(
    w: World, table: str, token: str, seat: int, view: dict[str, Any], action: dict[str, Any]
) -> Any:
    """``seat``'s ``action`` on the ``view`` it saw, landed (200); the reply."""
    reply = w.client.act(
        table, token, action, expected_version=view["version"], action_id=aid(), seat=seat
    )
    assert reply.status == 200, reply.text
    return reply


def play_hand(
    w: World,
    table: str,
    tokens: dict[int, str],
    idle: frozenset[int] = frozenset(),
    *,
    idle_after: int = 0,
    turn_seconds: int = 0,
    finish: bool = True,
) -> dict[str, Any]:
    """Play the hand in progress to its end with plain moves (finish if possible and
    ``finish``, else draw, else discard). A seat in ``idle`` makes ``idle_after`` moves, then
    lets its turns run out (the computer plays them: not its own moves). The final
    spectator view."""
    made: dict[int, int] = {}
    first = min(tokens)
    view = w.client.view(table, tokens[first], f"seat={first}")
    for _ in range(3000):
        if view["phase"] == "over":
            return w.client.view(table, None)
        seat = view["turn"]
        if seat in idle and made.get(seat, 0) >= idle_after:
            w.clock.advance(turn_seconds + 1)
            view = w.client.view(table, tokens[first], f"seat={first}")
            continue
        if view["you"] != seat:
            view = w.client.view(table, tokens[seat], f"seat={seat}")
        # Without finishes the pile runs out: a draw, and ~38 moves for each of two seats.
        legal = [a for a in view["legal"] if finish or a["type"] != "finish"]
        action = plain_action(legal) or {"type": legal[0]["type"]}
        reply = _played(w, table, tokens[seat], seat, view, action)
        made[seat] = made.get(seat, 0) + 1
        view = reply.body
    raise AssertionError("the hand did not end")


def outcome(view: dict[str, Any], seat: int) -> str:
    winner = view["result"]["winner"]
    return "draw" if winner is None else ("win" if winner == seat else "loss")


def state_of(w: World, table: str) -> Any:
    stored = w.store.get(table)
    assert stored is not None
    return from_record(Table.from_stored(stored).record)


# -- the endpoints ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "prefix"), [("en", "Player "), ("tr", "Oyuncu "), ("ko", "플레이어 ")]
)
def test_a_new_player_gets_an_id_a_token_and_a_generated_name_in_its_language(
    sqlite_world: World, lang: str, prefix: str
) -> None:
    w = sqlite_world
    made = w.new_player(lang=lang)
    assert set(made) == {"player_id", "token", "name"}
    assert made["name"].startswith(prefix) and made["name"][len(prefix) :].isdigit()
    assert made["token"].startswith(made["player_id"] + ".")
    # The token is stored only as a hash.
    stored = w.raw_player(made["player_id"])
    assert stored is not None and made["token"] not in stored.data
    assert made["token"].split(".")[1] not in stored.data
    me = w.me(made["token"])
    assert me["name"] == made["name"] and me["player_id"] == made["player_id"]
    assert (me["candy"], me["candy_today"], me["daily_limit"]) == (0, 0, DAILY_LIMIT)
    assert me["stats"]["classic"]["hands_played"] == 0 and me["stats"]["101"]["best_hand"] is None
    assert me["games"] == []
    assert me["day_ends"] % (DAY_S * 1000) == 0 and me["day_ends"] > w.clock.now_ms()


def test_a_new_player_may_bring_a_name_cleaned_as_seat_names_are(sqlite_world: World) -> None:
    made = sqlite_world.new_player(name="  Ayşe \t Yılmaz ")
    assert made["name"] == "Ayşe Yılmaz"


def _players_stored(store: Store) -> int:
    db = store._connect()  # type: ignore[attr-defined]
    count: int = db.execute("SELECT COUNT(*) FROM players").fetchone()[0]
    return count


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"name": "Computer 2"}, "bad_name"),
        ({"name": " \u200b "}, "bad_name"),
        ({"name": "x" * 25}, "bad_name"),
        ({"lang": "de"}, "bad_request"),
        ({"name": 7}, "bad_name"),
        ([], "bad_request"),
        ({"token": "mine"}, "bad_request"),
    ],
)
def test_a_bad_new_player_request_is_400_and_stores_nothing(
    sqlite_world: World, body: Any, code: str
) -> None:
    reply = sqlite_world.client.call("POST", "/api/players", body)
    assert reply.status == 400, reply.text
    assert reply.body["error"]["code"] == code and reply.body["error"]["message"]
    assert _players_stored(sqlite_world.store) == 0


def test_me_needs_the_players_own_token(world: World) -> None:
    made = world.new_player()
    other = world.new_player()
    table = world.client.create(mode="computer")
    forged = made["player_id"] + "." + other["token"].split(".", 1)[1]
    for token in (None, "nonsense", forged, table["token"], made["player_id"] + "."):
        reply = world.client.call("GET", "/api/players/me", token=token)
        assert reply.status == 401, (token, reply.text)
        assert reply.body["error"]["code"] == "unauthorized"
        assert made["name"] not in reply.text
    reply = world.client.call("GET", "/api/players/me", headers={"authorization": "Basic x"})
    assert reply.status == 401


def test_patch_me_renames_under_the_seat_name_rules(world: World) -> None:
    made = world.new_player()
    before = world.raw_player(made["player_id"])
    for body in ({"name": "Bilgisayar"}, {"name": ""}, {}, {"name": "a" * 30}):
        reply = world.client.call("PATCH", "/api/players/me", body, token=made["token"])
        assert reply.status == 400, reply.text
        assert reply.body["error"]["code"] in ("bad_name", "bad_request")
    assert world.raw_player(made["player_id"]) == before
    # No token: 401 before the body is even looked at.
    reply = world.client.call("PATCH", "/api/players/me", {"name": "Computer"})
    assert reply.status == 401
    reply = world.client.call("PATCH", "/api/players/me", {"name": " Zeynep "}, token=made["token"])
    assert reply.status == 200, reply.text
    assert reply.body["name"] == "Zeynep" and world.me(made["token"])["name"] == "Zeynep"


# -- tables linked to players --------------------------------------------------------


def test_tables_made_and_joined_with_a_player_record_it_and_take_its_name(world: World) -> None:
    host, guest = world.new_player(name="Ayşe"), world.new_player(name="Mehmet")
    t = players_table(world.client, [host, guest])
    stored = world.store.get(t["table"])
    assert stored is not None
    table = Table.from_stored(stored)
    assert [table.player_of(0), table.player_of(1)] == [host["player_id"], guest["player_id"]]
    view = world.client.view(t["table"], t["tokens"][0])
    assert [p["name"] for p in view["players"]] == ["Ayşe", "Mehmet"]
    # No view tells one player's id (nor token) to another.
    for token in (None, *t["tokens"]):
        reply = world.client.call("GET", f"/api/tables/{t['table']}", token=token)
        for secret in (host["player_id"], guest["player_id"], host["token"], guest["token"]):
            assert secret not in reply.text


def test_a_bad_player_header_is_401_and_changes_nothing(world: World) -> None:
    host = world.new_player()
    reply = world.client.call(
        "POST", "/api/tables", {"mode": "computer"}, headers={"X-Istaka-Player": "junk.token"}
    )
    assert reply.status == 401 and reply.body["error"]["code"] == "bad_player"
    made = world.client.call(
        "POST", "/api/tables", {"mode": "friends"}, headers={"X-Istaka-Player": host["token"]}
    ).body
    before = world.store.raw(made["table_id"])
    forged = host["token"][:-1] + ("A" if host["token"][-1] != "A" else "B")
    for header in (forged, made["token"], ""):
        reply = world.client.call(
            "POST",
            f"/api/tables/{made['table_id']}/join",
            {"invite_code": made["invite_code"]},
            headers={"X-Istaka-Player": header},
        )
        assert reply.status == 401 and reply.body["error"]["code"] == "bad_player", reply.text
    # The same player twice at one table: 409, as candy with friends needs a friend.
    reply = world.client.call(
        "POST",
        f"/api/tables/{made['table_id']}/join",
        {"invite_code": made["invite_code"]},
        headers={"X-Istaka-Player": host["token"]},
    )
    assert reply.status == 409 and reply.body["error"]["code"] == "already_seated"
    assert world.store.raw(made["table_id"]) == before


def test_tables_without_a_player_stay_as_they_were(world: World) -> None:
    made = world.client.create(mode="friends", name="A")
    stored = world.store.get(made["table_id"])
    assert stored is not None and '"pp"' not in stored.data


# -- candy and stats after hands ------------------------------------------------------


def test_a_friends_hand_credits_both_players_once_after_the_hand(world: World) -> None:
    host, guest = world.new_player(), world.new_player()
    t = players_table(world.client, [host, guest])
    tokens = dict(enumerate(t["tokens"]))
    # Mid-hand changes credit nothing, and a move never writes a player.
    before = [world.raw_player(p["player_id"]) for p in (host, guest)]
    play_one = world.client.view(t["table"], tokens[0])
    assert world.credit() == 0
    assert [world.raw_player(p["player_id"]) for p in (host, guest)] == before
    assert play_one["phase"] != "over"

    end = play_hand(world, t["table"], tokens, finish=False)
    assert end["result"]["winner"] is None  # a draw: the pile ran out
    state = state_of(world, t["table"])
    for seat in (0, 1):
        assert own_moves(state, seat) >= MIN_MOVES
    # The hand is over, but no player item has changed yet: the credit comes after.
    assert [world.raw_player(p["player_id"]) for p in (host, guest)] == before
    assert world.credit() == 2
    for seat, p in enumerate((host, guest)):
        me = world.me(p["token"])
        expected = CANDY["friends"][outcome(end, seat)]  # type: ignore[index]
        assert (me["candy"], me["candy_today"]) == (expected, expected)
        stats = me["stats"]["classic"]
        assert stats["hands_played"] == 1
        assert stats["hands_won"] == (end["result"]["winner"] == seat)
        won = end["result"]["winner"] == seat
        assert stats["pairs_finishes"] == (won and end["result"]["kind"] == "pairs")
        assert stats["okey_finishes"] == (won and end["result"]["okey_finish"])
        # One hand of the default friends match (countdown from 20) does not end it.
        assert (stats["matches_played"], stats["streak"]) == (0, 0)
        assert me["games"] == [
            {
                "table_id": t["table"],
                "hand": end["hand"],
                "candy": expected,
                "game_candy": expected,
                "at": world.clock.now_ms() // 1000 * 1000,
                "why": None,
            }
        ]

    # Replaying every record changes nothing: keyed by table and hand.
    stored = [world.raw_player(p["player_id"]) for p in (host, guest)]
    for change in world.seen:
        handle_change(world.store, change.old, change.new, change.at_s)
    assert [world.raw_player(p["player_id"]) for p in (host, guest)] == stored


def test_a_hand_earns_only_after_24_own_moves_in_the_match(sqlite_world: World) -> None:
    world = sqlite_world
    host, guest = world.new_player(), world.new_player()
    t = players_table(world.client, [host, guest], pace="live", turn_seconds=10)
    tokens = dict(enumerate(t["tokens"]))
    # The host makes 10 moves of its own, then the computer plays its turns out. Neither
    # person finishes: a random deal let the guest finish on its third turn, before the
    # host had made its 10 moves.
    end = play_hand(
        world, t["table"], tokens, frozenset({0}), idle_after=10, turn_seconds=10, finish=False
    )
    state = state_of(world, t["table"])
    assert own_moves(state, 0) == 10 < MIN_MOVES
    world.credit()
    host_me, guest_me = world.me(host["token"]), world.me(guest["token"])
    assert host_me["candy"] == 0
    assert host_me["stats"]["classic"]["hands_played"] == 1  # played, but too little for candy
    # The guest played every turn of its own: candy if the hand lasted 24 of its moves.
    enough = own_moves(state, 1) >= MIN_MOVES
    assert guest_me["candy"] == (CANDY["friends"][outcome(end, 1)] if enough else 0)  # type: ignore[index]


def test_against_the_computer_only_a_win_earns(sqlite_world: World) -> None:
    world = sqlite_world
    me = world.new_player()
    reply = world.create_as(me["token"], {"mode": "computer", "options": {"seats": 2}})
    made = reply.body
    end = play_hand(world, made["table_id"], {0: made["token"]})
    world.credit()
    state = state_of(world, made["table_id"])
    earned = world.me(me["token"])["candy"]
    won = end["result"]["winner"] == 0
    enough = own_moves(state, 0) >= MIN_MOVES
    assert earned == (CANDY["computer"]["win"] if won and enough else 0)
    assert world.me(me["token"])["stats"]["classic"]["hands_played"] == 1


def test_pass_and_play_tables_earn_nothing_and_count_no_stats(sqlite_world: World) -> None:
    world = sqlite_world
    me = world.new_player()
    reply = world.create_as(
        me["token"], {"mode": "hotseat", "seats": [{"kind": "human"}, {"kind": "human"}]}
    )
    made = reply.body
    play_hand(world, made["table_id"], {0: made["token"], 1: made["token"]})
    before = world.raw_player(me["player_id"])
    assert world.credit() == 0
    assert world.raw_player(me["player_id"]) == before


def test_a_seat_the_computer_holds_earns_nothing(sqlite_world: World) -> None:
    world = sqlite_world
    host, guest = world.new_player(), world.new_player()
    t = players_table(world.client, [host, guest], pace="live", turn_seconds=10)
    tokens = dict(enumerate(t["tokens"]))
    # The guest goes quiet; the host hands the seat to the computer.
    world.clock.advance(301)
    world.client.view(t["table"], tokens[0])
    reply = world.client.call(
        "POST", f"/api/tables/{t['table']}/seats/1/bot", {"level": "normal"}, token=tokens[0]
    )
    assert reply.status == 200, reply.text
    end = play_hand(world, t["table"], {0: tokens[0]})
    world.credit()
    guest_me = world.me(guest["token"])
    assert guest_me["candy"] == 0 and guest_me["stats"]["classic"]["hands_played"] == 0
    # The host now plays the computer: a win earns 6, else nothing; and a win in fewer than
    # MIN_MOVES own moves earns nothing at any rate (the deal decides how soon a hand ends).
    won = end["result"]["winner"] == 0
    stored = world.store.get(t["table"])
    assert stored is not None
    state = from_record(Table.from_stored(stored).record)
    earns = won and own_moves(state, 0) >= MIN_MOVES
    assert world.me(host["token"])["candy"] == (CANDY["computer"]["win"] if earns else 0)


def _final_change(w: World) -> Change:
    """The write that ended the hand (the last change recorded)."""
    w.credit()
    return w.seen[-1]


def _as_table(change: Change, table_id: str) -> tuple[Any, Any]:
    return replace(change.old, table_id=table_id), replace(change.new, table_id=table_id)


def test_the_daily_limit_is_60_a_utc_day_and_starts_again_at_midnight(world: World) -> None:
    host, guest = world.new_player(), world.new_player()
    t = players_table(world.client, [host, guest])
    end = play_hand(world, t["table"], dict(enumerate(t["tokens"])), finish=False)
    final = _final_change(world)
    per_hand = CANDY["friends"][outcome(end, 0)]  # type: ignore[index]
    earned = world.me(host["token"])["candy"]
    assert earned == per_hand
    # The same hand's end, as if at other tables, a minute before a UTC midnight.
    midnight = (final.at_s // DAY_S + 1) * DAY_S
    world.clock.ms = (midnight - 60) * 1000
    hands = 1
    while earned < DAILY_LIMIT + per_hand:
        old, new = _as_table(final, f"T{hands:011d}")
        handle_change(world.store, old, new, midnight - 60)
        hands += 1
        me = world.me(host["token"])
        earned = min(hands * per_hand, DAILY_LIMIT)
        assert me["candy"] == me["candy_today"] == earned
        if hands * per_hand > DAILY_LIMIT + per_hand:
            break
    assert world.me(host["token"])["candy_today"] == DAILY_LIMIT
    # The hand that crossed the limit earned only what was left; one past it, nothing.
    games = world.me(host["token"])["games"]
    assert games[0]["candy"] == 0 and sum(g["candy"] for g in games) <= DAILY_LIMIT
    # After midnight: a new day, a new limit, and the balance keeps growing.
    world.clock.ms = midnight * 1000
    assert world.me(host["token"])["candy_today"] == 0
    old, new = _as_table(final, "Tafter-midn1")
    handle_change(world.store, old, new, midnight + 5)
    me = world.me(host["token"])
    assert (me["candy"], me["candy_today"]) == (DAILY_LIMIT + per_hand, per_hand)


def test_match_stats_and_streaks(sqlite_world: World) -> None:
    """One-hand matches ("points" scoring, hands 1): each hand ends a match."""
    world = sqlite_world
    host, guest = world.new_player(), world.new_player()
    results = []
    for _ in range(3):
        t = players_table(
            world.client, [host, guest], options={"seats": 2, "scoring": "points", "hands": 1}
        )
        end = play_hand(world, t["table"], dict(enumerate(t["tokens"])))
        assert end["match_over"]
        results.append(end)
    world.credit()
    stats = world.me(host["token"])["stats"]["classic"]
    assert stats["matches_played"] == 3
    won = [0 in end["match_winners"] for end in results]
    assert stats["matches_won"] == sum(won)
    streak = best = 0
    for w in won:
        streak = streak + 1 if w else 0
        best = max(best, streak)
    assert (stats["streak"], stats["best_streak"]) == (streak, best)


def test_101_hands_count_in_their_own_stats_with_the_best_hand(sqlite_world: World) -> None:
    world = sqlite_world
    host, guest = world.new_player(), world.new_player()
    t = players_table(world.client, [host, guest], variant="101")
    tokens = dict(enumerate(t["tokens"]))
    for _ in range(3000):
        spectator = world.client.view(t["table"], None)
        if spectator["phase"] == "over":
            break
        seat = spectator["turn"]
        view = world.client.view(t["table"], tokens[seat], f"seat={seat}")
        legal = {a["type"]: a for a in view["legal"]}
        if "draw" in legal:
            action: dict[str, Any] = {"type": "draw"}
        elif "return_discard" in legal:
            action = {"type": "return_discard"}
        elif "end_hand" in legal:
            action = {"type": "end_hand"}
        else:
            action = {"type": "discard", "tile": legal["discard"]["tiles"][-1]}
        _played(world, t["table"], tokens[seat], seat, view, action)
    else:
        raise AssertionError("the 101 hand did not end")
    world.credit()
    stats = world.me(host["token"])["stats"]
    assert stats["classic"]["hands_played"] == 0
    assert stats["101"]["hands_played"] == 1
    assert stats["101"]["best_hand"] == spectator["result"][0]


# -- the store, on every backend ------------------------------------------------------


def test_player_items_are_written_only_at_the_expected_rev(any_store: Store) -> None:
    key = player_key("AbCdEfGh")
    assert any_store.get_player(key) is None
    first = StoredPlayer(key, 1, '{"a":1}')
    any_store.put_player(first, None)
    assert any_store.get_player(key) == first
    with pytest.raises(VersionConflict):
        any_store.put_player(StoredPlayer(key, 1, '{"a":2}'), None)
    second = StoredPlayer(key, 2, '{"a":3}')
    any_store.put_player(second, 1)
    with pytest.raises(VersionConflict):
        any_store.put_player(StoredPlayer(key, 2, '{"lost":1}'), 1)
    assert any_store.get_player(key) == second
    # A player key is never taken for a table id (nor for a hand or push key).
    assert not plausible_id(key) and "#" not in key and "~push~" not in key


def test_store_level_functions_for_other_logins(any_store: Store) -> None:
    """What the Telegram login builds on: make, find by token, give another device a token."""
    from api.players.accounts import create_player, issue_token

    player, token = create_player(any_store, 1_000, "Ada", telegram_id=42)
    assert player_by_token(any_store, token) is not None
    second = issue_token(any_store, player.player_id)
    assert second is not None and second != token
    found = player_by_token(any_store, second)
    assert found is not None and found.telegram_id == 42 and found.name == "Ada"
    assert player_by_token(any_store, token) is not None  # the first device keeps working
    assert get_player(any_store, "no-such-id!") is None
    assert issue_token(any_store, "AAAAAAAA") is None
