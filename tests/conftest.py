"""Hypothesis profiles: `make test` draws the same examples every run; `make test-all` explores.

A property test that draws fresh examples each run can meet a new
counterexample in one CI run out of many, and so fail by chance and block a
landing. Under `make test` each property test therefore replays a fixed set of
examples (``derandomize``); `make test-all` sets ``HYPOTHESIS_PROFILE=explore``
to draw new ones, which is where new counterexamples should be found. Neither
profile has a deadline or the too-slow health check: both measure wall-clock
time, which a loaded machine stretches.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

_UNTIMED = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
settings.register_profile("repeatable", derandomize=True, database=None, **_UNTIMED)
settings.register_profile("explore", print_blob=True, **_UNTIMED)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))


def pytest_terminal_summary(
    terminalreporter: pytest.TerminalReporter, config: pytest.Config
) -> None:
    # pytest-randomly names its seed in the header, which -q hides: name it at the end too.
    seed = getattr(config.option, "randomly_seed", None)
    if isinstance(seed, int):
        terminalreporter.write_line(
            f"test order: make pytest PYTEST_ARGS=--randomly-seed={seed} repeats it"
        )
