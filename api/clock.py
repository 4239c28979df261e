"""Time comes in through here: the engine never reads a clock, tests set this one."""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    def now_ms(self) -> int: ...


class SystemClock:
    def now_ms(self) -> int:
        return time.time_ns() // 1_000_000


class ManualClock:
    """A clock that moves only when told to (tests, benchmarks)."""

    # 2100-01-01: the SQLite store sweeps expired items by the wall clock (as DynamoDB's TTL
    # does) whenever it creates one, so a manual clock behind the wall clock would see its
    # tables vanish at the next create (a finished hand's item, a second table).
    def __init__(self, start_ms: int = 4_102_444_800_000) -> None:
        self.ms = start_ms

    def now_ms(self) -> int:
        return self.ms

    def advance(self, seconds: float) -> None:
        self.ms += int(seconds * 1000)
