"""Table stores, chosen by configuration alone (``ISTAKA_STORE``)."""

from __future__ import annotations

from api.store.base import StoreBusy, StoredItem, VersionConflict
from api.store.items import Store
from api.web.config import Settings

__all__ = ["Store", "StoreBusy", "StoredItem", "VersionConflict", "make_store"]


def make_store(settings: Settings) -> Store:
    if settings.store == "sqlite":
        from api.store.sqlite import SqliteStore

        return SqliteStore(settings.sqlite_path)
    if settings.store == "dynamodb":
        from api.store.dynamo import DynamoStore

        return DynamoStore(
            settings.table_name, endpoint_url=settings.dynamodb_endpoint, region=settings.region
        )
    raise ValueError(f"ISTAKA_STORE must be 'sqlite' or 'dynamodb', not {settings.store!r}")
