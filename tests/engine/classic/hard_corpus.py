"""A fixed corpus of classic positions and the hard bot's answers to them.

The positions are stored as finished hands (their compact records: seed and
packed log, about 200 bytes a hand), so they do not move when a bot's play
changes; every seat's view at every action of those hands is a position, and
where the hard bot would have taken (or drawn, or shown the indicator) unlike
the player, its own turn is followed on a copy until it discards. For each
position the corpus keeps the hard bot's action, and the coach's measure
(tiles from a win and live outs) of the 14 tiles the seat holds or would keep.

``python -m tests.engine.classic.hard_corpus`` rewrites
tests/engine/classic/hard_decisions.jsonl from the current code: run it only
when the hard bot is meant to decide differently (a change of strategy),
never to make a speed change pass.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from engine.classic import record as classic_record
from engine.classic.game import apply
from engine.classic.game import new_match as new_classic
from engine.classic.options import Options
from engine.classic.state import GameState
from engine.classic.view import view_for

CORPUS = Path(__file__).with_name("hard_decisions.jsonl")

# (options, seat levels, secrets): the hard bot's own hands and the normal
# ones it reviews, a few tables of two and three, and the table options the
# search reads (no 12-13-1 runs, no seven pairs).
TABLES: list[tuple[dict[str, Any], list[str], range]] = [
    ({"seats": 4}, ["hard", "normal", "normal", "normal"], range(1, 25)),
    ({"seats": 4}, ["hard", "hard", "hard", "hard"], range(30, 38)),
    ({"seats": 4}, ["normal", "easy", "normal", "easy"], range(40, 46)),
    ({"seats": 2}, ["hard", "normal"], range(50, 54)),
    ({"seats": 3}, ["hard", "normal", "hard"], range(60, 64)),
    ({"seats": 4, "run_13_1": False}, ["hard", "normal", "normal", "normal"], range(70, 74)),
    ({"seats": 4, "pairs_finish": False}, ["hard", "normal", "normal", "normal"], range(80, 84)),
]

Decide = Callable[[Mapping[str, Any]], dict[str, Any]]
Measure = Callable[[list[int], Mapping[str, Any]], tuple[int, int]]


def play_hand(options: dict[str, Any], levels: list[str], secret: int) -> GameState:
    """A finished hand of bots at ``levels`` (used only to make the corpus)."""
    from engine.classic.bots import choose_action

    state = new_classic(Options.from_dict(options), bytes([secret]) * 32)
    while state.phase != "over":
        seat = state.turn
        action = choose_action(view_for(state, seat, since=state.base_version), levels[seat], 0)
        state, _ = apply(state, seat, action)
    return state


def code(action: Mapping[str, Any]) -> str:
    """An action in one short token: D draw, T take, S show, E end, dN discard, fN finish."""
    kind = action["type"]
    if kind in ("discard", "finish"):
        return f"{kind[0]}{action['tile']}"
    return {"draw": "D", "take_discard": "T", "show_indicator": "S", "end_hand": "E"}[kind]


def _view(state: GameState, seat: int) -> dict[str, Any]:
    return view_for(state, seat, since=state.base_version)


def _answer(
    view: Mapping[str, Any], decide: Decide, measure: Measure
) -> tuple[str, dict[str, Any]]:
    """The token of one position: the action, and the measure of 14 tiles (the rack
    between turns, or the rack left by the discard), as ``dN/tiles,outs``."""
    action = decide(view)
    token = code(action)
    rack = list(view["rack"])
    if action["type"] in ("discard", "finish"):
        rack.remove(action["tile"])
    if len(rack) == 14:
        tiles, outs = measure(rack, view)
        token += f"/{tiles},{outs}"
    return token, action


def answers(record: dict[str, Any], decide: Decide, measure: Measure) -> Iterator[str]:
    """The tokens of every position of one stored hand, in a fixed order."""
    hand = classic_record.from_record(record)
    dealt = classic_record.from_record({**record, "l": ""})
    state = dealt.copy()
    for action, _auto in classic_record.decode_log(hand.log):
        seat = state.turn
        token, mine = _answer(_view(state, seat), decide, measure)
        yield token
        if mine != action and mine["type"] in ("draw", "take_discard", "show_indicator"):
            yield from _own_turn(state, seat, mine, decide, measure)
        state, _ = apply(state, seat, action)


def _own_turn(
    state: GameState, seat: int, action: dict[str, Any], decide: Decide, measure: Measure
) -> Iterator[str]:
    """The hard bot's own turn from ``state`` on a copy, after its first ``action``."""
    while action["type"] in ("draw", "take_discard", "show_indicator"):
        state, _ = apply(state, seat, action)
        if state.turn != seat or state.phase == "over":
            return
        token, action = _answer(_view(state, seat), decide, measure)
        yield "+" + token


def hard_decide(view: Mapping[str, Any]) -> dict[str, Any]:
    from engine.classic.bots.coach import advise

    return advise(view).action


def measure(rack: list[int], view: Mapping[str, Any]) -> tuple[int, int]:
    """The coach's measure, as the review reads it (recorded from the review's own
    function before the coach had a public face)."""
    from engine.classic.bots.coach import Coach

    return Coach(view).distance(rack)


def build() -> list[dict[str, Any]]:
    rows = []
    for options, levels, secrets in TABLES:
        for secret in secrets:
            record = classic_record.to_record(play_hand(options, levels, secret))
            tokens = answers(record, hard_decide, measure)
            rows.append({"record": record, "answers": " ".join(tokens)})
    return rows


def load() -> list[dict[str, Any]]:
    return [json.loads(line) for line in CORPUS.read_text().splitlines() if line]


def main() -> int:
    rows = build()
    CORPUS.write_text("".join(json.dumps(row, separators=(",", ":")) + "\n" for row in rows))
    positions = sum(len(row["answers"].split()) for row in rows)
    print(f"{len(rows)} hands, {positions} positions -> {CORPUS}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
