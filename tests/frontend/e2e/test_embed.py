"""The embed page inside an iframe on another origin."""

from __future__ import annotations

import http.server
import threading
from pathlib import Path
from typing import Any

from .helpers import create_computer_table


def serve(directory: Path) -> tuple[http.server.ThreadingHTTPServer, int]:
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, directory=str(directory), **kwargs)

        def log_message(self, *args: Any) -> None:
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)  # any free port
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, httpd.server_address[1]


def test_embed_in_foreign_iframe(pages: Any, base: str, shot: Any, tmp_path: Path) -> None:
    table = create_computer_table(base, "Zeynep")
    tid, token = table["table_id"], table["token"]
    src = f"{base}embed.html?table={tid}"
    (tmp_path / "host.html").write_text(
        '<!doctype html><title>Host</title><link rel="icon" href="data:,"><h1>Some blog</h1>'
        f'<iframe id="spectate" src="{src}" width="700" height="380"></iframe>'
        f'<iframe id="play" src="{src}#token={token}&seat=0" width="700" height="460"></iframe>'
    )
    httpd, port = serve(tmp_path)
    try:
        page = pages.new(1280, 1000, mobile=False)
        page.goto(f"http://localhost:{port}/host.html")
        spectator = page.frame_locator("#spectate")
        spectator.locator(".felt").wait_for()
        spectator.locator(".opp").first.wait_for()
        assert spectator.locator(".rack").count() == 0
        assert "Zeynep" in spectator.locator(".felt").inner_text()
        player = page.frame_locator("#play")
        player.locator(".rack .tile").first.wait_for()
        assert player.locator(".rack .tile").count() == 15
        origin = page.evaluate("location.origin")
        frame_origin = page.frames[1].evaluate("location.origin")
        assert origin != frame_origin
        shot(page, "embed-desktop")
    finally:
        httpd.shutdown()
