"""Local servers for the tests, each on a port the system picks.

A port found free and then handed to a server can be taken in between, by
another test worker or anything else on the machine. So every server here is
told to bind port 0, and the test reads the real address from the server's
first lines of output (written to a log file, so a chatty server can never
block on a full pipe).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from tests import TEST_CREATE_LIMIT

ROOT = Path(__file__).resolve().parents[1]
_URL = re.compile(rb"https?://127\.0\.0\.1:(\d+)")


class ServerFailed(RuntimeError):
    """The server exited, or did not say where it listens, in time."""


def _announced_url(log: Path, process: subprocess.Popen[bytes], timeout: float) -> str:
    deadline = time.monotonic() + timeout
    while True:
        found = _URL.search(log.read_bytes())
        if found:
            return found.group(0).decode()
        if process.poll() is not None:
            raise ServerFailed(
                f"server exited with code {process.returncode}: {log.read_text(errors='replace')}"
            )
        if time.monotonic() > deadline:
            raise ServerFailed(f"server named no address within {timeout} s (log: {log})")
        time.sleep(0.05)


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextmanager
def running(
    command: Sequence[str],
    log: Path,
    *,
    env: dict[str, str] | None = None,
    cwd: Path | None = None,
    timeout: float = 120,
) -> Iterator[str]:
    """The URL of ``command``'s server (which must bind port 0 and print its URL) while the
    block runs; stopped afterwards. The wait is long because a loaded 2-core machine was seen
    to take over 30 s to start the dev server; a healthy start names its URL in a second or two."""
    with log.open("wb") as out:
        process = subprocess.Popen(
            list(command), cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT
        )
    try:
        yield _announced_url(log, process, timeout)
    finally:
        _stop(process)


@contextmanager
def running_devserver(data_dir: Path, extra_env: dict[str, str] | None = None) -> Iterator[str]:
    """``python -m infra.devserver`` with a throwaway SQLite file in ``data_dir``: its base
    URL, with no trailing slash."""
    env = {
        **os.environ,
        **(extra_env or {}),
        "PORT": "0",
        "ISTAKA_STORE": "sqlite",
        "ISTAKA_SQLITE_PATH": str(data_dir / "istaka.sqlite3"),
        "ISTAKA_VAPID_KEY_FILE": str(data_dir / "vapid-private.key"),
        "PYTHONUNBUFFERED": "1",
        # Browser tests make many tables and players from one address: far past the limits.
        "ISTAKA_PLAYER_CREATE_LIMIT": TEST_CREATE_LIMIT,
        "ISTAKA_TABLE_CREATE_LIMIT": TEST_CREATE_LIMIT,
        **(extra_env or {}),
    }
    command = [sys.executable, "-m", "infra.devserver"]
    with running(command, data_dir / "devserver.log", env=env, cwd=ROOT) as url:
        yield url
