"""What a phone downloads for the app: every .js and .css file under frontend/, gzipped.

The budget counts compressed bytes because that is what crosses the network
(CloudFront serves them with `Compress: true`); source bytes stay readable
and are printed beside them, so a size change can be told from a style change.
"""

from __future__ import annotations

import gzip
from dataclasses import dataclass
from pathlib import Path

FRONTEND = Path(__file__).resolve().parent.parent / "frontend"
BUDGET = 50_000  # gzipped bytes of JS + CSS; about 42 KB at the switch from source bytes


@dataclass(frozen=True)
class FileWeight:
    name: str
    source: int
    compressed: int


def file_weights() -> list[FileWeight]:
    """Each JS and CSS file, largest download first."""
    files = sorted(p for p in FRONTEND.rglob("*") if p.suffix in (".js", ".css"))
    weights = [
        FileWeight(
            p.relative_to(FRONTEND).as_posix(),
            p.stat().st_size,
            len(gzip.compress(p.read_bytes(), compresslevel=9, mtime=0)),
        )
        for p in files
    ]
    return sorted(weights, key=lambda w: -w.compressed)
