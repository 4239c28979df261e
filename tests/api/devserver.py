"""Starts ``python -m infra.devserver`` as a subprocess on a free port, for HTTP tests."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .support import ROOT, free_port, wait_for_port


@contextmanager
def running_devserver(data_dir: Path) -> Iterator[str]:
    port = free_port()
    env = {
        **os.environ,
        "PORT": str(port),
        "ISTAKA_STORE": "sqlite",
        "ISTAKA_SQLITE_PATH": str(data_dir / "istaka.sqlite3"),
        "PYTHONUNBUFFERED": "1",
    }
    log = (data_dir / "devserver.log").open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", "infra.devserver"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        wait_for_port(port, process, timeout=30)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()
