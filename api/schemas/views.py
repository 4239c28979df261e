"""A view dumped through the schema of its variant, and the field that answers one."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields

from .view_101 import View101Schema
from .view_classic import ViewSchema

_VIEW_SCHEMAS = {"101": View101Schema()}
_CLASSIC_VIEW = ViewSchema()


def dump_view(view: dict[str, Any]) -> dict[str, Any]:
    """A view through the schema of its variant."""
    schema = _VIEW_SCHEMAS.get(view.get("variant") or "", _CLASSIC_VIEW)
    dumped: dict[str, Any] = schema.dump(view)
    return dumped


class ViewField(fields.Field[Any]):
    """A view of either variant (documented as oneOf View, View101)."""

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return None if value is None else dump_view(value)


class AnyViewSchema(Schema):
    """Dumps a whole view by its variant (a response that is just a view)."""

    def dump(self, obj: Any, *, many: bool | None = None) -> Any:
        return dump_view(obj)
