"""Over real HTTP: the dev server feeding the Lambda handler; one human plays a whole match."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.game_helpers import plain_action
from tests.servers import running_devserver

from .support import ROOT


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_devserver(tmp_path_factory.mktemp("devserver")) as url:
        yield url


def request(
    base: str,
    method: str,
    path: str,
    body: Any = None,
    token: str | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, dict[str, str], Any]:
    data = json.dumps(body).encode() if body is not None else None
    sent = {"Content-Type": "application/json", **(headers or {})}
    if token:
        sent["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(base + path, data=data, method=method, headers=sent)
    try:
        with urllib.request.urlopen(req, timeout=30) as reply:
            raw = reply.read()
            status, got = reply.status, dict(reply.headers)
    except urllib.error.HTTPError as err:
        raw, status, got = err.read(), err.code, dict(err.headers)
    ctype = got.get("Content-Type", "")
    return status, got, json.loads(raw) if raw and "json" in ctype else raw


def test_one_human_plays_a_whole_match_against_three_bots(base_url: str) -> None:
    status, _, made = request(
        base_url,
        "POST",
        "/api/tables",
        {
            "mode": "computer",
            "name": "Ayşe",
            "options": {"seats": 4, "scoring": "points", "hands": 1},
            "seats": [{"kind": "human"}] + [{"kind": "bot", "level": "normal"}] * 3,
        },
        headers={"Origin": base_url},
    )
    assert status == 201, made
    table, token, view = made["table_id"], made["token"], made["view"]
    path = f"/api/tables/{table}"
    etag = None
    for _ in range(300):
        if view["match_over"]:
            break
        status, headers, polled = request(
            base_url, "GET", path, token=token, headers={"If-None-Match": etag} if etag else None
        )
        assert status in (200, 304)
        if status == 200:
            view, etag = polled, headers["ETag"]
        action = plain_action(view["legal"])
        assert action is not None, view["legal"]
        if action["type"] == "discard":
            status, _, best = request(base_url, "GET", f"{path}/arrangement?by=best", token=token)
            assert status == 200
            saved = request(base_url, "PUT", f"{path}/rack", {"layout": best["layout"]}, token)
            assert saved[0] == 200
            if best["discard"] is not None:
                action["tile"] = best["discard"]
        status, _, view = request(
            base_url,
            "POST",
            f"{path}/actions",
            {**action, "expected_version": view["version"], "action_id": uuid.uuid4().hex},
            token,
        )
        assert status == 200, view
    assert view["match_over"] and view["status"] == "finished"
    assert view["phase"] == "over" and view["seed"] is not None
    assert view["match_winners"]
    status, _, final = request(base_url, "GET", path, token=token)
    assert status == 200 and final["version"] == view["version"]


def test_static_frontend_and_api_errors(base_url: str) -> None:
    status, _, body = request(base_url, "GET", "/api/nowhere")
    assert status == 404 and body["error"]["code"] == "not_found"
    status, _, doc = request(base_url, "GET", "/api/openapi.json")
    assert status == 200 and doc["openapi"].startswith("3.")
    assert request(base_url, "GET", "/no-such-file.js")[0] == 404
    index = Path(ROOT / "frontend" / "index.html")
    if index.exists():
        status, headers, _ = request(base_url, "GET", "/")
        assert status == 200 and headers["Content-Type"].startswith("text/html")


def test_the_site_is_served_with_the_production_security_headers(base_url: str) -> None:
    # The same values CloudFront adds (test_template.py holds the two equal), so the browser
    # tests run the app under the production CSP.
    for path in ("/", "/index.html", "/js/app.js", "/css/app.css"):
        status, headers, _ = request(base_url, "GET", path)
        assert status == 200, path
        csp = headers["Content-Security-Policy"]
        assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp, (path, csp)
        assert headers["X-Frame-Options"] == "DENY", path
        assert headers["X-Content-Type-Options"] == "nosniff", path
    status, headers, _ = request(base_url, "GET", "/embed.html?table=x")
    assert status == 200
    assert "frame-ancestors *" in headers["Content-Security-Policy"]
    assert "X-Frame-Options" not in headers
    status, headers, _ = request(base_url, "GET", "/api/openapi.json")
    assert status == 200 and headers["X-Content-Type-Options"] == "nosniff"
