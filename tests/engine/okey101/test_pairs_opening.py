"""Opening with pairs in 101 without a trap: the suggestions say what they would lay, each
refusal names its rule, and the ruling where two rules meet: a seat that opened with pairs
may lay only pairs, and a tile that could be laid on a table meld costs 101 when discarded.
For a pairs-opener the first wins: it is never fined for throwing a tile it was not allowed
to lay. The view's ``penalised`` list, the applied penalty and the hand's result lines
agree on it.

Every state here is built by hand (indicator Y6, okey Y7): seat 1 has opened with melds and
laid R10-R13; seat 0 holds an R9 that would extend that run.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.errors import IllegalAction
from engine.core.tiles import parse_tiles
from engine.okey101.game import apply
from engine.okey101.legal import discard_penalty, legal_actions
from engine.okey101.opening import meld_points
from engine.okey101.state import Options101, State101
from engine.okey101.view import view_for
from tests.engine.okey101.test_game import OPENER, _ids, _state

# Seat 1's run on the table, then seat 0's pairs (laid when it opened with pairs).
RUN = "R10 R11 R12 R13"
PAIRS = "K1 K1 K2 K2 K3 K3 K4 K4 K5 K5"


def _table(opened: str | None, rack: str = "R9 B2 B6 Y9") -> State101:
    """Seat 0 on turn after its draw with ``rack``, opened as ``opened``; the table holds
    seat 1's run and, when seat 0 opened with pairs, seat 0's five pairs."""
    laid = PAIRS if opened == "pairs" else ""
    state = _state([rack, f"{RUN} {laid} B9 B10"], pile="K9 K9")
    run = _ids(state, 1, RUN)
    state.table, state.table_owners = [tuple(run)], [1]
    if laid:
        tiles = _ids(state, 1, laid)
        pairs = [tuple(tiles[i : i + 2]) for i in range(0, len(tiles), 2)]
        state.table += pairs
        state.table_owners += [0] * len(pairs)
    state.racks[1] = _ids(state, 1, "B9 B10")
    state.opened = [opened, "melds"]
    state.phase = "play"
    return state


def _discard(state: State101) -> dict[str, Any]:
    return next(a for a in legal_actions(state, 0) if a["type"] == "discard")


def test_a_pairs_opener_is_not_fined_for_a_tile_it_may_not_lay() -> None:
    state = _table("pairs")
    r9 = _ids(state, 0, "R9")[0]
    assert all(a["type"] != "layoff" for a in legal_actions(state, 0))  # it may not lay R9
    entry = _discard(state)
    assert r9 in entry["tiles"]
    assert entry["penalised"] == [] and entry["fits"] == []
    seen = next(a for a in view_for(state, 0)["legal"] if a["type"] == "discard")
    assert seen["penalised"] == []
    assert discard_penalty(state, 0, r9) == 0
    after, events = apply(state, 0, {"type": "discard", "tile": r9})
    assert events[0] == {**events[0], "type": "discard", "tile": r9, "penalty": 0}
    assert after.penalties[0] == 0


def test_no_penalty_line_in_the_result_of_a_pairs_opener() -> None:
    # Seat 0 throws the R9; the pile is out, so seat 1 ends the hand.
    state = _table("pairs")
    state, _ = apply(state, 0, {"type": "discard", "tile": _ids(state, 0, "R9")[0]})
    state.pile = []
    state, _ = apply(state, 1, {"type": "end_hand"})
    assert state.phase == "over" and state.result_items is not None
    kinds = [item["item"] for item in state.result_items[0]]
    assert "penalty" not in kinds and "pairs" in kinds, kinds  # doubled, never fined
    assert state.penalties[0] == 0


def test_a_pairs_opener_is_still_fined_for_its_okey() -> None:
    state = _table("pairs", rack="R9 B2 Y7 Y9")
    wild = parse_tiles("Y7")[0]
    assert _discard(state)["penalised"] == [wild]
    _, events = apply(state, 0, {"type": "discard", "tile": wild})
    assert events[0]["penalty"] == 101


def test_a_melds_opener_is_fined_for_the_same_tile() -> None:
    state = _table("melds")
    r9 = _ids(state, 0, "R9")[0]
    assert any(a["type"] == "layoff" and a["tile"] == r9 for a in legal_actions(state, 0))
    entry = _discard(state)
    assert entry["penalised"] == [r9]
    assert entry["fits"] == [{"tile": r9, "meld": 0, "seat": 1}]
    after, events = apply(state, 0, {"type": "discard", "tile": r9})
    assert events[0]["penalty"] == 101 and after.penalties[0] == 101


def test_a_seat_not_yet_open_is_fined_for_the_same_tile() -> None:
    # RULES.md: "applies to every seat, opened or not"; it may still open with melds.
    state = _table(None)
    r9 = _ids(state, 0, "R9")[0]
    assert _discard(state)["penalised"] == [r9]
    _, events = apply(state, 0, {"type": "discard", "tile": r9})
    assert events[0]["penalty"] == 101


def _refusal(state: State101, move: dict[str, Any]) -> str:
    """The code of the refusal of ``move`` by seat 0 (the API's error code)."""
    with pytest.raises(IllegalAction) as refused:
        apply(state, 0, move)
    return refused.value.code


def test_each_refusal_says_which_rule() -> None:
    # The codes the table turns into words: a pairs-opener lays only pairs, a seat not yet
    # open lays nothing off, a tile that fits nowhere there does not fit.
    pairs, closed, melds = _table("pairs"), _table(None), _table("melds")
    r9, b2 = (_ids(pairs, 0, face)[0] for face in ("R9", "B2"))
    layoff = {"type": "layoff", "tile": r9, "meld": 0, "position": 0}
    assert _refusal(pairs, layoff) == "pairs_only"
    assert _refusal(pairs, {**layoff, "type": "swap"}) == "pairs_only"
    assert _refusal(closed, layoff) == "not_opened"
    assert _refusal(melds, {**layoff, "tile": b2}) == "does_not_fit"
    run = {"type": "lay", "pairs": [_ids(pairs, 0, "R9 B2 Y9")]}
    assert _refusal(pairs, run) == "pairs_only"
    assert _refusal(pairs, {"type": "lay", "melds": run["pairs"]}) == "pairs_only"
    assert _refusal(closed, {"type": "lay", "melds": run["pairs"]}) == "not_opened"
    # The same moves are not offered either: no lay-off for the pairs-opener.
    assert not [a for a in legal_actions(pairs, 0) if a["type"] in ("layoff", "swap")]


def test_the_opening_suggestions_say_what_they_lay() -> None:
    # The points the table shows ("4 melds: 126") are the suggestion's own.
    state, _ = apply(_state([OPENER, "K3 K4"]), 0, {"type": "draw"})
    (melds,) = [a for a in legal_actions(state, 0) if a["type"] == "open"]
    points = sum(meld_points(g, state.okey, "sum101") for g in melds["melds"])
    assert melds["points"] == points >= 101
    state.options = Options101(seats=2, opening_rule="middle34")
    (middle,) = [a for a in legal_actions(state, 0) if a["type"] == "open"]
    assert middle["points"] == sum(meld_points(g, state.okey, "middle34") for g in middle["melds"])
    # Both on offer: the melds first (the table's Open ✨ offers the first), then the pairs.
    both = "R10 R11 R12 R13 B11 B12 B13 Y11 Y12 Y13 K2 K2 K4 K4 R3 R3 B7 B7 Y4 Y4 K9"
    state, _ = apply(_state([both, "K3 K5"]), 0, {"type": "draw"})
    offers = [a for a in legal_actions(state, 0) if a["type"] == "open"]
    assert [("melds" in a, "points" in a) for a in offers] == [(True, True), (False, False)]
    assert len(offers[1]["pairs"]) >= 5
