"""The helpers never walk a 101 player into a penalty.

Best (``GET /arrangement?by=best``: the groups of ``engine.variants``, the discard of
``engine.okey101.advice``) and the rack left by the suggested opening (Open) are
checked over random positions: a discard they advise is penalised only when every
tile the seat may throw is.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.melds import meld_kind
from engine.core.tiles import parse_tiles
from engine.okey101.advice import discard_advice, penalty_fits
from engine.okey101.game import apply, new_match101
from engine.okey101.legal import legal_actions
from engine.okey101.state import Options101, State101
from engine.okey101.table import layoffs
from engine.variants import OKEY_101
from tests.game_helpers import random_action101

PROPERTY = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def best_discard(state: State101, seat: int) -> tuple[list[list[int]], list[int], int | None]:
    """What Best answers the seat: its groups, loose tiles and advised discard."""
    rack = list(state.racks[seat])
    groups, leftover, discard, _ = OKEY_101.best_arrangement(state, rack)
    assert discard is None  # 101 leaves the discard to the advice
    return discard_advice(rack, state.okey, groups, leftover, legal_actions(state, seat))


def check_advice(state: State101, seat: int) -> bool:
    """Asserts Best's advice is safe when it can be; whether the seat was to discard."""
    entry = next((a for a in legal_actions(state, seat) if a["type"] == "discard"), None)
    if entry is None:
        return False
    groups, leftover, discard = best_discard(state, seat)
    safe = set(entry["tiles"]) - set(entry["penalised"])
    if discard is None:  # only wild okeys to throw: the loneliness measure skips them
        assert all(t >> 1 == state.okey for t in entry["tiles"])
        return True
    assert discard in entry["tiles"]
    if safe:
        assert discard not in entry["penalised"], (state.racks[seat], state.table)
    # The layout still holds every other tile once, in melds or loose.
    laid = sorted([*(t for g in groups for t in g), *leftover, discard])
    assert laid == sorted(state.racks[seat])
    assert all(meld_kind(g, state.okey, run_13_1=False) for g in groups)
    return True


@PROPERTY
@given(
    seats=st.integers(2, 4),
    rule=st.sampled_from(["sum101", "middle34"]),
    must_use=st.booleans(),
    secret=st.binary(min_size=32, max_size=32),
    seed=st.integers(0, 2**32),
)
def test_best_and_open_never_advise_a_penalty_that_can_be_avoided(
    seats: int, rule: str, must_use: bool, secret: bytes, seed: int
) -> None:
    rng = random.Random(seed)
    options = Options101(
        seats=seats, hands=1, opening_rule=rule, discard_must_be_used=must_use, penalties=True
    )
    state, advised = new_match101(options, secret), 0
    while state.phase != "over":
        seat = state.turn
        if state.phase == "play":
            advised += check_advice(state, seat)
            for action in legal_actions(state, seat):
                if action["type"] == "open":  # Open, then Best on the rack it leaves
                    opened, _ = apply(state, seat, dict(action))
                    check_advice(opened, seat)
        state, _ = apply(state, seat, random_action101(state, rng))
    assert advised > 0


def test_a_penalised_discard_names_the_meld_it_fits() -> None:
    state = new_match101(Options101(seats=3), bytes(32))
    r5, r6, r7, r8, k1, k2 = parse_tiles("R5 R6 R7 R8 K1 K2")
    okey_tile = next(t for t in range(106) if t >> 1 == state.okey and t not in (r8, k1, k2))
    state.racks[0], state.phase = [r8, k1, k2, okey_tile], "play"
    state.table, state.table_owners = [parse_tiles("B1 B2 B3"), (r5, r6, r7)], [1, 2]
    entry = next(a for a in legal_actions(state, 0) if a["type"] == "discard")
    assert r8 in entry["penalised"] and okey_tile in entry["penalised"]
    # The okey costs 101 for being the okey, so only R8 names a meld: Computer 3's R5-R7.
    assert [f for f in entry["fits"] if layoffs([f["tile"]], state.table, state.okey)] == [
        {"tile": r8, "meld": 1, "seat": 2}
    ]
    assert entry["fits"] == penalty_fits(state, 0, entry["penalised"])


def test_best_gives_up_a_meld_tile_when_every_loose_tile_costs_101() -> None:
    state = new_match101(Options101(seats=2), bytes(32))
    r5, r6, r7, r8, b2, b3, b4, b5 = parse_tiles("R5 R6 R7 R8 B2 B3 B4 B5")
    state.racks[0], state.phase, state.opened[0] = [r8, b2, b3, b4, b5], "play", "melds"
    state.table, state.table_owners = [(r5, r6, r7)], [1]
    groups, leftover, discard = best_discard(state, 0)
    # R8 would go on R5-R7: B2 or B5 leaves the run B2-B5 a run.
    assert discard in (b2, b5) and leftover == [r8]
    assert sorted(t for g in groups for t in g) == sorted({b2, b3, b4, b5} - {discard})
