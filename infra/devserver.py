"""Local server: the frontend as static files, and /api/* through the real Lambda handler.

Each API request becomes an API Gateway HTTP API event for ``api.handler.handler``,
so local play exercises the production code path. Tables go to a SQLite file
(``./data/istaka.sqlite3`` unless ``ISTAKA_SQLITE_PATH`` says otherwise) and
survive restarts.

    python -m infra.devserver            # http://127.0.0.1:8000/
    PORT=9000 python -m infra.devserver
    PORT=0 python -m infra.devserver     # any free port; the first line names it
    ISTAKA_SWEEP_SECONDS=1 python -m infra.devserver   # sweep deadlines every second (0: never)

As in production, a background thread runs the deadline sweep (api/tables/sweep.py) every few
seconds, so a turn runs out on time even when no page is polling the table.
"""

from __future__ import annotations

import base64
import functools
import gzip
import mimetypes
import os
import sys
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from flask import Flask, Response, abort, request
from werkzeug.security import safe_join
from werkzeug.serving import make_server

from infra.apigw import LambdaContext, http_api_event

ROOT = Path(__file__).resolve().parent.parent
FRONTEND = ROOT / "frontend"
HOST = "127.0.0.1"

# The security headers CloudFront adds to the site (template.yaml's SiteHeadersPolicy and
# EmbedHeadersPolicy; a test keeps the two equal). Sent here too, so that local play and
# every browser test run under the production CSP and a violation fails them (as a console
# error), instead of first showing on the deployed site. HSTS is left out: it means nothing
# over plain http.
_CSP = "default-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'"
SITE_HEADERS = {
    "Content-Security-Policy": f"{_CSP}; frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
}
# embed.html is framed by other sites: any ancestor, and no X-Frame-Options.
EMBED_HEADERS = {
    "Content-Security-Policy": f"{_CSP}; frame-ancestors *",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
}

# tg.html, the app as a Telegram Mini App (template.yaml's TelegramHeadersPolicy): Telegram's
# script may load there, and Telegram Web may frame it. No other page allows either.
TELEGRAM_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self' https://telegram.org; object-src 'none'; "
        "base-uri 'none'; form-action 'self'; frame-ancestors https://web.telegram.org"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
}
PAGE_HEADERS = {"embed.html": EMBED_HEADERS, "tg.html": TELEGRAM_HEADERS}


# The Content-Type of each kind of file under frontend/: the same values
# infra/deploy_frontend.sh gives the S3 objects (tests/api/web/test_deploy_frontend.py holds the
# two equal), chosen from the types CloudFront compresses. Markdown goes as text/plain:
# text/markdown is not on CloudFront's list, so the rules would travel uncompressed.
CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
    ".png": "image/png",
}
# Sent gzipped when the request accepts it. Like CloudFront, which leaves a file alone
# below 1,000 bytes, so that the bytes a local browser receives are the ones a phone would.
COMPRESSED = (".html", ".js", ".css", ".md", ".json", ".svg", ".webmanifest")
MIN_COMPRESSED_SIZE = 1000


@functools.lru_cache(maxsize=512)
def _gzipped(path: str, mtime_ns: int, size: int) -> bytes:
    """One file version gzipped, once: the key changes when the file is edited."""
    return gzip.compress(Path(path).read_bytes(), compresslevel=9, mtime=0)


def create_app(frontend: Path = FRONTEND) -> Flask:
    os.environ.setdefault("ISTAKA_STORE", "sqlite")
    os.environ.setdefault("ISTAKA_SQLITE_PATH", str(Path.cwd() / "data" / "istaka.sqlite3"))
    os.environ.setdefault("ISTAKA_VAPID_KEY_FILE", str(Path.cwd() / "data" / "vapid-private.key"))
    os.environ.setdefault("POWERTOOLS_SERVICE_NAME", "istaka")
    # Every local browser is 127.0.0.1: let them meet at one open table (api/lobby).
    os.environ.setdefault("ISTAKA_SAME_ADDRESS_TABLES", "1")
    from api.handler import handler  # after the environment is set: it picks the store

    _start_push_worker()

    app = Flask(__name__, static_folder=None)
    # A Lambda instance serves one request at a time, and Powertools keeps the current
    # event on the resolver: so one at a time here too. Concurrency between instances
    # is the store's business (conditional writes), and the tests cover it there.
    one_at_a_time = threading.Lock()

    # A hook rather than a route: every /api/ path reaches the handler, even ones Flask's
    # URL converters would refuse (a newline, say), as API Gateway's {proxy+} passes them.
    @app.before_request
    def api() -> Response | None:
        if not request.path.startswith("/api/"):
            return None
        event = http_api_event(
            request.method,
            request.path,
            query_string=request.query_string.decode("latin-1"),
            headers=list(request.headers.items()),
            body=request.get_data(),
            source_ip=request.remote_addr or HOST,
        )
        with one_at_a_time:
            result = handler(event, LambdaContext())
        return _to_flask(result)

    @app.route("/", defaults={"path": "index.html"})
    @app.route("/<path:path>")
    def static_file(path: str) -> Response:
        found = safe_join(str(frontend), path)
        if found is None or not os.path.isfile(found):
            abort(404)
        response = _static_response(Path(found))
        # Always revalidate: the frontend is being edited while the server runs.
        response.headers["Cache-Control"] = "no-cache"
        response.headers.update(PAGE_HEADERS.get(path, SITE_HEADERS))
        response.make_conditional(request)  # a 304 for a current If-None-Match
        return response

    return app


def _start_push_worker() -> None:
    """Web Push as in AWS: each table write the API makes is queued by the store and
    turned into pushes by a background thread (infra/push_worker.py), off every request.
    A service swapped in already (a test's) is left as it is."""
    from api.store import make_store
    from api.tables import context
    from api.web.config import Settings
    from infra.push_worker import PushWorker

    if context.configured():
        return
    settings = Settings.from_env()
    worker = PushWorker(make_store(settings), settings).start()
    context.configure(store=worker.store, settings=settings)


def _static_response(file: Path) -> Response:
    """A file, gzipped if it is of a kind CloudFront compresses, big enough, and the request
    accepts gzip. The ETag is the file version's (mtime and size); the gzipped body carries it
    weak, as CloudFront turns a strong ETag weak when it compresses, so ``If-None-Match`` with
    either form gets a 304 for either body."""
    stat = file.stat()
    kind = CONTENT_TYPES.get(file.suffix) or mimetypes.guess_type(file.name)[0]
    compressible = file.suffix in COMPRESSED and stat.st_size >= MIN_COMPRESSED_SIZE
    tag = f"{stat.st_mtime_ns:x}-{stat.st_size:x}"
    if compressible and request.accept_encodings.quality("gzip") > 0:
        response = Response(_gzipped(str(file), stat.st_mtime_ns, stat.st_size))
        response.headers["Content-Encoding"] = "gzip"
        response.set_etag(tag, weak=True)
    else:
        response = Response(file.read_bytes())
        response.set_etag(tag)
    response.headers["Content-Type"] = kind or "application/octet-stream"
    if compressible:
        response.vary.add("Accept-Encoding")
    response.last_modified = datetime.fromtimestamp(stat.st_mtime, tz=UTC)
    return response


# The sweep's period here: production's is a minute (template.yaml), but locally a few
# seconds keeps a short live turn from overstaying much. 0 turns the sweep off.
SWEEP_ENV = "ISTAKA_SWEEP_SECONDS"
DEFAULT_SWEEP_SECONDS = 5.0


def sweep_seconds(env: dict[str, str] | None = None) -> float:
    text = (os.environ if env is None else env).get(SWEEP_ENV, "").strip()
    return float(text) if text else DEFAULT_SWEEP_SECONDS


def start_sweeper(
    interval: float, run: Callable[[], object] | None = None
) -> threading.Event | None:
    """Run ``run`` (the deadline sweep on the process's service) every ``interval`` seconds
    in a daemon thread, until the returned event is set; ``None`` when ``interval`` is 0.

    Not under the request lock: the sweep never touches the Powertools resolver, and it
    meets requests at the store as two Lambda instances would, through conditional writes.
    """
    if interval <= 0:
        return None
    job = run or _sweep_job()
    stop = threading.Event()

    def loop() -> None:
        while not stop.wait(interval):
            try:
                job()
            except Exception as err:  # one failed run must not end local play's sweeping
                print(f"sweep failed: {type(err).__name__}: {err}", file=sys.stderr, flush=True)

    threading.Thread(target=loop, name="istaka-sweep", daemon=True).start()
    return stop


def _sweep_job() -> Callable[[], object]:
    from api.tables.context import get_service
    from api.tables.sweep import sweep

    service = get_service()  # built here, once, rather than raced by the first request
    return lambda: sweep(service)


def _to_flask(result: dict[str, Any]) -> Response:
    body = result.get("body") or ""
    data = base64.b64decode(body) if result.get("isBase64Encoded") else body.encode("utf-8")
    response = Response(data, status=result["statusCode"])
    for name, value in (result.get("headers") or {}).items():
        response.headers[name] = value
    for name, values in (result.get("multiValueHeaders") or {}).items():
        for value in values:
            response.headers.add(name, value)
    for cookie in result.get("cookies") or []:
        response.headers.add("Set-Cookie", cookie)
    return response


def main() -> None:
    app = create_app()
    # Bound before the banner is printed, so the banner's port is the real one. With
    # PORT=0 the system picks a free port: tests start many servers side by side and
    # read the port back from this line instead of guessing one that may be taken.
    server = make_server(HOST, int(os.environ.get("PORT", "8000")), app, threaded=True)
    print(f"Istaka is running at http://{HOST}:{server.port}/  (Ctrl-C stops it)", flush=True)
    print(f"tables are kept in {os.environ['ISTAKA_SQLITE_PATH']}", flush=True)
    interval = sweep_seconds()
    stop = start_sweeper(interval)
    sweeping = f"every {interval:g} s" if stop else f"never ({SWEEP_ENV}=0)"
    print(f"deadlines are swept {sweeping}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        if stop is not None:
            stop.set()
        server.server_close()


if __name__ == "__main__":
    main()
