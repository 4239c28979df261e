"""Over real HTTP: the dev server feeding the Lambda handler; one human plays a whole match."""

from __future__ import annotations

import gzip
import json
import sqlite3
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from infra.devserver import DEFAULT_SWEEP_SECONDS, start_sweeper, sweep_seconds
from tests.api.support import ROOT
from tests.game_helpers import plain_action
from tests.servers import running_devserver


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


def raw_get(base: str, path: str, headers: dict[str, str]) -> tuple[int, dict[str, str], bytes]:
    """The bytes as they crossed the wire: urllib never decodes a Content-Encoding."""
    req = urllib.request.Request(base + path, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=30) as reply:
            return reply.status, dict(reply.headers), reply.read()
    except urllib.error.HTTPError as err:
        return err.code, dict(err.headers), err.read()


@pytest.mark.parametrize(
    ("path", "kind"),
    [
        ("/", "text/html"),
        ("/js/home/index.js", "text/javascript"),
        ("/css/app.css", "text/css"),
        ("/rules/en.md", "text/plain"),
    ],
)
def test_text_files_go_gzipped_to_a_client_that_accepts_it(
    base_url: str, path: str, kind: str
) -> None:
    source = (ROOT / "frontend" / (path.lstrip("/") or "index.html")).read_bytes()
    status, headers, body = raw_get(base_url, path, {"Accept-Encoding": "gzip, deflate, br"})
    assert status == 200 and headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(body) == source
    assert int(headers["Content-Length"]) == len(body) < len(source)
    assert headers["Vary"] == "Accept-Encoding"
    assert headers["Content-Type"].startswith(kind)
    # Without Accept-Encoding (or with gzip refused) the file itself, and the same Vary.
    for refused in ({}, {"Accept-Encoding": "gzip;q=0, identity"}):
        status, plain_headers, plain = raw_get(base_url, path, refused)
        assert status == 200 and "Content-Encoding" not in plain_headers
        assert plain == source and int(plain_headers["Content-Length"]) == len(source)
        assert plain_headers["Vary"] == "Accept-Encoding"
        # One version of the file, two bodies: the gzipped one's ETag is the same, weak,
        # as CloudFront makes it.
        assert headers["ETag"] == "W/" + plain_headers["ETag"]


def test_a_current_etag_gets_a_304_whichever_body_it_came_with(base_url: str) -> None:
    gzipped = {"Accept-Encoding": "gzip"}
    _, headers, _ = raw_get(base_url, "/js/home/index.js", gzipped)
    _, plain_headers, _ = raw_get(base_url, "/js/home/index.js", {})
    for etag in (headers["ETag"], plain_headers["ETag"]):
        for accept in (gzipped, {}):
            status, got, body = raw_get(
                base_url, "/js/home/index.js", {**accept, "If-None-Match": etag}
            )
            assert status == 304 and body == b"", (etag, accept)
            assert got["Vary"] == "Accept-Encoding" and "Content-Encoding" not in got
    status, _, _ = raw_get(base_url, "/js/home/index.js", {**gzipped, "If-None-Match": '"stale"'})
    assert status == 200


def test_small_files_and_images_are_sent_as_they_are(base_url: str) -> None:
    # CloudFront compresses nothing under 1,000 bytes, nor a PNG: neither does the dev server.
    assert (ROOT / "frontend" / "manifest.webmanifest").stat().st_size < 1000
    for path in ("/manifest.webmanifest", "/img/icon-192.png"):
        status, headers, body = raw_get(base_url, path, {"Accept-Encoding": "gzip"})
        assert status == 200 and "Content-Encoding" not in headers, path
        assert int(headers["Content-Length"]) == len(body), path


def test_the_compressed_copy_follows_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Cached per file version: an edit (new mtime or size) is served at once.
    from infra.devserver import create_app

    # create_app sets these unless set: set here, so that they are undone afterwards.
    monkeypatch.setenv("ISTAKA_STORE", "sqlite")
    monkeypatch.setenv("ISTAKA_SQLITE_PATH", str(tmp_path / "t.sqlite3"))
    monkeypatch.setenv("POWERTOOLS_SERVICE_NAME", "istaka")
    (tmp_path / "a.js").write_text("x = 1;\n" * 400)
    client = create_app(tmp_path).test_client()
    first = client.get("/a.js", headers={"Accept-Encoding": "gzip"})
    assert gzip.decompress(first.data) == (tmp_path / "a.js").read_bytes()
    (tmp_path / "a.js").write_text("y = 22;\n" * 500)
    second = client.get("/a.js", headers={"Accept-Encoding": "gzip"})
    assert gzip.decompress(second.data) == (tmp_path / "a.js").read_bytes()
    assert second.headers["ETag"] != first.headers["ETag"]


def _row(db_path: Path, table_id: str) -> tuple[int, dict[str, Any], int | None]:
    """A table's rev, stored data and wake time, read from the file, not through the API
    (a request would settle the table itself)."""
    with sqlite3.connect(db_path) as db:
        rev, data, wake_at = db.execute(
            "SELECT rev, data, wake_at FROM tables WHERE id = ?", (table_id,)
        ).fetchone()
    return rev, json.loads(data), wake_at


def test_the_dev_server_sweeps_deadlines_with_nobody_polling(tmp_path: Path) -> None:
    """As the scheduled sweep does in AWS: a turn past its deadline is played by the
    computer though no request comes for that table."""
    db_path = tmp_path / "istaka.sqlite3"
    with running_devserver(tmp_path, {"ISTAKA_SWEEP_SECONDS": "0.2"}) as base:
        status, _, made = request(
            base,
            "POST",
            "/api/tables",
            {
                "mode": "computer",
                "name": "Ayşe",
                "options": {"seats": 2},
                "seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}],
                "pace": "live",
            },
        )
        assert status == 201 and made["view"]["turn"] == 0
        table = made["table_id"]
        rev, data, wake_at = _row(db_path, table)
        assert wake_at == data["dl"] == made["view"]["deadline"]
        assert not data["se"][0][4]  # not played by the computer
        # Time passes: the deadline (and the index's wake time) moved 10 minutes back.
        with sqlite3.connect(db_path) as db:
            past = data["dl"] - 600_000
            text = json.dumps({**data, "dl": past}, separators=(",", ":"))
            db.execute("UPDATE tables SET data = ?, wake_at = ? WHERE id = ?", (text, past, table))
        for _ in range(200):
            if _row(db_path, table)[0] > rev:
                break
            time.sleep(0.05)
        rev_after, data, wake_at = _row(db_path, table)
        assert rev_after == rev + 1
        assert data["se"][0][4] == 1  # seat 0's turn was played for it ("auto")
        assert data["dl"] > past and wake_at == data["dl"]  # a fresh deadline, indexed
    assert "deadlines are swept every 0.2 s" in (tmp_path / "devserver.log").read_text()


def test_the_sweeper_thread_runs_until_stopped_and_zero_turns_it_off() -> None:
    assert start_sweeper(0, lambda: None) is None
    assert sweep_seconds({}) == DEFAULT_SWEEP_SECONDS
    assert sweep_seconds({"ISTAKA_SWEEP_SECONDS": "0"}) == 0
    runs = threading.Semaphore(0)
    failures = iter([True, False, False])

    def run() -> None:
        runs.release()
        if next(failures, False):
            raise RuntimeError("the first run fails; the thread goes on")

    stop = start_sweeper(0.01, run)
    assert stop is not None
    for _ in range(3):
        assert runs.acquire(timeout=10)
    stop.set()
