"""101 Okey scores: lower is better (RULES.md, "End of hand" and "Match").

>>> from engine.core.tiles import parse_tiles as p, parse_face
>>> okey = parse_face("Y7")
>>> hand_deltas([[], p("R5 Y7"), p("K13"), p("B2 B2")], ["melds", "melds", None, "pairs"],
...             finisher=0, okey_finish=False, okey=okey)
[-101, 106, 202, 8]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, NotRequired, TypedDict, Unpack

from engine.core.tiles import FAKE_FACE

Opened = Literal["melds", "pairs"] | None
# One line of a seat's hand score: {"item": name, "points": n, ...} (see hand_items).
Item = dict[str, Any]

FINISH = 101
NEVER_OPENED = 202
OKEY_IN_RACK = 101
PENALTY = 101


def rack_points(rack: Sequence[int], okey: int) -> int:
    """Face values left in a rack: an okey counts 101, a fake the okey's value.

    >>> from engine.core.tiles import parse_tiles as p, parse_face
    >>> rack_points(p("R5 K13 F Y7"), parse_face("Y7"))
    126
    """
    total = 0
    for tile in rack:
        face = tile >> 1
        if face == okey:
            total += OKEY_IN_RACK
        else:
            total += (okey if face == FAKE_FACE else face) % 13 + 1
    return total


class HandEnd(TypedDict):
    """How a hand ended, as :func:`hand_items` takes it: who finished (None: the pile ran
    out), whether with the okey, the okey's face and whether partners play."""

    finisher: int | None
    okey_finish: bool
    okey: int
    partners: NotRequired[bool]


def hand_deltas(
    racks: Sequence[Sequence[int]], opened: Sequence[Opened], **end: Unpack[HandEnd]
) -> list[int]:
    """Each seat's score for a hand, penalties not included.

    The finisher scores -101 (-202 finishing with the okey); every other
    seat its rack's points, doubled if it opened with pairs, or 202 if it
    never opened; all doubled when the okey was placed last. With no
    finisher (the pile ran out) the same rules apply without the -101.

    With ``partners`` the finishing team scores as one (RULES.md, "Partners"):
    the finisher's partner went out with it, so its rack is not counted (0,
    whether or not it opened) and the team's hand is the finisher's -101.
    The other team counts both racks, as without partners.

    >>> from engine.core.tiles import parse_tiles as p, parse_face
    >>> hand_deltas([[], p("R5"), p("K13"), p("B2")], ["melds", "melds", None, None],
    ...             finisher=0, okey_finish=False, okey=parse_face("Y7"), partners=True)
    [-101, 5, 0, 202]
    """
    items = hand_items(racks, opened, **end)
    return [sum(item["points"] for item in seat_items) for seat_items in items]


def hand_items(
    racks: Sequence[Sequence[int]],
    opened: Sequence[Opened],
    *,
    finisher: int | None,
    okey_finish: bool,
    okey: int,
    partners: bool = False,
    penalties: Sequence[tuple[int, int, int]] = (),
) -> list[list[Item]]:
    """Each seat's hand score as the lines that make it up, so a player sees why.

    Lines (``item``, ``points``): ``finish`` (-101), ``partner_out`` (0),
    ``never_opened`` (202), ``rack`` (its points, with ``tiles`` left),
    ``pairs`` (the doubling of a pairs-opener's rack), ``okey_finish`` (the
    doubling of everything above when the okey was placed last) and one
    ``penalty`` per ``(seat, tile, points)`` of ``penalties``, with its
    ``tile`` and ``reason`` (``okey``, or ``layoff``: it could be laid on the
    table). Penalties are never doubled. A seat's lines add up to its delta.

    >>> from engine.core.tiles import parse_tiles as p, parse_face
    >>> okey = parse_face("Y7")
    >>> lines = hand_items([[], p("B2 B2")], ["melds", "pairs"], finisher=0, okey_finish=True,
    ...                    okey=okey, penalties=[(1, p("R5")[0], 101)])
    >>> for seat in lines:
    ...     print([(line["item"], line["points"]) for line in seat])
    [('finish', -101), ('okey_finish', -101)]
    [('rack', 4), ('pairs', 4), ('okey_finish', 8), ('penalty', 101)]
    """
    out: list[list[Item]] = []
    for seat, rack in enumerate(racks):
        lines: list[Item]
        if seat == finisher:
            lines = [{"item": "finish", "points": -FINISH}]
        elif partners and finisher is not None and seat % 2 == finisher % 2:
            lines = [{"item": "partner_out", "points": 0}]
        elif opened[seat] is None:
            lines = [{"item": "never_opened", "points": NEVER_OPENED}]
        else:
            left = rack_points(rack, okey)
            lines = [{"item": "rack", "points": left, "tiles": len(rack)}]
            if opened[seat] == "pairs":
                lines.append({"item": "pairs", "points": left})
        doubled = sum(line["points"] for line in lines)
        if okey_finish and doubled:
            lines.append({"item": "okey_finish", "points": doubled})
        out.append(lines)
    for seat, tile, points in penalties:
        reason = "okey" if tile >> 1 == okey else "layoff"
        out[seat].append({"item": "penalty", "points": points, "tile": tile, "reason": reason})
    return out


def match_winners(totals: Sequence[int], hands_played: int, hands: int) -> tuple[int, ...]:
    """Seats with the lowest total once ``hands`` hands are played, else ``()``.

    >>> match_winners([300, -50, -50, 10], 5, 5), match_winners([0, 0], 2, 5)
    ((1, 2), ())
    """
    if hands_played < hands:
        return ()
    low = min(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == low)


def team_totals(totals: Sequence[int]) -> tuple[int, int]:
    """Partners (4 seats): seats 0+2 and 1+3 add up as one team each.

    >>> team_totals([10, 20, -101, 5])
    (-91, 25)
    """
    if len(totals) != 4:
        raise ValueError("partners need exactly 4 seats")
    return totals[0] + totals[2], totals[1] + totals[3]


def team_winners(totals: Sequence[int], hands_played: int, hands: int) -> tuple[int, ...]:
    """Winning seats of a partners match: both seats of the lower team (ties: all).

    >>> team_winners([10, 20, -101, 5], 5, 5)
    (0, 2)
    """
    teams = team_totals(totals)
    if hands_played < hands:
        return ()
    low = min(teams)
    return tuple(seat for seat in range(4) if teams[seat % 2] == low)
