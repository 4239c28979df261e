"""A view dumped through the schema of its variant, and the field that answers one."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields

from api.tables.schemas.view_101 import View101Schema
from api.tables.schemas.view_classic import ViewSchema
from api.web.operation import VIEW
from engine.variants import rules_for

# Each variant names its view's schema (engine/variants.py, Rules.view_schema): the names
# are the OpenAPI components (api/web/openapi.py).
VIEW_SCHEMAS: dict[str, type[Schema]] = {"View": ViewSchema, "View101": View101Schema}
_DUMPERS = {name: schema() for name, schema in VIEW_SCHEMAS.items()}


def dump_view(view: dict[str, Any]) -> dict[str, Any]:
    """A view through the schema of its variant (a view naming none: classic's, as ever)."""
    rules = rules_for(view.get("variant") or "")
    schema = _DUMPERS[rules.view_schema if rules else "View"]
    dumped: dict[str, Any] = schema.dump(view)
    return dumped


class ViewField(fields.Field[Any]):
    """A view of either variant (documented as oneOf View, View101)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.metadata = {**self.metadata, "openapi": VIEW}

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return None if value is None else dump_view(value)


class AnyViewSchema(Schema):
    """Dumps a whole view by its variant (a response that is just a view)."""

    def dump(self, obj: Any, *, many: bool | None = None) -> Any:
        return dump_view(obj)
