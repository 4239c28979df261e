"""The credit Lambda as AWS runs it: DynamoDB stream records in, player writes out; and what
template.yaml gives it (its stream, its filter, least privilege). Also POST /api/players
while DynamoDB throttles, as table creation is tested (tests/api/web/test_throttling.py)."""

from __future__ import annotations

from typing import Any

import pytest

from api.players import stream
from api.players.accounts import create_player, get_player
from api.store.base import StoreBusy, StoredItem
from api.store.dynamo import _item
from api.store.items import Store
from api.tables.service import Service
from engine.classic.game import new_match
from engine.classic.options import Options
from engine.variants import to_record
from tests.api.players.test_player_credit import _hand, _table
from tests.api.support import ApiClient, template
from tests.api.web.test_throttling import assert_busy, stubbed_store


def _record(
    old: StoredItem, new: StoredItem, event: str = "MODIFY", sequence: str = "1"
) -> dict[str, Any]:
    return {
        "eventName": event,
        "dynamodb": {
            "OldImage": _item(old),
            "NewImage": _item(new),
            "SequenceNumber": sequence,
            "ApproximateCreationDateTime": 4_102_444_800,
        },
    }


@pytest.fixture
def lambda_store(any_store: Store, monkeypatch: pytest.MonkeyPatch) -> Store:
    monkeypatch.setattr(stream, "_store", any_store)
    return any_store


def test_the_lambda_credits_a_hand_end_once_and_ignores_other_records(
    lambda_store: Store,
) -> None:
    store = lambda_store
    # Made "now" (the manual clock's 2100): a player that never played expires 90 days on.
    ids = [create_player(store, 4_102_444_800, name)[0].player_id for name in ("Ada", "Can")]
    over = _hand(3)
    playing = new_match(Options(seats=2), bytes([3]) * 32)
    table = _table("friends", ["human", "human"], list[str | None](ids))
    table.record = to_record(playing)
    old = table.to_stored(None)
    table.record = to_record(over)
    new = table.to_stored(None)
    # Not a table change: an insert, a player's or a push item, a hand item.
    ignored = [
        _record(old, new, event="INSERT"),
        {"eventName": "MODIFY", "dynamodb": {"NewImage": {"id": {"S": "pl~AAAAAAAA"}}}},
        _record(StoredItem("T1#0", 0, new.data), StoredItem("T1#0", 0, new.data)),
    ]
    assert stream.handler({"Records": ignored}, None) == {"batchItemFailures": []}
    assert all(p is not None and p.rev == 1 for p in (get_player(store, i) for i in ids))

    answer = stream.handler({"Records": [_record(old, new)]}, None)
    assert answer == {"batchItemFailures": []}
    after = [get_player(store, i) for i in ids]
    assert all(p is not None and p.rev == 2 and p.stats_for("classic").hands == 1 for p in after)
    # The same record again (a batch retried after a later record failed): nothing changes.
    stream.handler({"Records": [_record(old, new)]}, None)
    assert [get_player(store, i) for i in ids] == after


def test_a_busy_store_reports_the_record_for_a_retry(
    lambda_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    def busy(*_args: Any, **_kwargs: Any) -> int:
        raise StoreBusy("ThrottlingException", "T1")

    monkeypatch.setattr(stream, "handle_change", busy)
    table = _table("friends", ["human", "human"], ["AAAAAAAA", None])
    table.record = to_record(_hand(3))
    item = table.to_stored(None)
    answer = stream.handler({"Records": [_record(item, item, sequence="42")]}, None)
    assert answer == {"batchItemFailures": [{"itemIdentifier": "42"}]}


def test_the_template_runs_it_on_table_changes_with_least_privilege() -> None:
    resources = template()["Resources"]
    fn = resources["PlayerCreditFunction"]["Properties"]
    assert fn["Handler"] == "api.players.stream.handler"
    notifier = resources["NotifierFunction"]["Properties"]["Events"]["TableChanges"]["Properties"]
    events = fn["Events"]["TableChanges"]["Properties"]
    assert events["Stream"] == {"GetAtt": "TablesTable.StreamArn"}
    # The notifier's filter: MODIFY records of table items only.
    assert events["FilterCriteria"] == notifier["FilterCriteria"]
    assert events["FunctionResponseTypes"] == ["ReportBatchItemFailures"]
    (statement,) = fn["Policies"][0]["Statement"]
    assert sorted(statement["Action"]) == ["dynamodb:GetItem", "dynamodb:PutItem"]
    assert statement["Resource"] == {"GetAtt": "TablesTable.Arn"}
    assert "ISTAKA_VAPID_PARAMETER" not in fn["Environment"]["Variables"]
    cors = resources["HttpApi"]["Properties"]["CorsConfiguration"]
    assert "x-istaka-player" in cors["AllowHeaders"]


def test_a_new_player_while_dynamodb_throttles_is_503_busy(
    client: ApiClient, service: Service
) -> None:
    with stubbed_store(service) as stubber:
        # The client's creation counter (api/web/limits.py): read, none yet, then made at 1.
        stubber.add_response("get_item", {})
        stubber.add_response("put_item", {})
        stubber.add_client_error("put_item", "ThrottlingException")
        reply = client.call("POST", "/api/players", {})
    assert_busy(reply, "2")
    with stubbed_store(service) as stubber:  # the counter itself throttled: busy, not counted
        stubber.add_client_error("get_item", "ThrottlingException")
        reply = client.call("POST", "/api/players", {})
    assert_busy(reply, "2")


def test_me_while_dynamodb_throttles_is_503_busy(client: ApiClient, service: Service) -> None:
    made = client.call("POST", "/api/players").body
    with stubbed_store(service) as stubber:
        stubber.add_client_error("get_item", "ProvisionedThroughputExceededException")
        reply = client.call("GET", "/api/players/me", token=made["token"])
    assert_busy(reply, "2")
