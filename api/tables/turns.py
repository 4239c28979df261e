"""Computer turns: bot seats, and human turns whose time ran out.

Deadlines are lazy: nothing runs on a timer. Whichever request next finds
the human on turn past the deadline plays that turn with the ``normal`` bot
first (logged in the engine record as an automatic move).
"""

from __future__ import annotations

import hashlib
import hmac

from api.tables.item import SeatInfo, Table
from api.tables.pace import pace_of
from api.web.log import logger
from engine.core.errors import ActionError
from engine.core.levels import TIMEOUT_LEVEL
from engine.variants import Game, rules_of

MAX_COMPUTER_ACTIONS = 2000  # a runaway loop is a bug; a whole hand is far fewer actions
# Turns in a row that may run out at an open table before its seat goes to a computer.
QUIT_AFTER = {"live": 3, "relaxed": 2}


def quit_after(turn_seconds: int) -> int:
    return QUIT_AFTER[pace_of(turn_seconds)]


def bot_seed(state: Game, seat: int) -> int:
    """A seed for the bot's choice that is fixed by the game, so replays agree, and secret."""
    message = b"bot:%d:%d" % (state.version, seat)
    digest = hmac.new(state.match_secret, message, hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big")


def computer_move(table_id: str, state: Game, seat: int, level: str, *, auto: bool) -> Game:
    """One action chosen by the bot for ``seat``, from what that seat alone may see."""
    rules = rules_of(state)
    new: Game
    view = rules.view_for(state, seat, state.base_version)
    try:
        action = rules.bot()(view, level, bot_seed(state, seat))
        new, _ = rules.apply(state, seat, action, auto=auto)
    except (ActionError, ValueError, KeyError, TypeError) as exc:
        logger.warning(
            "bot move refused; playing a fallback",
            # "level" is the log record's own severity field, hence bot_level.
            extra={
                "table_id": table_id,
                "seat": seat,
                "bot_level": level,
                "error": type(exc).__name__,
            },
        )
        new, _ = rules.apply(state, seat, rules.fallback(state, seat), auto=auto)
    return new


def play_timed_out(table: Table, state: Game, now_ms: int) -> Game:
    """The human on turn past the deadline: a computer plays that whole turn."""
    if table.status != "playing" or state.phase == "over" or table.deadline is None:
        return state
    seat = state.turn
    if not table.is_human(seat) or now_ms < table.deadline:
        return state
    state = _play_turn_of(table.table_id, state, seat)
    info = table.seats[seat]
    info.auto = True
    info.misses += 1
    if table.kind.hands_quitters_over and info.misses >= quit_after(table.turn_seconds):
        # A stranger who keeps missing turns has left: a computer plays the seat for the
        # rest of the match ("Computer for Tea Fox"), and the player's reliability counts it.
        table.seats[seat] = SeatInfo("bot", info.name, "normal", info.token, True, info.misses)
        logger.info("seat handed to computer", extra={"table_id": table.table_id, "seat": seat})
    token = table.seats[seat].token
    if token is not None:
        # Its turn ran out, so its player is not looking, whatever its last poll said:
        # the push for its next turn must reach it (a poll of its own marks it again).
        table.mark_away(token, now_ms // 1000)
    logger.info(
        "turn timed out; played by computer",
        extra={"table_id": table.table_id, "seat": seat, "version": state.version},
    )
    return state


def _play_turn_of(table_id: str, state: Game, seat: int) -> Game:
    for _ in range(MAX_COMPUTER_ACTIONS):
        state = computer_move(table_id, state, seat, TIMEOUT_LEVEL, auto=True)
        if state.turn != seat or state.phase == "over":
            return state
    raise RuntimeError("a timed-out turn did not end")


def play_bots(table: Table, state: Game) -> Game:
    """Bot seats play until a human is on turn or the hand is over."""
    if table.status != "playing":
        return state
    for _ in range(MAX_COMPUTER_ACTIONS):
        if state.phase == "over" or table.seats[state.turn].kind != "bot":
            return state
        level = table.seats[state.turn].level or "normal"
        state = computer_move(table.table_id, state, state.turn, level, auto=False)
    raise RuntimeError("computer seats did not reach a human turn")


def turn_key(state: Game) -> tuple[int, int, int, bool]:
    """Changes exactly when a new turn starts (a take within the turn keeps it)."""
    return (state.hand_number, state.turn, rules_of(state).turns_done(state), state.phase == "over")


def next_deadline(table: Table, before: Game | None, after: Game, now_ms: int) -> int | None:
    """The deadline after a change: a fresh one when a human's turn starts, else kept."""
    if table.status != "playing" or after.phase == "over" or not table.is_human(after.turn):
        return None
    if before is None or table.deadline is None or turn_key(before) != turn_key(after):
        return now_ms + table.turn_seconds * 1000
    return table.deadline
