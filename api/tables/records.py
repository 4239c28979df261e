"""The engine record as the store's items hold it: the table's (api/tables/item.py) and
each finished hand's, which is written once (api/tables/hands.py)."""

from __future__ import annotations

import base64
import json
from typing import Any

from api.tables.movetimes import MoveTimes
from api.tables.movetimes import decode as decode_move_times
from api.tables.movetimes import encode as encode_move_times


def hand_item_text(record: dict[str, Any], times: MoveTimes | None = None) -> str:
    """A finished hand's write-once item: its engine record, packed as the table's is, and
    the table's move times as they were when the hand was archived (``t``), so its events'
    times never change after (the table's keep only its last few writes)."""
    data: dict[str, Any] = {"g": pack_record(record)}
    if times:
        data["t"] = encode_move_times(times)
    return json.dumps(data, separators=(",", ":"))


def hand_item_parts(text: str) -> tuple[dict[str, Any], MoveTimes]:
    """The engine record and the move times in a finished hand's item (:func:`hand_item_text`);
    no times for an item archived before they were kept."""
    data = json.loads(text)
    if not isinstance(data, dict) or "g" not in data or not set(data) <= {"g", "t"}:
        raise ValueError("a finished hand's item holds its record, its times and nothing else")
    times = data.get("t")
    if times is not None and not isinstance(times, str):
        raise ValueError("a finished hand's move times are not text")
    return unpack_record(data["g"]), decode_move_times(times) if times else []


def hand_item_record(text: str) -> dict[str, Any]:
    """The engine record in a finished hand's item (:func:`hand_item_text`)."""
    return hand_item_parts(text)[0]


def pack_record(record: dict[str, Any]) -> dict[str, Any]:
    # The engine writes the match secret as 64 hex digits; base64 says it in 43.
    secret = record.get("m")
    if isinstance(secret, str) and len(secret) == 64:
        raw = bytes.fromhex(secret)
        return {**record, "m": base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")}
    return record


def unpack_record(record: dict[str, Any]) -> dict[str, Any]:
    secret = record.get("m")
    if isinstance(secret, str) and len(secret) == 43:
        return {**record, "m": strict_urlsafe_b64decode(secret).hex()}
    return record


def strict_urlsafe_b64decode(text: str) -> bytes:
    """Unpadded URL-safe base64 to bytes; any other character is an error, not skipped
    (``urlsafe_b64decode`` would silently drop it and decode something else)."""
    return base64.b64decode(text + "=" * (-len(text) % 4), altchars=b"-_", validate=True)
