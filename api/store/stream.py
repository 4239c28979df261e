"""DynamoDB stream records (NEW_AND_OLD_IMAGES) decoded into the table items they
changed: what the notifier and the player credits both read."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from api.store.base import StoredItem


def stored(image: dict[str, Any] | None) -> StoredItem | None:
    """A table item from a stream image (DynamoDB's JSON), ``None`` for anything else."""
    if not image or "data" not in image or "id" not in image:
        return None
    key = image["id"]["S"]
    if "#" in key or "~" in key:
        return None
    expires = image.get("expires_at")
    return StoredItem(
        key, int(image["rev"]["N"]), image["data"]["S"], int(expires["N"]) if expires else None
    )


@dataclass(frozen=True)
class TableChange:
    """One MODIFY record of a table item from the stream, decoded."""

    sequence: str  # the record's id, for batchItemFailures
    old: StoredItem | None
    new: StoredItem
    at_s: int


def table_changes(event: dict[str, Any]) -> Iterator[TableChange]:
    """The stream event's changed table items; every other record is skipped. Shared by
    the notifier (api/push/stream.py) and the player credits (api/players/stream.py)."""
    for record in event.get("Records") or []:
        change = record.get("dynamodb") or {}
        new = stored(change.get("NewImage"))
        if record.get("eventName") != "MODIFY" or new is None:
            continue
        at_s = int(change.get("ApproximateCreationDateTime") or time.time())
        old = stored(change.get("OldImage"))
        yield TableChange(str(change.get("SequenceNumber", "")), old, new, at_s)
