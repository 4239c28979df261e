"""Issue 11: a 101 penalty is announced before the discard (legal ``penalised``) and every
hand's score is explained line by line afterwards (``result_items``), in both variants."""

from __future__ import annotations

import random
from typing import Any

from engine.classic.game import apply as apply_classic
from engine.classic.game import new_match
from engine.classic.options import Options
from engine.classic.view import view_for as classic_view_for
from engine.core.tiles import parse_face, parse_tiles
from engine.okey101.game import apply, new_match101
from engine.okey101.legal import legal_actions
from engine.okey101.scoring import hand_deltas, hand_items
from engine.okey101.state import Options101, State101
from engine.okey101.view import view_for
from tests.engine.okey101.test_game import OPENER, _draw_and_open, _ids, _state
from tests.game_helpers import random_action, random_action101


def _discard_entry(state: State101, seat: int = 0) -> dict[str, Any]:
    return next(a for a in legal_actions(state, seat) if a["type"] == "discard")


def test_the_view_names_the_discards_that_cost_a_penalty() -> None:
    # Seat 0 opens with R10-R13 on the table; the R9 it drew would lay off below R10.
    state = _draw_and_open(_state([OPENER, "K3 K4"], pile="R9 R9"))
    r9 = _ids(state, 0, "R9")[0]
    entry = _discard_entry(state)
    assert entry["penalised"] == [r9]
    mine = view_for(state, 0)
    assert next(a for a in mine["legal"] if a["type"] == "discard")["penalised"] == [r9]
    _, events = apply(state, 0, {"type": "discard", "tile": r9})
    assert events[0]["penalty"] == 101
    # Off when the table plays without penalties.
    quiet = _draw_and_open(_state([OPENER, "K3 K4"], pile="R9 R9", penalties=False))
    assert _discard_entry(quiet)["penalised"] == []


def test_an_okey_is_penalised_but_not_the_finishing_discard() -> None:
    okey_tile = parse_tiles("Y7")[0]
    state = _draw_and_open(_state([OPENER.replace("K12", "Y7"), "K3 K4"], pile="R9 R9"))
    assert okey_tile in _discard_entry(state)["penalised"]
    # A last tile that fits the table is the win, not a penalty.
    state.racks[0] = [_ids(state, 0, "R9")[0]]
    assert _discard_entry(state)["penalised"] == []
    _, events = apply(state, 0, {"type": "discard", "tile": state.racks[0][0]})
    assert events[0]["penalty"] == 0 and events[-1]["type"] == "hand_over"


def test_every_line_of_a_101_hand() -> None:
    okey = parse_face("Y7")
    racks = [[], parse_tiles("R5 Y7"), parse_tiles("B2 B2"), parse_tiles("K13")]
    opened: list[Any] = ["melds", "melds", "pairs", None]
    k9 = parse_tiles("K9")[0]
    lines = hand_items(
        racks, opened, finisher=0, okey_finish=True, okey=okey, penalties=[(3, k9, 101)]
    )
    assert lines == [
        [{"item": "finish", "points": -101}, {"item": "okey_finish", "points": -101}],
        [{"item": "rack", "points": 106, "tiles": 2}, {"item": "okey_finish", "points": 106}],
        [
            {"item": "rack", "points": 4, "tiles": 2},
            {"item": "pairs", "points": 4},
            {"item": "okey_finish", "points": 8},
        ],
        [
            {"item": "never_opened", "points": 202},
            {"item": "okey_finish", "points": 202},
            {"item": "penalty", "points": 101, "tile": k9, "reason": "layoff"},
        ],
    ]
    partners = hand_items(racks, opened, finisher=0, okey_finish=False, okey=okey, partners=True)
    assert partners[2] == [{"item": "partner_out", "points": 0}]


def test_101_lines_add_up_to_the_deltas_in_random_matches() -> None:
    rng = random.Random(11)
    penalties_seen = 0
    for game in range(4):
        partners = game == 3
        options = Options101(seats=4 if partners else 2 + game, hands=1, partners=partners)
        state = new_match101(options, bytes([game + 7]) * 32)
        while not state.match_winners:
            if state.phase == "over":
                assert state.result is not None and state.result_items is not None
                sums = tuple(sum(i["points"] for i in lines) for lines in state.result_items)
                assert sums == state.result
                view = view_for(state, 1)
                assert view["result_items"] == state.result_items
                state, _ = apply(state, 0, {"type": "next_hand"})
                continue
            seat = state.turn
            action = random_action101(state, rng)
            penalised = []
            if action["type"] == "discard":
                penalised = _discard_entry(state, seat)["penalised"]
            state, events = apply(state, seat, action)
            if action["type"] == "discard":
                expected = 101 if action["tile"] in penalised else 0
                assert events[0]["penalty"] == expected
                penalties_seen += bool(expected)
    assert penalties_seen > 0
    assert view_for(new_match101(Options101(), bytes(32)), 0)["result_items"] is None


def test_base_deltas_are_the_lines_without_penalties() -> None:
    okey = parse_face("Y7")
    racks = [[], parse_tiles("R5 K13"), parse_tiles("B2 B2")]
    for okey_finish in (False, True):
        deltas = hand_deltas(
            racks, ["melds", "melds", "pairs"], finisher=0, okey_finish=okey_finish, okey=okey
        )
        assert deltas == [-101 * (1 + okey_finish), 18 * (1 + okey_finish), 8 * (1 + okey_finish)]


def test_classic_lines_explain_an_indicator_show() -> None:
    rng = random.Random(5)
    shows = 0
    for game in range(16):
        scoring = "points" if game % 2 else "countdown"
        state = new_match(Options(seats=4, scoring=scoring), bytes([game + 1]) * 32)
        while state.phase != "over":
            seat, action = random_action(state, rng)
            state, _ = apply_classic(state, seat, action)
        view = classic_view_for(state, 0)
        lines = view["result_items"]
        assert [sum(i["points"] for i in s) for s in lines] == view["result"]["deltas"]
        for seat_lines in lines:
            for line in seat_lines:
                assert line["item"] in ("finish", "indicator") and line["points"]
                if line["item"] == "indicator":
                    assert state.shown[line["seat"]]
                    shows += 1
    assert shows > 0
