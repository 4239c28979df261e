"""The DynamoDB store: every kind of item (api/store/kinds.py) in one table keyed by ``id``,
conditional puts on the kind's revision, TTL on ``expires_at``, each declared index a
sparse global secondary index (template.yaml).

The low-level client is used with attribute maps made from the declarations: it is what
the item looks like on the wire, and it avoids the resource layer's import cost.
"""

from __future__ import annotations

import contextlib
import json
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from botocore.exceptions import ClientError, HTTPClientError
from botocore.exceptions import ConnectionError as BotoConnectionError

from api.store.base import MAX_BATCH, BatchRead, CorruptItem, StoreBusy, StoredItem, VersionConflict
from api.store.items import Store
from api.store.kinds import EXPIRES_AT, TABLE, Index, Kind

T = TypeVar("T")

# The attribute that DynamoDB's TTL is enabled on (template.yaml names the same).
TTL_ATTRIBUTE = EXPIRES_AT

# A throttled or failing DynamoDB must get a 503 out well inside the Lambda's 10 s
# (template.yaml): two attempts, the retry delayed by botocore's standard mode (at most
# 1 s after a throttle), a connection within 0.5 s and an answer within 1 s: about 4 s a
# call at worst. Longer waits are the browser's, after Retry-After, and cost no Lambda time.
ATTEMPTS = 2
CONNECT_TIMEOUT_S = 0.5
READ_TIMEOUT_S = 1.0

# BatchGetItem may answer only part of a batch (UnprocessedKeys: a throttled partition, or
# past 16 MB of items, far beyond 100 items under 1 KB each). The rest is asked again after
# a pause drawn below a doubling ceiling (50, 100, 200 ms), as AWS advises, a few times and
# none begun after 2 s, so one call (about 4 s at worst, above) still ends well inside the
# Lambda's 10 s: then what is still unread is told to the caller, each id on its own, rather
# than failing the whole batch.
BATCH_RETRIES = 3
BATCH_BACKOFF_BASE_S = 0.050
BATCH_BUDGET_S = 2.0

# Errors that say "not now" rather than "never": after botocore's retries they are 503s.
BUSY_CODES = frozenset(
    {
        "ProvisionedThroughputExceededException",
        "ThrottlingException",
        "RequestLimitExceeded",
        "InternalServerError",
        "ServiceUnavailable",
    }
)


def attributes(kind: Kind[T], item: T) -> dict[str, Any]:
    """The item as DynamoDB holds it: its key and every attribute its codec writes."""
    fields = kind.encode(item)
    found: dict[str, Any] = {"id": {"S": kind.key(item)}}
    for attribute in kind.attributes:
        value = fields.get(attribute.name)
        if value is not None:
            found[attribute.name] = {attribute.type: str(value)}
    return found


def _number(value: Any) -> Any:
    """A number attribute's value; anything else (a string, a map, digits DynamoDB would
    not write, a fraction) is returned as the value itself for the codec to refuse."""
    if isinstance(value, dict) and set(value) == {"N"} and isinstance(value["N"], str):
        text = value["N"]
        if text.isascii() and text.lstrip("-").isdigit():
            return int(text)
    return value


def _text(value: Any) -> Any:
    if isinstance(value, dict) and set(value) == {"S"}:
        return value["S"]
    return value


def decoded(kind: Kind[T], item: dict[str, Any]) -> T | None:
    """The kind's item from DynamoDB's attributes, each checked by the kind's codec
    (:class:`CorruptItem` for one that is not what this code writes); ``None`` when the
    item is another kind's."""
    if kind.tell is not None and kind.tell not in item:
        return None
    read = {
        a.name: (_number if a.type == "N" else _text)(item[a.name])
        for a in kind.attributes
        if a.name in item
    }
    return kind.decode(_text(item.get("id")), read)


def projection(kind: Kind[Any]) -> dict[str, Any]:
    """Only the attributes a kind is made of, whatever else an item may carry."""
    names = {f"#a{n}": a.name for n, a in enumerate(kind.attributes)}
    return {
        "ProjectionExpression": ", ".join(["#id", *names]),
        "ExpressionAttributeNames": {"#id": "id", **names},
    }


_PROJECTION = projection(TABLE)


def _item(table: StoredItem) -> dict[str, Any]:
    return attributes(TABLE, table)


def item_size(table: StoredItem) -> int:
    """DynamoDB's billed size of a table's item: attribute names plus values, in bytes."""
    size = 0
    for name, value in _item(table).items():
        size += len(name.encode("utf-8"))
        if "S" in value:
            size += len(value["S"].encode("utf-8"))
        else:
            # Numbers: about one byte per two significant digits, plus one.
            size += (len(value["N"].lstrip("-")) + 1) // 2 + 1
    return size


def _at_revision(kind: Kind[Any], expected_rev: int | None) -> dict[str, Any]:
    """The condition of a write that expects the item at ``expected_rev`` (``None``: absent)."""
    if expected_rev is None:
        return {
            "ConditionExpression": "attribute_not_exists(#id)",
            "ExpressionAttributeNames": {"#id": "id"},
        }
    return {
        "ConditionExpression": "#rev = :expected",
        "ExpressionAttributeNames": {"#rev": kind.revision},
        "ExpressionAttributeValues": {":expected": {"N": str(expected_rev)}},
    }


class DynamoStore(Store):
    def __init__(
        self,
        table_name: str,
        *,
        endpoint_url: str | None = None,
        region: str | None = None,
        client: Any = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.table_name = table_name
        self.sleep = sleep  # injected so tests read the batch retries' pauses, not wait them
        if client is None:
            import boto3  # imported here so a SQLite-backed process never pays for it
            from botocore.config import Config

            config = Config(
                retries={"mode": "standard", "total_max_attempts": ATTEMPTS},
                connect_timeout=CONNECT_TIMEOUT_S,
                read_timeout=READ_TIMEOUT_S,
            )
            client = boto3.client(
                "dynamodb", endpoint_url=endpoint_url, region_name=region, config=config
            )
        self.client = client

    def _conflict_errors(self) -> tuple[type[BaseException], ...]:
        return (self.client.exceptions.ConditionalCheckFailedException,)

    def _call(self, method: Callable[..., Any], key: str, **request: Any) -> dict[str, Any]:
        """One client call; what botocore's retries did not get through is :class:`StoreBusy`."""
        try:
            answer: dict[str, Any] = method(**request)
        except ClientError as err:
            code = str(err.response.get("Error", {}).get("Code", ""))
            status = int(err.response.get("ResponseMetadata", {}).get("HTTPStatusCode") or 0)
            if code in BUSY_CODES or status >= 500:
                raise StoreBusy(code or f"HTTP {status}", key) from err
            raise
        except (BotoConnectionError, HTTPClientError) as err:
            raise StoreBusy(type(err).__name__, key) from err
        return answer

    def _read(self, key: str) -> dict[str, Any] | None:
        answer = self._call(
            self.client.get_item,
            key,
            TableName=self.table_name,
            Key={"id": {"S": key}},
            ConsistentRead=True,
        )
        item: dict[str, Any] | None = answer.get("Item")
        return item

    def _conditional(
        self, method: Callable[..., Any], key: str, conflict: str, **request: Any
    ) -> None:
        """One conditional write; a failed condition is a VersionConflict saying ``conflict``."""
        try:
            self._call(method, key, TableName=self.table_name, **request)
        except self._conflict_errors() as exc:
            raise VersionConflict(conflict) from exc

    def read(self, kind: Kind[T], key: str) -> T | None:
        item = self._read(key)
        return decoded(kind, item) if item else None

    def read_many(self, kind: Kind[T], keys: Sequence[str]) -> BatchRead[T]:
        """One BatchGetItem (keys must be distinct in it), then its unprocessed keys again."""
        ids = list(dict.fromkeys(keys))
        if len(ids) > MAX_BATCH:
            raise ValueError(f"read_many reads at most {MAX_BATCH} items, not {len(ids)}")
        found: dict[str, T] = {}
        corrupt: set[str] = set()
        asked: list[dict[str, Any]] = [{"id": {"S": key}} for key in ids]
        started = time.monotonic()
        for retry in range(BATCH_RETRIES + 1):
            if not asked or (retry and time.monotonic() - started > BATCH_BUDGET_S):
                break
            if retry:
                self.sleep(random.uniform(0, BATCH_BACKOFF_BASE_S * 2 ** (retry - 1)))
            # Consistent, as read() is: an item made a moment ago is never reported unknown.
            request = {"Keys": asked, "ConsistentRead": True, **projection(kind)}
            answer = self._call(
                self.client.batch_get_item,
                asked[0]["id"]["S"],
                RequestItems={self.table_name: request},
            )
            for item in answer.get("Responses", {}).get(self.table_name, []):
                try:
                    one = decoded(kind, item)
                except CorruptItem as err:
                    corrupt.add(err.key)
                    continue
                if one is not None:
                    found[item["id"]["S"]] = one
            asked = answer.get("UnprocessedKeys", {}).get(self.table_name, {}).get("Keys", [])
        unread = frozenset(key["id"]["S"] for key in asked)
        return BatchRead(found, unread, frozenset(corrupt))

    def insert(self, kind: Kind[T], item: T, *, now_s: int | None = None) -> None:
        # now_s is unused: DynamoDB's TTL drops expired items itself.
        key = kind.key(item)
        request = {"Item": attributes(kind, item), **_at_revision(kind, None)}
        self._conditional(self.client.put_item, key, f"{kind.name} {key} exists", **request)

    def replace(self, kind: Kind[T], item: T, expected_rev: int) -> None:
        key = kind.key(item)
        request = {"Item": attributes(kind, item), **_at_revision(kind, expected_rev)}
        self._conditional(self.client.put_item, key, f"{kind.name} {key} changed", **request)

    def delete(self, kind: Kind[T], key: str, expected_rev: int | None = None) -> None:
        request = {} if expected_rev is None else _at_revision(kind, expected_rev)
        self._conditional(
            self.client.delete_item,
            key,
            f"{kind.name} {key} changed",
            Key={"id": {"S": key}},
            **request,
        )

    def query(
        self, kind: Kind[T], index: Index, partition: str, *, upto: int | None, limit: int
    ) -> list[str]:
        """The index's entries page by page (keys only), until ``limit`` are found."""
        if limit < 1:
            return []
        condition = "#p = :p" if upto is None else "#p = :p AND #s <= :upto"
        values: dict[str, Any] = {":p": {index.partition.type: partition}}
        if upto is not None:
            values[":upto"] = {index.sort.type: str(upto)}
        request: dict[str, Any] = {
            "TableName": self.table_name,
            "IndexName": index.name,
            "KeyConditionExpression": condition,
            "ExpressionAttributeNames": {"#p": index.partition.name}
            | ({"#s": index.sort.name} if upto is not None else {}),
            "ExpressionAttributeValues": values,
            "Limit": limit,
        }
        found: list[str] = []
        while len(found) < limit:
            answer = self._call(self.client.query, f"({index.name})", **request)
            found += [item["id"]["S"] for item in answer.get("Items", [])]
            last = answer.get("LastEvaluatedKey")
            if not last:
                break
            request["ExclusiveStartKey"] = last
            request["Limit"] = limit - len(found)
        return found[:limit]

    def unindex(self, kind: Kind[T], index: Index, key: str) -> None:
        """The item read and put back without the index's attributes, every other one as it
        was, on the condition that its revision is still the value read (whatever its type:
        the item may be one no codec reads). A GetItem and a PutItem, the calls every
        function's policy grants; a write in between wins (it wrote its own index state)."""
        item = self._read(key)
        dropped = (index.partition.name, index.sort.name)
        if not item or not any(name in item for name in dropped):
            return
        kept = {name: value for name, value in item.items() if name not in dropped}
        names = {"#id": "id", "#rev": kind.revision}
        if kind.revision in item:
            condition: dict[str, Any] = {
                "ConditionExpression": "attribute_exists(#id) AND #rev = :seen",
                "ExpressionAttributeValues": {":seen": item[kind.revision]},
            }
        else:
            condition = {
                "ConditionExpression": "attribute_exists(#id) AND attribute_not_exists(#rev)"
            }
        with contextlib.suppress(VersionConflict):
            self._conditional(
                self.client.put_item,
                key,
                f"{kind.name} {key} changed",
                Item=kept,
                ExpressionAttributeNames=names,
                **condition,
            )

    def raw(self, key: str) -> bytes | None:
        item = self._read(key)
        return json.dumps(item, sort_keys=True, ensure_ascii=False).encode() if item else None
