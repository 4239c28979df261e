"""No seat sees another's hidden tiles, the pile or an unrevealed seed; logs hold no secrets.

Two hundred short random games through the handler (SQLite, in process; 125
under `make test`, all 200 under `make test-all`):
friends tables of 2 to 4 seats with joined humans and bots, random legal moves,
and after every response a check against the stored truth.
"""

from __future__ import annotations

import json
import random
import uuid
from typing import Any

import pytest

from api.tables.service import Service
from engine.classic.bots import choose_action
from engine.classic.game import legal_actions
from engine.classic.state import GameState
from engine.classic.view import view_for
from tests.api.builders import join
from tests.api.support import ApiClient, LogLines
from tests.game_helpers import expand

GAMES = 200
# The games run in chunks, each from its own seed, so parallel workers share them;
# make test plays the first five chunks, make test-all all eight.
CHUNKS = 8
EVERY_RUN = 5
MAX_REQUESTS_PER_GAME = 2000
LOG_KEYS = {
    "level",
    "location",
    "message",
    "timestamp",
    "service",
    "correlation_id",
    "xray_trace_id",
    "table_id",
    "seat",
    "action",
    "version",
    "mode",
    "bot_level",
    "error",
    "code",
    "status",
}

pytestmark = pytest.mark.usefixtures("sqlite_service")


def tile_fields(view: dict[str, Any]) -> list[int]:
    """Every tile id a view shows, wherever tiles may appear."""
    tiles: list[int] = list(view.get("rack") or [])
    for row in view.get("rack_layout") or []:
        tiles.extend(t for t in row if t is not None)
    for seat in view["seats"]:
        tiles.extend(seat["discards"] or [])
        if seat["discard_top"] is not None:
            tiles.append(seat["discard_top"])
    tiles.append(view["indicator"])
    for event in view.get("events") or []:
        if "tile" in event:
            tiles.append(event["tile"])
        for group in event.get("groups") or []:
            tiles.extend(group)
    if view["result"]:
        tiles.extend(t for g in view["result"]["groups"] for t in g)
        if view["result"]["placed"] is not None:
            tiles.append(view["result"]["placed"])
    for entry in view["legal"]:
        tiles.extend(entry.get("tiles") or [])
        tiles.extend(entry.get("penalised") or [])
    for lines in view.get("result_items") or []:
        tiles.extend(line["tile"] for line in lines if "tile" in line)
    return tiles


def hidden_from(state: GameState, viewer: int | None) -> set[int]:
    """Tiles ``viewer`` must not see: the pile and what other racks got unseen."""
    hidden = set(state.pile)
    winner = state.result.summary.winner if state.result else None
    for seat, rack in enumerate(state.racks):
        if seat in (viewer, winner):
            continue
        public = {
            e["tile"] for e in state.events if e["type"] == "take_discard" and e["seat"] == seat
        }
        if state.shown[seat]:
            public.add(state.indicator ^ 1)
        hidden |= set(rack) - public
    return hidden


def check(
    reply_text: str, view: dict[str, Any], seat: int | None, state: GameState, foreign: list[str]
) -> None:
    secret_hex = state.match_secret.hex()
    assert secret_hex not in reply_text
    if state.phase != "over":
        assert view["seed"] is None and state.seed.hex() not in reply_text
    for token in foreign:
        assert token not in reply_text
    assert "pile" not in view  # only pile_count
    if view["status"] == "waiting":
        assert view["rack"] is None and view["legal"] == []
        return
    if seat is None:
        assert view["rack"] is None
    else:
        assert view["rack"] == state.racks[seat]
    leaked = set(tile_fields(view)) & hidden_from(state, seat)
    assert not leaked, f"seat {seat} saw hidden tiles {sorted(leaked)}"


def play_game(client: ApiClient, service: Service, rng: random.Random, issued: list[str]) -> None:
    seats = rng.choice([2, 3, 4])
    # Most games' humans play like the easy bot (hands end soon); some play at random.
    careful = rng.random() < 0.75
    humans = rng.randint(1, seats)
    options = {"seats": seats, "scoring": "points", "hands": rng.choice([1, 1, 2])}
    made = client.create(mode="friends", name="H0", options=options)
    table = made["table_id"]
    tokens = {0: made["token"]}
    for n in range(1, humans):
        joined = join(client, made, f"H{n}").body
        tokens[joined["seat"]] = joined["token"]
    all_tokens = list(tokens.values())
    issued.extend(all_tokens)

    def observe(seat: int | None, text: str, view: dict[str, Any]) -> GameState:
        state = service.load(table).state  # the stored truth right after the response
        own = tokens.get(seat) if seat is not None else None
        check(text, view, seat, state, [t for t in all_tokens if t != own])
        return state

    started = client.call("POST", f"/api/tables/{table}/start", token=tokens[0])
    state = observe(0, started.text, started.body)
    version = started.body["version"]
    for _ in range(MAX_REQUESTS_PER_GAME):
        roll = rng.random()
        if roll < 0.15:
            seat = rng.choice([None, *tokens])
            token = tokens.get(seat) if seat is not None else None
            query = f"since={rng.randint(0, version)}" + (
                f"&seat={seat}" if seat is not None else ""
            )
            reply = client.call("GET", f"/api/tables/{table}", token=token, query=query)
            assert reply.status == 200
            # A poll changes nothing here (the clock stands still): check against the last truth.
            own = tokens.get(seat) if seat is not None else None
            check(reply.text, reply.body, seat, state, [t for t in all_tokens if t != own])
            continue
        if state.match_over:
            return
        seat = state.turn if state.phase != "over" else rng.choice(list(tokens))
        if seat not in tokens:
            raise AssertionError("a bot seat is on turn after a response")
        if careful:
            view = view_for(state, seat, since=state.base_version)
            action = choose_action(view, "easy", rng.randrange(2**32))
        else:
            action = _pick(expand(legal_actions(state, seat)), rng)
        reply = client.act(
            table, tokens[seat], action, expected_version=state.version, action_id=uuid.uuid4().hex
        )
        assert reply.status == 200, reply.text
        version = reply.body["version"]
        state = observe(seat, reply.text, reply.body)
    raise AssertionError("game did not end")


def _pick(actions: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """Random play that still ends hands: finish when possible, mostly draw rather than take."""
    kinds = {a["type"] for a in actions}
    if "finish" in kinds and rng.random() < 0.9:
        return next(a for a in actions if a["type"] == "finish")
    if "draw" in kinds and rng.random() < 0.8:
        return {"type": "draw"}
    return rng.choice(actions)


@pytest.mark.parametrize(
    "chunk",
    [n if n < EVERY_RUN else pytest.param(n, marks=pytest.mark.slow) for n in range(CHUNKS)],
)
def test_random_games_leak_nothing(chunk: int, client: ApiClient, sqlite_service: Service) -> None:
    capture = LogLines()
    rng = random.Random(2024 + chunk)
    issued: list[str] = []
    with capture.attached():
        for _ in range(GAMES // CHUNKS):
            play_game(client, sqlite_service, rng, issued)
    lines = capture.lines
    assert lines, "the API logged nothing"
    tokens = [
        json.loads(r.text).get("token")
        for r in client.replies
        if r.text.startswith('{"table_id"') or '"token"' in r.text[:200]
    ]
    tokens = [t for t in tokens if t]
    assert tokens
    for line in lines:
        record = json.loads(line)
        assert set(record) <= LOG_KEYS, set(record) - LOG_KEYS
        assert "rack" not in line and "pile" not in line
        for token in issued:
            assert token not in line
