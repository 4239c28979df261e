"""Calling the Telegram Bot API: ``POST <base>/bot<token>/<method>`` with a JSON body.

The base is ``ISTAKA_TELEGRAM_API`` (https://api.telegram.org unless a test runs a fake
one). A call is tried again when there is no answer, a 5xx or a 429 (after the pause
Telegram asks for in ``parameters.retry_after``, capped), at most :data:`ATTEMPTS`
times in all (the notifier), or once (inside a webhook request, which must not sleep),
then given up: callers never fail a move or a webhook on it. The URL
holds the token, so logs name the method, the status and Telegram's error code only:
never the URL, the body or Telegram's description (which may quote the text sent).
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from api.web.log import logger

ATTEMPTS = 3
FIRST_PAUSE_S = 1.0
MAX_PAUSE_S = 10.0
TIMEOUT_S = 5.0


@dataclass(frozen=True)
class BotReply:
    status: int | None  # the HTTP status; None: no answer
    ok: bool
    result: Any = None
    error_code: int | None = None


def _retryable(status: int | None) -> bool:
    return status is None or status == 429 or status >= 500


class BotApi:
    def __init__(
        self,
        base: str,
        token: str,
        *,
        sleep: Callable[[float], None] = time.sleep,
        timeout: float = TIMEOUT_S,
        attempts: int = ATTEMPTS,
    ) -> None:
        self._base = base.rstrip("/")
        self._token = token
        self.sleep = sleep
        self.timeout = timeout
        self.attempts = attempts

    def __repr__(self) -> str:  # the token stays out of any repr that gets logged
        return f"BotApi({self._base!r})"

    def call(self, method: str, payload: dict[str, Any]) -> BotReply:
        reply = BotReply(None, False)
        for attempt in range(self.attempts):
            reply, retry_after = self._once(method, payload)
            logger.info(
                "bot api called",
                extra={
                    "method": method,
                    "status": reply.status,
                    "error_code": reply.error_code,
                    "attempt": attempt,
                },
            )
            if reply.ok or not _retryable(reply.status) or attempt == self.attempts - 1:
                return reply
            self.sleep(_pause(attempt, retry_after))
        return reply

    def _once(self, method: str, payload: dict[str, Any]) -> tuple[BotReply, float | None]:
        request = urllib.request.Request(
            f"{self._base}/bot{self._token}/{method}",
            data=json.dumps(payload, ensure_ascii=False).encode("utf-8"),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as answer:
                status, text = int(answer.status), answer.read()
        except urllib.error.HTTPError as err:  # 4xx and 5xx, with Telegram's JSON
            status, text = int(err.code), err.read()
        except Exception as err:  # refused, reset, timed out; str(err) may hold the URL
            error = type(err).__name__
            logger.info("bot api not answered", extra={"method": method, "error": error})
            return BotReply(None, False), None
        try:
            body = json.loads(text)
        except ValueError:
            body = {}
        if not isinstance(body, dict):
            body = {}
        params = body.get("parameters") if isinstance(body.get("parameters"), dict) else {}
        retry_after = params.get("retry_after") if isinstance(params, dict) else None
        ok = status == 200 and body.get("ok") is True
        code = body.get("error_code") if isinstance(body.get("error_code"), int) else None
        pause = float(retry_after) if isinstance(retry_after, int | float) else None
        return BotReply(status, ok, body.get("result"), code), pause


def _pause(attempt: int, retry_after: float | None) -> float:
    if retry_after is not None and retry_after >= 0:
        return min(retry_after, MAX_PAUSE_S)
    return float(min(FIRST_PAUSE_S * 2**attempt, MAX_PAUSE_S))
