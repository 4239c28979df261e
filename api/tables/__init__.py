"""The stored table and its use cases: creating, joining and starting a table, moves,
views, pace and the sweep, finished hands, the tables a device holds."""
