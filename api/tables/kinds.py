"""The kinds of table (against the computer, with friends, pass-and-play, open to anyone):
the one place that tells them apart.

A table's kind is stored and shown under its name (the table's ``mode``: ``"computer"``,
``"friends"``, ``"hotseat"``, ``"open"``), and every policy that differs between kinds is a question
asked here by name: ``table.kind.joinable_by_code`` (api/tables/item.py), never a
comparison of ``table.mode`` with a name (``tests/api/tables/test_table_kinds.py`` scans ``api/``
and ``frontend/js/`` for such comparisons). The frontend reads the same answers from the
view's ``flags`` (:meth:`TableKind.flags`). Adding a kind is one :class:`TableKind` in
:data:`KINDS` and its tests; docs/ARCHITECTURE.md, "How to add a kind of table".
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Literal

# What a hand pays (api/players/credit.py): the friends rate needs another person at the
# table. Spelled here, not imported from api.tables.pace or api.players, so this module imports
# nothing of the API's and anything may import it.
Rate = Literal["friends", "computer"]
DefaultPace = Literal["live", "relaxed"]  # api.tables.pace.Pace


@dataclass(frozen=True)
class TableKind:
    """What one kind of table does. The booleans are the view's ``flags`` (docs/API.md)."""

    name: str  # the table's ``mode``, stored and in every view: never renamed
    code: str  # the one letter the stored item keeps (api/tables/item.py, key "md")
    # A table that names no pace gets this one (api/tables/pace.py): friends play over the day;
    # computer and pass-and-play tables keep the 30 s they always had.
    default_pace: DefaultPace
    # The best rate a hand pays at this kind of table (api/players/credit.py); None: no candy.
    credit_rate: Rate | None
    # Other people take seats with the invite code (POST .../join); the creator sees the
    # code and the invite link, and open seats may be listed. Seats not listed are open.
    joinable_by_code: bool
    # The table waits for players until its creator starts it (status "waiting").
    starts_waiting: bool
    # The creator may list several human seats, each with a typed name, all held by the
    # creator's one token: one device passed around. A device holding several seats hides
    # the rack behind a cover between turns (frontend/js/table/sync.js): that follows from
    # the seats held, so no kind is asked.
    typed_names: bool
    # The tab's title and the app's badge say "your turn" (not where every turn is "yours").
    announces_turn: bool
    # The turn clock is shown on the felt: others wait on the player on turn.
    shows_clock: bool
    # "Notify me when it's my turn" (push) is offered on a seat's screen.
    pushes_turns: bool
    # Reactions (🙂) between the seats.
    sends_reactions: bool
    # A seat may nudge another person on turn at a relaxed table.
    nudges: bool
    # The table's menu offers the computers' level (when every other seat is a computer).
    chooses_levels: bool
    # "Your tables" counts one nobody moved in for a day as over (frontend/js/home/tables.js).
    ends_when_left: bool
    # A create request (POST /api/tables) may name this kind; an open table is only ever
    # made by the lobby (api/lobby), which sets its seats, options and pace itself.
    created_by_request: bool = True
    # Waiting tables of this kind are listed in the lobby and found by Play now; a seat is
    # taken with no invite code, by whoever the lobby's rules let sit there (api/lobby).
    listed: bool = False
    # Every player appears under a name the server makes from their player (an adjective and
    # an animal, api/tables/names.py), never one someone typed.
    made_names: bool = False
    # A seat whose turns keep running out goes to a computer for the rest of the match, and
    # that counts against its player's reliability (api/lobby/quitting.py).
    hands_quitters_over: bool = False

    @property
    def earns_candy(self) -> bool:
        """Whether a finished hand here may credit its players at all."""
        return self.credit_rate is not None

    def flags(self) -> dict[str, bool]:
        """Every yes-or-no answer, by name: the view's ``flags``, as the frontend reads them."""
        out = {f.name: getattr(self, f.name) for f in fields(self) if f.type == "bool"}
        out["earns_candy"] = self.earns_candy
        return out


COMPUTER = TableKind(
    name="computer",
    code="c",
    default_pace="live",
    credit_rate="computer",
    joinable_by_code=False,
    starts_waiting=False,
    typed_names=False,
    announces_turn=True,
    shows_clock=False,
    pushes_turns=False,
    sends_reactions=False,
    nudges=False,
    chooses_levels=True,
    ends_when_left=True,
)
FRIENDS = TableKind(
    name="friends",
    code="f",
    default_pace="relaxed",
    credit_rate="friends",
    joinable_by_code=True,
    starts_waiting=True,
    typed_names=False,
    announces_turn=True,
    shows_clock=True,
    pushes_turns=True,
    sends_reactions=True,
    nudges=True,
    chooses_levels=False,
    ends_when_left=False,
)
HOTSEAT = TableKind(  # pass-and-play: one device, every seat
    name="hotseat",
    code="h",
    default_pace="live",
    credit_rate=None,
    joinable_by_code=False,
    starts_waiting=False,
    typed_names=True,
    announces_turn=False,
    shows_clock=False,
    pushes_turns=False,
    sends_reactions=False,
    nudges=False,
    chooses_levels=False,
    ends_when_left=False,
)

OPEN = TableKind(  # open to anyone: strangers seated by the lobby (api/lobby)
    name="open",
    code="o",
    default_pace="live",
    credit_rate="friends",
    joinable_by_code=False,
    starts_waiting=True,
    typed_names=False,
    announces_turn=True,
    shows_clock=True,
    pushes_turns=True,
    sends_reactions=True,
    nudges=True,
    chooses_levels=False,
    ends_when_left=False,
    created_by_request=False,
    listed=True,
    made_names=True,
    hands_quitters_over=True,
)

KINDS: dict[str, TableKind] = {kind.name: kind for kind in (COMPUTER, FRIENDS, HOTSEAT, OPEN)}
BY_CODE: dict[str, TableKind] = {kind.code: kind for kind in KINDS.values()}
# What a create request's ``mode`` may be.
NAMES = tuple(name for name, kind in KINDS.items() if kind.created_by_request)
DEFAULT = COMPUTER.name  # a create request without ``mode``
FLAGS = tuple(COMPUTER.flags())  # the view's flags, in order


def kind_named(name: str) -> TableKind:
    """The kind called ``name`` (a table's ``mode``); KeyError for none.

    >>> kind_named("friends").joinable_by_code, kind_named("hotseat").earns_candy
    (True, False)
    """
    return KINDS[name]
