"""The HTTP handlers of the table's operations, one module per resource."""
