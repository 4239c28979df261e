"""The DynamoDB store: one item per table, conditional puts on ``rev``, TTL on ``expires_at``.

The low-level client is used with hand-written attribute maps: it is what the
item looks like on the wire, and it avoids the resource layer's import cost.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from botocore.exceptions import ClientError, HTTPClientError
from botocore.exceptions import ConnectionError as BotoConnectionError

from .base import (
    MAX_BATCH,
    BatchRead,
    CorruptItem,
    StoreBusy,
    StoredItem,
    StoredPlayer,
    StoredPushes,
    VersionConflict,
    stored_item,
)

# The attribute that DynamoDB's TTL is enabled on (template.yaml names the same).
TTL_ATTRIBUTE = "expires_at"

# The sweep's sparse index (template.yaml, GlobalSecondaryIndexes): only an item with a
# running clock carries these two attributes, so finished and waiting tables, hands and
# every other item stay out of it. Partition "wb": the wake time's 5-minute bucket, the
# number of 5-minute periods since the epoch ("13674816"); sort "wa": the wake time in
# epoch ms. Short names and a short bucket keep the item inside its 1 KB write unit. A
# sweep queries the current bucket and the LOOKBACK_BUCKETS before it for wake times up
# to now: 13 small queries a run, each reading only due items. A sweep that was down
# longer than the lookback (an hour) leaves older wake times to the first request that
# reads each table, as before the sweep existed.
WAKE_INDEX = "wake"
WAKE_BUCKET = "wb"
WAKE_AT = "wa"
BUCKET_MS = 5 * 60 * 1000
LOOKBACK_BUCKETS = 12

# A throttled or failing DynamoDB must get a 503 out well inside the Lambda's 10 s
# (template.yaml): two attempts, the retry delayed by botocore's standard mode (at most
# 1 s after a throttle), a connection within 0.5 s and an answer within 1 s: about 4 s a
# call at worst. Longer waits are the browser's, after Retry-After, and cost no Lambda time.
ATTEMPTS = 2
CONNECT_TIMEOUT_S = 0.5
READ_TIMEOUT_S = 1.0

# A seat's push subscriptions keep their JSON under this attribute, not "data": the
# notifier's stream filter (template.yaml) passes only items with "data", so writing a
# subscription never invokes it.
PUSH_ATTRIBUTE = "subs"
# A player's JSON (api/players) lives under this attribute, for the same reason: crediting
# candy after a hand must not wake the stream consumers that watch table items.
PLAYER_ATTRIBUTE = "pl"
# A counter's count (api/limits.py): a number attribute, and no "data", so counting is no
# table change for any stream consumer either.
COUNT_ATTRIBUTE = "n"
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


def _item(table: StoredItem) -> dict[str, Any]:
    item: dict[str, Any] = {
        "id": {"S": table.table_id},
        "rev": {"N": str(table.rev)},
        "data": {"S": table.data},
    }
    if table.expires_at is not None:
        item[TTL_ATTRIBUTE] = {"N": str(table.expires_at)}
    if table.wake_at is not None:
        item[WAKE_BUCKET] = {"S": wake_bucket(table.wake_at)}
        item[WAKE_AT] = {"N": str(table.wake_at)}
    return item


def wake_bucket(wake_at_ms: int) -> str:
    """The index partition of a wake time: its 5-minute period since the epoch.

    >>> wake_bucket(4_102_444_800_000 + 299_999), wake_bucket(4_102_444_800_000 + 300_000)
    ('13674816', '13674817')
    """
    return str(wake_at_ms // BUCKET_MS)


def due_buckets(now_ms: int) -> list[str]:
    """The buckets a sweep at ``now_ms`` queries, oldest first."""
    return [wake_bucket(now_ms - k * BUCKET_MS) for k in range(LOOKBACK_BUCKETS, -1, -1)]


def _number(value: Any) -> Any:
    """A number attribute's value; anything else (a string, a map, digits DynamoDB would
    not write, a fraction) is returned as the value itself for :func:`stored_item` to refuse."""
    if isinstance(value, dict) and set(value) == {"N"} and isinstance(value["N"], str):
        text = value["N"]
        if text.isascii() and text.lstrip("-").isdigit():
            return int(text)
    return value


def _text(value: Any) -> Any:
    if isinstance(value, dict) and set(value) == {"S"}:
        return value["S"]
    return value


def _stored(item: dict[str, Any]) -> StoredItem:
    """The item's attributes, each checked: :class:`CorruptItem` for one that is not what
    this code writes (``rev`` a string or missing, ``data`` missing or a number, ...)."""
    key = _text(item.get("id"))
    expires = item.get(TTL_ATTRIBUTE)
    wake = item.get(WAKE_AT)
    return stored_item(
        key,
        _number(item.get("rev")),
        _text(item.get("data")),
        None if expires is None else _number(expires),
        None if wake is None else _number(wake),
    )


# Only the attributes a table is made of, whatever else an item may carry.
_PROJECTION = {
    "ProjectionExpression": "#id, #rev, #data, #ttl, #wake",
    "ExpressionAttributeNames": {
        "#id": "id",
        "#rev": "rev",
        "#data": "data",
        "#ttl": TTL_ATTRIBUTE,
        "#wake": WAKE_AT,
    },
}


def _expecting(expected_rev: int | None) -> dict[str, Any]:
    """The condition of a write that expects the item at ``expected_rev`` (``None``: absent)."""
    if expected_rev is None:
        return {
            "ConditionExpression": "attribute_not_exists(#id)",
            "ExpressionAttributeNames": {"#id": "id"},
        }
    return {
        "ConditionExpression": "#rev = :expected",
        "ExpressionAttributeNames": {"#rev": "rev"},
        "ExpressionAttributeValues": {":expected": {"N": str(expected_rev)}},
    }


def item_size(table: StoredItem) -> int:
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

    def _call(self, method: Callable[..., Any], table_id: str, **request: Any) -> dict[str, Any]:
        """One client call; what botocore's retries did not get through is :class:`StoreBusy`."""
        try:
            answer: dict[str, Any] = method(**request)
        except ClientError as err:
            code = str(err.response.get("Error", {}).get("Code", ""))
            status = int(err.response.get("ResponseMetadata", {}).get("HTTPStatusCode") or 0)
            if code in BUSY_CODES or status >= 500:
                raise StoreBusy(code or f"HTTP {status}", table_id) from err
            raise
        except (BotoConnectionError, HTTPClientError) as err:
            raise StoreBusy(type(err).__name__, table_id) from err
        return answer

    def _read(self, table_id: str) -> dict[str, Any] | None:
        answer = self._call(
            self.client.get_item,
            table_id,
            TableName=self.table_name,
            Key={"id": {"S": table_id}},
            ConsistentRead=True,
        )
        item: dict[str, Any] | None = answer.get("Item")
        return item

    def get(self, table_id: str) -> StoredItem | None:
        item = self._read(table_id)
        return _stored(item) if item else None

    def get_many(self, table_ids: Sequence[str]) -> BatchRead:
        """One BatchGetItem (keys must be distinct in it), then its unprocessed keys again."""
        ids = list(dict.fromkeys(table_ids))
        if len(ids) > MAX_BATCH:
            raise ValueError(f"get_many reads at most {MAX_BATCH} items, not {len(ids)}")
        found: dict[str, StoredItem] = {}
        corrupt: set[str] = set()
        keys: list[dict[str, Any]] = [{"id": {"S": table_id}} for table_id in ids]
        started = time.monotonic()
        for retry in range(BATCH_RETRIES + 1):
            if not keys or (retry and time.monotonic() - started > BATCH_BUDGET_S):
                break
            if retry:
                self.sleep(random.uniform(0, BATCH_BACKOFF_BASE_S * 2 ** (retry - 1)))
            # Consistent, as get() is: a table made a moment ago is never reported unknown.
            request = {"Keys": keys, "ConsistentRead": True, **_PROJECTION}
            answer = self._call(
                self.client.batch_get_item,
                keys[0]["id"]["S"],
                RequestItems={self.table_name: request},
            )
            for item in answer.get("Responses", {}).get(self.table_name, []):
                try:
                    found[item["id"]["S"]] = _stored(item)
                except CorruptItem as err:
                    corrupt.add(err.key)
            keys = answer.get("UnprocessedKeys", {}).get(self.table_name, {}).get("Keys", [])
        unread = frozenset(key["id"]["S"] for key in keys)
        return BatchRead(found, unread, frozenset(corrupt))

    def _put(self, key: str, item: dict[str, Any], expected_rev: int | None, conflict: str) -> None:
        """One PutItem on the condition of ``_expecting(expected_rev)``; a failed condition is
        a VersionConflict saying ``conflict``."""
        try:
            self._call(
                self.client.put_item,
                key,
                TableName=self.table_name,
                Item=item,
                **_expecting(expected_rev),
            )
        except self._conflict_errors() as exc:
            raise VersionConflict(conflict) from exc

    def create(self, table: StoredItem) -> None:
        self._put(table.table_id, _item(table), None, f"table {table.table_id} exists")

    def put_if_version(self, table: StoredItem, expected_rev: int) -> None:
        self._put(table.table_id, _item(table), expected_rev, f"table {table.table_id} changed")

    def due(self, now_ms: int, limit: int) -> list[str]:
        found: list[str] = []
        for bucket in due_buckets(now_ms):
            for item in self._due_in(bucket, now_ms):
                found.append(item["id"]["S"])
                if len(found) >= limit:
                    return found
        return found

    def _due_in(self, bucket: str, now_ms: int) -> Iterator[dict[str, Any]]:
        """The bucket's index entries with a wake time up to now, page by page."""
        request: dict[str, Any] = {
            "TableName": self.table_name,
            "IndexName": WAKE_INDEX,
            "KeyConditionExpression": "#b = :b AND #w <= :now",
            "ExpressionAttributeNames": {"#b": WAKE_BUCKET, "#w": WAKE_AT},
            "ExpressionAttributeValues": {":b": {"S": bucket}, ":now": {"N": str(now_ms)}},
        }
        while True:
            answer = self._call(self.client.query, "(sweep)", **request)
            yield from answer.get("Items", [])
            last = answer.get("LastEvaluatedKey")
            if not last:
                return
            request["ExclusiveStartKey"] = last

    def _read_side_item(self, key: str, attribute: str) -> StoredItem | None:
        """A side item (pushes, player) whose text sits in ``attribute``, checked as a table's
        item is; None when there is no item or it carries no such attribute."""
        item = self._read(key)
        if not item or attribute not in item:
            return None
        expires = item.get(TTL_ATTRIBUTE)
        return stored_item(
            key,
            _number(item.get("rev")),
            _text(item[attribute]),
            None if expires is None else _number(expires),
        )

    def _put_side_item(
        self,
        side: StoredPushes | StoredPlayer,
        attribute: str,
        expected_rev: int | None,
        what: str,
    ) -> None:
        """One conditional PutItem of a side item; ``what`` names it in the conflict."""
        item: dict[str, Any] = {
            "id": {"S": side.key},
            "rev": {"N": str(side.rev)},
            attribute: {"S": side.data},
        }
        if side.expires_at is not None:
            item[TTL_ATTRIBUTE] = {"N": str(side.expires_at)}
        self._put(side.key, item, expected_rev, f"{what} {side.key} changed")

    def get_pushes(self, key: str) -> StoredPushes | None:
        found = self._read_side_item(key, PUSH_ATTRIBUTE)
        return None if found is None else StoredPushes(key, found.rev, found.data, found.expires_at)

    def put_pushes(self, pushes: StoredPushes, expected_rev: int | None) -> None:
        self._put_side_item(pushes, PUSH_ATTRIBUTE, expected_rev, "pushes")

    def get_player(self, key: str) -> StoredPlayer | None:
        found = self._read_side_item(key, PLAYER_ATTRIBUTE)
        return None if found is None else StoredPlayer(key, found.rev, found.data, found.expires_at)

    def put_player(self, player: StoredPlayer, expected_rev: int | None) -> None:
        self._put_side_item(player, PLAYER_ATTRIBUTE, expected_rev, "player")

    def count_up(self, key: str, limit: int, now_s: int, expires_at: int) -> bool:
        """One UpdateItem: ADD makes the counter at 1 or adds one, only while it is below the
        limit. A refused update costs a write unit as a landed one does (DynamoDB bills a
        failed condition); the TTL deletes the item after ``expires_at``."""
        if limit < 1:
            raise ValueError("a counter's limit is at least 1")
        try:
            self._call(
                self.client.update_item,
                key,
                TableName=self.table_name,
                Key={"id": {"S": key}},
                UpdateExpression="ADD #n :one SET #ttl = :ttl",
                ConditionExpression="attribute_not_exists(#n) OR #n < :limit",
                ExpressionAttributeNames={"#n": COUNT_ATTRIBUTE, "#ttl": TTL_ATTRIBUTE},
                ExpressionAttributeValues={
                    ":one": {"N": "1"},
                    ":ttl": {"N": str(expires_at)},
                    ":limit": {"N": str(limit)},
                },
            )
        except self._conflict_errors():
            return False
        return True

    def set_aside(self, table_id: str) -> None:
        # An update, not a put: the item's other attributes stay exactly as they are.
        try:
            self._call(
                self.client.update_item,
                table_id,
                TableName=self.table_name,
                Key={"id": {"S": table_id}},
                UpdateExpression="REMOVE #b, #w",
                ConditionExpression="attribute_exists(#id)",
                ExpressionAttributeNames={"#b": WAKE_BUCKET, "#w": WAKE_AT, "#id": "id"},
            )
        except self._conflict_errors():
            pass  # gone meanwhile: nothing left to set aside

    def raw(self, table_id: str) -> bytes | None:
        item = self._read(table_id)
        return json.dumps(item, sort_keys=True, ensure_ascii=False).encode() if item else None
