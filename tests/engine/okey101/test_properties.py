"""Property tests over random legal 101 games, every option mixed in.

Like ``tests/test_properties.py`` for classic: every tile is accounted for at
every step, the table only ever holds valid melds (or pairs, for seats that
opened with pairs), views leak no hidden tile, and the record replays.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.melds import is_pair, meld_kind
from engine.core.tiles import TILE_COUNT
from engine.okey101.game import apply, new_match101
from engine.okey101.legal import legal_actions
from engine.okey101.record import from_record101, to_record101
from engine.okey101.state import Options101, State101
from engine.okey101.view import view_for
from tests.game_helpers import every_tile101, random_action101

PROPERTY = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def options101(draw: st.DrawFn) -> Options101:
    partners = draw(st.booleans())
    return Options101(
        seats=4 if partners else draw(st.integers(2, 4)),
        hands=draw(st.integers(1, 3)),
        opening_rule=draw(st.sampled_from(["sum101", "middle34"])),
        pairs_opening=draw(st.booleans()),
        okey_swap=draw(st.booleans()),
        discard_must_be_used=draw(st.booleans()),
        burn_full_sets=draw(st.booleans()),
        penalties=draw(st.booleans()),
        partners=partners,
    )


def random_action(state: State101, rng: random.Random) -> tuple[int, dict[str, Any]]:
    """The seat to act and a random legal action (``next_hand`` once a hand is over)."""
    if state.phase == "over":
        return 0, {"type": "next_hand"}
    return state.turn, random_action101(state, rng)


def public_tiles(state: State101) -> set[int]:
    """Tiles every seat has seen: discarded, taken, laid, swapped, burned."""
    seen: set[int] = set()
    for event in state.events:
        if event["type"] == "draw":
            continue
        if isinstance(event.get("tile"), int):
            seen.add(event["tile"])
        for key in ("groups", "tiles"):
            for item in event.get(key, []):
                seen.update(item if isinstance(item, list) else [item])
    return seen


def tile_ids_in(view: dict[str, Any]) -> set[int]:
    """Every tile id a view carries, wherever it sits."""
    found = set(view["rack"] or []) | {view["indicator"]} | set(view["burned"])
    found |= {s["discard_top"] for s in view["seats"] if s["discard_top"] is not None}
    found |= {t for meld in view["table"] for t in meld}
    for entry in [*view["events"], *view["legal"]]:
        if isinstance(entry.get("tile"), int):
            found.add(entry["tile"])
        for key in ("groups", "tiles", "melds", "pairs", "penalised"):
            for item in entry.get(key, []):
                found.update(item if isinstance(item, list) else [item])
    return found


def shuffled_hidden(state: State101, seat: int, rng: random.Random) -> State101:
    """The same state as ``seat`` sees it: other racks and the pile dealt afresh."""
    other = state.copy()
    hidden = [t for s, r in enumerate(other.racks) if s != seat for t in r] + other.pile
    rng.shuffle(hidden)
    for s, rack in enumerate(other.racks):
        if s != seat:
            other.racks[s], hidden = hidden[: len(rack)], hidden[len(rack) :]
    other.pile = hidden
    return other


@PROPERTY
@given(options=options101(), secret=st.binary(min_size=32, max_size=32), seed=st.integers(0, 2**32))
def test_random_101_games_keep_every_rule(options: Options101, secret: bytes, seed: int) -> None:
    rng = random.Random(seed)
    state = new_match101(options, secret)
    for _ in range(500):
        assert every_tile101(state) == list(range(TILE_COUNT))
        assert len(state.table_owners) == len(state.table)
        for meld, owner in zip(state.table, state.table_owners, strict=True):
            if state.opened[owner] == "pairs":
                assert len(meld) == 2 and is_pair(meld[0], meld[1], state.okey)
            else:
                assert meld_kind(meld, state.okey, run_13_1=False) is not None, meld
        if state.phase != "over":
            hidden = {t for s, r in enumerate(state.racks) for t in r} | set(state.pile)
            hidden -= public_tiles(state)
            for viewer in [*range(options.seats), None]:
                view = view_for(state, viewer, since=0)
                mine = set(state.racks[viewer]) if viewer is not None else set()
                own_draws = {
                    e["tile"]
                    for e in state.events
                    if e["type"] == "draw" and e["seat"] == viewer and "tile" in e
                }
                leaked = tile_ids_in(view) & (hidden - mine - own_draws)
                assert not leaked, f"seat {viewer} sees hidden tiles {leaked}"
                text = json.dumps(view)
                assert state.seed.hex() not in text and state.match_secret.hex() not in text
                if viewer is not None:
                    twin = shuffled_hidden(state, viewer, rng)
                    assert view_for(twin, viewer, since=0) == view
        if state.phase == "over" and state.match_winners:
            break
        seat, action = random_action(state, rng)
        state, events = apply(state, seat, action)
        assert events
    replayed = from_record101(json.loads(json.dumps(to_record101(state))))
    assert replayed.table == state.table and replayed.table_owners == state.table_owners
    assert replayed.racks == state.racks and replayed.totals == state.totals
    assert replayed.events == state.events


def test_the_table_says_who_laid_each_meld() -> None:
    rng = random.Random(3)
    owners_seen: set[int] = set()
    for game in range(6):
        state = new_match101(Options101(seats=4, hands=1), bytes([game + 1]) * 32)
        while state.phase != "over":
            seat, action = random_action(state, rng)
            state, events = apply(state, seat, action)
            for event in events:
                if event["type"] in ("open", "lay"):
                    at, groups = event["at"], event["groups"]
                    if not state.options.burn_full_sets:
                        assert state.table_owners[at : at + len(groups)] == [seat] * len(groups)
        owners_seen.update(state.table_owners)
        assert view_for(state, 0)["table_owners"] == state.table_owners
    assert len(owners_seen) >= 3


def test_the_last_tile_is_never_offered_as_a_layoff() -> None:
    """Found by the property test above: laying off the last tile left no discard."""
    from engine.core.tiles import parse_tiles

    state = new_match101(Options101(seats=2), bytes(32))
    r5, r6, r7, r8 = parse_tiles("R5 R6 R7 R8")
    state.racks[0], state.phase, state.opened[0] = [r8], "play", "melds"
    state.table, state.table_owners = [(r5, r6, r7)], [1]
    assert [a["type"] for a in legal_actions(state, 0)] == ["discard"]
    state.racks[0] = [r8, parse_tiles("K1")[0]]
    assert "layoff" in [a["type"] for a in legal_actions(state, 0)]
