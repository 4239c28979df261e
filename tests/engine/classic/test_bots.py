"""Computer players: legal, blind to hidden tiles, deterministic, and sensible."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.classic.bots import ALL_LEVELS, LEVELS, choose_action
from engine.classic.game import apply, new_match
from engine.classic.options import Options
from engine.classic.state import GameState
from engine.classic.view import view_for
from engine.core.tiles import face_of, parse_face, parse_tiles
from tests.game_helpers import expand, random_action


def view_of(state: GameState, seat: int | None = None) -> dict[str, Any]:
    seat = state.turn if seat is None else seat
    return view_for(state, seat, since=state.base_version)


def is_legal(view: dict[str, Any], action: dict[str, Any]) -> bool:
    return action in expand(view["legal"])


def arranged(seats: int, racks: dict[int, str], *, avoid: str = "") -> GameState:
    """A fresh match whose seats hold the given racks (notation), dealt from
    the first secret whose okey and indicator stay clear of those faces."""
    wanted = {seat: parse_tiles(text) for seat, text in racks.items()}
    faces = {face_of(t) for rack in wanted.values() for t in rack}
    faces |= {parse_face(f) for f in avoid.split()}
    for n in range(200):
        state = new_match(Options(seats=seats), bytes([n]) * 32)
        if state.okey in faces or face_of(state.indicator) in faces:
            continue
        for seat, rack in wanted.items():
            state = _give(state, seat, rack)
        return state
    raise AssertionError("no suitable deal")


def _give(state: GameState, seat: int, rack: list[int]) -> GameState:
    """Swap tiles so that ``seat`` holds exactly ``rack`` (same count)."""
    new = state.copy()
    assert len(rack) == len(new.racks[seat])
    wanted = set(rack)
    spare = [t for t in new.racks[seat] if t not in wanted]
    for tile in rack:
        if tile in new.racks[seat]:
            continue
        for place in [*new.racks, new.pile]:
            if tile in place:
                swap = spare.pop()
                place[place.index(tile)] = swap
                new.racks[seat][new.racks[seat].index(swap)] = tile
                break
    assert sorted(new.racks[seat]) == sorted(rack)
    return new


def random_states(count: int, seed: int) -> list[GameState]:
    """States met by random play (every phase, 2 to 4 seats, all options)."""
    rng = random.Random(seed)
    states: list[GameState] = []
    while len(states) < count:
        options = Options(
            seats=rng.choice((2, 3, 4)),
            run_13_1=rng.random() < 0.7,
            pairs_finish=rng.random() < 0.8,
            indicator_bonus=rng.random() < 0.8,
        )
        state = new_match(options, rng.randbytes(32))
        for _ in range(400):
            states.append(state)
            if state.phase == "over":
                break
            seat, action = random_action(state, rng, finish_bias=rng.random() < 0.3)
            state, _ = apply(state, seat, action)
    return states[:count]


# -- legality ---------------------------------------------------------------


def test_every_level_always_picks_a_legal_action() -> None:
    for index, state in enumerate(random_states(1500, seed=11)):
        view = view_of(state, state.turn if state.phase != "over" else 0)
        if not view["legal"]:
            continue
        for level in ALL_LEVELS:
            action = choose_action(view, level, seed=index)
            assert is_legal(view, action), (level, action, view["legal"])


@settings(max_examples=25, deadline=None)
@given(seats=st.integers(2, 4), seed=st.integers(0, 2**32 - 1), level=st.sampled_from(ALL_LEVELS))
def test_bots_play_whole_hands_through_the_engine(seats: int, seed: int, level: str) -> None:
    rng = random.Random(seed)
    state = new_match(Options(seats=seats), rng.randbytes(32))
    for step in range(3000):
        if state.phase == "over":
            break
        seat = state.turn
        state, _ = apply(state, seat, choose_action(view_of(state), level, seed=step))
    assert state.phase == "over"
    assert choose_action(view_of(state, 0), level) == {"type": "next_hand"}


def test_unknown_level_and_idle_seat_are_refused() -> None:
    state = new_match(Options(seats=3), bytes(32))
    with pytest.raises(ValueError, match="unknown level"):
        choose_action(view_of(state), "grandmaster")
    with pytest.raises(ValueError, match="no legal action"):
        choose_action(view_of(state, 1), "normal")


# -- no peeking, determinism -------------------------------------------------


def hidden_shuffle(state: GameState, rng: random.Random) -> GameState:
    """The same game as ``state.turn`` sees it, other tiles dealt differently:
    the other racks and the pile swap tiles they have not shown."""
    seat = state.turn
    new = state.copy()
    shown = {e["tile"] for e in state.events if e["type"] in ("take_discard", "show_indicator")}
    places = [r for s, r in enumerate(new.racks) if s != seat] + [new.pile]
    hidden = [t for place in places for t in place if t not in shown]
    rng.shuffle(hidden)
    it = iter(hidden)
    for place in places:
        for i, tile in enumerate(place):
            if tile not in shown:
                place[i] = next(it)
    return new


def test_choice_ignores_what_the_seat_cannot_see() -> None:
    rng = random.Random(3)
    checked = 0
    for index, state in enumerate(random_states(500, seed=5)):
        if state.phase == "over":
            continue
        other = hidden_shuffle(state, rng)
        if other.racks == state.racks and other.pile == state.pile:
            continue
        seat = state.turn
        view, other_view = view_of(state), view_of(other)
        assert view == other_view, "the view leaks hidden tiles"
        for level in ALL_LEVELS:
            assert choose_action(view, level, index) == choose_action(other_view, level, index)
        checked += 1
        assert other.racks[seat] == state.racks[seat]
    assert checked > 300


def test_same_view_and_seed_give_the_same_action() -> None:
    states = [s for s in random_states(300, seed=8) if s.phase == "discard"]
    differs = 0
    for index, state in enumerate(states):
        view = view_of(state)
        for level in ALL_LEVELS:
            first = choose_action(view, level, seed=index)
            assert choose_action(dict(view), level, seed=index) == first
        easy = {repr(choose_action(view, "easy", seed=s)) for s in range(8)}
        differs += len(easy) > 1
    assert differs > 0, "the seed never mattered to the easy level"


# -- behaviour ---------------------------------------------------------------


def _take_setup(rack: str, offered: str) -> GameState:
    """Two seats: seat 0 has just thrown ``offered``; seat 1 holds ``rack``."""
    seat0 = f"{offered} R1 R3 R11 Y8 Y11 Y13 B1 B6 B13 K1 K7 K8 K11 K13"
    state = arranged(2, {0: seat0, 1: rack})
    tile = next(t for t in state.racks[0] if face_of(t) == parse_face(offered))
    state, _ = apply(state, 0, {"type": "discard", "tile": tile})
    return state


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_takes_the_discard_that_completes_a_meld(level: str) -> None:
    state = _take_setup("R5 R6 Y1 Y9 B3 B10 K6 K12 R13 Y5 B8 K2 R9 Y12", "R7")
    assert choose_action(view_of(state), level) == {"type": "take_discard"}


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_leaves_a_useless_discard(level: str) -> None:
    state = _take_setup("R5 R6 R7 Y1 Y2 Y3 B10 B11 B12 K2 K3 K4 K9 B5", "Y7")
    assert choose_action(view_of(state), level) == {"type": "draw"}


WINNING = "R1 R2 R3 R4 Y5 B5 K5 B9 B10 B11 K10 K11 K12 K13 Y9"


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_finishes_when_it_can(level: str) -> None:
    state = arranged(2, {0: WINNING})
    view = view_of(state)
    if {"type": "show_indicator"} in view["legal"]:
        state, _ = apply(state, 0, {"type": "show_indicator"})
        view = view_of(state)
    action = choose_action(view, level)
    assert action["type"] == "finish" and is_legal(view, action)


def test_gentle_does_not_finish_in_its_first_turns() -> None:
    state = arranged(2, {0: WINNING})
    state.shown[0] = True  # nothing to show: the first decision is the discard
    view = view_of(state)
    assert any(a["type"] == "finish" for a in view["legal"])
    action = choose_action(view, "gentle")
    assert action["type"] == "discard"
    # After three turns of its own it finishes like anyone else.
    later = state.copy()
    turns = [{"v": 90 + i, "type": "discard", "seat": 0, "tile": 0} for i in range(3)]
    later.events = [*state.events, *turns]
    assert choose_action(view_of(later), "gentle")["type"] == "finish"


def test_hard_places_the_okey_to_finish_when_it_can() -> None:
    # Okey Y8 (indicator Y7): R1 R2 R3 + okey complete a hand that also
    # finishes by throwing K9, but placing the okey doubles the score.
    state = arranged(2, {0: "R1 R2 R3 R4 Y5 B5 K5 B9 B10 B11 K10 K11 K12 K13 K9"})
    okey_tile = next(t for t in [*state.pile, *state.racks[1]] if face_of(t) == state.okey)
    state = _give(state, 0, [*state.racks[0][:-1], okey_tile])
    state.shown[0] = True
    view = view_of(state)
    finishing = next(a["tiles"] for a in view["legal"] if a["type"] == "finish")
    assert okey_tile in finishing and len(finishing) > 1
    assert choose_action(view, "hard") == {"type": "finish", "tile": okey_tile}


def _okey_waiting_hand() -> tuple[GameState, int]:
    """Seat 0 (starter) can finish by throwing Y12, holding an okey that
    stands in a set Y5 B5 _; an R5 or K5 drawn later would free it."""
    state = arranged(2, {0: "R1 R2 R3 R4 B9 B10 B11 K10 K11 K12 K13 Y5 B5 Y12 K1"})
    okey_tile = next(t for t in [*state.pile, *state.racks[1]] if face_of(t) == state.okey)
    k1 = next(t for t in state.racks[0] if face_of(t) == parse_face("K1"))
    state = _give(state, 0, [okey_tile if t == k1 else t for t in state.racks[0]])
    state.shown[0] = True
    return state, okey_tile


def test_hard_waits_for_an_okey_finish_only_while_it_is_safe() -> None:
    state, okey_tile = _okey_waiting_hand()
    y12 = next(t for t in state.racks[0] if face_of(t) == parse_face("Y12"))
    assert any(a["type"] == "finish" for a in view_of(state)["legal"])
    # two faces free the okey: normal waits too while the pile is full
    # (test_bots_finish.py has it finish later)
    assert choose_action(view_of(state), "normal") == {"type": "discard", "tile": y12}
    waiting = choose_action(view_of(state), "hard")
    assert waiting == {"type": "discard", "tile": y12}
    after, _ = apply(state, 0, waiting)
    assert okey_tile in after.racks[0]
    # Late in a hand, with discards being taken, it takes the sure win.
    late = state.copy()
    busy = [{"v": 90 + i, "type": "discard", "seat": 1, "tile": 0} for i in range(20)]
    takes = [
        {"v": 120 + i, "type": "take_discard", "seat": 1, "source": 0, "tile": 0} for i in range(3)
    ]
    late.events = [*state.events, *busy, *takes]
    assert choose_action(view_of(late), "hard") == {"type": "finish", "tile": y12}


def test_hard_never_throws_an_okey() -> None:
    thrown = 0
    for index, state in enumerate(random_states(1200, seed=21)):
        if state.phase != "discard" or not any(
            face_of(t) == state.okey for t in state.racks[state.turn]
        ):
            continue
        action = choose_action(view_of(state), "hard", index)
        if action["type"] == "discard":
            assert face_of(action["tile"]) != state.okey
            thrown += 1
    assert thrown > 20


def test_hard_keeps_seven_pairs_when_dealt_many() -> None:
    state = arranged(2, {0: "R2 R2 Y5 Y5 B9 B9 K12 K12 R7 R7 Y11 Y11 B3 K6 R12"})
    state.shown[0] = True
    action = choose_action(view_of(state), "hard")
    assert action["type"] == "discard"
    assert face_of(action["tile"]) in {parse_face(f) for f in ("B3", "K6", "R12")}


def test_hard_does_not_feed_what_its_right_neighbour_collects() -> None:
    # Seat 1 (right of seat 0) took K7 from seat 0; seat 0 now holds two
    # equally useless tiles, B7 (a set partner of K7) and Y1.
    state = arranged(
        2,
        {
            0: "K7 R2 R3 R4 Y9 Y10 Y11 B11 B12 B13 K1 K2 K3 B7 Y1",
            1: "R9 R10 R11 Y4 Y5 Y6 B2 B3 B4 K11 K12 K13 R6 Y13",
        },
        avoid="Y7 R7 K8 K6 B8 B6",
    )
    state.shown = [True, True]
    seven = next(t for t in state.racks[0] if face_of(t) == parse_face("K7"))
    state, _ = apply(state, 0, {"type": "discard", "tile": seven})
    state, _ = apply(state, 1, {"type": "take_discard"})
    throw = next(t for t in state.racks[1] if face_of(t) == parse_face("Y13"))
    state, _ = apply(state, 1, {"type": "discard", "tile": throw})
    state, _ = apply(state, 0, {"type": "draw"})
    action = choose_action(view_of(state), "hard")
    assert action["type"] == "discard" and face_of(action["tile"]) != parse_face("B7")


def test_every_level_shows_the_indicator_except_sometimes_easy() -> None:
    shows = {level: 0 for level in LEVELS}
    tries = 0
    for n in range(400):
        state = new_match(Options(seats=2), bytes([n % 256, n // 256]) * 16)
        twin = state.indicator ^ 1
        if twin not in state.racks[0]:
            continue
        tries += 1
        for level in LEVELS:
            shows[level] += choose_action(view_of(state), level, seed=n) == {
                "type": "show_indicator"
            }
    assert tries > 10
    assert shows["normal"] == shows["hard"] == shows["gentle"] == tries
    assert 0 < shows["easy"] <= tries


def test_hard_takes_a_discard_that_widens_a_thin_wait() -> None:
    # One tile from finishing, waiting only on K11 (K9 K10 _ K12); K8 keeps
    # the hand one tile away but opens it to K11, K7, R4, R9, Y4, B8, B12...
    rack = "R5 R6 R7 R8 Y1 Y2 Y3 B9 B10 B11 K9 K10 K12 K2"
    state = _take_setup(rack, "K8")
    assert choose_action(view_of(state), "hard") == {"type": "take_discard"}
    # A tile that does not widen it is left for the pile.
    state = _take_setup(rack, "Y8")
    assert choose_action(view_of(state), "hard") == {"type": "draw"}


def test_a_view_without_the_hands_events_is_refused() -> None:
    """Without events a bot would play blind to the tiles already seen; it says so instead."""
    state = new_match(Options(seats=2), bytes(32))
    blind = {k: v for k, v in view_for(state, 0).items() if k != "events"}
    with pytest.raises(ValueError, match="events"):
        choose_action(blind, "hard")
    assert choose_action(view_for(state, 0, since=state.base_version), "hard")["type"] in (
        "discard",
        "finish",
        "show_indicator",
    )
