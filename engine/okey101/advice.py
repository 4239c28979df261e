"""Advice that never walks a 101 player into a penalty: the helpers' discard, and which
table meld makes a discard cost 101 (so the question before it can name the meld).

Everything here reads the seat's own rack and the public table only, like
:func:`engine.okey101.legal.discard_penalty`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.classic.bots.heuristic import lonely_order
from engine.core.melds import meld_kind
from engine.okey101.state import State101
from engine.okey101.table import layoffs


def safe_choice(
    preferred: Iterable[int], fallback: Iterable[int], legal: Sequence[Mapping[str, Any]]
) -> int | None:
    """The discard to advise: the first ``preferred`` tile the legal discard allows
    without a penalty; when some allowed tile is penalised or no preferred one is
    allowed, else the first ``fallback`` one without; else the first allowed one,
    whatever it costs (``None`` if there is none).

    ``legal`` is a seat's legal actions in either variant; a classic discard lists
    no ``penalised`` tiles, so there the first allowed preferred tile wins.

    >>> legal = [{"type": "discard", "tiles": [1, 2, 3], "penalised": [2]}]
    >>> safe_choice([2, 1], [3], legal), safe_choice([2], [3, 1], legal)
    (1, 3)
    >>> safe_choice([2], [], legal)
    2
    """
    entry = next((a for a in legal if a["type"] == "discard"), None)
    if entry is None:
        return None
    allowed, penalised = set(entry.get("tiles") or []), set(entry.get("penalised") or [])
    first, rest = list(preferred), list(fallback)
    usable = any(t in allowed for t in first)
    candidates = [*first, *rest] if penalised or not usable else first
    for tile in candidates:
        if tile in allowed and tile not in penalised:
            return tile
    return next((t for t in [*first, *rest] if t in allowed), None)


def discard_advice(
    rack: Sequence[int],
    okey: int,
    groups: Sequence[Sequence[int]],
    leftover: Sequence[int],
    legal: Sequence[Mapping[str, Any]],
    wrap: bool = True,
) -> tuple[list[list[int]], list[int], int | None]:
    """Best's discard for a seat that cannot finish, in either variant: the loose tile
    least worth keeping (the casual bots' measure) that the legal discard allows, never
    one that costs a 101 penalty while another tile would not. When every loose tile
    would cost one, a meld gives up its tile (and a group it no longer makes a meld
    goes back among the loose tiles). Answers the groups, the loose tiles without the
    discard, and the discard (``None`` when the seat has nothing to discard).
    """
    order, _ = lonely_order(rack, okey, wrap)
    loneliest = [rack[i] for i in order]
    loose = set(leftover)
    discard = safe_choice([t for t in loneliest if t in loose], loneliest, legal)
    if discard is None:
        return [list(g) for g in groups], list(leftover), None
    kept, spare = set_apart(groups, leftover, discard, okey, wrap)
    return kept, spare, discard


def set_apart(
    groups: Sequence[Sequence[int]], leftover: Sequence[int], tile: int, okey: int, wrap: bool
) -> tuple[list[list[int]], list[int]]:
    """The groups and loose tiles once ``tile`` is set apart to be thrown: a group it
    leaves that no longer makes a meld goes back among the loose tiles."""
    kept, spare = [list(g) for g in groups], list(leftover)
    if tile not in spare:
        kept, freed = _without(kept, tile, okey, wrap)
        spare += freed
    return kept, [t for t in spare if t != tile]


def _without(
    groups: list[list[int]], tile: int, okey: int, wrap: bool
) -> tuple[list[list[int]], list[int]]:
    """The groups once ``tile`` leaves them, and the tiles of the group it leaves when
    they no longer make a meld."""
    kept, freed = [], []
    for group in groups:
        rest = [t for t in group if t != tile]
        if len(rest) == len(group) or meld_kind(rest, okey, run_13_1=wrap) is not None:
            kept.append(rest)
        else:
            freed += rest
    return kept, freed


def penalty_fits(state: State101, seat: int, penalised: Iterable[int]) -> list[dict[str, int]]:
    """For each penalised tile that is not the okey: the first table meld it would
    extend, as ``{"tile", "meld", "seat"}`` (``meld`` indexes the view's ``table``,
    ``seat`` is the meld's owner), so a player is told "it fits Computer 2's 7-8-9".

    An okey is penalised for being the okey, wherever it would go, so it has no entry.
    """
    fits: list[dict[str, int]] = []
    for tile in penalised:
        if tile >> 1 == state.okey:
            continue
        places = layoffs([tile], state.table, state.okey)
        if places:
            meld = places[0][1]
            fits.append({"tile": tile, "meld": meld, "seat": state.table_owners[meld]})
    return fits
