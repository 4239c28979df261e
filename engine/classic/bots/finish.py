"""Finishing with the okey: when a finished hand waits a round, and what it takes then.

Placing an okey as the 15th tile doubles a finish (RULES.md, "Finishing with
the okey"). A hand can only ever do that after it *held* a finished hand:
if the thirteen tiles next to an okey plus the tile just taken form a win,
the okey standing for that tile already made a win one turn earlier. So the
plan is a wait: with a finished hand whose okey is still needed, throw the
spare tile instead of finishing, keep the finished fourteen, and finish
next turn whatever comes, doubled when the new tile frees the okey or is an
okey. The risk is that another seat finishes first.

While it waits the seat must *draw* (a draw may free the okey) and take the
left discard only when that tile frees it: any tile finishes a finished
hand, so taking whatever lies there would throw the chance away.

Everything here reads the seat's view only (:class:`~engine.classic.bots.tracking.Table`).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.classic.bots.evaluate import encode, pairs_deficiency, search
from engine.classic.bots.plan import Knowledge
from engine.classic.bots.stakes import double_gain
from engine.classic.bots.tracking import Table

# Never wait once the threat (see :func:`threat`) is above this, whatever the
# chance (the fit is rough, and late in a hand it errs low). At 0.15 it cut off
# waits the chance rule still wanted: two okeys, or a wide one, double about a
# quarter of the rounds, worth a wait up to a threat of 0.2 (1,200 hands, seed
# 1: hard's okey finishes 1.7 -> 2.5 per 1,000 hands, its share unchanged).
MAX_WAIT_THREAT = 0.25
# The threat per round after the first THREAT_QUIET rounds (see :func:`threat`).
THREAT_SLOPE = 0.056
THREAT_QUIET = 2.5
# The left neighbour's discard is a second look each round: it is one of the
# tiles this seat has not seen, like a draw, but it may only be taken when it
# frees the okey; counted at this weight next to the draw.
LEFT_LOOK = 0.7
# A normal player counts no tiles and waits only when the chance is plain:
# at least this chance per round (two copies of every face it does not hold
# assumed live) while the pile still holds more than half its tiles. An okey
# that two faces free (a set of two, a run's end) gives about 9%: it waits for
# that, and one face (its two copies and the other okey, about 5.5%) too: at
# 0.1 it waited only with two okeys or three faces, at 0.08 on two faces
# (1,200 hands, seed 1: normal's okey finishes 2.2 at 0.1, 3.3 at 0.08, 11.1
# at 0.05 per 1,000 hands).
NORMAL_WAIT_CHANCE = 0.05
NORMAL_WAIT_PILE = 0.5


def threat(table: Table) -> float:
    """Rough chance that someone else finishes before this seat's next turn.

    Fitted to four ``normal`` bots (300 hands, seed 9): another seat finished
    within the next three turns in 0-2% of hands alive after 2-3 rounds, 6%
    after 4, 16% after 5-6, 22-33% after 7-9 and about 40% after 12. It
    grows with the rounds played and a little with every discard the
    others took (a take is a step towards a win), scaled by how many others
    there are.
    """
    rounds = table.turns_played / table.seats
    others_took = sum(n for s, n in enumerate(table.takes) if s != table.me)
    per_seat = max(0.01, THREAT_SLOPE * (rounds - THREAT_QUIET) + 0.01 * others_took)
    return min(0.6, per_seat * (table.seats - 1) / 3)


def wins(tiles: Sequence[int], okey: int, wrap: bool, pairs: bool) -> bool:
    """Whether fourteen tiles form melds or (when allowed) seven pairs."""
    counts, wilds = encode(tiles, okey)
    if search(counts, wilds, 0, wrap, target=14 - wilds).deficiency == 0:
        return True
    return pairs and pairs_deficiency(counts, wilds) == 0


def holds_finished(table: Table) -> bool:
    """Whether the fourteen tiles on the rack already win (a seat that waits)."""
    return len(table.rack) == 14 and wins(
        table.rack, table.okey, table.run_13_1, table.pairs_allowed
    )


def frees_okey(table: Table, tile: int) -> bool:
    """Whether taking ``tile`` lets the seat finish by placing an okey."""
    okey = table.okey
    if tile >> 1 == okey:
        return wins(table.rack, okey, table.run_13_1, table.pairs_allowed)
    wild = next((t for t in table.rack if t >> 1 == okey), None)
    if wild is None:
        return False
    rest = [t for t in table.rack if t != wild]
    return wins([*rest, tile], okey, table.run_13_1, table.pairs_allowed)


def okey_chance(hand: Sequence[int], know: Knowledge) -> float:
    """Chance that one unseen tile lets a finished fourteen place an okey:
    an okey itself, or a tile that frees the okey the hand holds."""
    hits = know.live[52]
    wild = next((t for t in hand if t >> 1 == know.okey), None)
    if wild is not None:
        rest = [t for t in hand if t != wild]
        counts, wilds = encode(rest, know.okey)
        for face in range(52):
            if know.live[face] <= 0 or counts[face] >= 2:
                continue
            counts[face] += 1
            if search(counts, wilds, 0, know.wrap, target=14 - wilds).deficiency == 0 or (
                know.pairs and pairs_deficiency(counts, wilds) == 0
            ):
                hits += know.live[face]
            counts[face] -= 1
    return hits / max(1, know.unseen)


def _best_wait(table: Table, know: Knowledge, finishing: Sequence[int]) -> tuple[float, int] | None:
    """The spare tile to throw while waiting that leaves the best chance a
    round (a draw, and the left discard at :data:`LEFT_LOOK`), and that chance."""
    allowed = set(table.legal_tiles("discard"))
    best: tuple[float, int] | None = None
    for tile in finishing:
        if tile not in allowed:
            continue
        draw = okey_chance([t for t in table.rack if t != tile], know)
        chance = draw + LEFT_LOOK * draw * (1 - draw)
        if best is None or chance > best[0]:
            best = (chance, tile)
    return best


def plain_points(table: Table, finishing: Sequence[int]) -> int:
    """What finishing now with a plain tile scores: 2, or 4 when only seven
    pairs are left on the rack."""
    for tile in finishing:
        counts, wilds = encode([t for t in table.rack if t != tile], table.okey)
        if search(counts, wilds, 0, table.run_13_1, target=14 - wilds).deficiency == 0:
            return 2
    return 4


def _match_wait(
    table: Table, know: Knowledge, finishing: Sequence[int], single: float, double: float
) -> int | None:
    """The wait when finishing now ends the match (see :mod:`engine.classic.bots.stakes`):
    never when a double finish would not win more of it; always while the pile
    lasts when the plain finish loses it (waiting can only gain); otherwise
    while the chance of the double, for what it adds, beats the threat of
    losing what the plain finish holds."""
    if double <= single or table.pile_count <= 0:
        return None
    best = _best_wait(table, know, finishing)
    if best is None or best[0] <= 0:
        return None
    chance, tile = best
    if single == 0:
        return tile
    q = threat(table)
    return tile if chance * (double - single) * (1 - q) > q * single else None


def okey_wait(table: Table, know: Knowledge, *, counts_tiles: bool = True) -> int | None:
    """A tile to throw instead of finishing now, keeping a finished hand,
    when waiting a round to finish by placing an okey (double score) is
    worth the risk; ``None`` to finish at once.

    Only a hand that cannot place an okey now waits, and only while the
    threat stays at most :data:`MAX_WAIT_THREAT`: the chance ``p`` of a tile (drawn, or the left
    discard) that lets it place an okey must beat ``q / (1 - q)`` for
    threat ``q`` (waiting keeps the finish: it gains ``p`` of a second
    finish's worth and risks ``q`` of the first). A player that does not
    count tiles (``counts_tiles`` false, the normal level) waits only on a
    plain chance early in the hand.
    """
    finishing = table.legal_tiles("finish")
    okey = table.okey
    if not finishing or any(t >> 1 == okey for t in finishing):
        return None
    stakes = double_gain(table, plain_points(table, finishing)) if counts_tiles else None
    if stakes is not None:
        return _match_wait(table, know, finishing, *stakes)
    if not any(t >> 1 == okey for t in table.rack):
        return None  # only an okey drawn would double it: too thin a chance to wait for
    if table.pile_count <= table.seats:
        return None
    q = threat(table)
    if q > MAX_WAIT_THREAT:
        return None
    best = _best_wait(table, know, finishing)
    if best is None:
        return None
    if counts_tiles:
        return best[1] if best[0] > q / (1 - q) else None
    early = table.pile_count > NORMAL_WAIT_PILE * (104 - 14 * table.seats)  # the pile at the deal
    return best[1] if early and best[0] >= NORMAL_WAIT_CHANCE else None
