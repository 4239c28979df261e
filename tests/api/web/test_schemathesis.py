"""Property-based checks of the running dev server against its own OpenAPI document.

Schemathesis generates requests (valid and invalid) for every documented
operation; most name a real table and carry a real seat token, so the game
logic, not only the 404 path, meets random input. No response may be a 500,
and every response must be documented and match its schema.

Driven through Hypothesis directly rather than schemathesis' pytest plugin,
which does not run on every pytest release.
"""

from __future__ import annotations

import itertools
import json
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.servers import running_devserver

MAX_EXAMPLES = 25  # per operation and generation mode
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    response_headers_conformance,
]


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    # Telegram on (a token and a webhook secret), so its routes meet random input past
    # their 404 telegram_off; its Bot API is a closed port, never Telegram's.
    telegram = {
        "ISTAKA_TELEGRAM_BOT_TOKEN": "1:schemathesis",
        "ISTAKA_TELEGRAM_WEBHOOK_SECRET": "schemathesis-secret",
        "ISTAKA_TELEGRAM_API": "http://127.0.0.1:9",
    }
    with running_devserver(tmp_path_factory.mktemp("schemathesis"), telegram) as url:
        tables = []
        for body in (
            {"mode": "computer", "name": "S"},
            {"mode": "friends", "name": "F", "options": {"seats": 2}},
            {"mode": "hotseat", "seats": [{"kind": "human"}, {"kind": "human"}]},
        ):
            req = urllib.request.Request(
                f"{url}/api/tables",
                data=json.dumps(body).encode(),
                method="POST",
                headers={"Content-Type": "application/json"},
            )
            with urllib.request.urlopen(req, timeout=30) as reply:
                tables.append(json.loads(reply.read()))
        yield {"url": url, "tables": tables}


def _operations(url: str) -> list[Any]:
    schema = schemathesis.openapi.from_url(f"{url}/api/openapi.json")
    return [result.ok() for result in schema.get_all_operations()]


def _takes_nothing(operation: Any) -> bool:
    definition = operation.definition.raw
    return (
        not definition.get("parameters")
        and "requestBody" not in definition
        and not any(p for p in operation.path_parameters)
    )


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_api_conforms_to_its_document(live: dict[str, Any], mode: GenerationMode) -> None:
    turn = itertools.count()
    failures: list[str] = []
    operations = _operations(live["url"])
    labels = {op.label for op in operations}
    assert "POST /api/tables/{table_id}/actions" in labels and len(labels) >= 8, labels
    for operation in operations:
        if mode == GenerationMode.NEGATIVE and _takes_nothing(operation):
            continue  # no input to get wrong: Hypothesis would find no case at all

        @given(case=operation.as_strategy(generation_mode=mode))
        @settings(
            max_examples=MAX_EXAMPLES,
            deadline=None,
            derandomize=True,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        def check(case: Any) -> None:
            n = next(turn)
            if "table_id" in (case.path_parameters or {}) and n % 4 != 3:
                table = live["tables"][n % len(live["tables"])]
                case.path_parameters["table_id"] = table["table_id"]
                if n % 2 == 0:
                    auth = {"Authorization": f"Bearer {table['token']}"}
                    case.headers = {**(case.headers or {}), **auth}
            case.call_and_validate(checks=CHECKS)

        try:
            check()
        except Exception as err:  # collect every operation's failure, then report them all
            failures.append(f"{operation.label}: {err}")
    assert next(turn) >= 5 * len(operations), "too few requests were generated"
    assert not failures, "\n\n".join(failures)
