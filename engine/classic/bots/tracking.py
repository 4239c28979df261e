"""What a seat knows: its rack and every tile the hand has shown it.

Everything here is read from the seat's view (``view_for(state, seat,
since=state.base_version)``) and nothing else, so a bot cannot see more than
a player at the table: its rack, the indicator, every discard (each was
face up when it was thrown), tiles shown with the indicator, and who took
which discard. A drawn tile of another seat never appears in its view.

>>> from engine.classic.game import new_match
>>> from engine.classic.options import Options
>>> from engine.classic.view import view_for
>>> state = new_match(Options(seats=4), bytes(32))
>>> table = read_view(view_for(state, 0, since=state.base_version))
>>> len(table.rack), table.unseen, table.my_turns
(15, 90, 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.tiles import TILE_COUNT, colour_of, plays_as, value_of


@dataclass
class Table:
    """A seat's knowledge of the hand, distilled from its view."""

    me: int
    seats: int
    rack: list[int]
    okey: int
    indicator: int
    phase: str
    legal: list[dict[str, Any]]
    pile_count: int
    run_13_1: bool
    pairs_allowed: bool
    left_top: int | None  # the tile this seat may take, if any
    my_turns: int  # discards this seat has made this hand
    turns_played: int  # discards made by all seats this hand
    seen: set[int] = field(default_factory=set)  # tile ids seen outside the draw pile
    right_took: list[int] = field(default_factory=list)  # my discards the right seat took
    right_discards: list[int] = field(default_factory=list)
    takes: list[int] = field(default_factory=list)  # discards taken, per seat
    scores: list[int] = field(default_factory=list)  # match scores before this hand ends
    hand: int = 0  # this hand's number in the match, from 0
    options: dict[str, Any] = field(default_factory=dict)  # the table's options

    @property
    def right(self) -> int:
        return (self.me + 1) % self.seats

    @property
    def unseen(self) -> int:
        """Tiles this seat has not seen: the pile and the other racks."""
        return TILE_COUNT - len(self.seen)

    def legal_types(self) -> set[str]:
        return {a["type"] for a in self.legal}

    def legal_tiles(self, kind: str) -> list[int]:
        for action in self.legal:
            if action["type"] == kind:
                return list(action.get("tiles", []))
        return []


def read_view(view: Mapping[str, Any]) -> Table:
    """Distil a view into a :class:`Table` (the view is not changed)."""
    me = int(view["you"])
    seats = len(view["seats"])
    rack = list(view["rack"] or [])
    options = view.get("options", {})
    left = (me - 1) % seats
    left_top = view["seats"][left]["discard_top"] if view["phase"] == "take" else None
    table = Table(
        me=me,
        seats=seats,
        rack=rack,
        okey=int(view["okey"]),
        indicator=int(view["indicator"]),
        phase=str(view["phase"]),
        legal=list(view.get("legal", [])),
        pile_count=int(view["pile_count"]),
        run_13_1=bool(options.get("run_13_1", True)),
        pairs_allowed=bool(options.get("pairs_finish", True)),
        left_top=left_top,
        my_turns=0,
        turns_played=0,
        takes=[0] * seats,
        scores=[int(x) for x in view.get("scores") or [0] * seats],
        hand=int(view.get("hand", 0)),
        options=dict(options),
    )
    seen = table.seen
    seen.update(rack)
    seen.add(table.indicator)
    for s in view["seats"]:
        if s.get("discards"):
            seen.update(s["discards"])
        if s.get("discard_top") is not None:
            seen.add(s["discard_top"])
    right = table.right
    for event in view.get("events", []):
        kind = event.get("type")
        seat = event.get("seat")
        tile = event.get("tile")
        if kind == "discard" and tile is not None:
            seen.add(tile)
            table.turns_played += 1
            if seat == me:
                table.my_turns += 1
            elif seat == right:
                table.right_discards.append(tile)
        elif kind == "take_discard" and tile is not None:
            seen.add(tile)
            if isinstance(seat, int) and 0 <= seat < seats:
                table.takes[seat] += 1
            if seat == right and event.get("source") == me:
                table.right_took.append(tile)
        elif kind == "show_indicator" and tile is not None:
            seen.add(tile)
    return table


def live_counts(table: Table) -> list[int]:
    """Per face, copies this seat could still draw or take (0..2); index 52
    counts the wild okeys still unseen."""
    live = [2] * 53
    for tile in table.seen:
        face = tile >> 1
        if face == table.okey:
            live[52] -= 1
        else:
            live[plays_as(tile, table.okey)] -= 1
    return live


def dead_mask(live: Sequence[int]) -> int:
    """Faces with no copy left to draw, as the bit mask the evaluator takes."""
    mask = 0
    for face in range(52):
        if live[face] <= 0:
            mask |= 1 << face
    return mask


def neighbours(face: int, wrap: bool) -> list[tuple[int, float]]:
    """Faces that would share a meld with ``face``, weighted by how directly:
    next in the run 1.0, one gap 0.6, same value in another colour 0.8.

    >>> from engine.core.tiles import parse_face, format_face
    >>> sorted(format_face(f) for f, _ in neighbours(parse_face("R1"), True))
    ['B1', 'K1', 'R12', 'R13', 'R2', 'R3', 'Y1']
    """
    colour, value = colour_of(face), value_of(face)
    out: list[tuple[int, float]] = []
    for step, weight in ((-2, 0.6), (-1, 1.0), (1, 1.0), (2, 0.6)):
        v = value + step
        if wrap and value == 1 and v < 1:
            v += 13
        elif wrap and value >= 12 and v == 14:
            v = 1
        elif wrap and value == 13 and v == 15:
            continue
        if 1 <= v <= 13:
            out.append((colour * 13 + v - 1, weight))
    for other in range(4):
        if other != colour:
            out.append((other * 13 + value - 1, 0.8))
    return out
