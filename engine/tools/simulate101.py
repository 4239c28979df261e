"""Bot-only 101 hands, for tests and measurements (``python -m engine.simulate --variant 101``).

Measuring only: :meth:`Tally101.play` reads the clock to time decisions.

A 101 hand always ends with a score for every seat (lower is better), so a
seat **wins** a hand when its hand score (penalties included) is the lowest
at the table; seats tied for the lowest share that hand equally (two seats
tied: half a win each). With ``partners`` the two teams' sums are compared
and each seat of the lower team gets half a win. A hand in which every seat
(or both teams) ties, for example nobody opened before the pile ran out, is
a **draw** and counts for no one.

>>> state = play_hand101(("normal", "normal"), seed=1)
>>> state.phase, len(state.result or ())
('over', 2)
>>> hand_wins((30, -101, 202, 30), partners=False)
[0.0, 1.0, 0.0, 0.0]
>>> hand_wins((-101, 40, -101, 7), partners=False), hand_wins((-101, 40, 9, 7), partners=True)
([0.5, 0.0, 0.5, 0.0], [0.5, 0.0, 0.5, 0.0])
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine.okey101.bots import choose_action101
from engine.okey101.bots.baseline import choose_any101
from engine.okey101.game import apply, new_match101
from engine.okey101.scoring import PENALTY
from engine.okey101.state import Options101, State101
from engine.okey101.view import view_for
from engine.tools.tally import TallyBase

Decide = Callable[[Mapping[str, Any], str, int], dict[str, Any]]

# A 101 hand has at most ~85 draws, each followed by a handful of lays; far
# more steps than that means a bot is looping.
MAX_STEPS = 5000


def play_hand101(
    levels: Sequence[str],
    seed: int,
    *,
    decide: Decide = choose_action101,
    options: Options101 | None = None,
    secret: bytes | None = None,
) -> State101:
    """Play one hand with ``levels[s]`` at seat ``s``; return the finished state.

    Seat 0 starts. ``secret`` (32 bytes) deals the hand; by default it is
    derived from ``seed``, which also seeds the bots. Raises
    ``RuntimeError`` if the hand does not end within :data:`MAX_STEPS`
    actions (an engine error propagates as is).
    """
    opts = options or Options101(seats=len(levels), hands=1)
    secret = secret or hashlib.sha256(f"play_hand101:{seed}".encode()).digest()
    state = new_match101(opts, secret)
    for step in range(MAX_STEPS):
        if state.phase == "over":
            return state
        seat = state.turn
        action = decide(view_for(state, seat), levels[seat], seed * 7919 + step)
        state, _ = apply(state, seat, action)
    raise RuntimeError(f"hand {seed} did not end in {MAX_STEPS} steps")


def hand_wins(deltas: Sequence[int], *, partners: bool) -> list[float]:
    """Each seat's share of the win of one hand (see the module docstring)."""
    n = len(deltas)
    if partners:
        teams = (deltas[0] + deltas[2], deltas[1] + deltas[3])
        if teams[0] == teams[1]:
            return [0.0] * n
        best = 0 if teams[0] < teams[1] else 1
        return [0.5 if seat % 2 == best else 0.0 for seat in range(n)]
    low = min(deltas)
    tied = [seat for seat in range(n) if deltas[seat] == low]
    if len(tied) == n:
        return [0.0] * n
    return [1 / len(tied) if seat in tied else 0.0 for seat in range(n)]


@dataclass
class Tally101(TallyBase):
    """Results of some 101 hands, per listed entry."""

    won: list[float] = field(default_factory=list)
    score: list[int] = field(default_factory=list)  # sum of hand scores
    openings: list[int] = field(default_factory=list)
    pairs_openings: list[int] = field(default_factory=list)
    penalties: list[int] = field(default_factory=list)  # penalties incurred (101 each)
    finishes: list[int] = field(default_factory=list)

    COUNTS: ClassVar[tuple[str, ...]] = (
        *("won", "score", "openings"),
        *("pairs_openings", "penalties", "finishes"),
    )

    def play(
        self,
        levels: Sequence[str],
        hand: int,
        options: Options101,
        secret: bytes,
        seed: int,
        decide: Decide = choose_any101,
    ) -> None:
        """Play and count hand number ``hand`` of a run, timing every decision.

        The listed ``levels`` rotate round the table from hand to hand: entry
        ``k`` sits at seat ``(k - hand) mod n``. A hand that does not end is
        counted as stopped (and drawn).
        """
        n = len(levels)
        entry_at = [(seat + hand) % n for seat in range(n)]

        def timed(view: Mapping[str, Any], level: str, step_seed: int) -> dict[str, Any]:
            t0 = time.perf_counter_ns()
            action = decide(view, level, step_seed)
            self.decision_ns.setdefault(level, []).append(time.perf_counter_ns() - t0)
            return action

        start = time.perf_counter_ns()
        at_seat = [levels[entry] for entry in entry_at]
        try:
            state = play_hand101(at_seat, seed, decide=timed, options=options, secret=secret)
        except RuntimeError:
            self.hands, self.stopped, self.draws = self.hands + 1, self.stopped + 1, self.draws + 1
            return
        self.hand_ns.append(time.perf_counter_ns() - start)
        self.add(state, entry_at)

    def add(self, state: State101, entry_at: Sequence[int]) -> None:
        """Count a finished hand; ``entry_at[seat]`` is the listed entry at that seat."""
        assert state.result is not None
        self.hands += 1
        self.turns += sum(1 for e in state.events if e["type"] == "discard")
        wins = hand_wins(state.result, partners=state.options.partners)
        if not any(wins):
            self.draws += 1
        for seat, entry in enumerate(entry_at):
            self.won[entry] += wins[seat]
            self.score[entry] += state.result[seat]
            self.penalties[entry] += state.penalties[seat] // PENALTY
            if state.opened[seat] is not None:
                self.openings[entry] += 1
            if state.opened[seat] == "pairs":
                self.pairs_openings[entry] += 1
            if state.finisher == seat:
                self.finishes[entry] += 1


__all__ = ["Tally101", "hand_wins", "play_hand101"]
