"""What a seat may do now in 101 Okey: the legal actions every view carries."""

from __future__ import annotations

from typing import Any

from engine.core.game import legal_preamble
from engine.core.melds import is_pair
from engine.okey101.advice import penalty_fits
from engine.okey101.opening import PAIRS_TO_OPEN, THRESHOLD, best_opening
from engine.okey101.scoring import PENALTY
from engine.okey101.state import State101
from engine.okey101.table import layoffs, okey_swaps


def _can_use(state: State101, seat: int, tile: int) -> bool:
    """A cheap, conservative test that a left discard can be used this turn."""
    rack, okey, opts = [*state.racks[seat], tile], state.okey, state.options
    if state.opened[seat] == "pairs":
        # Laying the pair must still leave a tile to discard.
        return len(rack) > 2 and any(is_pair(tile, other, okey) for other in rack if other != tile)
    if state.opened[seat] == "melds" and layoffs([tile], state.table, okey):
        return True
    best = best_opening(rack, okey, rule=opts.opening_rule)
    if not any(tile in group for group in best.groups) or sum(map(len, best.groups)) >= len(rack):
        return False
    return state.opened[seat] == "melds" or best.points >= THRESHOLD[opts.opening_rule]


def discard_penalty(state: State101, seat: int, tile: int) -> int:
    """The penalty ``seat`` takes for discarding ``tile`` now (RULES.md, "Penalties"): 0 or 101.

    An okey, or a tile that could be laid off on a table meld, costs 101 on
    every seat, opened or not; the finishing discard is the win, never
    penalised. Only the seat's own rack and the public table decide it, so
    the seat's view may say it before the discard (``legal``'s ``penalised``).

    A seat that opened with pairs may lay only pairs (RULES.md), so it may
    never lay a tile off: where the rule book makes both rules true, the
    pairs rule wins and the tile costs nothing (docs/ENGINE.md, "101
    rulings"). A player is never fined for throwing a tile it was not allowed
    to lay. Its okey is still penalised: an okey's penalty is for the okey,
    not for a meld it fits. A seat not yet open is still fined: it may yet
    open with melds and lay the tile off, as RULES.md's ruling says.
    """
    if not state.options.penalties or len(state.racks[seat]) <= 1:
        return 0
    if tile >> 1 == state.okey:
        return PENALTY
    if state.opened[seat] == "pairs":
        return 0
    return PENALTY if layoffs([tile], state.table, state.okey) else 0


def just_returned(state: State101, seat: int) -> bool:
    """Whether ``seat`` gave the left discard back this turn (it may not take it again)."""
    last = state.events[-1] if state.events else None
    return last is not None and last["type"] == "return_discard" and last["seat"] == seat


def _a_pair(rack: list[int], okey: int) -> tuple[int, int] | None:
    """Some pair on the rack, real pairs before pairs with an okey."""
    ordered = sorted(rack, key=lambda t: (t >> 1 == okey, t))
    for i, first in enumerate(ordered):
        for second in ordered[i + 1 :]:
            if is_pair(first, second, okey):
                return first, second
    return None


def _pairs_to_open(rack: list[int], okey: int) -> list[list[int]]:
    """As many disjoint pairs as the rack makes, keeping one tile back to discard."""
    left, pairs = list(rack), []
    while len(left) > 2 and (pair := _a_pair(left, okey)) is not None:
        pairs.append(list(pair))
        left.remove(pair[0])
        left.remove(pair[1])
    return pairs


def legal_actions(state: State101, seat: int) -> list[dict[str, Any]]:
    """What ``seat`` may do now, with a suggested opening when one reaches the threshold.

    >>> from engine.okey101.game import new_match101
    >>> from engine.okey101.state import Options101
    >>> state = new_match101(Options101(seats=3), bytes(32))
    >>> legal_actions(state, 1), [a["type"] for a in legal_actions(state, 0)][-1]
    ([], 'discard')
    """
    if state.phase == "over":
        return legal_preamble(state)
    if seat != state.turn:
        return []
    opts = state.options
    if state.phase == "take":
        actions: list[dict[str, Any]] = []
        if state.pile:
            actions.append({"type": "draw"})
        else:
            actions.append({"type": "end_hand"})
        left = state.discards[state.left_of(seat)]
        retaken = just_returned(state, seat)  # no take-and-return loop
        if (
            left
            and not retaken
            and (not opts.discard_must_be_used or _can_use(state, seat, left[-1]))
        ):
            actions.append({"type": "take_discard"})
        return actions
    rack, okey = state.racks[seat], state.okey
    actions = []
    if state.opened[seat] is None:
        best = best_opening(rack, okey, rule=opts.opening_rule)
        if best.points >= THRESHOLD[opts.opening_rule] and sum(map(len, best.groups)) < len(rack):
            melds = [list(g) for g in best.groups]
            # The points let the table say what Open ✨ will do ("4 melds: 112").
            actions.append({"type": "open", "melds": melds, "points": best.points})
        pairs = _pairs_to_open(rack, okey) if opts.pairs_opening else []
        if len(pairs) >= PAIRS_TO_OPEN:
            actions.append({"type": "open", "pairs": pairs})
    elif state.opened[seat] == "melds":
        more = best_opening(rack, okey, rule=opts.opening_rule).groups
        if more and sum(map(len, more)) < len(rack):
            actions.append({"type": "lay", "melds": [list(g) for g in more]})
        # Laying off the last tile would leave nothing for the finishing discard.
        places = layoffs(rack, state.table, okey) if len(rack) > 1 else []
        actions += [{"type": "layoff", "tile": t, "meld": m, "position": p} for t, m, p in places]
        if opts.okey_swap:
            swaps = okey_swaps(rack, state.table, okey)
            actions += [{"type": "swap", "tile": t, "meld": m, "position": p} for t, m, p in swaps]
    else:
        pair = _a_pair(rack, okey)
        if pair is not None and len(rack) > 2:
            actions.append({"type": "lay", "pairs": [list(pair)]})
    holds_taken = state.taken is not None and state.taken in rack
    # A left discard is never thrown straight back (RULES.md), which bounds the hand;
    # giving it back is always open, so a rack of only that tile is never stuck.
    throwable = sorted(t for t in rack if t != state.taken)
    if holds_taken:
        actions.append({"type": "return_discard"})
    if throwable and not (opts.discard_must_be_used and holds_taken):
        # The tiles whose discard costs a penalty, so the player is warned first.
        penalised = [t for t in throwable if discard_penalty(state, seat, t)]
        fits = penalty_fits(state, seat, penalised)  # the meld to name in the question
        actions.append(
            {"type": "discard", "tiles": throwable, "penalised": penalised, "fits": fits}
        )
    return actions
