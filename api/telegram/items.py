"""Small JSON items of the Telegram features, kept beside the tables.

A kind of their own (``TELEGRAM`` in api/store/kinds.py), read and written through the
store's generic set. Their keys contain ``~``, which no table id does, so none ever loads
as a table, and they carry no ``data`` attribute, so the notifier's stream filter
(template.yaml) never hands their writes to it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from api.store.base import StoredTelegram, VersionConflict, checked_text
from api.store.items import Store
from api.store.kinds import TELEGRAM

WRITE_ATTEMPTS = 5
Item = dict[str, Any]


def read(store: Store, key: str) -> tuple[Item | None, int | None]:
    """The item's JSON and rev, ``(None, None)`` when there is none."""
    stored = store.read(TELEGRAM, key)
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
            store.write(TELEGRAM, StoredTelegram(key, (rev or 0) + 1, text, expires_at), rev)
        except VersionConflict:
            continue
        return changed
    raise VersionConflict(f"item {key} keeps changing")
