"""Computer players for 101 Okey: ``choose_action101(view, level, seed)``.

A 101 bot is a function of its seat's view only, like the classic bots
(:mod:`engine.classic.bots`). The package is split by job:

* :mod:`~engine.okey101.bots.levels`: the decision for each level;
* :mod:`~engine.okey101.bots.seat`: what a seat knows, read from its view;
* :mod:`~engine.okey101.bots.ahead`, :mod:`~engine.okey101.bots.hard`,
  :mod:`~engine.okey101.bots.block`, :mod:`~engine.okey101.bots.hold`: the hard
  level's look-ahead, discard, blocking and (off) holding of an opening;
* :mod:`~engine.okey101.bots.baseline`: the ``"random"`` benchmark player.
"""

from __future__ import annotations

from engine.okey101.bots.baseline import choose_any101
from engine.okey101.bots.levels import LEVELS, choose_action101

__all__ = ["LEVELS", "choose_action101", "choose_any101"]
