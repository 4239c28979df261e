"""A wrong method on a path the API has is 405 ``method_not_allowed`` with ``Allow``
naming the methods it answers (docs/API.md); a path it does not have stays 404."""

from __future__ import annotations

from collections import defaultdict

import pytest

from api.handler import OPERATIONS
from api.tables.service import Service
from tests.api.support import ApiClient
from tests.api.tables.test_flow import CountingStore

METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")


def _paths() -> dict[str, set[str]]:
    """Each declared path with its parameters filled in, and the methods it answers."""
    by_path: dict[str, set[str]] = defaultdict(set)
    for op in OPERATIONS:
        path = op.path.replace("{table_id}", "abcdef").replace("{seat}", "1")
        by_path[path.replace("{number}", "0")].add(op.method.upper())
    # "/api/tables/status" is also a table id's path: GET reads the table named "status".
    by_path["/api/tables/status"].add("GET")
    return by_path


@pytest.mark.parametrize(("path", "methods"), sorted(_paths().items()))
def test_every_other_method_is_405_with_allow(
    sqlite_service: Service, client: ApiClient, path: str, methods: set[str]
) -> None:
    counting = CountingStore(sqlite_service.store)
    sqlite_service.store = counting  # type: ignore[assignment]
    for method in sorted(set(METHODS) - methods):
        reply = client.call(method, path, {"type": "draw"})
        where = f"{method} {path} -> {reply.status} {reply.text}"
        assert reply.status == 405, where
        assert reply.body["error"]["code"] == "method_not_allowed", where
        assert reply.headers["Allow"] == ", ".join(sorted(methods)), where
        assert reply.headers["Content-Type"] == "application/json"
    assert counting.reads == counting.writes == 0  # refused before anything is read


def test_the_probes_wrong_methods(sqlite_service: Service, client: ApiClient) -> None:
    review = client.call("POST", "/api/tables/abcdef/hands/0/review")
    assert (review.status, review.headers["Allow"]) == (405, "GET")
    rematch = client.call("GET", "/api/tables/abcdef/rematch")
    assert (rematch.status, rematch.headers["Allow"]) == (405, "POST")


@pytest.mark.parametrize(
    "path", ["/api/nowhere", "/api/tables/abcdef/hands/0/review/x", "/api/tables/a/b/c/d/e"]
)
def test_a_path_the_api_does_not_have_is_404(
    sqlite_service: Service, client: ApiClient, path: str
) -> None:
    for method in METHODS:
        reply = client.call(method, path)
        assert reply.status == 404 and reply.body["error"]["code"] == "not_found", reply.text
        assert "Allow" not in reply.headers
