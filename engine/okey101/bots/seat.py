"""What a 101 bot reads from its seat's view, and the tile helpers every level uses."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.tiles import plays_as
from engine.okey101.opening import Rule

Action = dict[str, Any]


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
    next_opened: bool = False  # the next seat (who may take this seat's discards) has opened
    declined: frozenset[int] = frozenset()  # faces the next seat lately let pass
    seats: int = 4  # seats at the table
    left_top: int | None = None  # the left neighbour's last discard, if any
    fewest: int = 99  # the fewest tiles on the rack of another seat that opened with melds

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
        after = (you + 1) % len(view["seats"])
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
            seen=tuple(plays_as(t, okey) for t in set(seen) if not is_okey(t, okey)),
            next_opened=view["seats"][after]["opened"] is not None,
            declined=_declined(events, you, after, okey),
            seats=len(view["seats"]),
            left_top=view["seats"][(you - 1) % len(view["seats"])]["discard_top"],
            fewest=min(
                [s["tiles"] for s in view["seats"] if s["seat"] != you and s["opened"] == "melds"],
                default=99,
            ),
        )

    def types(self) -> set[str]:
        return {a["type"] for a in self.legal}

    def first(self, kind: str) -> Action | None:
        return next((dict(a) for a in self.legal if a["type"] == kind), None)


def _declined(
    events: Sequence[Mapping[str, Any]], you: int, after: int, okey: int
) -> frozenset[int]:
    """Faces of this seat's last two discards that the next seat did not take."""
    offered: int | None = None
    faces: list[int] = []
    for event in events:
        if event.get("seat") == you and event["type"] == "discard":
            offered = plays_as(event["tile"], okey)
        elif event.get("seat") == after and event["type"] in ("draw", "take_discard"):
            if offered is not None and event["type"] == "draw":
                faces.append(offered)
            offered = None
    return frozenset(faces[-2:])


def is_okey(tile: int, okey: int) -> bool:
    return tile >> 1 == okey


def value(tile: int, okey: int) -> int:
    """Points the tile costs if it stays on the rack (an okey: 101)."""
    return 101 if is_okey(tile, okey) else plays_as(tile, okey) % 13 + 1


def make_pairs(rack: Sequence[int], okey: int) -> tuple[list[list[int]], list[int]]:
    """Disjoint pairs of ``rack`` as :func:`count_pairs` counts them, and the rest.

    Okeys pair with the highest singles first: those cost most if kept.
    """
    wilds = [t for t in rack if is_okey(t, okey)]
    by_face: dict[int, list[int]] = {}
    for tile in sorted(t for t in rack if not is_okey(t, okey)):
        by_face.setdefault(plays_as(tile, okey), []).append(tile)
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


def live_faces(seat: Seat) -> list[int]:
    """Copies of each face (0..51) this seat has not seen: what it may still draw."""
    live = [2] * 52
    for face in seat.seen:
        if face < 52:
            live[face] = max(0, live[face] - 1)
    return live


__all__ = ["Action", "Seat", "is_okey", "live_faces", "make_pairs", "value"]
