"""The 101 Okey game: deal, opening, laying off, swaps, the left discard,
penalties, finishing, scoring, the match and views."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

from engine.core.errors import IllegalAction, NotYourTurn
from engine.core.melds import is_pair
from engine.core.tiles import FAKE_FACE, TILE_COUNT, okey_face, parse_face, parse_tiles
from engine.okey101.game import apply, new_match101
from engine.okey101.legal import legal_actions
from engine.okey101.scoring import hand_deltas, rack_points, team_totals, team_winners
from engine.okey101.state import Options101, State101
from engine.okey101.view import view_for
from tests.game_helpers import every_tile101, random_action101

SECRET = bytes(range(32))
# 21 tiles: R10-13 (46) + B11-13 (36) + Y11-13 (36) = 118 and loose tiles.
OPENER = "R10 R11 R12 R13 B11 B12 B13 Y11 Y12 Y13 K2 K5 R3 B7 Y4 K9 R6 B2 Y8 K12 R1"


def _state(racks: list[str], *, pile: str = "K1 K1 R2 R2", **options: Any) -> State101:
    """A hand with chosen racks (indicator Y6, okey Y7), seat 0 to take."""
    words = [w for r in racks for w in r.split()] + pile.split()
    ids = parse_tiles(words)
    split, at = [], 0
    for rack in racks:
        split.append(ids[at : at + len(rack.split())])
        at += len(rack.split())
    opts = Options101(seats=len(racks), **options)
    return State101(
        options=opts,
        match_secret=SECRET,
        hand_number=0,
        seed=bytes(32),
        starter=0,
        racks=split,
        pile=ids[at:],
        discards=[[] for _ in racks],
        indicator=parse_tiles("Y6")[0],
        okey=okey_face(parse_face("Y6")),
        turn=0,
        phase="take",
        opened=[None] * len(racks),
        table=[],
        table_owners=[],
        burned=[],
        penalties=[0] * len(racks),
        totals=[0] * len(racks),
        history=[],
    )


def _ids(state: State101, seat: int, text: str) -> list[int]:
    """Ids on ``seat``'s rack for the faces in ``text`` (first matching copy)."""
    rack, out = list(state.racks[seat]), []
    for face in (parse_face(w) for w in text.split()):
        tile = next(t for t in rack if t >> 1 == face)
        rack.remove(tile)
        out.append(tile)
    return out


def _draw_and_open(state: State101) -> State101:
    state, _ = apply(state, 0, {"type": "draw"})
    melds = [_ids(state, 0, m) for m in ("R10 R11 R12 R13", "B11 B12 B13", "Y11 Y12 Y13")]
    state, events = apply(state, 0, {"type": "open", "melds": melds})
    assert events[0]["type"] == "open" and state.opened[0] == "melds"
    return state


def test_deal_accounts_for_every_tile() -> None:
    state = new_match101(Options101(), SECRET)
    assert [len(r) for r in state.racks] == [22, 21, 21, 21]
    everything = [t for r in state.racks for t in r] + state.pile + [state.indicator]
    assert sorted(everything) == list(range(TILE_COUNT))
    assert state.indicator >> 1 != FAKE_FACE and state.phase == "play"
    assert new_match101(Options101(), SECRET).racks == state.racks


def test_open_needs_101() -> None:
    state = _state([OPENER, "K3 K4"])
    state = _draw_and_open(state)
    assert len(state.table) == 3 and len(state.racks[0]) == 12
    short = _state([OPENER, "K3 K4"])
    short, _ = apply(short, 0, {"type": "draw"})
    with pytest.raises(IllegalAction, match="101"):
        apply(short, 0, {"type": "open", "melds": [_ids(short, 0, "R10 R11 R12 R13")]})
    with pytest.raises(IllegalAction):  # 12 13 1 never runs in 101
        apply(short, 0, {"type": "open", "melds": [_ids(short, 0, "R12 R13 R1")]})
    with pytest.raises(NotYourTurn):
        apply(short, 1, {"type": "draw"})


def test_open_middle34() -> None:
    state = _state([OPENER, "K3 K4"], opening_rule="middle34")
    state, _ = apply(state, 0, {"type": "draw"})
    melds = [_ids(state, 0, m) for m in ("R10 R11 R12 R13", "B11 B12 B13", "Y11 Y12 Y13")]
    with pytest.raises(IllegalAction, match="34"):  # (11 + 13//3) + 12 = 27
        apply(state, 0, {"type": "open", "melds": melds[:2]})
    state, _ = apply(state, 0, {"type": "open", "melds": melds})
    assert state.opened[0] == "melds"


def test_open_with_pairs_then_only_pairs() -> None:
    state = _state(["R1 R1 Y3 Y3 B5 B5 K7 K7 R9 R9 Y11 Y11 B13 K13", "K3 K4"])
    state, _ = apply(state, 0, {"type": "draw"})
    pairs = [_ids(state, 0, p) for p in ("R1 R1", "Y3 Y3", "B5 B5", "K7 K7", "R9 R9")]
    with pytest.raises(IllegalAction, match="5 pairs"):
        apply(state, 0, {"type": "open", "pairs": pairs[:4]})
    state, _ = apply(state, 0, {"type": "open", "pairs": pairs})
    assert state.opened[0] == "pairs"
    state, _ = apply(state, 0, {"type": "lay", "pairs": [_ids(state, 0, "Y11 Y11")]})
    with pytest.raises(IllegalAction, match="opened with pairs"):
        apply(
            state, 0, {"type": "layoff", "tile": _ids(state, 0, "B13")[0], "meld": 0, "position": 2}
        )


def _took_the_left_r9() -> State101:
    """Seat 1 drew and threw R9, and seat 0 took it."""
    state = _state([OPENER, "R9 K4 K6"])
    state.phase, state.turn = "take", 1
    state, _ = apply(state, 1, {"type": "draw"})
    state, _ = apply(state, 1, {"type": "discard", "tile": _ids(state, 1, "R9")[0]})
    # Seat 0 has no left discard (seat 1 is its left neighbour at 2 seats), so take R9.
    state, _ = apply(state, 0, {"type": "take_discard"})
    return state


def test_left_discard_must_be_used() -> None:
    state = _took_the_left_r9()
    kept = state
    with pytest.raises(IllegalAction, match="taken from the left"):
        apply(state, 0, {"type": "discard", "tile": _ids(state, 0, "K2")[0]})
    assert all(a["type"] != "discard" for a in legal_actions(state, 0))
    melds = [_ids(state, 0, m) for m in ("R9 R10 R11 R12 R13", "B11 B12 B13", "Y11 Y12 Y13")]
    state, _ = apply(state, 0, {"type": "open", "melds": melds})
    state, events = apply(state, 0, {"type": "discard", "tile": _ids(state, 0, "K2")[0]})
    assert events[0]["penalty"] == 0
    off = kept.copy()
    off.options = Options101(seats=2, discard_must_be_used=False)
    apply(off, 0, {"type": "discard", "tile": _ids(off, 0, "K2")[0]})


def test_layoff_swap_and_penalties() -> None:
    state = _state([OPENER.replace("K12", "Y7") + " R9 B10", "K3 K4"], pile="R8 R8")
    state = _draw_and_open(state)
    r9 = _ids(state, 0, "R9")[0]
    with pytest.raises(IllegalAction):
        apply(state, 0, {"type": "layoff", "tile": r9, "meld": 0, "position": 4})
    state, _ = apply(state, 0, {"type": "layoff", "tile": r9, "meld": 0, "position": 0})
    assert len(state.table[0]) == 5
    wild = _ids(state, 0, "Y7")[0]
    state, _ = apply(state, 0, {"type": "layoff", "tile": wild, "meld": 1, "position": 0})
    state, _ = apply(
        state, 0, {"type": "swap", "tile": _ids(state, 0, "B10")[0], "meld": 1, "position": 0}
    )
    assert wild in state.racks[0]
    # Discarding the okey costs 101; so does a tile that fits the table (R8 below R9).
    state, events = apply(state, 0, {"type": "discard", "tile": wild})
    assert events[0]["penalty"] == 101 and state.penalties[0] == 101


def test_discarding_a_layable_tile_costs_101() -> None:
    state = _state([OPENER, "K3 K4"], pile="R9 R9")
    state = _draw_and_open(state)
    state, events = apply(state, 0, {"type": "discard", "tile": _ids(state, 0, "R9")[0]})
    assert events[0]["penalty"] == 101
    quiet = _draw_and_open(_state([OPENER, "K3 K4"], pile="R9 R9", penalties=False))
    _, events = apply(quiet, 0, {"type": "discard", "tile": _ids(quiet, 0, "R9")[0]})
    assert events[0]["penalty"] == 0


def test_finishing_discard_ends_the_hand() -> None:
    rack = "R10 R11 R12 R13 B11 B12 B13 Y11 Y12 Y13 K2"
    # Draws come off the end: K9 (seat 0), B1 (seat 1), K8 (seat 2), R9 (seat 0).
    state = _state([rack, "K3 K4 Y7", "R5 R5"], pile="R9 K8 B1 K9")
    state.opened[1] = "melds"  # seat 1 opened earlier (its melds are not needed here)
    state = _draw_and_open(state)
    state, _ = apply(state, 0, {"type": "discard", "tile": _ids(state, 0, "K2")[0]})
    for seat, face in ((1, "B1"), (2, "K8")):
        state, _ = apply(state, seat, {"type": "draw"})
        state, _ = apply(state, seat, {"type": "discard", "tile": _ids(state, seat, face)[0]})
    assert state.penalties == [0, 0, 0]
    state, _ = apply(state, 0, {"type": "draw"})
    r9 = _ids(state, 0, "R9")[0]
    state, _ = apply(state, 0, {"type": "layoff", "tile": r9, "meld": 0, "position": 0})
    state, events = apply(state, 0, {"type": "discard", "tile": _ids(state, 0, "K9")[0]})
    assert state.phase == "over" and state.finisher == 0
    # Seat 1 opened: K3 + K4 + okey (101) = 108; seat 2 never opened: 202.
    assert state.result == (-101, 108, 202)
    assert state.totals == [-101, 108, 202] and state.match_winners == ()
    assert events[-1]["type"] == "hand_over"
    assert legal_actions(state, 2) == [{"type": "next_hand"}]
    assert view_for(state, 2)["seed"] == bytes(32).hex()
    nxt, _ = apply(state, 1, {"type": "next_hand"})
    assert nxt.hand_number == 1 and nxt.starter == 1 and len(nxt.racks[1]) == 22
    assert nxt.totals == [-101, 108, 202]


def test_okey_finish_doubles() -> None:
    okey = okey_face(parse_face("Y6"))
    racks = [[], parse_tiles("R5"), parse_tiles("K13")]
    assert hand_deltas(
        racks, ["melds", "pairs", None], finisher=0, okey_finish=True, okey=okey
    ) == [
        -202,
        20,
        404,
    ]
    assert rack_points(parse_tiles("F Y7"), okey) == 108
    assert team_totals([1, 2, 3, 4]) == (4, 6) and team_winners([1, 2, 3, 4], 1, 1) == (0, 2)


@pytest.mark.parametrize("burn", [True, False])
def test_burn_full_sets(burn: bool) -> None:
    rack = "R13 B13 Y13 K13 R10 R11 R12 B10 B11 B12 K2 K5"  # 52 + 33 + 33
    state = _state([rack, "K3"], burn_full_sets=burn)
    state, _ = apply(state, 0, {"type": "draw"})
    melds = [_ids(state, 0, m) for m in ("R13 Y13 B13 K13", "R10 R11 R12", "B10 B11 B12")]
    state, events = apply(state, 0, {"type": "open", "melds": melds})
    assert len(state.table) == (2 if burn else 3) and len(state.burned) == (4 if burn else 0)
    assert [e["type"] for e in events] == (["open", "burn"] if burn else ["open"])


def test_end_hand_when_pile_is_empty() -> None:
    state = _state([OPENER, "K3 K4"], pile="")
    with pytest.raises(IllegalAction):
        apply(state, 0, {"type": "draw"})
    state, _ = apply(state, 0, {"type": "end_hand"})
    assert state.phase == "over" and state.result == (202, 202)


def test_view_hides_racks_pile_and_seed() -> None:
    state = new_match101(Options101(seats=3), SECRET)
    mine = view_for(state, 1)
    assert mine["rack"] == state.racks[1] and mine["seed"] is None
    assert "pile" not in mine and "racks" not in mine
    assert str(state.racks[0]) not in str(view_for(state, 1))


def test_random_play_keeps_every_tile() -> None:
    """Random legal play (biased away from plain draws and discards) never
    loses a tile, never gets stuck, and reaches openings, layoffs and ends."""
    rng = random.Random(5)
    seen: set[str] = set()
    for game in range(12):
        state = new_match101(Options101(seats=2 + game % 3, hands=1), bytes([game]) * 32)
        for _ in range(600):
            if state.phase == "over":
                break
            state, events = apply(state, state.turn, random_action101(state, rng))
            seen.update(e["type"] for e in events)
            assert every_tile101(state) == list(range(TILE_COUNT))
        assert state.phase == "over" and state.result is not None
        assert sum(state.result) == sum(state.totals)
    assert {"open", "lay", "layoff", "swap", "hand_over"} <= seen


def test_malformed_and_out_of_order_actions() -> None:
    from engine.core.errors import MalformedAction

    state = _state([OPENER, "K3 K4"])
    with pytest.raises(MalformedAction):
        apply(state, 0, {"type": "fly"})
    with pytest.raises(IllegalAction, match="take a tile"):
        apply(state, 0, {"type": "discard", "tile": state.racks[0][0]})
    state, _ = apply(state, 0, {"type": "draw"})
    with pytest.raises(MalformedAction):
        apply(state, 0, {"type": "open", "melds": "R1 R2 R3"})
    with pytest.raises(MalformedAction):
        apply(state, 0, {"type": "discard", "tile": 106})
    with pytest.raises(IllegalAction, match="open before"):
        apply(state, 0, {"type": "lay", "melds": [_ids(state, 0, "B11 B12 B13")]})
    descending = [_ids(state, 0, "R13 R12 R11 R10"), _ids(state, 0, "B11 B12 B13")]
    with pytest.raises(IllegalAction, match="in order"):
        apply(state, 0, {"type": "open", "melds": [*descending, _ids(state, 0, "Y11 Y12 Y13")]})
    with pytest.raises(IllegalAction, match="not all on your rack"):
        apply(
            state, 0, {"type": "open", "melds": [*descending[1:], parse_tiles("K11 K12 K13")] * 2}
        )


def test_a_pairs_opening_is_listed_and_accepted() -> None:
    """Five or more pairs on the rack: legal_actions offers the pairs opening, apply takes it."""
    for n in range(400):
        state = new_match101(Options101(seats=2), hashlib.sha256(b"pairs%d" % n).digest())
        offers = [a for a in legal_actions(state, state.turn) if a.get("pairs")]
        if offers:
            pairs = offers[0]["pairs"]
            assert len(pairs) >= 5 and all(is_pair(a, b, state.okey) for a, b in pairs)
            flat = [t for pair in pairs for t in pair]
            assert len(set(flat)) == len(flat) and len(flat) < len(state.racks[state.turn])
            after, _ = apply(state, state.turn, {"type": "open", "pairs": pairs})
            assert after.opened[state.turn] == "pairs"
            return
    raise AssertionError("no deal with five pairs in 400")


def test_a_returned_discard_cannot_be_taken_again_this_turn() -> None:
    state = _took_the_left_r9()
    state, _ = apply(state, 0, {"type": "return_discard"})
    assert [a["type"] for a in legal_actions(state, 0)] == ["draw"]
    with pytest.raises(IllegalAction, match="gave that tile back"):
        apply(state, 0, {"type": "take_discard"})
    state, _ = apply(state, 0, {"type": "draw"})
    assert state.phase == "play"
