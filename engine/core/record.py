"""The header every variant's stored record starts with.

A record is plain JSON: ``f`` (the variant's record format), ``o`` (the
options that differ from the defaults, plus those the variant always keeps),
``m`` (the match secret, hex), ``h`` (hand number), ``b`` (the match version
when the hand was dealt), ``r`` (the finished hands before this one, in the
variant's form) and ``l`` (this hand's action log, base64). A variant adds its
own keys (classic: ``s``, the scores at the deal).
"""

from __future__ import annotations

import base64
from typing import Any

from engine.core.state import HandState


def record_header(
    state: HandState, fmt: int, options: dict[str, Any], history: list[Any], log: bytes
) -> dict[str, Any]:
    """The keys every record has, in the order they are stored."""
    return {
        "f": fmt,
        "o": options,
        "m": state.match_secret.hex(),
        "h": state.hand_number,
        "b": state.base_version,
        "r": history,
        "l": base64.b64encode(log).decode("ascii"),
    }


def record_log(record: dict[str, Any]) -> bytes:
    """The action log a record holds (``l``), strictly decoded."""
    return base64.b64decode(record["l"], validate=True)
