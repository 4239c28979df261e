"""The HTTP operations: one handler module per resource, and :mod:`api.routes.table`, the
table that declares each operation once (method, path, handler, schemas, errors) for both
the Lambda's router and the OpenAPI document."""
