"""The computer players: one function of a seat's view per level.

Every level reads only the view (see :mod:`engine.classic.bots.tracking`); the
randomness of the looser levels comes from ``random.Random`` seeded by the
caller's seed and the view's version, so a decision is a pure function of
what the seat may see and the seed.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from engine.classic.bots.evaluate import encode, pairs_deficiency, search
from engine.classic.bots.finish import (
    MAX_WAIT_THREAT,
    frees_okey,
    holds_finished,
    okey_wait,
    threat,
)
from engine.classic.bots.heuristic import IN_MELD, completes_meld, lonely_order
from engine.classic.bots.plan import (
    HARD,
    NAIVE,
    Knowledge,
    plays_pairs,
    ranked_discards,
    take_improves,
    take_pairs,
    take_widens,
)
from engine.classic.bots.tracking import Table, read_view

Action = dict[str, Any]

# Gentle players never finish before their fourth turn.
GENTLE_QUIET_TURNS = 3
# Easy players throw one of their EASY_POOL loneliest loose tiles at random
# this often, and take a discard that completes a meld only this often.
EASY_SLIP = 0.6
EASY_POOL = 5
EASY_TAKES = 0.3
# Easy players show the indicator this often (they forget now and then).
EASY_SHOWS = 0.75


def _finish_points(table: Table, tile: int) -> int:
    """Points of finishing by placing ``tile``: the engine scores melds (2)
    when the other fourteen form melds, else seven pairs (4); doubled when
    the placed tile is an okey."""
    counts, wilds = encode([t for t in table.rack if t != tile], table.okey)
    melds = search(counts, wilds, 0, table.run_13_1).deficiency == 0
    return (2 if melds else 4) * (2 if tile >> 1 == table.okey else 1)


def best_finish(table: Table) -> int:
    """The finishing tile worth most (an okey placed, seven pairs)."""
    return max(table.legal_tiles("finish"), key=lambda t: (_finish_points(table, t), -t))


def _take_or_draw(table: Table, take: bool) -> Action:
    kinds = table.legal_types()
    if take and "take_discard" in kinds:
        return {"type": "take_discard"}
    if "draw" in kinds:
        return {"type": "draw"}
    return {"type": "end_hand"}


def legal_discard(table: Table, preferred: Iterable[int]) -> int:
    """The first of ``preferred`` (best first) that may be discarded, or its twin.

    Only a left discard taken this turn is ever refused (RULES.md, "No passing a
    tile straight back"); its twin is the same face, so the same discard.
    """
    allowed = set(table.legal_tiles("discard"))
    for tile in preferred:
        for candidate in (tile, tile ^ 1):
            if candidate in allowed:
                return candidate
    return min(allowed)


def _can_finish_with(table: Table, tile: int) -> bool:
    counts, wilds = encode([*table.rack, tile], table.okey)
    if search(counts, wilds, 0, table.run_13_1, target=14 - wilds).deficiency == 0:
        return True
    return table.pairs_allowed and pairs_deficiency(counts, wilds) == 0


def play_hard(table: Table, rng: random.Random) -> Action:
    know = Knowledge.of(table, HARD)
    if table.phase == "take":
        tile = table.left_top
        if holds_finished(table):
            # Waiting for an okey finish: any tile finishes, so only a tile
            # that frees the okey is worth more than a draw.
            last = "draw" not in table.legal_types()  # an empty pile: take to finish
            take = tile is not None and (frees_okey(table, tile) or last)
        elif tile is not None and plays_pairs(table.rack, know, HARD):
            # a pairs rack takes a twin (or a finish), never a tile for melds
            # that its pairs discards would leave stranded
            take = take_pairs(table.rack, tile, know, HARD) or _can_finish_with(table, tile)
        else:
            take = tile is not None and (
                take_improves(table.rack, tile, know) or take_widens(table.rack, tile, know, HARD)
            )
        return _take_or_draw(table, take)
    if table.legal_tiles("finish"):
        wait = okey_wait(table, know)
        if wait is not None:
            return {"type": "discard", "tile": wait}
        return {"type": "finish", "tile": best_finish(table)}
    ranked = ranked_discards(table.rack, know, HARD)
    return {"type": "discard", "tile": legal_discard(table, (tile for _, tile in ranked))}


def _casual_take(table: Table, rng: random.Random, keenness: float) -> Action:
    """Take the left discard when it completes a meld (or finishes the hand);
    a looser player overlooks it at times."""
    tile = table.left_top
    if tile is not None and holds_finished(table):
        # waiting for an okey finish (see play_normal): draw unless it frees the okey
        return _take_or_draw(table, frees_okey(table, tile) or "draw" not in table.legal_types())
    take = tile is not None and (
        _can_finish_with(table, tile)
        or (
            completes_meld(table.rack, tile, table.okey, table.run_13_1) and rng.random() < keenness
        )
    )
    return _take_or_draw(table, take)


def _casual_discard(table: Table, rng: random.Random, slip: float, safe: bool) -> int:
    """The loneliest tile; with probability ``slip`` one of the
    :data:`EASY_POOL` loneliest that lie in no meld instead; a ``safe``
    player picks, among tiles about as lonely, one whose face was already
    thrown (nobody took it then)."""
    rack = table.rack
    allowed = set(table.legal_tiles("discard"))
    order, scores = lonely_order(rack, table.okey, table.run_13_1)
    order = [i for i in order if rack[i] in allowed]
    if not order:
        return legal_discard(table, rack)  # only wilds are left to throw
    if rng.random() < slip:
        loose = [i for i in order[:EASY_POOL] if scores[i] < IN_MELD] or order[:1]
        return rack[rng.choice(loose)]
    if safe:
        thrown = {t >> 1 for t in table.seen if t not in rack}
        lonely = scores[order[0]] + 0.5
        calm = [i for i in order[:EASY_POOL] if scores[i] <= lonely and rack[i] >> 1 in thrown]
        if calm:
            return rack[calm[0]]
    return rack[order[0]]


def play_normal(table: Table, rng: random.Random) -> Action:
    if table.phase == "take":
        return _casual_take(table, rng, 1.0)
    if table.legal_tiles("finish"):
        wait = okey_wait(table, Knowledge.of(table, NAIVE), counts_tiles=False)
        if wait is not None:
            return {"type": "discard", "tile": wait}
        return {"type": "finish", "tile": best_finish(table)}
    return {"type": "discard", "tile": _casual_discard(table, rng, 0.0, False)}


def play_easy(table: Table, rng: random.Random) -> Action:
    if table.phase == "take":
        return _casual_take(table, rng, EASY_TAKES)
    if table.legal_tiles("finish"):
        return {"type": "finish", "tile": best_finish(table)}
    return {"type": "discard", "tile": _casual_discard(table, rng, EASY_SLIP, False)}


def play_gentle(table: Table, rng: random.Random) -> Action:
    if table.phase == "take":
        return _casual_take(table, rng, EASY_TAKES)
    if table.legal_tiles("finish") and table.my_turns >= GENTLE_QUIET_TURNS:
        return {"type": "finish", "tile": best_finish(table)}
    return {"type": "discard", "tile": _casual_discard(table, rng, EASY_SLIP, True)}


def play_random(table: Table, rng: random.Random) -> Action:
    """The benchmark baseline: finishes when it can, otherwise any legal move."""
    if table.legal_tiles("finish"):
        return {"type": "finish", "tile": rng.choice(table.legal_tiles("finish"))}
    options: list[Action] = []
    for action in table.legal:
        if "tiles" in action:
            options.extend({"type": action["type"], "tile": t} for t in action["tiles"])
        else:
            options.append({"type": action["type"]})
    return rng.choice(options)


PLAYERS = {
    "easy": play_easy,
    "normal": play_normal,
    "hard": play_hard,
    "gentle": play_gentle,
    "random": play_random,
}

__all__ = ["MAX_WAIT_THREAT", "PLAYERS", "best_finish", "decide", "okey_wait", "threat"]


def decide(view: Mapping[str, Any], level: str, seed: int) -> Action:
    player = PLAYERS.get(level)
    if player is None:
        raise ValueError(f"unknown level {level!r}")
    legal = list(view.get("legal", []))
    types = {a["type"] for a in legal}
    if not legal:
        raise ValueError("this seat has no legal action now")
    if view["phase"] == "over":
        if "next_hand" in types:
            return {"type": "next_hand"}
        raise ValueError("the hand is over and no next hand follows")
    if "events" not in view:
        # Without this hand's events a bot cannot count the tiles it has seen
        # (hard won 22.6% of hands instead of ~30%): refuse rather than play blind.
        raise ValueError("a bot needs the hand's events: view_for(state, seat, since=base_version)")
    rng = random.Random(f"{seed}:{view['version']}:{view['you']}:{level}")
    table = read_view(view)
    if (
        "show_indicator" in types
        and level != "random"
        and (level != "easy" or rng.random() < EASY_SHOWS)
    ):
        return {"type": "show_indicator"}
    return player(table, rng)
