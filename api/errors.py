"""API errors: each carries its HTTP status and a machine-readable code.

Anything else that escapes a handler is a bug and becomes a 500.
"""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    def __init__(
        self, status: int, code: str, message: str, extra: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.extra = extra or {}

    def body(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.message}, **self.extra}


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
