"""infra/deploy_frontend.sh, run against a stand-in `aws` that records its calls: every file
under frontend/ goes to S3 with the Content-Type the dev server sends, one CloudFront
compresses for the text files, and the cache lifetime its page needs."""

from __future__ import annotations

import fnmatch
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from infra.devserver import COMPRESSED, CONTENT_TYPES
from tests.api.support import ROOT

FRONTEND = ROOT / "frontend"
FRESH = {"index.html", "embed.html", "tg.html", "embed-demo.html", "sw.js", "embed.js"}
# CloudFront compresses only these types ("Serving compressed files" in its developer guide,
# abridged to the ones a site like this could use).
CLOUDFRONT_COMPRESSES = {
    "application/javascript",
    "application/json",
    "application/xml",
    "image/svg+xml",
    "text/css",
    "text/html",
    "text/javascript",
    "text/plain",
    "text/xml",
}

# One line per call, its arguments separated by the unit separator (a shell script: no
# interpreter to start up for each of the script's calls).
FAKE_AWS = """#!/usr/bin/env bash
(IFS=$'\\x1f'; printf '%s\\n' "$*") >> "$FAKE_AWS_LOG"
case "$*" in
    *SiteBucketName*) echo site-bucket ;;
    *DistributionId*) echo E123 ;;
    *describe-stacks*) echo https://example.test ;;
esac
"""


@pytest.fixture(scope="module")
def calls(tmp_path_factory: pytest.TempPathFactory) -> list[list[str]]:
    if shutil.which("bash") is None:
        pytest.skip("no bash")
    bin_dir = tmp_path_factory.mktemp("bin")
    (bin_dir / "aws").write_text(FAKE_AWS)
    (bin_dir / "aws").chmod(0o755)
    log = bin_dir / "calls.jsonl"
    env = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}", "FAKE_AWS_LOG": str(log)}
    subprocess.run(
        ["bash", str(ROOT / "infra" / "deploy_frontend.sh"), "istaka"],
        env=env,
        check=True,
        capture_output=True,
        timeout=300,
    )
    return [line.split("\x1f") for line in log.read_text().splitlines()]


def _option(args: list[str], name: str) -> str:
    return args[args.index(name) + 1]


def _uploads(calls: list[list[str]]) -> dict[str, list[tuple[str, str]]]:
    """Each file's uploads by `aws s3 cp`: (Content-Type, Cache-Control), in order."""
    files = sorted(p.relative_to(FRONTEND).as_posix() for p in FRONTEND.rglob("*") if p.is_file())
    found: dict[str, list[tuple[str, str]]] = {name: [] for name in files}
    for args in calls:
        if args[:2] != ["s3", "cp"]:
            continue
        meta = (_option(args, "--content-type"), _option(args, "--cache-control"))
        if "--recursive" not in args:
            assert args[2].startswith("frontend/") and args[3].startswith("s3://site-bucket/")
            found[args[2].removeprefix("frontend/")].append(meta)
            continue
        assert args[2:4] == ["frontend/", "s3://site-bucket/"]
        filters = [(a, args[i + 1]) for i, a in enumerate(args) if a in ("--include", "--exclude")]
        for name in files:
            included = True
            for kind, pattern in filters:  # the CLI's rule: the last matching filter wins
                if fnmatch.fnmatch(name, pattern):
                    included = kind == "--include"
            if included:
                found[name].append(meta)
    return found


def test_every_file_is_uploaded_once_with_its_type_and_lifetime(calls: list[list[str]]) -> None:
    for name, uploads in _uploads(calls).items():
        suffix = Path(name).suffix
        assert suffix in CONTENT_TYPES, f"{name}: add its type to deploy_frontend.sh and devserver"
        lifetime = "no-cache" if name in FRESH else "public, max-age=3600"
        assert uploads == [(CONTENT_TYPES[suffix], lifetime)], name


def test_text_files_get_a_type_cloudfront_compresses(calls: list[list[str]]) -> None:
    assert calls
    for suffix in (".html", ".js", ".css", ".md", ".json", ".svg"):
        assert suffix in COMPRESSED
        assert CONTENT_TYPES[suffix].split(";")[0] in CLOUDFRONT_COMPRESSES, suffix


def test_stale_files_are_deleted_and_the_cache_refreshed(calls: list[list[str]]) -> None:
    (sync,) = [a for a in calls if a[:2] == ["s3", "sync"]]
    assert "--delete" in sync and sync[2:4] == ["frontend/", "s3://site-bucket/"]
    assert calls.index(sync) > max(i for i, a in enumerate(calls) if a[:2] == ["s3", "cp"])
    (invalidation,) = [a for a in calls if a[:2] == ["cloudfront", "create-invalidation"]]
    assert _option(invalidation, "--distribution-id") == "E123"
    assert _option(invalidation, "--paths") == "/*"
