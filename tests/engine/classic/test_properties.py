"""Property tests over random legal games: conservation, secrecy, validity, replay."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.classic.game import apply, new_match
from engine.classic.hand import winning_arrangement
from engine.classic.options import Options
from engine.classic.record import from_record, to_record
from engine.classic.state import GameState
from engine.classic.view import view_for
from engine.core.tiles import TILE_COUNT
from tests.game_helpers import greedy_action, play_match, random_action

options_strategy = st.builds(
    Options,
    seats=st.integers(2, 4),
    scoring=st.sampled_from(["countdown", "points"]),
    run_13_1=st.booleans(),
    pairs_finish=st.booleans(),
    indicator_bonus=st.booleans(),
    traditional_deal=st.booleans(),
)
PROPERTY = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def tiles_in_play(state: GameState) -> list[int]:
    placed = [state.result.placed] if state.result and state.result.placed is not None else []
    tiles = [t for rack in state.racks for t in rack] + [t for d in state.discards for t in d]
    return sorted(tiles + state.pile + [state.indicator] + placed)


def hidden_from(state: GameState, seat: int | None) -> set[int]:
    """Tile ids ``seat`` must not be able to find in its view while the hand runs."""
    hidden = {t for s, rack in enumerate(state.racks) if s != seat for t in rack}
    # A tile once discarded or shown was seen by everyone, wherever it went next.
    public = {
        e["tile"]
        for e in state.events
        if e["type"] in ("discard", "take_discard", "show_indicator")
    }
    return (hidden | set(state.pile)) - public


def tile_ids_in(view: dict[str, object]) -> set[int]:
    """Every integer in the places of a view that carry tile ids."""
    found: set[int] = set()
    for key in ("rack", "indicator"):
        value = view.get(key)
        if isinstance(value, list):
            found.update(value)
        elif isinstance(value, int):
            found.add(value)
    for seat in view["seats"]:  # type: ignore[attr-defined]
        if seat["discard_top"] is not None:
            found.add(seat["discard_top"])
        found.update(seat["discards"] or [])
    for event in view.get("events", []):  # type: ignore[attr-defined]
        if "tile" in event:
            found.add(event["tile"])
        for group in event.get("groups", []):
            found.update(group)
    for entry in view["legal"]:  # type: ignore[attr-defined]
        found.update(entry.get("tiles", []))
    return found


@PROPERTY
@given(
    options=options_strategy,
    secret=st.binary(min_size=32, max_size=32),
    seed=st.integers(0, 2**32),
    greedy=st.booleans(),
)
def test_random_games_keep_every_rule(
    options: Options, secret: bytes, seed: int, greedy: bool
) -> None:
    rng = random.Random(seed)
    player = greedy_action if greedy else random_action
    state = new_match(options, secret)
    start_record = to_record(state)
    for _ in range(400):
        assert tiles_in_play(state) == list(range(TILE_COUNT))
        if state.phase == "over":
            break
        for viewer in [*range(options.seats), None]:
            view = view_for(state, viewer, since=0)
            leaked = tile_ids_in(view) & hidden_from(state, viewer)
            # Events of this seat's own draws are its own; everything else must be hidden.
            assert not leaked, f"seat {viewer} sees hidden tiles {leaked}"
            text = json.dumps(view)
            assert state.seed.hex() not in text and state.match_secret.hex() not in text
        seat, action = player(state, rng)
        before = to_record(state)
        state, events = apply(state, seat, action)
        assert events and to_record(state) != before
        if action["type"] == "finish":
            rest = state.racks[seat]
            assert len(rest) == 14
            verdict = winning_arrangement(
                rest, state.okey, run_13_1=options.run_13_1, pairs=options.pairs_finish
            )
            assert verdict is not None
    assert to_record(new_match(options, secret)) == start_record
    replayed = from_record(json.loads(json.dumps(to_record(state))))
    assert replayed.racks == state.racks and replayed.pile == state.pile
    assert replayed.discards == state.discards and replayed.scores == state.scores
    assert replayed.events == state.events and replayed.version == state.version
    if state.phase == "over":
        assert view_for(state, 0)["seed"] == state.seed.hex()


def test_greedy_games_finish_and_score() -> None:
    """Enough finishes happen for the finish assertions above to mean something."""
    finishes = 0
    for n in range(30):
        state = play_match(random.Random(n), greedy_action)
        if state.result and state.result.summary.winner is not None:
            finishes += 1
            winner = state.result.summary.winner
            expected = [20] * 4
            for event in state.events:
                lost = (
                    event.get("points", 1) if event["type"] in ("finish", "show_indicator") else 0
                )
                for other in range(4):
                    if other != event.get("seat") and lost:
                        expected[other] -= lost
            assert state.scores == expected and min(state.scores) < 20
            groups = [t for g in state.result.groups for t in g]
            assert sorted(groups) == sorted(state.racks[winner])
    assert finishes >= 5
