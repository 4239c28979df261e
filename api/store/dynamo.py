"""The DynamoDB store: one item per table, conditional puts on ``rev``, TTL on ``expires_at``.

The low-level client is used with hand-written attribute maps: it is what the
item looks like on the wire, and it avoids the resource layer's import cost.
"""

from __future__ import annotations

import json
from typing import Any

from .base import StoredTable, VersionConflict

# The attribute that DynamoDB's TTL is enabled on (template.yaml names the same).
TTL_ATTRIBUTE = "expires_at"


def _item(table: StoredTable) -> dict[str, Any]:
    item: dict[str, Any] = {
        "id": {"S": table.table_id},
        "rev": {"N": str(table.rev)},
        "data": {"S": table.data},
    }
    if table.expires_at is not None:
        item[TTL_ATTRIBUTE] = {"N": str(table.expires_at)}
    return item


def item_size(table: StoredTable) -> int:
    """DynamoDB's billed size of the item: attribute names plus values, in bytes."""
    size = 0
    for name, value in _item(table).items():
        size += len(name.encode("utf-8"))
        if "S" in value:
            size += len(value["S"].encode("utf-8"))
        else:
            # Numbers: about one byte per two significant digits, plus one.
            size += (len(value["N"].lstrip("-")) + 1) // 2 + 1
    return size


class DynamoStore:
    def __init__(
        self,
        table_name: str,
        *,
        endpoint_url: str | None = None,
        region: str | None = None,
        client: Any = None,
    ) -> None:
        self.table_name = table_name
        if client is None:
            import boto3  # imported here so a SQLite-backed process never pays for it
            from botocore.config import Config

            config = Config(retries={"max_attempts": 3, "mode": "standard"}, connect_timeout=2)
            client = boto3.client(
                "dynamodb", endpoint_url=endpoint_url, region_name=region, config=config
            )
        self.client = client

    def _conflict_errors(self) -> tuple[type[BaseException], ...]:
        return (self.client.exceptions.ConditionalCheckFailedException,)

    def get(self, table_id: str) -> StoredTable | None:
        answer = self.client.get_item(
            TableName=self.table_name, Key={"id": {"S": table_id}}, ConsistentRead=True
        )
        item = answer.get("Item")
        if not item:
            return None
        expires = item.get(TTL_ATTRIBUTE)
        return StoredTable(
            item["id"]["S"],
            int(item["rev"]["N"]),
            item["data"]["S"],
            int(expires["N"]) if expires else None,
        )

    def create(self, table: StoredTable) -> None:
        try:
            self.client.put_item(
                TableName=self.table_name,
                Item=_item(table),
                ConditionExpression="attribute_not_exists(#id)",
                ExpressionAttributeNames={"#id": "id"},
            )
        except self._conflict_errors() as exc:
            raise VersionConflict(f"table {table.table_id} exists") from exc

    def put_if_version(self, table: StoredTable, expected_rev: int) -> None:
        try:
            self.client.put_item(
                TableName=self.table_name,
                Item=_item(table),
                ConditionExpression="#rev = :expected",
                ExpressionAttributeNames={"#rev": "rev"},
                ExpressionAttributeValues={":expected": {"N": str(expected_rev)}},
            )
        except self._conflict_errors() as exc:
            raise VersionConflict(f"table {table.table_id} changed") from exc

    def raw(self, table_id: str) -> bytes | None:
        answer = self.client.get_item(
            TableName=self.table_name, Key={"id": {"S": table_id}}, ConsistentRead=True
        )
        item = answer.get("Item")
        return json.dumps(item, sort_keys=True, ensure_ascii=False).encode() if item else None
