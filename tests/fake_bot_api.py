"""A Telegram Bot API for the tests: a tiny HTTP server on 127.0.0.1 that records every
``POST /bot<token>/<method>`` with its JSON body and answers as Telegram does.

    with FakeBotApi() as bot:
        settings = Settings(telegram_api=bot.url, telegram_token=TOKEN, ...)
        ...
        call = bot.calls[0]          # .token, .method, .body (the JSON sent)

``bot.fail(429, retry_after=0)`` (or a 5xx, or several) makes the next calls fail with
Telegram's error JSON; after them, every call succeeds again.
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class BotCall:
    token: str
    method: str
    body: dict[str, Any]
    status: int  # what the fake answered


class FakeBotApi:
    def __init__(self) -> None:
        self.calls: list[BotCall] = []
        self._failures: list[tuple[int, int | None]] = []
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def __enter__(self) -> FakeBotApi:
        self._thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    def fail(self, status: int, times: int = 1, retry_after: int | None = None) -> None:
        with self._lock:
            self._failures.extend([(status, retry_after)] * times)

    def sent(self, method: str = "sendMessage") -> list[BotCall]:
        return [c for c in self.calls if c.method == method]

    def wait_for(self, count: int, timeout: float = 10) -> list[BotCall]:
        """The calls once at least ``count`` have come (the notifier sends from a thread)."""
        deadline = time.monotonic() + timeout
        while len(self.calls) < count and time.monotonic() < deadline:
            time.sleep(0.02)
        return list(self.calls)

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                raw = self.rfile.read(length)
                _, bot, method = self.path.split("/", 2)
                with fake._lock:
                    status, retry_after = fake._failures.pop(0) if fake._failures else (200, None)
                    body = json.loads(raw) if raw else {}
                    fake.calls.append(BotCall(bot.removeprefix("bot"), method, body, status))
                if status == 200:
                    answer: dict[str, Any] = {"ok": True, "result": {"message_id": len(fake.calls)}}
                else:
                    answer = {"ok": False, "error_code": status, "description": "fake failure"}
                    if retry_after is not None:
                        answer["parameters"] = {"retry_after": retry_after}
                data = json.dumps(answer).encode()
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *_args: Any) -> None:
                pass

        return Handler
