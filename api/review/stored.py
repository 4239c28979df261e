"""Each seat's review of a finished hand, computed once and kept beside the hand.

A review costs a replay of the hand with the hard computer's move at each of the seat's
turns (about 250 ms of CPU for a hand played to the 400-turn limit), and a finished hand
never changes, so the first ask for a seat stores its answer under
``<table id>#<hand>~review~<seat>`` (write-once, expiring with the hand) and every later
ask, in any language, reads it: a reason keeps its code and params, so its line is said
again in the asked language without replaying anything. One request thus computes at
most one seat's review of one hand, once for the life of the hand.

The item's text is ``{"z": <base64 of the zlib-compressed JSON answer>}``: a 400-turn
review is about 10 times smaller so, far inside DynamoDB's 400 KB item.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

from api.tables.item import hand_key
from engine.core.review.texts import reason

REVIEW_SEPARATOR = "~review~"  # "~" is in no table id and no hand key


def review_key(table_id: str, number: int, seat: int) -> str:
    """The item key of seat ``seat``'s review of hand ``number``.

    >>> review_key("abc", 2, 1)
    'abc#2~review~1'
    """
    return f"{hand_key(table_id, number)}{REVIEW_SEPARATOR}{seat}"


def pack(answer: dict[str, Any]) -> str:
    raw = json.dumps(answer, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    return json.dumps({"z": base64.b64encode(zlib.compress(raw, 6)).decode("ascii")})


def unpack(text: str) -> dict[str, Any]:
    """The answer :func:`pack` stored; ``ValueError`` for anything it would not write."""
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or set(data) != {"z"} or not isinstance(data["z"], str):
            raise ValueError("a stored review holds one packed answer")
        answer = json.loads(zlib.decompress(base64.b64decode(data["z"], validate=True)))
    except (binascii.Error, zlib.error, UnicodeDecodeError) as err:
        raise ValueError("a stored review does not unpack") from err
    if not isinstance(answer, dict):
        raise ValueError("a stored review is not an answer")
    return answer


def in_lang(answer: Any, lang: str) -> Any:
    """``answer`` with every reason's line said in ``lang`` (its code and params kept)."""
    if isinstance(answer, list):
        return [in_lang(item, lang) for item in answer]
    if not isinstance(answer, dict):
        return answer
    if set(answer) == {"code", "params", "text"} and isinstance(answer["params"], dict):
        return reason(answer["code"], lang, **answer["params"])
    out = {key: in_lang(value, lang) for key, value in answer.items()}
    if "turns" in answer and "lang" in answer:
        out["lang"] = lang
    return out
