"""One router per resource: tables (lobby and views), actions, racks, the API document."""
