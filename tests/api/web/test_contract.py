"""The pieces agree: schemas and the engine's view, the store and the template, the Lambda path."""

from __future__ import annotations

import inspect
import json
import random
import re
import subprocess
import sys
import uuid
from typing import Any

import pytest
from aws_lambda_powertools.event_handler import APIGatewayHttpResolver

from api.handler import OPERATIONS, app
from api.store import make_store
from api.store.dynamo import TTL_ATTRIBUTE, item_size
from api.store.sqlite import SqliteStore
from api.tables.operations import COMPONENTS
from api.tables.schemas import ViewSchema
from api.tables.service import Service
from api.web.config import Settings
from api.web.http import new_router
from api.web.openapi import document as build_document
from api.web.router import register
from engine.classic.bots import choose_action
from engine.classic.game import apply, new_match
from engine.classic.options import Options
from engine.classic.view import view_for
from tests.api.support import ROOT, ApiClient, table_definition, template
from tests.game_helpers import random_action

MAX_ITEM_BYTES = 1024  # one DynamoDB write unit


def test_view_schema_declares_every_field_view_for_gives() -> None:
    # The response schema drops undeclared fields, so a new engine field would vanish.
    state = new_match(Options(seats=3), bytes(32))
    rng = random.Random(1)
    while state.phase != "over":
        seat, action = random_action(state, rng)
        state, _ = apply(state, seat, action)
    for seat in (None, 0):
        keys = set(view_for(state, seat, since=0))
        assert keys <= set(ViewSchema().fields), keys - set(ViewSchema().fields)


def _registered(app: APIGatewayHttpResolver) -> set[tuple[str, str]]:
    """What the app itself routes: Powertools keeps each registered route with its path
    written as OpenAPI writes it."""
    routes = app._static_routes + app._dynamic_routes
    return {(route.method.lower(), route.openapi_path) for route in routes}


def document() -> dict[str, Any]:
    """The document the app serves: of every operation, its own included."""
    return build_document(OPERATIONS, COMPONENTS)


def _documented(doc: dict[str, Any]) -> set[tuple[str, str]]:
    return {(method, path) for path, ops in doc["paths"].items() for method in ops}


def test_openapi_document_names_every_route() -> None:
    doc = document()
    assert doc["openapi"].startswith("3.0")
    registered = _registered(app)
    assert ("post", "/api/tables/{table_id}/actions") in registered
    assert _documented(doc) == registered
    assert ("post", "/api/tables/{table_id}/away") in registered
    assert ("put", "/api/tables/{table_id}/level") in registered
    json.dumps(doc)


def test_a_route_outside_the_table_is_found_undocumented() -> None:
    # The comparison above can fail: an app with one route more than the table has.
    # A router of its own: including the app's would point its requests at this app.
    routes = new_router()
    register(routes, OPERATIONS)
    extra = APIGatewayHttpResolver()
    extra.include_router(routes)
    extra.route("/api/tables/<table_id>/secret", "GET")(lambda table_id: None)
    missing = _registered(extra) - _documented(document())
    assert missing == {("get", "/api/tables/{table_id}/secret")}


def test_each_documented_path_parameter_is_the_handlers_argument() -> None:
    # The document's parameter names are the route's, which Powertools passes by name.
    for path, ops in document()["paths"].items():
        names = re.findall(r"\{(\w+)\}", path)
        for method, op in ops.items():
            declared = [p["name"] for p in op.get("parameters", []) if p["in"] == "path"]
            assert declared == names, (method, path)
            handler = next(o.handler for o in OPERATIONS if (o.method, o.path) == (method, path))
            assert list(inspect.signature(handler).parameters) == names, (method, path)


def test_template_table_matches_the_store() -> None:
    props = table_definition()
    assert props["KeySchema"] == [{"AttributeName": "id", "KeyType": "HASH"}]
    assert props["BillingMode"] == "PAY_PER_REQUEST"
    assert props["TimeToLiveSpecification"] == {"AttributeName": TTL_ATTRIBUTE, "Enabled": True}
    assert props["PointInTimeRecoverySpecification"]["PointInTimeRecoveryEnabled"] is True
    assert props["DeletionProtectionEnabled"] is True


def test_template_function_runs_the_handler_on_a_current_runtime() -> None:
    resources = template()["Resources"]
    fn = resources["ApiFunction"]["Properties"]
    runtime = template()["Globals"]["Function"]["Runtime"]
    assert runtime in ("python3.12", "python3.13")
    module, _, name = fn["Handler"].rpartition(".")
    assert module == "api.handler" and name == "handler"
    env = fn["Environment"]["Variables"]
    assert env["ISTAKA_STORE"] == "dynamodb" and env["POWERTOOLS_LOGGER_LOG_EVENT"] == "false"
    assert (ROOT / fn["CodeUri"] / "Makefile").exists()


def test_lambda_path_imports_no_flask_and_no_boto3_until_needed() -> None:
    code = (
        "import sys, api.handler; print(sorted(m for m in ('flask', 'boto3') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"


def test_store_is_chosen_by_configuration(tmp_path: object) -> None:
    sqlite = make_store(Settings.from_env({"ISTAKA_SQLITE_PATH": f"{tmp_path}/x.sqlite3"}))
    assert isinstance(sqlite, SqliteStore)
    dynamo = make_store(
        Settings.from_env(
            {
                "ISTAKA_STORE": "dynamodb",
                "ISTAKA_TABLE_NAME": "t",
                "AWS_DEFAULT_REGION": "eu-west-1",
            }
        )
    )
    assert type(dynamo).__name__ == "DynamoStore"
    with pytest.raises(ValueError):
        make_store(Settings.from_env({"ISTAKA_STORE": "postgres"}))


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_item_stays_under_one_kilobyte_through_whole_hands(
    service: Service, client: ApiClient, seats: int
) -> None:
    # A friends table with every seat human holds the most names, tokens and layouts, and
    # every seat taken by a player (api/players) adds the player's id.
    players = [client.call("POST", "/api/players").body["token"] for _ in range(seats)]
    made = client.call(
        "POST",
        "/api/tables",
        {
            "mode": "friends",
            "name": "Ayşegül Çağlayan",
            "options": {"seats": seats, "scoring": "points", "hands": 2},
        },
        headers={"X-Istaka-Player": players[0]},
    ).body
    table = made["table_id"]
    tokens = [made["token"]]
    for n in range(1, seats):
        reply = client.call(
            "POST",
            f"/api/tables/{table}/join",
            {"invite_code": made["invite_code"], "name": f"Oyuncu Şükrü {n}"[:24]},
            headers={"X-Istaka-Player": players[n]},
        )
        tokens.append(reply.body["token"])
    client.call("POST", f"/api/tables/{table}/start", token=tokens[0])
    rng = random.Random(seats)
    sizes = []
    for _ in range(2000):
        loaded = service.load(table)
        state = loaded.state
        if state.match_over:
            break
        # The humans play like the normal bot: hands as long as real ones, not random walks.
        seat = state.turn if state.phase != "over" else 0
        view = view_for(state, seat, since=state.base_version)
        action = choose_action(view, "normal", rng.randrange(2**32))
        token = tokens[seat]
        if state.phase != "over" and rng.random() < 0.5:
            rack = list(state.racks[seat])
            rng.shuffle(rack)
            slots: list[int | None] = [*rack, *[None] * (30 - len(rack))]
            layout = [slots[:15], slots[15:]]
            saved = client.call("PUT", f"/api/tables/{table}/rack", {"layout": layout}, token=token)
            assert saved.status == 200
        reply = client.act(
            table, token, action, expected_version=state.version, action_id=uuid.uuid4().hex
        )
        assert reply.status == 200, reply.text
        stored = service.store.get(table)
        assert stored is not None
        sizes.append(item_size(stored))
    assert state.match_over
    print(f"{seats} seats: stored item {min(sizes)}..{max(sizes)} bytes")
    assert max(sizes) <= MAX_ITEM_BYTES, max(sizes)
