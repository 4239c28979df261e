"""101 Okey computer players: always legal, view-only, deterministic, and
sensible on the points the rules punish (okeys, layable tiles, the left
discard) or reward (opening)."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from engine.core.tiles import okey_face, parse_face, parse_tiles
from engine.okey101 import opening
from engine.okey101.bots import LEVELS, choose_action101
from engine.okey101.bots.block import danger
from engine.okey101.bots.hard import BLOCK
from engine.okey101.bots.hold import HOLD
from engine.okey101.bots.seat import Seat
from engine.okey101.game import apply, new_match101
from engine.okey101.opening import Rule, best_opening, opening_points
from engine.okey101.scoring import Opened
from engine.okey101.state import Options101, State101
from engine.okey101.view import view_for
from engine.tools.simulate101 import play_hand101

SECRET = bytes(range(32))
OKEY = okey_face(parse_face("Y6"))  # Y7
# R10-13 (46) + B11-13 (36) + Y11-13 (36) = 118, plus loose low tiles.
OPENER = "R10 R11 R12 R13 B11 B12 B13 Y11 Y12 Y13 K2 K5 R3 B7 Y4 K9 R6 B2 Y8 K12 R1"


def _state(
    racks: list[str],
    *,
    pile: str = "K1 K1 R2 R2 Y10 Y10",
    phase: str = "take",
    table: tuple[str, ...] = (),
    opened: tuple[Opened, ...] = (),
    discards: tuple[str, ...] = (),
) -> State101:
    """A hand with chosen racks (indicator Y6, okey Y7), seat 0 to move."""
    texts = [*racks, pile, *table, *discards]
    ids = parse_tiles([w for text in texts for w in text.split()])
    parts, at = [], 0
    for text in texts:
        parts.append(ids[at : at + len(text.split())])
        at += len(text.split())
    n = len(racks)
    left = parts[n + 1 + len(table) :]
    return State101(
        options=Options101(seats=n),
        match_secret=SECRET,
        hand_number=0,
        seed=bytes(32),
        starter=0,
        racks=parts[:n],
        pile=parts[n],
        discards=[[] for _ in range(n - 1)] + [left[0] if left else []],
        indicator=parse_tiles("Y6")[0],
        okey=OKEY,
        turn=0,
        phase="take" if phase == "take" else "play",
        opened=list(opened) + [None] * (n - len(opened)),
        table=[tuple(m) for m in parts[n + 1 : n + 1 + len(table)]],
        table_owners=[n - 1] * len(table),
        burned=[],
        penalties=[0] * n,
        totals=[0] * n,
        history=[],
    )


def _choose(state: State101, level: str = "normal", seed: int = 0) -> dict[str, Any]:
    return choose_action101(view_for(state, state.turn), level, seed)


def _walk(levels: tuple[str, ...], seed: int) -> list[State101]:
    """Every state of a bot-played hand (seat s plays levels[s])."""
    rng = random.Random(seed)
    state = new_match101(Options101(seats=len(levels), hands=1), rng.randbytes(32))
    states = [state]
    while state.phase != "over":
        assert len(states) < 5000, "a bot is looping"
        state, _ = apply(state, state.turn, _choose(state, levels[state.turn], rng.randrange(99)))
        states.append(state)
    return states


@pytest.mark.parametrize("seed", range(6))
def test_every_level_is_legal_on_random_views(seed: int) -> None:
    rng = random.Random(seed)
    levels = tuple(rng.choice(LEVELS) for _ in range(rng.choice((2, 3, 4))))
    for state in _walk(levels, seed)[:-1:3]:
        view = view_for(state, state.turn)
        types = {a["type"] for a in view["legal"]}
        for level in LEVELS:
            action = choose_action101(view, level, seed)
            apply(state, state.turn, action)  # raises if illegal
            # An opening with pairs is legal but the engine only suggests melds.
            assert action["type"] in types or action.get("pairs")
            if action["type"] == "discard":
                assert action["tile"] in next(a for a in view["legal"] if "tiles" in a)["tiles"]


@pytest.mark.parametrize("seed", range(8))
def test_bots_avoid_penalties_and_use_taken_tiles(seed: int) -> None:
    levels = ("hard", "normal", "easy", "gentle")
    states = _walk(levels, 100 + seed)
    assert states[-1].penalties == [0, 0, 0, 0]
    for event, after in itertools.pairwise(states[-1].events):
        if event["type"] == "take_discard":
            assert after["type"] != "return_discard"  # it took only what it could use


def test_view_only() -> None:
    """Two states that differ only in what the seat cannot see get one answer."""
    for state in _walk(("hard", "normal", "normal", "easy"), 7)[10:-1:7]:
        seat, other = state.turn, state.copy()
        hidden = [t for s in range(4) if s != seat for t in other.racks[s]] + other.pile
        random.Random(len(hidden)).shuffle(hidden)
        at = 0
        for s in range(4):
            if s != seat:
                size = len(other.racks[s])
                other.racks[s], at = hidden[at : at + size], at + size
        other.pile = hidden[at:]
        assert view_for(other, seat) == view_for(state, seat)
        for level in LEVELS:
            assert _choose(other, level, 3) == _choose(state, level, 3)


def test_deterministic_given_view_and_seed() -> None:
    state = _walk(("easy", "easy"), 3)[20]
    for level in LEVELS:
        assert {str(_choose(state, level, 5)) for _ in range(3)} == {str(_choose(state, level, 5))}


def test_normal_opens_when_101_is_there() -> None:
    state = _state([OPENER + " K7", "K3 K4"], phase="play")
    action = _choose(state, "normal")
    assert action["type"] == "open" and sum(map(len, action["melds"])) == 10
    state, _ = apply(state, 0, action)
    assert state.opened[0] == "melds"


def test_opens_with_pairs_when_dealt_many() -> None:
    state = _state(["R1 R1 Y3 Y3 B5 B5 K7 K7 R9 R9 Y11 Y11 B13 K2 R4", "K3 K4"], phase="play")
    action = _choose(state, "normal")
    assert action["type"] == "open" and len(action["pairs"]) == 6
    state, _ = apply(state, 0, action)
    assert state.opened[0] == "pairs"


def test_takes_the_left_discard_only_to_use_it() -> None:
    # Seat 0 opened; R5 R6 R7 is on the table and seat 1 (its left) threw R8.
    racks = ["K2 B9 Y4", "K3 K4 K5"]
    state = _state(racks, table=("R5 R6 R7",), opened=("melds",), discards=("R8",))
    assert _choose(state) == {"type": "take_discard"}
    state, _ = apply(state, 0, {"type": "take_discard"})
    action = _choose(state)
    assert action["type"] == "layoff" and action["tile"] >> 1 == parse_face("R8")
    useless = _state(racks, table=("R5 R6 R7",), opened=("melds",), discards=("B2",))
    assert _choose(useless) == {"type": "draw"}


def test_never_throws_an_okey_or_a_layable_tile() -> None:
    racks = ["Y7 R8 K2 B9 Y4", "K3 K4 K5"]  # Y7 is the okey, R8 fits R5 R6 R7
    state = _state(racks, phase="play", table=("R5 R6 R7",), opened=(None, "melds"))
    for level in LEVELS:
        for seed in range(5):
            action = _choose(state, level, seed)
            assert action["type"] == "discard"
            assert action["tile"] >> 1 not in (OKEY, parse_face("R8"))


def test_lays_off_then_finishes_with_the_okey() -> None:
    state = _state(["Y7 R8", "K3 K4"], phase="play", table=("R5 R6 R7",), opened=("melds",))
    action = _choose(state, "hard")
    assert action["type"] == "layoff" and action["tile"] >> 1 == parse_face("R8")
    state, _ = apply(state, 0, action)
    state, _ = apply(state, 0, _choose(state, "hard"))
    assert state.phase == "over" and state.finisher == 0 and state.result[0] == -202  # type: ignore[index]


def test_play_hand101_ends() -> None:
    state = play_hand101(("hard", "normal", "normal", "normal"), seed=4)
    assert state.phase == "over" and state.result is not None
    assert sum(state.penalties) == 0


def test_unknown_level_and_no_move() -> None:
    state = new_match101(Options101(seats=2), SECRET)
    with pytest.raises(ValueError, match="level"):
        choose_action101(view_for(state, 0), "expert")
    with pytest.raises(ValueError):
        choose_action101(view_for(state, 1), "normal")


def test_hard_reads_what_the_next_seat_let_pass() -> None:
    # Seat 0 threw K9; seat 1 (next) drew instead of taking it, then threw B2.
    state = _state(["K2 B9 Y4 R8 R9", "K3 K4 K5"], phase="play", discards=("B2",))
    k9 = parse_tiles("K9")[0]
    state.events = [
        {"v": 1, "type": "discard", "seat": 0, "tile": k9, "penalty": 0},
        {"v": 2, "type": "draw", "seat": 1, "tile": parse_tiles("R1")[0]},
        {"v": 3, "type": "discard", "seat": 1, "tile": parse_tiles("B2")[0], "penalty": 0},
    ]
    seat = Seat.of(view_for(state, 0))
    assert seat.declined == {k9 >> 1} and not seat.next_opened


def test_danger_counts_unseen_partners_and_points() -> None:
    live = [2] * 52
    r13, r1, k7 = parse_face("R13"), parse_face("R1"), parse_face("K7")
    assert danger(r13, live) > danger(k7, live) > danger(r1, live) > 0
    # With both copies of R11, R12 and every other 13 seen, R13 completes nothing.
    for face in ("R11", "R12", "Y13", "B13", "K13"):
        live[parse_face(face)] = 0
    assert danger(r13, live) == 0.0


def test_hard_blocking_keeps_a_tile_that_could_open_the_next_seat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Far from opening, the look-ahead alone throws the loose Y11; with the
    # (measured, off by default) blocking weight it keeps Y11, worth more than
    # K2 to a next seat that needs a few points to open.
    rack = "R10 K6 R6 Y5 R9 B10 B7 B9 B3 Y2 R8 K8 R3 K7 B5 Y1 B13 Y11 K2 B4 R1 B1"
    tiles = parse_tiles(rack)
    state = _state([rack, "K3 K4 K5"], phase="play")
    y11, k2 = (tiles[rack.split().index(name)] for name in ("Y11", "K2"))
    assert _choose(state, "hard") == {"type": "discard", "tile": y11}
    monkeypatch.setitem(BLOCK, "before", 0.4)
    assert _choose(state, "hard") == {"type": "discard", "tile": k2}


def test_hard_waits_for_melds_over_pairs_while_the_pile_lasts() -> None:
    # Five pairs, and melds worth 69 (K11-K13, B10-B12): close enough to 101 to wait for.
    rack = "R1 R1 Y3 Y3 B5 B5 K7 K7 R9 R9 K11 K12 K13 B10 B11 B12 Y2 K4"
    early = _state([rack, "K3 K4"], phase="play")
    assert _choose(early, "normal").get("pairs")  # normal takes the pairs opening
    assert _choose(early, "hard")["type"] == "discard"
    late = _state([rack, "K3 K4"], phase="play", pile="K1 K1 R2")
    action = _choose(late, "hard")
    assert action["type"] == "open" and len(action["pairs"]) == 5


def test_hard_holds_a_ready_opening_until_it_can_finish_or_its_last_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(HOLD, "on", 1)  # off by default (see engine.okey101.bots.hold)
    # Melds worth 118 and twelve loose tiles: normal opens, hard keeps them back
    # (nobody can lay off onto melds that are not on the table) ...
    state = _state([OPENER + " K7", "K3 K4"], phase="play")
    assert _choose(state, "normal")["type"] == "open"
    assert _choose(state, "hard")["type"] == "discard"
    # ... until its last turn (with two seats and one tile left, it draws no more).
    last = _state([OPENER + " K7", "K3 K4"], phase="play", pile="K1")
    assert _choose(last, "hard")["type"] == "open"
    monkeypatch.setitem(HOLD, "on", 0)
    assert _choose(state, "hard")["type"] == "open"


def test_hard_holding_weak_racks_only_opens_when_little_is_left(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(HOLD, "on", 1)
    monkeypatch.setitem(HOLD, "weak", 40)  # hold only an opening that leaves over 40 points
    heavy = _state([OPENER + " K7", "K3 K4"], phase="play")
    assert _choose(heavy, "hard")["type"] == "discard"
    # Melds worth 118 leave K2 K5 B3 Y7 (17 points, no finish this turn): open.
    light = _state(["R10 R11 R12 R13 B11 B12 B13 Y11 Y12 Y13 K2 K5 B3 Y7", "K3 K4"], phase="play")
    assert _choose(light, "hard")["type"] == "open"
    monkeypatch.setitem(HOLD, "weak", 0)  # hold any opening that does not finish
    assert _choose(light, "hard")["type"] == "discard"


@pytest.mark.parametrize("on", [0, 1])
def test_hard_opens_when_it_can_finish_at_once(on: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(HOLD, "on", on)
    state = _state(["R10 R11 R12 R13 B11 B12 B13 Y11 Y12 Y13 K2", "K3 K4"], phase="play")
    for _ in range(3):
        if state.phase == "over":
            break
        state, _ = apply(state, 0, _choose(state, "hard"))
    assert state.phase == "over" and state.finisher == 0


def test_hard_holding_takes_a_discard_that_opens_and_finishes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(HOLD, "on", 1)
    rack = "R10 R11 R12 R13 B11 B12 B13 Y11 Y12 Y13 K2 K3 B2"
    finish = _state([rack, "K3 K4"], discards=("K4",))  # K2 K3 K4: all but B2 laid
    assert _choose(finish, "hard") == {"type": "take_discard"}
    state, _ = apply(finish, 0, {"type": "take_discard"})
    for _ in range(3):
        if state.phase == "over":
            break
        state, _ = apply(state, 0, _choose(state, "hard"))
    assert state.finisher == 0
    # R9 would be used (R9-R13) but would force the opening out with K2 K3 B2 left.
    more = _state([rack, "K3 K4"], discards=("R9",))
    assert _choose(more, "normal") == {"type": "take_discard"}
    assert _choose(more, "hard") == {"type": "draw"}


def test_hard_sheds_its_highest_tile_on_its_last_turn() -> None:
    rack = "K2 B9 Y4 R12 R1"
    state = _state([rack, "K3 K4"], phase="play", pile="K1", table=("B5 B6 B7",), opened=("melds",))
    assert _choose(state, "hard") == {"type": "discard", "tile": parse_tiles(rack)[3]}


@pytest.mark.parametrize(
    ("rule", "limit"), [("sum101", 50_000), ("middle34", 50_000), ("sum101", 5)]
)
def test_opening_points_match_best_opening(
    rule: Rule, limit: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The bots' points-only search shares the memo with best_opening (and
    # survives the memo being cleared between searches).
    monkeypatch.setattr(opening, "MEMO_LIMIT", limit)
    rng = random.Random(rule)
    for _ in range(200):
        okey = rng.randrange(52)
        tiles = rng.sample(range(106), rng.choice((5, 14, 21, 22)))
        if rng.random() < 0.5:  # with both okeys and a fake
            tiles = list({*tiles[:-3], okey * 2, okey * 2 + 1, 104})
        assert opening_points(tiles, okey, rule=rule) == best_opening(tiles, okey, rule=rule).points
