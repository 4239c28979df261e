"""A create request cannot choose the deal: the secret comes from the server alone.

``api.tables.setup.create_table`` takes a ``match_secret`` for tests that need a known deal (the
browser tests' planned 101 hands); the HTTP route never passes one, whatever the body says.
"""

from __future__ import annotations

from typing import Any

import pytest

from api.tables.service import Service
from api.tables.setup import create_table
from engine.okey101.game import new_match101
from engine.okey101.state import Options101
from tests.api.support import ApiClient

pytestmark = pytest.mark.usefixtures("sqlite_service")

SECRET = (7).to_bytes(32, "big")
OPTIONS = {"seats": 2, "hands": 1}


def _dealt_rack() -> list[int]:
    return list(new_match101(Options101(**OPTIONS), SECRET).racks[0])


@pytest.mark.parametrize("field", ["match_secret", "seed", "secret"])
def test_a_secret_in_the_body_does_not_choose_the_deal(client: ApiClient, field: str) -> None:
    body: dict[str, Any] = {"variant": "101", "mode": "computer", "options": OPTIONS}
    reply = client.call("POST", "/api/tables", {**body, field: SECRET.hex()})
    if reply.status == 201:
        assert sorted(reply.body["view"]["rack"]) != sorted(_dealt_rack())
    else:
        assert 400 <= reply.status < 500 and set(reply.body["error"]) >= {"code", "message"}
    # Nor inside the options.
    options = {**OPTIONS, field: SECRET.hex()}
    reply = client.call("POST", "/api/tables", {**body, "options": options})
    if reply.status == 201:
        assert sorted(reply.body["view"]["rack"]) != sorted(_dealt_rack())
    else:
        assert 400 <= reply.status < 500 and set(reply.body["error"]) >= {"code", "message"}


def test_the_keyword_deals_the_chosen_match(sqlite_service: Service) -> None:
    request = {"variant": "101", "mode": "computer", "options": OPTIONS}
    made = create_table(sqlite_service, request, None, match_secret=SECRET)
    assert sorted(made["view"]["rack"]) == sorted(_dealt_rack())
