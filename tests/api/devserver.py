"""Starts ``python -m infra.devserver`` as a subprocess on a port of its own, for HTTP tests."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests import servers

from .support import ROOT


@contextmanager
def running_devserver(data_dir: Path) -> Iterator[str]:
    env = {
        **os.environ,
        "PORT": "0",
        "ISTAKA_STORE": "sqlite",
        "ISTAKA_SQLITE_PATH": str(data_dir / "istaka.sqlite3"),
        "PYTHONUNBUFFERED": "1",
    }
    command = [sys.executable, "-m", "infra.devserver"]
    with servers.running(command, data_dir / "devserver.log", env=env, cwd=ROOT) as url:
        yield url
