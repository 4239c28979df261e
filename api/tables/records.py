"""The engine record as the store's items hold it: the table's (api/tables/item.py) and
each finished hand's, which is written once (api/tables/hands.py)."""

from __future__ import annotations

import base64
import json
from typing import Any


def hand_item_text(record: dict[str, Any]) -> str:
    """A finished hand's write-once item: its engine record, packed as the table's is."""
    return json.dumps({"g": pack_record(record)}, separators=(",", ":"))


def hand_item_record(text: str) -> dict[str, Any]:
    """The engine record in a finished hand's item (:func:`hand_item_text`)."""
    data = json.loads(text)
    if not isinstance(data, dict) or set(data) != {"g"}:
        raise ValueError("a finished hand's item holds its record and nothing else")
    return unpack_record(data["g"])


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
