"""Rack layouts: two rows of 15 slots, each slot a tile id or a gap; how a table item
keeps one, and what makes one a layout of a given rack.

The client arranges its rack freely; the server keeps the arrangement so it
survives reloads, checks it holds exactly the rack, and brings a saved one up
to date with the rack. Suggested arrangements are in api/tables/arrange.py.
"""

from __future__ import annotations

import base64
from collections.abc import Sequence

from api.tables.item import Table
from api.tables.records import strict_urlsafe_b64decode

ROWS = 2
LAYOUT_SLOTS = 15
GAP_RUN = 105  # byte 105 + k stands for k empty slots in a row (tile ids stop at 105)
Layout = list[list[int | None]]


def layout_problem(layout: Layout, rack: Sequence[int]) -> str | None:
    """Why ``layout`` is not a layout of ``rack`` (``None`` when it is)."""
    if len(layout) != ROWS or any(len(row) != LAYOUT_SLOTS for row in layout):
        return f"a layout is {ROWS} rows of {LAYOUT_SLOTS} slots"
    tiles = [t for row in layout for t in row if t is not None]
    if len(set(tiles)) != len(tiles):
        return "a tile appears more than once"
    if sorted(tiles) != sorted(rack):
        return "the layout must hold exactly the tiles on your rack"
    return None


def reconcile(layout: Layout | None, rack: Sequence[int]) -> Layout | None:
    """A saved layout brought up to date with the rack.

    Tiles that left the rack leave their slot empty; tiles that arrived since
    the save take the first free slots, so a drawn tile never vanishes.
    """
    if layout is None:
        return None
    on_rack = set(rack)
    rows: Layout = [[t if t in on_rack else None for t in row] for row in layout]
    placed = {t for row in rows for t in row if t is not None}
    missing = [t for t in rack if t not in placed]
    for row in rows:
        for i, slot in enumerate(row):
            if slot is None and missing:
                row[i] = missing.pop(0)
    return rows


def encode_layout(rows: Layout) -> str:
    """Tiles in slot order, each run of gaps as one byte, trailing gaps left out."""
    out = bytearray()
    gaps = 0
    for slot in (t for row in rows for t in row):
        if slot is None:
            gaps += 1
            continue
        if gaps:
            out.append(GAP_RUN + gaps)
            gaps = 0
        out.append(slot)
    return base64.urlsafe_b64encode(bytes(out)).decode("ascii").rstrip("=")


def decode_layout(text: str) -> Layout:
    raw = strict_urlsafe_b64decode(text)
    slots: list[int | None] = []
    for byte in raw:
        if byte > GAP_RUN:
            slots.extend([None] * (byte - GAP_RUN))
        else:
            slots.append(byte)
    slots.extend([None] * (ROWS * LAYOUT_SLOTS - len(slots)))
    return [slots[:LAYOUT_SLOTS], slots[LAYOUT_SLOTS:]]


def stored_layout(table: Table, seat: int) -> Layout | None:
    """The seat's saved layout for this hand, if it saved one (next_hand clears them)."""
    saved = table.layouts.get(seat)
    return decode_layout(saved) if saved else None
