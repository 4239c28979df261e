"""Computer players for 101 Okey: ``choose_action101(view, level, seed)``.

Like the classic bots (:mod:`engine.bots`), a 101 bot is a function of its
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
(:mod:`engine.okey101.bots_ahead`).

>>> from engine.okey101.game import new_match101
>>> from engine.okey101.state import Options101
>>> from engine.okey101.view import view_for
>>> state = new_match101(Options101(seats=2), bytes(32))
>>> choose_action101(view_for(state, 0), "normal")["type"] in ("open", "discard")
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.okey101.bots_ahead import draw_value, link, near_table
from engine.okey101.opening import PAIRS_TO_OPEN, THRESHOLD, Rule, best_opening, count_pairs
from engine.okey101.table import layoffs, okey_swaps
from engine.tiles import FAKE_FACE

Action = dict[str, Any]

LEVELS = ("easy", "normal", "hard", "gentle")

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
# Hard players look one draw ahead over this many least useful tiles.
AHEAD_SHORTLIST = 4
# Hard players open with pairs (doubled rack) only when melds look out of reach.
HARD_PAIRS_MELDS = 80
HARD_PAIRS_PILE = 40


@dataclass(frozen=True)
class Seat:
    """What the bot reads from a view, in the engine's ids."""

    you: int
    rack: tuple[int, ...]
    okey: int
    table: tuple[tuple[int, ...], ...]
    opened: str | None
    legal: tuple[Action, ...]
    rule: Rule
    pairs_opening: bool
    pile_count: int
    my_turns: int
    taken: int | None  # the left discard taken this turn, still to be used
    returned: bool  # this turn the seat already put a left discard back
    seen: tuple[int, ...]  # faces (as played) of every tile this seat has seen

    @classmethod
    def of(cls, view: Mapping[str, Any]) -> Seat:
        you = view["you"]
        if you is None:
            raise ValueError("a spectator has no move")
        rack = tuple(view["rack"])
        okey = view["okey"]
        events = view.get("events", [])
        taken = None
        for event in events:
            # the seat's last take of the current hand; cleared by its discards
            if event.get("seat") == you and event["type"] == "take_discard":
                taken = event["tile"]
            elif event.get("seat") == you and event["type"] in ("discard", "return_discard"):
                taken = None
        if taken not in rack:
            taken = None
        last = events[-1] if events else {}
        returned = last.get("type") == "return_discard" and last.get("seat") == you
        seen = [t for e in events if e["type"] == "discard" for t in [e["tile"]]]
        seen += [t for m in view["table"] for t in m] + list(view.get("burned", []))
        seen += [*rack, view["indicator"]]
        options = view["options"]
        return cls(
            you=you,
            rack=rack,
            okey=okey,
            table=tuple(tuple(m) for m in view["table"]),
            opened=view["seats"][you]["opened"],
            legal=tuple(view.get("legal", [])),
            rule=options.get("opening_rule", "sum101"),
            pairs_opening=bool(options.get("pairs_opening", True)),
            pile_count=view["pile_count"],
            my_turns=sum(1 for e in events if e["type"] == "discard" and e.get("seat") == you),
            taken=taken,
            returned=returned,
            seen=tuple(plays(t, okey) for t in set(seen) if not is_okey(t, okey)),
        )

    def types(self) -> set[str]:
        return {a["type"] for a in self.legal}

    def first(self, kind: str) -> Action | None:
        return next((dict(a) for a in self.legal if a["type"] == kind), None)


def is_okey(tile: int, okey: int) -> bool:
    return tile >> 1 == okey


def plays(tile: int, okey: int) -> int:
    """Face a non-wild tile plays as (a fake okey plays the okey's face)."""
    face = tile >> 1
    return okey if face == FAKE_FACE else face


def value(tile: int, okey: int) -> int:
    """Points the tile costs if it stays on the rack (an okey: 101)."""
    return 101 if is_okey(tile, okey) else plays(tile, okey) % 13 + 1


def make_pairs(rack: Sequence[int], okey: int) -> tuple[list[list[int]], list[int]]:
    """Disjoint pairs of ``rack`` as :func:`count_pairs` counts them, and the rest.

    Okeys pair with the highest singles first: those cost most if kept.
    """
    wilds = [t for t in rack if is_okey(t, okey)]
    by_face: dict[int, list[int]] = {}
    for tile in sorted(t for t in rack if not is_okey(t, okey)):
        by_face.setdefault(plays(tile, okey), []).append(tile)
    pairs: list[list[int]] = []
    singles: list[int] = []
    for tiles in by_face.values():
        while len(tiles) >= 2:
            pairs.append([tiles.pop(), tiles.pop()])
        singles += tiles
    singles.sort(key=lambda t: (-value(t, okey), t))
    while wilds and singles:
        pairs.append([singles.pop(0), wilds.pop()])
    while len(wilds) >= 2:
        pairs.append([wilds.pop(), wilds.pop()])
    return pairs, singles + wilds


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
    return _play(seat, level, rng)


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
    if want:
        return {"type": "take_discard"}
    return {"type": "draw"} if "draw" in kinds else {"type": "end_hand"}


def _play(seat: Seat, level: str, rng: random.Random) -> Action:
    kinds = seat.types()
    if seat.opened is None:
        opening = _opening(seat, level)
        if opening is not None:
            return opening
    elif seat.opened == "pairs":
        lay = _lay_pairs(seat)
        if lay is not None:
            return lay
    else:
        step = _use_taken(seat) if seat.taken is not None else None
        step = step or _after_opening(seat, level)
        if step is not None:
            return step
    if "discard" not in kinds:
        # A taken tile we could not use after all: put it back and draw instead.
        return {"type": "return_discard"}
    return {"type": "discard", "tile": _discard(seat, level, rng)}


def _opening(seat: Seat, level: str) -> Action | None:
    if level == "gentle" and seat.my_turns < GENTLE_QUIET_TURNS and seat.taken is None:
        return None
    suggested = seat.first("open")
    if suggested is not None:
        return suggested
    if not seat.pairs_opening or seat.taken is not None:
        return None
    pairs, rest = make_pairs(seat.rack, seat.okey)
    if len(pairs) < PAIRS_TO_OPEN or not rest:
        return None
    if level == "hard":
        melds = best_opening(seat.rack, seat.okey, rule=seat.rule).points
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


def _discard(seat: Seat, level: str, rng: random.Random) -> int:
    rack, okey = list(seat.rack), seat.okey
    if len(rack) == 1:
        return rack[0]  # the finishing discard (okey or not) carries no penalty
    safe = [t for t in rack if not is_okey(t, okey) and not layoffs([t], seat.table, okey)]
    if not safe:
        # forced: a layable tile costs 101 as an okey does, but keep okeys (wild)
        safe = [t for t in rack if not is_okey(t, okey)] or rack
    judge = _Judge(seat, level)
    scores = {face: judge.keep(face) for face in {plays(t, okey) for t in safe}}
    ranked = sorted(safe, key=lambda t: (scores[plays(t, okey)], t))
    if level in ("easy", "gentle") and rng.random() < EASY_SLIP:
        return rng.choice(ranked[:EASY_POOL])
    if level == "hard" and seat.opened is None and not judge.pairs_mode:
        return _look_ahead(seat, ranked)
    return ranked[0]


def _look_ahead(seat: Seat, ranked: list[int]) -> int:
    """Among the few least useful tiles, the one whose loss leaves the best draws."""
    shortlist: list[int] = []
    for tile in ranked:
        if plays(tile, seat.okey) not in {plays(t, seat.okey) for t in shortlist}:
            shortlist.append(tile)
        if len(shortlist) == AHEAD_SHORTLIST:
            break
    live, threshold = _live(seat), THRESHOLD[seat.rule]

    def worth(tile: int) -> float:
        rest = [t for t in seat.rack if t != tile]
        points = best_opening(rest, seat.okey, rule=seat.rule).points
        return points + draw_value(rest, live, seat.okey, seat.rule, threshold)

    return max(shortlist, key=lambda t: (worth(t), -shortlist.index(t)))


class _Judge:
    """How much the rack loses without a tile of a given face (lower: discard first)."""

    def __init__(self, seat: Seat, level: str) -> None:
        self.seat, self.level = seat, level
        okey = seat.okey
        self.faces = [plays(t, okey) for t in seat.rack if not is_okey(t, okey)]
        self.outs = _live(seat) if level == "hard" else None
        self.base = 0
        self.pairs_mode = False
        self.near = near_table(seat.table, okey)
        if seat.opened is None:
            self.base = best_opening(seat.rack, okey, rule=seat.rule).points
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
            rest.remove(next(t for t in rest if not is_okey(t, okey) and plays(t, okey) == face))
            loss = self.base - best_opening(rest, okey, rule=seat.rule).points
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


def _live(seat: Seat) -> list[int]:
    """Copies of each face (0..51) this seat has not seen: what it may still draw."""
    live = [2] * 52
    for face in seat.seen:
        if face < 52:
            live[face] = max(0, live[face] - 1)
    return live


__all__ = ["LEVELS", "choose_action101", "make_pairs"]
