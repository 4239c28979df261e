"""The test suite. Raises the per-client creation limits (api/web/limits.py) for every service
and dev server the tests start, so the many tables one test address makes are never 429:
a test of a limit names its own (tests/api/web/test_create_limits.py)."""

from __future__ import annotations

import os

TEST_CREATE_LIMIT = "1000000"
for _name in ("ISTAKA_PLAYER_CREATE_LIMIT", "ISTAKA_TABLE_CREATE_LIMIT"):
    os.environ.setdefault(_name, TEST_CREATE_LIMIT)
# Every test client shares one address (127.0.0.1, the test harness's): let them sit at one
# open table, as local play does; the test of the same-address rule turns it off itself.
os.environ.setdefault("ISTAKA_SAME_ADDRESS_TABLES", "1")
