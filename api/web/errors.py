"""API errors: each carries its HTTP status and a machine-readable code.

Anything else that escapes a handler is a bug and becomes a 500.
"""

from __future__ import annotations

from typing import Any

from api.store.base import StoreBusy
from api.web.log import logger

# Seconds a client waits before repeating a request refused with 503 (Retry-After).
RETRY_AFTER_CONTENDED = 1  # other requests to the table just landed: it settles at once
RETRY_AFTER_STORE = 2  # the store is throttled or failing: give its capacity time to come back


class ApiError(Exception):
    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        extra: dict[str, Any] | None = None,
        *,
        retry_after: int | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.extra = extra or {}
        # Every 503 says when to come back, so no client has to guess (or hammer).
        if retry_after is None and status == 503:
            retry_after = RETRY_AFTER_CONTENDED
        self.retry_after = retry_after

    def body(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.message}, **self.extra}

    def headers(self) -> dict[str, str]:
        return {} if self.retry_after is None else {"Retry-After": str(self.retry_after)}


def bad_request(message: str, code: str = "bad_request") -> ApiError:
    return ApiError(400, code, message)


def unauthorized(message: str = "a valid seat token is required") -> ApiError:
    return ApiError(401, "unauthorized", message)


def forbidden(message: str) -> ApiError:
    return ApiError(403, "forbidden", message)


def not_found(message: str = "no such table") -> ApiError:
    return ApiError(404, "table_not_found", message)


def conflict(code: str, message: str, extra: dict[str, Any] | None = None) -> ApiError:
    return ApiError(409, code, message, extra)


def unprocessable(code: str, message: str) -> ApiError:
    return ApiError(422, code, message)


def busy(message: str, retry_after: int = RETRY_AFTER_CONTENDED) -> ApiError:
    return ApiError(503, "busy", message, retry_after=retry_after)


def store_busy(err: StoreBusy) -> ApiError:
    # The error's code and the table id only: a backend's message may quote the item.
    logger.warning("store busy", extra={"table_id": err.table_id, "error": err.code})
    return busy("the table store is busy; try again", RETRY_AFTER_STORE)
