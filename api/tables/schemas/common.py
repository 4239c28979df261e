"""Fields the schemas share: a query string's number, a strict JSON integer, a whole-value
pattern and a retry's request id (the friends' rematch request takes one too)."""

from __future__ import annotations

from typing import Any

from marshmallow import ValidationError, fields, validate

Int = fields.Integer


class QueryInt(fields.Integer):
    """A number in a query string: ASCII digits only, as a client writes it. ``int()`` and
    marshmallow alone accept ``" 0"``, ``"+0"``, ``"1_0"`` and other scripts' digits
    (``"٣"``, ``"１"``), each a second spelling of one request."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if not (isinstance(value, str) and value.isascii() and value.isdigit() and len(value) < 10):
            raise ValidationError("a number here is ASCII digits only")
        return int(value)


def strict_int(**kwargs: Any) -> fields.Integer:
    return fields.Integer(strict=True, **kwargs)


class FullMatch(validate.Regexp):
    """A pattern the whole value must match (``Regexp`` lets ``$`` pass a final newline)."""

    def __call__(self, value: Any) -> Any:
        if self.regex.fullmatch(value) is None:
            raise ValidationError(self._format_error(value))
        return value


def request_id_field() -> fields.String:
    # A retry's key and, for a join, what gives its token again: random, so unguessable.
    return fields.String(
        validate=[
            validate.Length(min=16, max=64),
            FullMatch(r"^[A-Za-z0-9_-]+$", error="letters, digits, '-' and '_' only"),
        ]
    )
