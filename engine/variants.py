"""The one place that tells the variants apart: classic Okey and 101 Okey.

The API and the engine's simulators work on :data:`Game` (either variant's
state) through :func:`rules_of` / :func:`rules_for`, so adding a variant means
one more :class:`Rules` here, not ``if variant`` branches across the handlers:
play, bots, views (and the API's view schema by name), the sort buttons' advice,
the coach's review (:mod:`engine.review`), and what a finished hand means for
the players' candy and stats (api/players).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.classic import game as classic_game
from engine.classic import legal as classic_legal
from engine.classic import log as classic_log
from engine.classic import record as classic_record
from engine.classic import view as classic_view
from engine.classic.options import Options
from engine.classic.state import GameState
from engine.core.errors import InvalidOptions
from engine.okey101 import game as game101
from engine.okey101 import legal as legal101
from engine.okey101 import log as log101
from engine.okey101 import record as record101
from engine.okey101 import view as view101
from engine.okey101.state import Options101, State101

Game = GameState | State101
Action = dict[str, Any]
Arrangement = tuple[list[list[int]], list[int], int | None, str | None]
Advised = tuple[list[list[int]], list[int], int | None]  # groups, leftover, the discard
Review = Callable[..., dict[str, Any]]  # (dealt, actions, seat, lang) -> the seat's review

# Option keys each variant takes (the request schema accepts the union).
CLASSIC_OPTIONS = frozenset(f for f in Options().to_dict() if f != "variant")
OPTIONS_101 = frozenset(f for f in Options101().to_dict() if f != "variant")


@dataclass(frozen=True)
class Rules:
    name: str
    new_match: Callable[[dict[str, Any], bytes], Game]  # options as sent -> first hand
    to_record: Callable[[Any], dict[str, Any]]
    apply: Callable[..., tuple[Any, list[dict[str, Any]]]]  # (state, seat, action, *, auto)
    legal_actions: Callable[[Any, int], list[dict[str, Any]]]
    view_for: Callable[[Any, int | None, int | None], dict[str, Any]]
    bot: Callable[[], Callable[[Mapping[str, Any], str, int], Action]]  # imported on use
    turns_done: Callable[[Any], int]  # grows by one with every finished turn of a hand
    fallback: Callable[[Any, int], Action]  # a safe move if a bot's choice is refused
    # (state, rack) -> groups, leftover, the tile to place last or None, kind: "best" arrangement
    best_arrangement: Callable[[Any, list[int]], Arrangement]
    start: Callable[[Any, bytes], Game]  # the variant's options object -> first hand
    any_bot: Callable[[], Callable[[Mapping[str, Any], str, int], Action]]  # also "random"
    # (state, seat, rack, groups, leftover): the discard to advise after an arrangement
    # without one, never into a penalty (the "best" sort button on a discarding turn)
    advise_discard: Callable[[Any, int, list[int], list[list[int]], list[int]], Advised]
    # Replaying a hand (the review): an action played on the state itself, and the log's
    # actions in order, each with whether a computer played it.
    replay_action: Callable[..., list[dict[str, Any]]]  # (state, seat, action, *, auto)
    decode_log: Callable[[bytes], list[tuple[Action, bool]]]
    review: Callable[[], Review]  # the coach's review of the variant, imported on use
    # A finished hand for the players' stats (api/players/credit.py): who finished, whether
    # with pairs, whether placing the okey last; and a seat's hand score where the variant
    # keeps the best one (None: it keeps none).
    finisher: Callable[[Any], tuple[int | None, bool, bool]]
    hand_score: Callable[[Any, int], int | None]
    stats_keys: tuple[str, ...]  # the player's stats this variant adds to the shared ones
    view_schema: str  # the API's schema of this variant's view, by name (OpenAPI component)


def _new_classic(data: dict[str, Any], secret: bytes) -> Game:
    return classic_game.new_match(Options.from_dict(data), secret)


def _new_101(data: dict[str, Any], secret: bytes) -> Game:
    unknown = set(data) - OPTIONS_101
    if unknown:
        raise InvalidOptions(f"unknown options for 101: {', '.join(sorted(unknown))}")
    return game101.new_match101(Options101(**data), secret)


def _classic_bot() -> Callable[[Mapping[str, Any], str, int], Action]:
    from engine.classic.bots import choose_action  # the bots may be heavy; only computer turns pay

    return choose_action


def _bot_101() -> Callable[[Mapping[str, Any], str, int], Action]:
    from engine.okey101.bots import choose_action101

    return choose_action101


def _classic_any_bot() -> Callable[[Mapping[str, Any], str, int], Action]:
    from engine.classic.bots import choose_action  # "random" is one of its levels

    return choose_action


def _any_bot_101() -> Callable[[Mapping[str, Any], str, int], Action]:
    from engine.okey101.bots.baseline import choose_any101

    return choose_any101


def _classic_fallback(state: GameState, seat: int) -> Action:
    legal = [a for a in classic_legal.legal_actions(state, seat) if a["type"] != "show_indicator"]
    for entry in legal:
        if entry["type"] in ("draw", "end_hand"):
            return {"type": entry["type"]}
    for entry in legal:
        if entry["type"] == "discard":
            return {"type": "discard", "tile": entry["tiles"][-1]}
    return {"type": legal[0]["type"]}


def _fallback_101(state: State101, seat: int) -> Action:
    # Draw, give back a left discard it cannot use, else discard: never stuck.
    legal = legal101.legal_actions(state, seat)
    for kind in ("draw", "end_hand", "return_discard"):
        if any(a["type"] == kind for a in legal):
            return {"type": kind}
    for entry in legal:
        if entry["type"] == "discard":
            return {"type": "discard", "tile": entry["tiles"][-1]}
    return dict(legal[0])


def _classic_best(state: GameState, rack: list[int]) -> Arrangement:
    from engine.classic.arrange import best_arrangement

    opts = state.options
    best = best_arrangement(rack, state.okey, run_13_1=opts.run_13_1, pairs=opts.pairs_finish)
    return [list(g) for g in best.groups], list(best.leftover), best.discard, best.kind


def _best_101(state: State101, rack: list[int]) -> Arrangement:
    # The best opening's melds: the groups the engine would take to open (or lay).
    from engine.okey101.opening import best_opening

    best = best_opening(rack, state.okey, rule=state.options.opening_rule)
    groups = [list(g) for g in best.groups]
    used = {t for g in groups for t in g}
    return groups, [t for t in rack if t not in used], None, "melds" if groups else None


def _advice(wrap: Callable[[Any], bool]) -> Callable[..., Advised]:
    def advise(
        state: Any, seat: int, rack: list[int], groups: list[list[int]], leftover: list[int]
    ) -> Advised:
        # Only "best" on a discarding turn pays for the advice's imports.
        from engine.okey101.advice import discard_advice

        legal = rules_of(state).legal_actions(state, seat)
        return discard_advice(rack, state.okey, groups, leftover, legal, wrap(state))

    return advise


def _classic_advice(
    state: GameState, seat: int, rack: list[int], groups: list[list[int]], leftover: list[int]
) -> Advised:
    # Best ✨ sets apart the coach's own discard (the hard computer reading the seat's view as
    # the review does), so the tile it advises is the move the review calls best. Where the
    # coach does not discard (it shows the indicator first) the casual advice stands in.
    from engine.classic.bots.coach import advise  # the search is heavy: only Best pays
    from engine.okey101.advice import set_apart

    legal = classic_legal.legal_actions(state, seat)
    if any(a["type"] == "discard" for a in legal):
        coach = advise(classic_view.view_for(state, seat, state.base_version))
        if coach.kind == "discard" and coach.discard is not None:
            wrap = state.options.run_13_1
            kept, loose = set_apart(groups, leftover, coach.discard, state.okey, wrap)
            return kept, loose, coach.discard
    return _advice(lambda state: state.options.run_13_1)(state, seat, rack, groups, leftover)


def _classic_review() -> Review:
    from engine.classic.review import review_classic

    return review_classic


def _review_101() -> Review:
    from engine.okey101.review import review_101

    return review_101


def _classic_finisher(state: GameState) -> tuple[int | None, bool, bool]:
    assert state.result is not None
    summary = state.result.summary
    return summary.winner, summary.kind == "pairs", summary.okey_finish


def _finisher_101(state: State101) -> tuple[int | None, bool, bool]:
    who = state.finisher
    if who is None:
        return None, False, False
    items = (state.result_items or [[]] * state.seats)[who]
    okey = any(item["item"] == "okey_finish" for item in items)
    return who, state.opened[who] == "pairs", okey


def _score_101(state: State101, seat: int) -> int | None:
    return state.result[seat] if state.result else None


CLASSIC = Rules(
    name="classic",
    new_match=_new_classic,
    to_record=classic_record.to_record,
    apply=classic_game.apply,
    legal_actions=classic_legal.legal_actions,
    view_for=classic_view.view_for,
    bot=_classic_bot,
    turns_done=lambda state: sum(state.turns_done),
    fallback=_classic_fallback,
    best_arrangement=_classic_best,
    start=classic_game.new_match,
    any_bot=_classic_any_bot,
    advise_discard=_classic_advice,
    replay_action=classic_game.replay_action,
    decode_log=classic_log.decode_log,
    review=_classic_review,
    finisher=_classic_finisher,
    hand_score=lambda state, seat: None,
    stats_keys=(),
    view_schema="View",
)
OKEY_101 = Rules(
    name="101",
    new_match=_new_101,
    to_record=record101.to_record101,
    apply=game101.apply,
    legal_actions=legal101.legal_actions,
    view_for=view101.view_for,
    bot=_bot_101,
    turns_done=lambda state: state.turns,
    fallback=_fallback_101,
    best_arrangement=_best_101,
    start=game101.new_match101,
    any_bot=_any_bot_101,
    # 101's options have no run_13_1; the advice has always been asked with it on.
    advise_discard=_advice(lambda state: True),
    replay_action=game101.replay_action,
    decode_log=log101.decode_log,
    review=_review_101,
    finisher=_finisher_101,
    hand_score=_score_101,
    stats_keys=("best_hand",),  # the lowest hand score
    view_schema="View101",
)
VARIANTS = {rules.name: rules for rules in (CLASSIC, OKEY_101)}


def rules_for(variant: str) -> Rules | None:
    return VARIANTS.get(variant)


def rules_for_options(options: Options | Options101) -> Rules:
    """The rules of a table with these options (each variant's options name it)."""
    return VARIANTS[options.variant]


def rules_of(state: Game) -> Rules:
    """The rules of a hand (its options name its variant)."""
    return VARIANTS[state.options.variant]


def from_record(record: dict[str, Any]) -> Game:
    """A stored record back into a state, whatever its variant."""
    if record101.is_record101(record):
        return record101.from_record101(record)
    return classic_record.from_record(record)


def to_record(state: Game) -> dict[str, Any]:
    return rules_of(state).to_record(state)
