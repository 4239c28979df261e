"""The declarations of api/store/kinds.py against what is deployed and stored: template.yaml's
global secondary indexes and attribute definitions are exactly the declared indexes, SQLite
makes one partial index per declared index, and a SQLite file made before the sweep's index
had a partition column is brought up to date with its rows still found."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any

from api.store.base import StoredItem
from api.store.kinds import INDEXES, KINDS, TABLE, WAKE, wake_bucket
from api.store.sqlite import SqliteStore, index_sql
from tests.api.support import old_sqlite_file, table_definition, template


def _declared_indexes() -> dict[str, dict[str, Any]]:
    """Each declared index as template.yaml would write it."""
    return {
        index.name: {
            "IndexName": index.name,
            "KeySchema": [
                {"AttributeName": index.partition.name, "KeyType": "HASH"},
                {"AttributeName": index.sort.name, "KeyType": "RANGE"},
            ],
            "Projection": {"ProjectionType": index.projection},
        }
        for index in INDEXES
    }


def test_the_template_has_every_declared_index_and_no_other() -> None:
    props = table_definition()
    indexes = {index["IndexName"]: index for index in props.get("GlobalSecondaryIndexes", [])}
    assert indexes == _declared_indexes()


def test_the_template_defines_exactly_the_key_attributes_with_their_declared_types() -> None:
    props = table_definition()
    defined = {d["AttributeName"]: d["AttributeType"] for d in props["AttributeDefinitions"]}
    declared = {"id": "S"}
    for index in INDEXES:
        declared[index.partition.name] = index.partition.type
        declared[index.sort.name] = index.sort.type
    assert defined == declared
    assert props["KeySchema"] == [{"AttributeName": "id", "KeyType": "HASH"}]
    assert props["TimeToLiveSpecification"]["AttributeName"] in {k.expiry for k in KINDS}


def test_each_index_attribute_is_declared_by_its_kind_with_one_type_everywhere() -> None:
    types: dict[str, str] = {}
    for kind in KINDS:
        names = [a.name for a in kind.attributes]
        assert len(names) == len(set(names)), kind.name
        assert kind.revision in names and (kind.expiry is None or kind.expiry in names)
        assert kind.tell is None or kind.tell in names
        for index in kind.indexes:
            assert index.partition in kind.attributes and index.sort in kind.attributes
        for attribute in kind.attributes:
            assert types.setdefault(attribute.name, attribute.type) == attribute.type
    assert len({index.name for index in INDEXES}) == len(INDEXES)


def test_sqlite_makes_one_partial_index_per_declared_index(tmp_path: Path) -> None:
    store = SqliteStore(str(tmp_path / "t.sqlite3"))
    with sqlite3.connect(store.path) as db:
        made = {
            name: sql
            for name, sql in db.execute("SELECT name, sql FROM sqlite_master WHERE type='index'")
            if sql is not None  # the primary keys' automatic indexes have no text
        }
    expected = {
        f"{kind.sqlite_table}_{index.name}": index_sql(kind, index)
        for kind in KINDS
        for index in kind.indexes
    }
    assert made == expected


def test_a_sqlite_file_with_the_old_wake_index_is_reindexed_by_bucket(tmp_path: Path) -> None:
    """Before the index had a partition column it was a partial index on ``wake_at`` alone:
    opening such a file rebuilds it and fills each waking row's bucket, so the sweep still
    finds it; a row with no wake time stays out."""
    path = old_sqlite_file(
        tmp_path,
        "CREATE TABLE tables (id TEXT PRIMARY KEY, rev INTEGER NOT NULL, data TEXT NOT NULL,"
        " expires_at INTEGER, wake_at INTEGER)",
        "CREATE INDEX tables_wake ON tables (wake_at) WHERE wake_at IS NOT NULL",
        "INSERT INTO tables VALUES ('due', 3, '{}', NULL, 1000)",
        "INSERT INTO tables VALUES ('later', 2, '{}', 5, 900000)",
        "INSERT INTO tables VALUES ('still', 1, '{}', NULL, NULL)",
    )
    store = SqliteStore(path)
    assert store.get("due") == StoredItem("due", 3, "{}", None, 1000)
    assert store.get("later") == StoredItem("later", 2, "{}", 5, 900000)
    assert store.due(5_000, 10) == ["due"]
    assert store.query(TABLE, WAKE, wake_bucket(900000), upto=None, limit=10) == ["later"]
    assert store.due(900_000, 10) == ["due", "later"]
    SqliteStore(path)  # opening it again changes nothing
    assert store.due(900_000, 10) == ["due", "later"]


def _dynamodb_actions(resource: dict[str, Any]) -> set[str]:
    return set(re.findall(r"dynamodb:(\w+)", json.dumps(resource)))


def test_each_function_is_granted_what_the_generic_set_calls_for_it_and_no_update() -> None:
    """read/insert/replace are GetItem/PutItem, read_many BatchGetItem (the API's status
    batch, the lobby), query Query (the sweep, the lobby); unindex is a GetItem and a PutItem
    too, so the sweep can set a table aside. No function may update in place or write in a
    transaction."""
    functions = {
        name: _dynamodb_actions(resource)
        for name, resource in template()["Resources"].items()
        if resource["Type"] == "AWS::Serverless::Function"
    }
    assert functions["ApiFunction"] == {"GetItem", "PutItem", "BatchGetItem", "Query"}
    assert functions["SweepFunction"] == {"GetItem", "PutItem", "Query"}
    granted = set().union(*functions.values())
    assert granted <= {"GetItem", "PutItem", "BatchGetItem", "Query"}
