"""Computer players for 101 Okey: ``choose_action101(view, level, seed)``.

Like the classic bots (:mod:`engine.classic.bots`), a 101 bot is a function of its
seat's view only (``engine.okey101.view.view_for``): it never sees the other
racks or the pile, and the same view and seed give the same action. It
returns one action per call; a turn is a sequence of calls (take, then
swaps, melds, lay-offs, and finally a discard), each on the fresh view.

Plan of every level: open as soon as the engine offers an opening (melds
worth the threshold, or five pairs when dealt many), then get rid of as
much as possible each turn, and discard the least useful tile, never an
okey or a tile that could be laid on the table (each costs 101) unless
nothing else is left. The levels differ in how they pick that discard:
easy and gentle often throw one of a few poor tiles at random (and gentle
does not open before its fourth turn); normal weighs melds and partial
melds; hard also counts the unseen copies that would complete a partial,
sheds high tiles once opened, and before opening looks one draw ahead
(:mod:`engine.okey101.bots.ahead`, :mod:`engine.okey101.bots.hard`).
Hard opens with the melds that leave least after the turn (not always the
richest), finishes when every tile but one goes down even where the engine
suggests no lay (:func:`engine.okey101.bots.after.finish_now`), sheds its
highest tile on its last turn, and can (off by default,
see :data:`engine.okey101.bots.hold.HOLD`) keep a ready opening on its
rack until it can open and finish in one turn or until its last turn.

>>> from engine.okey101.game import new_match101
>>> from engine.okey101.state import Options101
>>> from engine.okey101.view import view_for
>>> state = new_match101(Options101(seats=2), bytes(32))
>>> choose_action101(view_for(state, 0), "normal")["type"] in ("open", "discard")
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.core.levels import LEVELS
from engine.core.tiles import plays_as
from engine.okey101.bots.after import AFTER, after_discard, finish_now
from engine.okey101.bots.ahead import link, near_table
from engine.okey101.bots.hard import hard_discard
from engine.okey101.bots.hold import (
    HOLD,
    finish_opening,
    hold,
    last_turn,
    lean_opening,
    take_to_finish,
)
from engine.okey101.bots.search import SEARCH, search_discard, search_hold, shortlist
from engine.okey101.bots.seat import Action, Seat, is_okey, live_faces, make_pairs, value
from engine.okey101.opening import PAIRS_TO_OPEN, THRESHOLD, count_pairs, opening_points
from engine.okey101.table import layoffs, okey_swaps

# Easy and gentle players throw one of their EASY_POOL least useful tiles at
# random this often, and take a usable left discard only this often.
EASY_SLIP = 0.5
EASY_POOL = 3
EASY_TAKES = 0.4
# Gentle players leave the others time: no opening before their fourth turn.
GENTLE_QUIET_TURNS = 3
# A rack dealt this many pairs plays for a pairs opening while melds are far off.
PAIRS_MODE = 4
PAIRS_MODE_MELDS = 70
# Hard players' weights (a dict so that measurements can try others):
# ``value``: how much an opened rack's face value pushes a tile out;
# ``near``: a tile two steps from a table run's end (one lay-off away from
# being layable); ``high_links``: links between high tiles count more before
# opening, as they reach the threshold sooner.
HARD = {"value": 0.5, "near": 1.0, "high_links": 1.0}
# Hard players open with pairs (a doubled rack, and pairs-openers almost never
# win a hand) only when melds look out of reach: melds worth less than this
# share of the threshold, or the pile down to this many tiles. (With 4 seats
# the pile starts at 20, so the pile test must be small to matter.)
HARD_PAIRS_MELDS = 60
HARD_PAIRS_PILE = 4


def choose_action101(view: Mapping[str, Any], level: str, seed: int = 0) -> Action:
    """One legal action for the seat whose view this is.

    ``level`` is one of :data:`LEVELS`. When the hand is over the answer is
    ``next_hand``. Raises ``ValueError`` for an unknown level or when the
    seat has nothing to do.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}")
    legal = list(view.get("legal", []))
    if not legal:
        raise ValueError("this seat has no legal action now")
    if view["phase"] == "over":
        return {"type": "next_hand"}
    seat = Seat.of(view)
    # One stream per decision: the same view and seed always replay alike.
    rng = random.Random(seed * 1_000_003 + len(view.get("events", [])) * 131 + len(seat.rack))
    if view["phase"] == "take":
        return _take(seat, level, rng)
    return _play(seat, level, rng, view)


def _take(seat: Seat, level: str, rng: random.Random) -> Action:
    # The engine offers the left discard only when this seat can use it this
    # turn (open with it, lay it off, lay it in a meld or pair), and _play
    # always uses a taken tile first, so taking it is a sure gain.
    kinds = seat.types()
    # Never take again what was just put back, and a seat that opened with
    # pairs cannot lay a pair that would empty its rack.
    want = "take_discard" in kinds and not seat.returned
    if seat.opened == "pairs" and len(seat.rack) < 2:
        want = False
    if level in ("easy", "gentle"):
        want = want and rng.random() < EASY_TAKES
    if level == "gentle" and seat.opened is None and seat.my_turns < GENTLE_QUIET_TURNS:
        want = False  # taking it would force an opening
    if level == "hard" and want and HOLD["on"] and seat.opened is None:
        # A taken tile forces the opening out: with one ready on the rack,
        # take only to finish at once or on the last turn.
        ready = opening_points(seat.rack, seat.okey, rule=seat.rule) >= THRESHOLD[seat.rule]
        early = not ready and bool(HOLD["mid"])
        want = early or last_turn(seat, drawn=False) or take_to_finish(seat)
    if want:
        return {"type": "take_discard"}
    return {"type": "draw"} if "draw" in kinds else {"type": "end_hand"}


def _play(seat: Seat, level: str, rng: random.Random, view: Mapping[str, Any]) -> Action:
    kinds = seat.types()
    if seat.opened is None:
        opening = _opening(seat, level, view, rng)
        if opening is not None:
            return opening
    elif seat.opened == "pairs":
        lay = _lay_pairs(seat)
        if lay is not None:
            return lay
    else:
        step = None
        if level == "hard" and AFTER["finish_now"]:
            step = finish_now(seat)
        step = step or (_use_taken(seat) if seat.taken is not None else None)
        step = step or _after_opening(seat, level)
        if step is not None:
            return step
    if "discard" not in kinds:
        # A taken tile we could not use after all: put it back and draw instead.
        return {"type": "return_discard"}
    return {"type": "discard", "tile": _discard(seat, level, rng, view)}


def _opening(seat: Seat, level: str, view: Mapping[str, Any], rng: random.Random) -> Action | None:
    if level == "gentle" and seat.my_turns < GENTLE_QUIET_TURNS and seat.taken is None:
        return None
    suggested = seat.first("open")
    if suggested is not None and level == "hard" and "melds" in suggested:
        finish = finish_opening(seat) if seat.taken is None else None
        if finish is not None:
            return {"type": "open", "melds": [list(g) for g in finish]}
        if hold(seat, suggested["melds"]):
            return None  # see bots.hold
        lean = lean_opening(seat) if HOLD["lean"] and seat.taken is None else None
        groups = lean or tuple(tuple(g) for g in suggested["melds"])
        ready = SEARCH["hold"] and seat.taken is None and not last_turn(seat)
        if ready and search_hold(view, seat, groups, rng):
            return None  # holding won more playouts (bots.search)
        return {"type": "open", "melds": [list(g) for g in groups]}
    if suggested is not None and level != "hard":
        return suggested
    # hard weighs a suggested pairs opening here
    if not seat.pairs_opening or seat.taken is not None:
        return suggested  # a pairs opening that uses the taken tile, or none
    pairs, rest = make_pairs(seat.rack, seat.okey)
    if len(pairs) < PAIRS_TO_OPEN or not rest:
        return suggested
    if level == "hard":
        melds = opening_points(seat.rack, seat.okey, rule=seat.rule)
        if melds >= HARD_PAIRS_MELDS * THRESHOLD[seat.rule] // 101 and (
            seat.pile_count > HARD_PAIRS_PILE and len(pairs) < PAIRS_TO_OPEN + 2
        ):
            return None  # melds are close: a melds opening keeps the rack undoubled
    return {"type": "open", "pairs": pairs}


def _lay_pairs(seat: Seat) -> Action | None:
    pairs, rest = make_pairs(seat.rack, seat.okey)
    if seat.taken is not None:
        # the taken tile must leave the rack: lay its pair even if it was last
        pairs.sort(key=lambda p: seat.taken not in p)
    while pairs and not rest:
        rest += pairs.pop()  # keep a tile to discard; the last pair is split
    if not pairs:
        return None
    return {"type": "lay", "pairs": pairs}


def _use_taken(seat: Seat) -> Action | None:
    """Lay off or lay in a meld the tile just taken from the left."""
    tile = seat.taken
    assert tile is not None
    for t, m, p in layoffs([tile], seat.table, seat.okey):
        return {"type": "layoff", "tile": t, "meld": m, "position": p}
    lay = seat.first("lay")
    if lay is not None and any(tile in g for g in lay["melds"]):
        return lay
    return None


def _after_opening(seat: Seat, level: str) -> Action | None:
    """Swap okeys, lay melds, lay off: the order that empties the rack fastest."""
    rack, okey, table = seat.rack, seat.okey, seat.table
    if level != "easy" and "swap" in seat.types():
        for t, m, p in okey_swaps(rack, table, okey):
            after = [list(g) for g in table]
            after[m][p] = t
            # a swapped okey is worth having only if it can leave the rack again
            if layoffs([table[m][p]], after, okey):
                return {"type": "swap", "tile": t, "meld": m, "position": p}
    lay = seat.first("lay")
    if lay is not None:
        return lay
    places = layoffs(rack, table, okey)
    if len(rack) <= 1 or not places:
        return None
    # Real tiles first: an okey kept to the end finishes the hand double.
    places.sort(key=lambda x: (is_okey(x[0], okey), -value(x[0], okey), x))
    t, m, p = places[0]
    if is_okey(t, okey) and len(rack) == 1:
        return None
    return {"type": "layoff", "tile": t, "meld": m, "position": p}


def _discard(seat: Seat, level: str, rng: random.Random, view: Mapping[str, Any]) -> int:
    okey = seat.okey
    # The legal tiles: a left discard taken this turn may not be thrown straight back.
    rack: list[int] = list((seat.first("discard") or {}).get("tiles", seat.rack))
    if len(rack) == 1:
        return rack[0]  # the finishing discard (okey or not) carries no penalty
    safe = [t for t in rack if not is_okey(t, okey) and not layoffs([t], seat.table, okey)]
    if not safe:
        # forced: a layable tile costs 101 as an okey does, but keep okeys (wild)
        safe = [t for t in rack if not is_okey(t, okey)] or rack
    if level == "hard" and seat.opened == "melds" and last_turn(seat):
        # no more draws: what stays on the rack is what it scores
        return max(safe, key=lambda t: (value(t, okey), t))
    judge = _Judge(seat, level)
    scores = {face: judge.keep(face) for face in {plays_as(t, okey) for t in safe}}
    ranked = sorted(safe, key=lambda t: (scores[plays_as(t, okey)], t))
    if level in ("easy", "gentle") and rng.random() < EASY_SLIP:
        return rng.choice(ranked[:EASY_POOL])
    if level == "hard" and seat.opened == "melds" and AFTER["on"]:
        return after_discard(seat, ranked)
    if level == "hard" and seat.opened != "pairs":
        ahead = seat.opened is None and not judge.pairs_mode
        pick = hard_discard(seat, ranked, scores, ahead)
        if SEARCH["after" if seat.opened else "before"]:
            # the judge's pick and the next best faces, played out on sampled deals
            candidates = shortlist(ranked, pick, okey, int(SEARCH["candidates"]))
            pick = search_discard(view, seat, candidates, rng)
        return pick
    return ranked[0]


class _Judge:
    """How much the rack loses without a tile of a given face (lower: discard first)."""

    def __init__(self, seat: Seat, level: str) -> None:
        self.seat, self.level = seat, level
        okey = seat.okey
        self.faces = [plays_as(t, okey) for t in seat.rack if not is_okey(t, okey)]
        self.outs = live_faces(seat) if level == "hard" else None
        self.base = 0
        self.pairs_mode = False
        self.near = near_table(seat.table, okey)
        if seat.opened is None:
            self.base = opening_points(seat.rack, okey, rule=seat.rule)
            self.pairs_mode = _pairs_mode(seat, self.base)

    def keep(self, face: int) -> float:
        seat, okey = self.seat, self.seat.okey
        val = face % 13 + 1
        others = list(self.faces)
        others.remove(face)
        twins = others.count(face)
        if seat.opened == "pairs":
            # Only pairs count now; singles cost double if kept, so shed high ones.
            return twins * 100 - val
        links = sum(link(face, f, self.outs) for f in others)
        hard = self.level == "hard"
        if seat.opened is None:
            rest = list(seat.rack)
            rest.remove(next(t for t in rest if not is_okey(t, okey) and plays_as(t, okey) == face))
            loss = self.base - opening_points(rest, okey, rule=seat.rule)
            if self.pairs_mode:
                links += 12 * twins
            elif hard:
                links *= 1 + HARD["high_links"] * (val - 7) / 14
            # Until opened the rack counts 202 whatever it holds, so high tiles
            # are worth keeping: they reach the threshold sooner.
            return loss * 3 + links * 2 + val * 0.1
        # Opened: what stays counts its face value at the end, so high tiles
        # go first, and later in the hand the more so.
        late = 1.0 if seat.pile_count > 20 else 2.0
        weight = HARD["value"] * late if hard else 0.001
        near = HARD["near"] * self.near.count(face) if hard else 0.0
        return (links + near) * 2 - val * weight


def _pairs_mode(seat: Seat, melds: int) -> bool:
    if not seat.pairs_opening:
        return False
    pairs = count_pairs(seat.rack, seat.okey)
    return pairs >= PAIRS_MODE and melds < PAIRS_MODE_MELDS * THRESHOLD[seat.rule] // 101


__all__ = ["LEVELS", "choose_action101", "make_pairs"]
