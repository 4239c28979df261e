"""Play a sampled 101 hand to its end, fast, for the hard search (:mod:`.search`).

Every seat follows one cheap policy, close to how the bots play but without
building views or legal actions (a full ``normal`` playout costs ~60 ms, this
about a millisecond): take the left discard when it lays off or opens, else
draw; open with the best melds once they reach the threshold; once opened,
lay every meld and lay-off it can; throw the tile with the fewest links
(opened: the highest loose tile), never an okey or a layable tile while
another is left. Seats that opened with pairs only draw and throw their
highest single. The rules that decide the score are the engine's own (its
opening search, lay-offs and hand scores).
"""

from __future__ import annotations

from engine.okey101.bots.sample import Deal
from engine.okey101.bots.shape import counts_of, fits, links, meld_bound, plays
from engine.okey101.opening import THRESHOLD, Rule, best_opening
from engine.okey101.scoring import PENALTY, hand_deltas
from engine.okey101.table import run_start, set_value


def openings(table: list[list[int]], okey: int) -> dict[int, tuple[int, int]]:
    """Each face that can be laid off now -> (meld index, insertion index), as
    :func:`engine.okey101.table.layoffs` would place it, built once per look
    (asking ``layoffs`` tile by tile cost most of a playout). A wild okey fits
    wherever the table has any meld that is not a full set."""
    spots: dict[int, tuple[int, int]] = {}
    for index, meld in enumerate(table):
        run = run_start(meld, okey)
        if run is not None:
            colour, first = run
            last = first + len(meld) - 1
            if first > 1:
                spots.setdefault(colour * 13 + first - 2, (index, 0))
            if last < 13:
                spots.setdefault(colour * 13 + last, (index, len(meld)))
            spots.setdefault(-1, (index, len(meld) if last < 13 else 0))
            continue
        found = set_value(meld, okey)
        if found is not None and len(meld) < 4:
            value, colours = found
            for colour in range(4):
                if colour not in colours:
                    spots.setdefault(colour * 13 + value - 1, (index, len(meld)))
            spots.setdefault(-1, (index, len(meld)))
    return spots


def _spot(tile: int, spots: dict[int, tuple[int, int]], okey: int) -> tuple[int, int] | None:
    return spots.get(-1 if tile >> 1 == okey else plays(tile, okey))


class _Hand:
    """A deal being played out, with the lay-off spots of its table kept until it changes."""

    def __init__(self, deal: Deal, okey: int, rule: Rule) -> None:
        self.deal, self.okey, self.rule = deal, okey, rule
        self.threshold = THRESHOLD[rule]
        self._spots: dict[int, tuple[int, int]] | None = None

    def spot(self, tile: int) -> tuple[int, int] | None:
        if self._spots is None:
            self._spots = openings(self.deal.table, self.okey)
        return _spot(tile, self._spots, self.okey)

    def lay(self, seat: int, groups: tuple[tuple[int, ...], ...]) -> None:
        rack = self.deal.racks[seat]
        for group in groups:
            for tile in group:
                rack.remove(tile)
            self.deal.table.append(list(group))
        self._spots = None

    def shed(self, seat: int) -> None:
        """Lay off while a tile fits and one is left to throw (real tiles, high ones, first)."""
        rack, okey = self.deal.racks[seat], self.okey
        while len(rack) > 1:
            fitting = [t for t in rack if self.spot(t) is not None]
            if not fitting:
                return
            tile = min(fitting, key=lambda t: (t >> 1 == okey, -(plays(t, okey) % 13), t))
            place = self.spot(tile)
            assert place is not None
            rack.remove(tile)
            self.deal.table[place[0]].insert(place[1], tile)
            self._spots = None

    def could_open(self, rack: list[int], new: int) -> bool:
        """A cheap necessary test before the opening search (``sum101``; else always true).

        The rack without ``new`` could not open (the seat would have), so the
        new tile must fit a meld, and the bound must reach the threshold.
        """
        if self.rule != "sum101":
            return True
        counts, wilds = counts_of(rack, self.okey)
        if new >> 1 != self.okey and not fits(plays(new, self.okey), counts, wilds):
            return False
        return meld_bound(counts, wilds) >= self.threshold

    def play(self, seat: int, new: int, took: bool = False) -> None:
        """After taking ``new``: open, lay melds and lay off as far as this policy goes."""
        deal, okey = self.deal, self.okey
        rack, opened = deal.racks[seat], deal.opened[seat]
        if opened == "pairs":
            return
        if opened is None:
            holding = deal.holding == seat
            if not holding and not self.could_open(rack, new):
                return
            best = best_opening(rack, okey, rule=self.rule)
            if best.points < self.threshold or sum(map(len, best.groups)) >= len(rack):
                return
            if holding and not took and len(deal.pile) >= len(deal.racks):
                self.open_if_out(seat, best.groups)  # hold unless it finishes now
                return
            self.open(seat, best.groups)
            return
        if new >> 1 == okey or fits(plays(new, okey), *counts_of(rack, okey)):
            self.lay_more(seat)
        self.shed(seat)

    def open(self, seat: int, groups: tuple[tuple[int, ...], ...]) -> None:
        """Open with ``groups``, then lay what else goes down this turn."""
        self.lay(seat, groups)
        self.deal.opened[seat] = "melds"
        self.lay_more(seat)
        self.shed(seat)

    def lay_more(self, seat: int) -> None:
        rack = self.deal.racks[seat]
        more = best_opening(rack, self.okey, rule=self.rule).groups
        if more and sum(map(len, more)) < len(rack):
            self.lay(seat, more)

    def open_if_out(self, seat: int, groups: tuple[tuple[int, ...], ...]) -> None:
        """Open only if the turn then leaves a single tile (the finishing discard)."""
        deal = self.deal
        rack, table = list(deal.racks[seat]), [list(m) for m in deal.table]
        self.open(seat, groups)
        if len(deal.racks[seat]) > 1:
            deal.racks[seat], deal.table, deal.opened[seat] = rack, table, None
            self._spots = None

    def wants(self, seat: int, tile: int) -> bool:
        """Take the left discard when it lays off, or opens (or lays) a meld with it."""
        deal, okey = self.deal, self.okey
        rack, opened = deal.racks[seat], deal.opened[seat]
        if opened == "pairs" or tile >> 1 == okey:
            return False
        if opened == "melds" and self.spot(tile) is not None:
            return True
        with_tile = [*rack, tile]
        if opened is None and not self.could_open(with_tile, tile):
            return False
        if opened == "melds" and not fits(plays(tile, okey), *counts_of(rack, okey)):
            return False
        best = best_opening(with_tile, okey, rule=self.rule)
        used = any(tile in g for g in best.groups) and sum(map(len, best.groups)) <= len(rack)
        return used and (opened == "melds" or best.points >= self.threshold)

    def throw(self, seat: int, took: int | None) -> int:
        """The fewest-links tile; once opened, high loose tiles first. No okey or layable tile
        while another is left."""
        okey = self.okey
        rack = self.deal.racks[seat]
        loose = [t for t in rack if t != took and t >> 1 != okey]
        safe = [t for t in loose if self.spot(t) is None]
        pool = safe or loose or [t for t in rack if t != took] or rack
        if self.deal.holding == seat and self.deal.opened[seat] is None:
            # keep the held opening's tiles
            kept = {t for g in best_opening(rack, okey, rule=self.rule).groups for t in g}
            pool = [t for t in pool if t not in kept] or pool
        faces = [plays(t, okey) for t in rack if t >> 1 != okey]
        opened = self.deal.opened[seat] is not None

        def keep(tile: int) -> tuple[float, int]:
            face = plays(tile, okey)
            others = list(faces)
            if face in others:
                others.remove(face)
            val = face % 13 + 1
            worth = links(face, others) * 2 + (-val * 0.5 if opened else val * 0.1)
            return worth, tile

        return min(pool, key=keep)

    def scores(self, finisher: int | None, okey_finish: bool) -> list[int]:
        deal = self.deal
        base = hand_deltas(
            deal.racks,
            deal.opened,  # type: ignore[arg-type]
            finisher=finisher,
            okey_finish=okey_finish,
            okey=self.okey,
        )
        return [s + p for s, p in zip(base, deal.penalties, strict=True)]


def playout(
    deal: Deal,
    okey: int,
    rule: Rule,
    turn: int,
    *,
    opening: tuple[tuple[int, ...], ...] | None = None,
    mid_turn: bool = False,
) -> list[int]:
    """Play ``deal`` (changed in place) to the end of the hand; each seat's hand score,
    penalties included.

    Play starts with ``turn``'s take, or with ``mid_turn`` after it: that seat
    then opens with ``opening`` (if any) and discards.
    """
    hand = _Hand(deal, okey, rule)
    seats = len(deal.racks)
    while mid_turn or deal.pile:
        seat = turn
        took = None
        if mid_turn:
            mid_turn = False
            if opening:
                hand.open(seat, opening)
        else:
            left = deal.discards[(seat - 1) % seats]
            if left and hand.wants(seat, left[-1]):
                took = left.pop()
                new = took
            else:
                new = deal.pile.pop()
            deal.racks[seat].append(new)
            hand.play(seat, new, took is not None)
        rack = deal.racks[seat]
        tile = hand.throw(seat, took)
        if deal.penalise and len(rack) > 1 and (tile >> 1 == okey or hand.spot(tile) is not None):
            deal.penalties[seat] += PENALTY
        rack.remove(tile)
        deal.discards[seat].append(tile)
        if not rack:
            return hand.scores(seat, tile >> 1 == okey)
        turn = (seat + 1) % seats
    return hand.scores(None, False)


__all__ = ["openings", "playout"]
