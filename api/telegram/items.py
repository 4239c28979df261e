"""Small JSON items of the Telegram features, kept beside the tables.

They ride on the store's side-item methods (``get_pushes``/``put_pushes``, the ones Web
Push subscriptions use), so every backend (SQLite, DynamoDB) holds them with no new
table and no new permission. Their keys contain ``~``, which no table id does, so none
ever loads as a table, and they carry no ``data`` attribute, so the notifier's stream
filter (template.yaml) never hands their writes to it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ..store.base import Store, StoredPushes, VersionConflict, checked_text

WRITE_ATTEMPTS = 5
Item = dict[str, Any]


def read(store: Store, key: str) -> tuple[Item | None, int | None]:
    """The item's JSON and rev, ``(None, None)`` when there is none."""
    stored = store.get_pushes(key)
    if stored is None:
        return None, None
    data: Item = json.loads(stored.data)
    return data, stored.rev


def update(
    store: Store,
    key: str,
    change: Callable[[Item | None], Item | None],
    expires_at: int | None = None,
) -> Item | None:
    """Apply ``change`` to the stored item (``None`` back: nothing to write) and write it
    if nobody wrote in between, else read again; :class:`VersionConflict` after a few
    tries. The item as it stands afterwards."""
    for _ in range(WRITE_ATTEMPTS):
        current, rev = read(store, key)
        changed = change(current)
        if changed is None:
            return current
        text = checked_text(key, json.dumps(changed, separators=(",", ":")))
        try:
            store.put_pushes(StoredPushes(key, (rev or 0) + 1, text, expires_at), rev)
        except VersionConflict:
            continue
        return changed
    raise VersionConflict(f"item {key} keeps changing")
