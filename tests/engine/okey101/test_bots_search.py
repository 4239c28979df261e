"""The hard 101 bot's discard search: its deals hold only what the seat may know,
its playouts end with a score for every seat, and its answer is legal and
reproducible."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from engine.core.tiles import ALL_TILES
from engine.okey101.bots import choose_action101
from engine.okey101.bots.rollout import playout
from engine.okey101.bots.sample import known_holdings, sample_deal
from engine.okey101.bots.search import SEARCH, search_discard, shortlist
from engine.okey101.bots.seat import Seat, value
from engine.okey101.game import apply, new_match101
from engine.okey101.state import Options101, State101
from engine.okey101.table import layoffs
from engine.okey101.view import view_for


def _walk(seed: int, seats: int = 4) -> list[State101]:
    """Every state of a hand played by ``hard`` at seat 0 and ``normal`` elsewhere."""
    rng = random.Random(seed)
    state = new_match101(Options101(seats=seats, hands=1), rng.randbytes(32))
    states = [state]
    while state.phase != "over":
        level = "hard" if state.turn == 0 else "normal"
        action = choose_action101(view_for(state, state.turn), level, rng.randrange(99))
        state, _ = apply(state, state.turn, action)
        states.append(state)
    return states


def _discarding(states: list[State101]) -> list[State101]:
    """The states where the seat on turn is about to discard."""
    return [
        s
        for s in states
        if s.phase == "play" and any(a["type"] == "discard" for a in view_for(s, s.turn)["legal"])
    ]


def _shuffle_hidden(state: State101, seat: int, salt: int) -> State101:
    """The same hand with the tiles ``seat`` cannot see dealt differently."""
    other = state.copy()
    hidden = [t for s in range(other.seats) if s != seat for t in other.racks[s]] + other.pile
    random.Random(salt).shuffle(hidden)
    at = 0
    for s in range(other.seats):
        if s != seat:
            size = len(other.racks[s])
            other.racks[s], at = hidden[at : at + size], at + size
    other.pile = hidden[at:]
    return other


@pytest.mark.parametrize("seed", range(4))
def test_a_deal_accounts_for_every_tile_once(seed: int) -> None:
    for state in _discarding(_walk(seed))[::3]:
        view = view_for(state, state.turn)
        deal = sample_deal(view, random.Random(seed))
        assert deal.racks[state.turn] == state.racks[state.turn]
        assert [len(r) for r in deal.racks] == [len(r) for r in state.racks]
        assert len(deal.pile) == len(state.pile)
        assert deal.discards == state.discards
        placed = [t for r in deal.racks for t in r] + deal.pile
        placed += [t for d in deal.discards for t in d] + [t for m in deal.table for t in m]
        placed += [*state.burned, state.indicator]
        assert Counter(placed) == Counter(ALL_TILES)


@pytest.mark.parametrize("seed", range(4))
def test_a_deal_reads_the_view_only(seed: int) -> None:
    for state in _discarding(_walk(10 + seed))[::2]:
        seat = state.turn
        other = _shuffle_hidden(state, seat, seed)
        mine, theirs = view_for(state, seat), view_for(other, seat)
        assert mine == theirs
        assert sample_deal(mine, random.Random(1)) == sample_deal(theirs, random.Random(1))
        assert choose_action101(mine, "hard", 5) == choose_action101(theirs, "hard", 5)


def test_a_tile_taken_face_up_stays_with_its_taker() -> None:
    for state in _walk(21)[:-1]:
        view = view_for(state, 0)
        visible = {t for m in view["table"] for t in m} | set(view["rack"])
        visible |= {t for d in state.discards for t in d}
        held = known_holdings(view, visible)
        deal = sample_deal(view, random.Random(0))
        for seat, tiles in enumerate(held):
            assert set(tiles) <= set(state.racks[seat])  # the public record is right
            assert set(tiles) <= set(deal.racks[seat])


@pytest.mark.parametrize("seed", range(3))
def test_a_playout_ends_with_every_seat_scored(seed: int) -> None:
    state = _discarding(_walk(30 + seed))[4]
    view = view_for(state, state.turn)
    deal = sample_deal(view, random.Random(seed))
    tile = deal.racks[state.turn].pop(0)
    deal.discards[state.turn].append(tile)
    scores = playout(deal, state.okey, "sum101", (state.turn + 1) % 4)
    assert len(scores) == 4
    assert not deal.pile or any(not r for r in deal.racks)


def test_search_answers_a_candidate_and_is_reproducible() -> None:
    for state in _discarding(_walk(40))[:6]:
        view = view_for(state, state.turn)
        seat = Seat.of(view)
        tiles = [t for t in seat.rack if t >> 1 != seat.okey][:6]
        candidates = shortlist(tiles, tiles[0], seat.okey, 3)
        assert len({t >> 1 for t in candidates}) == len(candidates)
        first = search_discard(view, seat, candidates, random.Random(3))
        assert first in candidates
        assert search_discard(view, seat, candidates, random.Random(3)) == first


@pytest.mark.parametrize("on", [False, True])
def test_hard_with_or_without_the_search_plays_legal_hands(
    on: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(SEARCH, "before", on)
    monkeypatch.setitem(SEARCH, "after", on)
    monkeypatch.setitem(SEARCH, "hold", on)
    for seed in range(3):
        states = _walk(50 + seed, seats=2 + seed)  # apply raises on an illegal action
        assert states[-1].phase == "over"
        assert states[-1].penalties[0] == 0


def _last_draw_gone() -> tuple[dict[str, Any], Seat, int, int]:
    """``hard`` (seat 0), opened with melds, about to discard with no draw left (the
    pile moved to the burned tiles), and its lowest and highest loose tiles."""
    for seed in range(60, 120):
        for state in _discarding(_walk(seed)):
            if state.turn != 0 or state.opened[0] != "melds":
                continue
            state = state.copy()
            state.burned, state.pile = [*state.burned, *state.pile], []
            view = view_for(state, 0)
            seat = Seat.of(view)
            loose = [
                t
                for t in seat.rack
                if t >> 1 != seat.okey and not layoffs([t], state.table, seat.okey)
            ]
            low = min(loose, key=lambda t: (value(t, seat.okey), t), default=None)
            high = max(loose, key=lambda t: (value(t, seat.okey), t), default=None)
            if (
                low is not None
                and high is not None
                and value(high, seat.okey) > value(low, seat.okey)
            ):
                return view, seat, low, high
    raise AssertionError("no such state")


def test_with_no_draw_left_the_search_throws_the_high_tile() -> None:
    view, seat, low, high = _last_draw_gone()
    # what stays on the rack is the seat's score: the judge's pick (first) loses points
    assert search_discard(view, seat, [low, high], random.Random(0)) == high


def test_a_small_lead_keeps_the_judges_pick(monkeypatch: pytest.MonkeyPatch) -> None:
    view, seat, low, high = _last_draw_gone()
    # the high tile only saves points here, worth less than one more won deal
    monkeypatch.setitem(SEARCH, "lead", float(SEARCH["deals"]))
    assert search_discard(view, seat, [low, high], random.Random(0)) == low


@pytest.mark.parametrize("seed", range(3))
def test_the_search_reads_the_view_only(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(SEARCH, "before", True)
    monkeypatch.setitem(SEARCH, "after", True)
    monkeypatch.setitem(SEARCH, "hold", True)
    monkeypatch.setitem(SEARCH, "deals", 3)
    for state in [s for s in _discarding(_walk(70 + seed)) if s.turn == 0][::2]:
        other = _shuffle_hidden(state, 0, seed)
        mine, theirs = view_for(state, 0), view_for(other, 0)
        assert choose_action101(mine, "hard", 9) == choose_action101(theirs, "hard", 9)
