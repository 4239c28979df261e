"""101 Okey moves as plain functions on state: ``apply(state, seat, action)``.

Actions (tile ids as in :mod:`engine.core.tiles`; melds in laid order):
``draw``, ``take_discard``, ``open`` (``melds`` or ``pairs``: lists of
tile-id lists), ``lay`` (same, after opening), ``layoff`` and ``swap``
(``tile``, ``meld`` index on the table, ``position``), ``discard``
(``tile``), ``end_hand`` (pile empty), ``next_hand``.

>>> state = new_match101(Options101(seats=2), bytes(32))
>>> state.turn, state.phase, [len(r) for r in state.racks]
(0, 'play', [22, 21])
>>> state2, events = apply(state, 0, {"type": "discard", "tile": state.racks[0][0]})
>>> events[0]["type"], state2.turn, state2.phase, state.phase
('discard', 1, 'take', 'play')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.classic.state import TURN_LIMIT
from engine.core.deal import deal
from engine.core.errors import IllegalAction, MalformedAction
from engine.core.game import Moves, check_next_hand, check_type, mark_auto, read_tile
from engine.core.melds import is_pair, meld_kind
from engine.core.shuffle import hand_seed
from engine.core.tiles import face_of, okey_face
from engine.okey101.legal import discard_penalty, just_returned
from engine.okey101.log import encode_action
from engine.okey101.opening import PAIRS_TO_OPEN, THRESHOLD, meld_points
from engine.okey101.scoring import hand_items, match_winners, team_winners
from engine.okey101.state import Event, Options101, State101
from engine.okey101.table import layoffs, okey_swaps, set_value

RACK, STARTER_RACK = 21, 22
# Refusals with their own codes (the API's error code), so the table can say why in words.
PAIRS_ONLY, NOT_OPENED = "pairs_only", "not_opened"
PAIRS_ONLY_SAID = "you opened with pairs: you may only lay pairs"
ACTIONS = (
    "draw",
    "take_discard",
    "return_discard",
    "open",
    "lay",
    "layoff",
    "swap",
    "discard",
    "end_hand",
)


def new_match101(options: Options101, match_secret: bytes) -> State101:
    """Deal the first hand; the match secret derives every hand's seed."""
    if len(match_secret) != 32:
        raise ValueError("the match secret is exactly 32 bytes")
    return start_hand101(options, match_secret, 0, 0, [])


def start_hand101(
    options: Options101,
    secret: bytes,
    number: int,
    base_version: int,
    history: list[tuple[int, ...]],
) -> State101:
    """Deal hand ``number`` after the hands in ``history`` (the totals are their sums)."""
    # The classic plain deal with 101's rack sizes.
    seed = hand_seed(secret, number)
    starter = number % options.seats
    dealt = deal(seed, options.seats, starter, sizes=(STARTER_RACK, RACK))
    indicator = dealt.indicator
    state = State101(
        options=options,
        match_secret=secret,
        hand_number=number,
        seed=seed,
        starter=starter,
        racks=[list(r) for r in dealt.racks],
        pile=list(reversed(dealt.pile)),
        discards=[[] for _ in range(options.seats)],
        indicator=indicator,
        okey=okey_face(face_of(indicator)),
        turn=starter,
        phase="play",  # the starter opens play with a discard (or opens melds first)
        opened=[None] * options.seats,
        table=[],
        table_owners=[],
        burned=[],
        penalties=[0] * options.seats,
        totals=[sum(column) for column in zip(*history, strict=True)] or [0] * options.seats,
        history=list(history),
        base_version=base_version,
    )
    _emit(state, {"type": "deal", "seat": starter, "hand": number})
    return state


def _parse(state: State101, seat: int, action: Mapping[str, Any]) -> tuple[str, Mapping[str, Any]]:
    return check_type(state, seat, action, ACTIONS), action


def apply(
    state: State101, seat: int, action: Mapping[str, Any], *, auto: bool = False
) -> tuple[State101, list[Event]]:
    """Check an action; return the new state and its events. ``state`` is unchanged.

    ``auto`` marks a turn a computer played for the seat (its time ran out).
    Raises :class:`MalformedAction`, :class:`NotYourTurn` or :class:`IllegalAction`.
    """
    return MOVES.apply(state, seat, action, auto)


def replay_action(
    state: State101, seat: int, action: Mapping[str, Any], *, auto: bool = False
) -> list[Event]:
    """Like :func:`apply`, but changes ``state`` in place (:meth:`Moves.replay`), for
    rebuilding a state from its own log (see :mod:`engine.okey101.record`)."""
    return MOVES.replay(state, seat, action, auto)


def _play(
    state: State101, seat: int, parsed: tuple[str, Mapping[str, Any]], auto: bool
) -> list[Event]:
    kind, action = parsed
    before = len(state.events)
    logged: dict[str, Any] = {"type": kind}
    if kind in ("draw", "take_discard", "end_hand"):
        _take(state, seat, kind)
    else:
        if state.phase != "play":
            raise IllegalAction("take a tile first")
        if kind in ("open", "lay"):
            logged.update(_lay(state, seat, kind, action))
        elif kind in ("layoff", "swap"):
            logged.update(_place(state, seat, kind, action))
        elif kind == "return_discard":
            _return_discard(state, seat)
        else:
            logged["tile"] = _tile(action.get("tile"))
            _discard(state, seat, logged["tile"])
    state.log += encode_action(logged, auto=auto)
    if auto:
        mark_auto(state.events[before:])
    return state.events[before:]


def _emit(state: State101, event: Event) -> None:
    state.events.append({"v": state.version + 1, **event})


def _tile(value: Any) -> int:
    return read_tile(value)


def _groups(value: Any) -> list[tuple[int, ...]]:
    if not isinstance(value, list) or not value or not all(isinstance(g, list) for g in value):
        raise MalformedAction("melds and pairs are non-empty lists of tile-id lists")
    return [tuple(_tile(t) for t in group) for group in value]


def _take(state: State101, seat: int, kind: str) -> None:
    if state.phase != "take":
        raise IllegalAction("you have already taken a tile this turn")
    if kind == "end_hand":
        if state.pile:
            raise IllegalAction("a hand ends without a finisher only when the pile is empty")
        _emit(state, {"type": "end_hand", "seat": seat})
        _close(state, None, False)
        return
    if kind == "draw":
        if not state.pile:
            raise IllegalAction("the draw pile is empty")
        tile = state.pile.pop()
        _emit(state, {"type": "draw", "seat": seat, "tile": tile})
    else:
        left = state.left_of(seat)
        if not state.discards[left]:
            raise IllegalAction("there is no discard to take")
        if just_returned(state, seat):
            raise IllegalAction("you gave that tile back this turn: draw from the pile")
        tile = state.discards[left].pop()
        state.taken = tile
        _emit(state, {"type": "take_discard", "seat": seat, "tile": tile, "source": left})
    state.racks[seat].append(tile)
    state.phase = "play"


def _return_discard(state: State101, seat: int) -> None:
    if state.taken is None or state.taken not in state.racks[seat]:
        raise IllegalAction("you hold no tile taken from the left this turn")
    state.racks[seat].remove(state.taken)
    state.discards[state.left_of(seat)].append(state.taken)
    _emit(state, {"type": "return_discard", "seat": seat, "tile": state.taken})
    state.taken, state.phase = None, "take"


def _remove(state: State101, seat: int, tiles: list[int]) -> None:
    """Take tiles off the rack, keeping at least one for the turn's discard."""
    rack = state.racks[seat]
    if len(set(tiles)) != len(tiles) or not set(tiles) <= set(rack):
        raise IllegalAction("those tiles are not all on your rack")
    if len(tiles) >= len(rack):
        raise IllegalAction("keep a tile to discard")
    for tile in tiles:
        rack.remove(tile)


def _lay(
    state: State101, seat: int, kind: str, action: Mapping[str, Any]
) -> dict[str, list[list[int]]]:
    opened = state.opened[seat]
    if (kind == "open") != (opened is None):
        if opened:
            raise IllegalAction("open once, then lay")
        raise IllegalAction("open before laying", NOT_OPENED)
    as_pairs = "pairs" in action
    groups = _groups(action.get("pairs" if as_pairs else "melds"))
    rule = state.options.opening_rule
    if as_pairs:
        if kind == "open" and not state.options.pairs_opening:
            raise IllegalAction("this table does not open with pairs")
        if kind == "lay" and opened != "pairs":
            raise IllegalAction("only a seat that opened with pairs lays pairs")
        if not all(len(g) == 2 and is_pair(g[0], g[1], state.okey) for g in groups):
            if kind == "lay":
                raise IllegalAction(PAIRS_ONLY_SAID, PAIRS_ONLY)
            raise IllegalAction("every group must be a pair", "not_a_pair")
        if kind == "open" and len(groups) < PAIRS_TO_OPEN:
            raise IllegalAction(f"opening with pairs needs {PAIRS_TO_OPEN} pairs")
    else:
        if opened == "pairs":
            raise IllegalAction(PAIRS_ONLY_SAID, PAIRS_ONLY)
        points = 0
        for group in groups:
            if meld_kind(group, state.okey, run_13_1=False) is None:
                raise IllegalAction("every group must be a run or a set (1 is only low)")
            try:
                points += meld_points(group, state.okey, rule)
            except ValueError as error:
                raise IllegalAction("lay each meld in order, runs ascending") from error
        if kind == "open" and points < THRESHOLD[rule]:
            raise IllegalAction(f"an opening needs {THRESHOLD[rule]} points, these make {points}")
    _remove(state, seat, [t for g in groups for t in g])
    if kind == "open":
        state.opened[seat] = "pairs" if as_pairs else "melds"
    start = len(state.table)
    state.table.extend(groups)
    state.table_owners.extend([seat] * len(groups))
    _emit(state, {"type": kind, "seat": seat, "groups": [list(g) for g in groups], "at": start})
    for index in reversed(range(start, len(state.table))):
        _maybe_burn(state, index)
    return {"pairs" if as_pairs else "melds": [list(g) for g in groups]}


def _place(state: State101, seat: int, kind: str, action: Mapping[str, Any]) -> dict[str, int]:
    tile, index, position = _tile(action.get("tile")), action.get("meld"), action.get("position")
    if not isinstance(index, int) or not isinstance(position, int):
        raise MalformedAction("meld and position are integers")
    if isinstance(index, bool) or isinstance(position, bool):
        raise MalformedAction("meld and position are integers")
    if state.opened[seat] == "pairs":
        raise IllegalAction(PAIRS_ONLY_SAID, PAIRS_ONLY)
    if state.opened[seat] is None:
        raise IllegalAction("open first: then you may add tiles to the melds", NOT_OPENED)
    if kind == "swap" and not state.options.okey_swap:
        raise IllegalAction("this table does not swap okeys")
    if not 0 <= index < len(state.table):
        raise IllegalAction("no such meld on the table")
    meld = state.table[index]
    finder = layoffs if kind == "layoff" else okey_swaps
    if (tile, 0, position) not in finder([tile], [meld], state.okey):
        raise IllegalAction(f"that tile does not fit there ({kind})", "does_not_fit")
    if kind == "layoff":
        _remove(state, seat, [tile])
        state.table[index] = (*meld[:position], tile, *meld[position:])
    else:
        state.racks[seat].remove(tile)
        state.racks[seat].append(meld[position])
        state.table[index] = (*meld[:position], tile, *meld[position + 1 :])
    _emit(state, {"type": kind, "seat": seat, "tile": tile, "meld": index, "position": position})
    _maybe_burn(state, index)
    return {"tile": tile, "meld": index, "position": position}


def _maybe_burn(state: State101, index: int) -> None:
    meld = state.table[index]
    if state.options.burn_full_sets and len(meld) == 4 and set_value(meld, state.okey):
        del state.table[index]
        del state.table_owners[index]
        state.burned.extend(meld)
        _emit(state, {"type": "burn", "meld": index, "tiles": list(meld)})


def _discard(state: State101, seat: int, tile: int) -> None:
    rack = state.racks[seat]
    if tile not in rack:
        raise IllegalAction("that tile is not on your rack")
    if state.options.discard_must_be_used and state.taken is not None and state.taken in rack:
        raise IllegalAction("the tile taken from the left must be used on the table this turn")
    if tile == state.taken:
        raise IllegalAction("a tile taken from the left may not be discarded in the same turn")
    # The same test as the view's warning (legal's ``penalised``), made before the tile goes.
    penalty = discard_penalty(state, seat, tile)
    rack.remove(tile)
    state.discards[seat].append(tile)
    wild = face_of(tile) == state.okey
    finished = not rack
    state.penalties[seat] += penalty
    _emit(state, {"type": "discard", "seat": seat, "tile": tile, "penalty": penalty})
    state.taken = None
    state.turns += 1
    if finished:
        _close(state, seat, wild)
        return
    state.turn = (seat + 1) % state.seats
    state.phase = "take"
    if state.turns >= TURN_LIMIT:
        # Part of the discard, not a logged action: replaying the log ends the hand again.
        _emit(state, {"type": "end_hand", "seat": state.turn, "reason": "turn_limit"})
        _close(state, None, False)


def _close(state: State101, finisher: int | None, okey_finish: bool) -> None:
    penalties = [
        (e["seat"], e["tile"], e["penalty"])
        for e in state.events
        if e["type"] == "discard" and e["penalty"]
    ]
    state.result_items = hand_items(
        state.racks,
        state.opened,
        finisher=finisher,
        okey_finish=okey_finish,
        okey=state.okey,
        partners=state.options.partners,
        penalties=penalties,
    )
    # The hand's score before penalties is its lines but the penalty ones (hand_deltas'
    # sum); the state's own penalty count is added to it.
    base = [
        sum(line["points"] for line in lines if line["item"] != "penalty")
        for lines in state.result_items
    ]
    deltas = tuple(b + p for b, p in zip(base, state.penalties, strict=True))
    state.result, state.finisher, state.phase = deltas, finisher, "over"
    state.totals = [t + d for t, d in zip(state.totals, deltas, strict=True)]
    state.history.append(deltas)
    winners = team_winners if state.options.partners else match_winners
    state.match_winners = winners(state.totals, len(state.history), state.options.hands)
    _emit(state, {"type": "hand_over", "finisher": finisher, "deltas": list(deltas)})


def _next_hand(state: State101) -> tuple[State101, list[Event]]:
    check_next_hand(state)
    new = start_hand101(
        state.options, state.match_secret, state.hand_number + 1, state.version, state.history
    )
    return new, list(new.events)


MOVES = Moves(parse=_parse, play=_play, next_hand=_next_hand)
