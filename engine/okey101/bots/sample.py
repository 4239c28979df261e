"""Deal the tiles a 101 seat cannot see into the places it cannot see (for the hard search).

A seat sees its own rack, the table, the burned tiles, the indicator and
every discard (the hand's events); it knows how many tiles each other rack
and the pile hold, and which left discards the others took (taking is face
up). Everything else is *unseen*: :func:`sample_deal` shuffles the unseen
tiles with the caller's random stream and deals them into the other racks
and the pile, so a search plays on a table that agrees with all the seat
knows and with nothing it does not (a determinization). Only the view is
read: the same view and stream give the same deal whatever the real racks
hold.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core.tiles import ALL_TILES
from engine.okey101.bots.shape import counts_of, fits, meld_bound
from engine.okey101.opening import PAIRS_TO_OPEN, THRESHOLD, Rule, count_pairs, opening_points

# A rack that breaks what its seat's play showed is dealt again, at most this
# many times (then the last one stands: the counts may leave no better).
REDEALS = 12


@dataclass
class Deal:
    """One guess at the hidden tiles, with the public rest of the hand (all mutable).

    ``pile[-1]`` is the next draw; ``discards[s]`` are seat ``s``'s discards
    still on its pile, oldest first.
    """

    you: int
    racks: list[list[int]]
    pile: list[int]
    discards: list[list[int]]
    table: list[list[int]]
    opened: list[str | None]
    penalties: list[int]
    holding: int | None = None  # a seat that keeps a ready opening back (see .rollout)
    penalise: bool = True  # the table's ``penalties`` option


def discard_piles(view: Mapping[str, Any]) -> list[list[int]]:
    """Each seat's discard pile as the hand's events built it (takes and returns included)."""
    seats = len(view["seats"])
    piles: list[list[int]] = [[] for _ in range(seats)]
    for event in view.get("events", []):
        kind = event["type"]
        if kind == "discard":
            piles[event["seat"]].append(event["tile"])
        elif kind == "take_discard" and piles[event["source"]]:
            piles[event["source"]].pop()
        elif kind == "return_discard":
            piles[(event["seat"] - 1) % seats].append(event["tile"])
    return piles


def known_holdings(view: Mapping[str, Any], visible: set[int]) -> list[list[int]]:
    """Tiles each other seat took face up from the left and has not shown since.

    A tile taken, thrown and taken again belongs to its last taker; one that
    is visible now (laid, or back on a discard pile) belongs to no rack.
    """
    taker: dict[int, int] = {}
    for event in view.get("events", []):
        if event["type"] == "take_discard":
            taker[event["tile"]] = event["seat"]
    held: list[list[int]] = [[] for _ in view["seats"]]
    for tile, seat in taker.items():
        if seat != view["you"] and tile not in visible:
            held[seat].append(tile)
    return held


def plausible(
    rack: list[int], opened: str | None, okey: int, rule: Rule, pairs_opening: bool
) -> bool:
    """Whether a guessed rack agrees with how its seat played: players open as soon as
    they can (so an unopened rack cannot open, with melds or pairs), and lay every
    meld once opened (so an opened rack holds none, unless it would take the rack)."""
    counts, wilds = counts_of(rack, okey)
    if opened == "melds":
        if len(rack) <= 3:
            return True
        return wilds < 2 and not any(counts[f] and fits(f, counts, wilds) for f in range(52))
    if opened is not None:
        return True
    if pairs_opening and count_pairs(rack, okey) >= PAIRS_TO_OPEN:
        return False
    threshold = THRESHOLD[rule]
    if rule == "sum101" and meld_bound(counts, wilds) < threshold:
        return True
    return opening_points(rack, okey, rule=rule) < threshold


def sample_deal(view: Mapping[str, Any], rng: random.Random) -> Deal:
    """A deal of the unseen tiles consistent with ``view`` (raises ``ValueError`` if none is).

    Each other rack is redealt (up to :data:`REDEALS` times) until it is
    :func:`plausible`; what no rack takes is the pile, in random order.
    """
    you = view["you"]
    seats = view["seats"]
    piles = discard_piles(view)
    table = [list(m) for m in view["table"]]
    visible = {t for m in table for t in m} | set(view.get("burned", []))
    visible |= {t for pile in piles for t in pile} | {view["indicator"]}
    held = known_holdings(view, visible | set(view["rack"]))
    seen = visible | set(view["rack"]) | {t for tiles in held for t in tiles}
    unseen = [t for t in ALL_TILES if t not in seen]
    rng.shuffle(unseen)
    options = view["options"]
    rule, pairs = options.get("opening_rule", "sum101"), bool(options.get("pairs_opening", True))
    racks: list[list[int]] = []
    for info in seats:
        seat = info["seat"]
        if seat == you:
            racks.append(list(view["rack"]))
            continue
        known = list(held[seat][: info["tiles"]])
        need = info["tiles"] - len(known)
        for attempt in range(REDEALS):
            rack = known + unseen[:need]
            if attempt == REDEALS - 1 or plausible(rack, info["opened"], view["okey"], rule, pairs):
                break
            rng.shuffle(unseen)
        del unseen[:need]
        racks.append(rack)
    if len(unseen) != view["pile_count"] or any(
        len(r) != s["tiles"] for r, s in zip(racks, seats, strict=True)
    ):
        raise ValueError("the view's counts do not add up to 106 tiles")
    return Deal(
        you=you,
        racks=racks,
        pile=unseen,
        discards=piles,
        table=table,
        opened=[s["opened"] for s in seats],
        penalties=[s["penalties"] for s in seats],
        penalise=bool(options.get("penalties", True)),
    )


__all__ = ["REDEALS", "Deal", "discard_piles", "known_holdings", "plausible", "sample_deal"]
