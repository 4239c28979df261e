"""Run every ``tests/bench/bench_*.py`` module's ``main()``, in name order.

``python -m tests.bench`` runs them all; ``python -m tests.bench hand`` only
the modules whose name contains ``hand``.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time
from pathlib import Path


def run(filters: list[str]) -> int:
    here = Path(__file__).parent
    names = sorted(
        info.name
        for info in pkgutil.iter_modules([str(here)])
        if info.name.startswith("bench_") and (not filters or any(f in info.name for f in filters))
    )
    for name in names:
        print(f"== {name}")
        start = time.perf_counter()
        module = importlib.import_module(f"tests.bench.{name}")
        module.main()
        print(f"   ({time.perf_counter() - start:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(run(sys.argv[1:]))
