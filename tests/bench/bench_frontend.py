"""Frontend weight and first render.

* Weight: every .js and .css file under frontend/, gzipped, as a phone downloads
  it (source bytes beside). The rules
  text (frontend/rules/*.md) is content fetched only by the rules page and is
  printed apart.
* First render: headless chromium against the dev server, a fresh browser
  context (cold cache) per load; the time from navigation start to the
  ``istaka-ready`` performance mark (set right after the home screen or the
  table is on the page) and to the first contentful paint. Median of 10.
* Download weight: the same-origin HTML, JS and CSS responses that a phone
  (390x844, cold cache, no service worker) loads for the home page and for a
  dealt table, each gzipped at level 9: what the first visit costs, as opposed to
  the weight of every file above; beside it, the body bytes the dev server actually
  sent (it gzips text files of 1,000 bytes and more, as CloudFront does, so this is
  what a phone receives). Budgets: ``tests.frontend.weight.PAGE_BUDGET``
  (checked by tests/frontend/e2e/test_weight.py). ``tests.frontend.e2e.same_pixels`` prints the same
  figures for two checkouts side by side.
* Rack tile width: the median width (CSS px) of the ``.rack .tile`` boxes chromium draws
  for a dealt classic table and a dealt 101 table, on a phone held upright (390x844) and
  sideways (844x390).
* Lighthouse (``infra/lighthouse_scores.mjs``, lighthouse pinned in infra/package.json):
  the mobile scores (performance, accessibility, best practices) of the home page and of a
  dealt table (its seat's token put in localStorage first), median of LIGHTHOUSE_RUNS.
  Figures, not checks: performance moves with the machine's load.
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
import statistics
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from tests.frontend.e2e.helpers import (
    CHROMIUM,
    CHROMIUM_ARGS,
    ROOT,
    SIZES,
    api,
    auth_js,
    chromium_problem,
    create_computer_table,
)
from tests.frontend.weight import FRONTEND, PAGE_BUDGET, file_weights
from tests.servers import running_devserver

LOADS = 10
MARKS = """() => [performance.getEntriesByName('istaka-ready')[0].startTime,
    (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || 0]"""


def weight() -> int:
    weights = file_weights()
    for w in weights:
        print(f"   {w.compressed:7,d} gzipped  {w.source:7,d} source  {w.name}")
    total = sum(w.compressed for w in weights)
    source = sum(w.source for w in weights)
    rules = sum(p.stat().st_size for p in (FRONTEND / "rules").glob("*.md"))
    print(f"   JS+CSS total, every file: {total:,d} bytes gzipped ({source:,d} source)")
    print(f"   (rules text, fetched by the rules page only: {rules:,d} bytes in rules/*.md)")
    return total


def first_render() -> None:
    problem = chromium_problem()
    if problem:
        print(f"   first render: not measured, {problem}")
        return
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, running_devserver(Path(tmp)) as url:
        base = url + "/"
        table = create_computer_table(base, "Bench")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for label, path, setup in (
                ("home", "", None),
                ("table", "#/t/" + table["table_id"], table),
            ):
                ready, fcp = [], []
                for _ in range(LOADS):
                    ctx = browser.new_context(viewport={"width": 390, "height": 844})
                    if setup:
                        ctx.add_init_script(auth_js(setup))
                    page = ctx.new_page()
                    page.goto(base + path)
                    # Predicates as functions: a bare expression is run through eval,
                    # which the site's Content-Security-Policy forbids.
                    page.wait_for_function(
                        "() => performance.getEntriesByName('istaka-ready').length > 0"
                    )
                    # The paint entry can land a frame after the ready mark: wait for it
                    # rather than read a missing entry as 0 ms.
                    page.wait_for_function(
                        "() => performance.getEntriesByName('first-contentful-paint').length > 0",
                        timeout=5000,
                    )
                    marks = page.evaluate(MARKS)
                    ready.append(marks[0])
                    fcp.append(marks[1])
                    ctx.close()
                print(
                    f"   first render, {label}: ready {statistics.median(ready):.0f} ms median"
                    f" (min {min(ready):.0f}, max {max(ready):.0f}); first contentful paint"
                    f" {statistics.median(fcp):.0f} ms median over {LOADS} cold loads"
                )
            browser.close()


# Resource types that count as a download: the page, its modules and its style sheet.
WEIGHED = ("document", "script", "stylesheet")


@dataclass(frozen=True)
class Download:
    name: str  # the path on the site, without the query
    source: int
    compressed: int  # gzip level 9, mtime 0: the figure the budgets hold (deterministic)
    # What the server actually sent: the body's bytes as they crossed the wire (-1 if the
    # browser could not say), its Content-Encoding ("" for none) and the headers' bytes.
    transferred: int = -1
    encoding: str = ""
    headers: int = -1


def gzipped(
    name: str, body: bytes, transferred: int = -1, encoding: str = "", headers: int = -1
) -> Download:
    compressed = len(gzip.compress(body, compresslevel=9, mtime=0))
    return Download(name, len(body), compressed, transferred, encoding, headers)


def _sent(response: Any) -> tuple[int, str, int]:
    """The encoded body size Chromium received, the Content-Encoding it came with, and the
    size of the response's headers."""
    encoding = response.all_headers().get("content-encoding", "")
    try:
        sizes = response.request.sizes()
        body, headers = int(sizes["responseBodySize"]), int(sizes["responseHeadersSize"])
    except Exception:  # an answer a test made up itself (route.fulfill) has no wire size
        body, headers = -1, -1
    return body, encoding, headers


class PageFiles:
    """Watches a page (attach before ``goto``): the same-origin HTML, JS and CSS it loaded.

    Works as well for responses a test answers itself with ``route.fulfill``."""

    def __init__(self, page: Any, origin: str) -> None:
        self.origin = origin.rstrip("/")
        self.responses: list[Any] = []
        page.on("response", lambda response: self.responses.append(response))

    def names(self) -> set[str]:
        """Every same-origin file the page asked for, of any kind (a fetched text too)."""
        return {
            urlsplit(r.url).path.lstrip("/") or "index.html"
            for r in self.responses
            if r.url.startswith(self.origin + "/") and "/api/" not in r.url
        }

    def downloads(self) -> list[Download]:
        """Each file once (the first answer), largest download first."""
        found: dict[str, Download] = {}
        for response in self.responses:
            url = response.url
            if (
                response.request.resource_type not in WEIGHED
                or response.status != 200
                or not url.startswith(self.origin + "/")
                or "/api/" in url
            ):
                continue
            name = urlsplit(url).path.lstrip("/") or "index.html"
            if name not in found:
                found[name] = gzipped(name, response.body(), *_sent(response))
        return sorted(found.values(), key=lambda d: (-d.compressed, d.name))


def print_downloads(label: str, files: list[Download]) -> int:
    total = sum(d.compressed for d in files)
    source = sum(d.source for d in files)
    sent = sum(d.transferred for d in files)
    headers = sum(d.headers for d in files)
    print(
        f"   {label}: {total:,d} bytes gzipped in {len(files)} files ({source:,d} source);"
        f" sent by the dev server: {sent:,d} bytes of body + {headers:,d} of headers"
    )
    for d in files:
        print(
            f"      {d.compressed:7,d} gzipped  {d.source:7,d} source"
            f"  {d.transferred:7,d} sent {d.encoding or 'identity':8s}  {d.name}"
        )
    return total


def download_weight() -> dict[str, list[Download]]:
    """What a phone downloads (HTML, JS, CSS, gzipped) for the home page and a dealt table."""
    problem = chromium_problem()
    if problem:
        print(f"   download weight: not measured, {problem}")
        return {}
    from playwright.sync_api import sync_playwright

    measured: dict[str, list[Download]] = {}
    with tempfile.TemporaryDirectory() as tmp, running_devserver(Path(tmp)) as url:
        table = create_computer_table(url + "/", "Bench")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for label, path in (("home", ""), ("table", "#/t/" + table["table_id"])):
                ctx = browser.new_context(
                    viewport={"width": 390, "height": 844},
                    is_mobile=True,
                    has_touch=True,
                    device_scale_factor=2,
                    service_workers="block",
                )
                ctx.add_init_script(auth_js(table))
                page = ctx.new_page()
                files = PageFiles(page, url)
                page.goto(url + "/" + path)
                page.wait_for_function(
                    "() => performance.getEntriesByName('istaka-ready').length > 0"
                )
                page.wait_for_load_state("networkidle")
                measured[label] = files.downloads()
                ctx.close()
            browser.close()
    for label, downloads in measured.items():
        print_downloads(f"download weight, {label}", downloads)
    return measured


def create_101_table(base: str) -> dict[str, Any]:
    body = {
        "variant": "101",
        "mode": "computer",
        "name": "Bench",
        "turn_seconds": 86400,
        "options": {"seats": 4},
        "seats": [{"kind": "human", "name": "Bench"}] + [{"kind": "bot", "level": "easy"}] * 3,
    }
    return api(base, "POST", "tables", body)  # type: ignore[no-any-return]


def settled_widths(page: Any, selector: str) -> list[float]:
    """The widths of the boxes, once drawn: all above 0 and the same two frames running
    (the first view's rack can be caught mid-redraw, its tiles 0 px wide)."""
    last: list[float] = []
    for _ in range(50):
        page.evaluate(
            "() => document.fonts.ready.then(() => new Promise(done =>"
            " requestAnimationFrame(() => requestAnimationFrame(done))))"
        )
        widths: list[float] = page.eval_on_selector_all(
            selector, "els => els.map(e => e.getBoundingClientRect().width)"
        )
        if widths and min(widths) > 0 and widths == last:
            return widths
        last = widths
        page.wait_for_timeout(100)
    raise AssertionError(f"the {selector} boxes never settled: {last}")


def rack_tile_widths() -> dict[tuple[str, str], float]:
    """The median width of a rack tile, per table (classic, 101) and phone orientation."""
    problem = chromium_problem()
    if problem:
        print(f"   rack tile width: not measured, {problem}")
        return {}
    from playwright.sync_api import sync_playwright

    medians: dict[tuple[str, str], float] = {}
    with tempfile.TemporaryDirectory() as tmp, running_devserver(Path(tmp)) as url:
        base = url + "/"
        tables = {"classic": create_computer_table(base, "Bench"), "101": create_101_table(base)}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for variant, table in tables.items():
                for size in ("portrait", "landscape"):
                    width, height = SIZES[size]
                    ctx = browser.new_context(
                        viewport={"width": width, "height": height},
                        is_mobile=True,
                        has_touch=True,
                        device_scale_factor=2,
                    )
                    ctx.add_init_script(auth_js(table))
                    page = ctx.new_page()
                    page.emulate_media(reduced_motion="reduce")
                    page.goto(base + "#/t/" + table["table_id"])
                    page.wait_for_selector(".rack .tile")
                    widths = settled_widths(page, ".rack .tile")
                    ctx.close()
                    medians[variant, size] = statistics.median(widths)
                    print(
                        f"   rack tile width, {variant} table, {size} {width}x{height}:"
                        f" {medians[variant, size]:.1f} px median of {len(widths)} tiles"
                        f" (min {min(widths):.1f}, max {max(widths):.1f})"
                    )
            browser.close()
    return medians


LIGHTHOUSE = ROOT / "infra" / "node_modules" / "lighthouse"
LIGHTHOUSE_SCRIPT = ROOT / "infra" / "lighthouse_scores.mjs"
LIGHTHOUSE_RUNS = 3
LIGHTHOUSE_CATEGORIES = ("performance", "accessibility", "best-practices")


def lighthouse_problem() -> str | None:
    if not shutil.which("node"):
        return "no node"
    if not LIGHTHOUSE.exists():
        return "lighthouse is not installed (infra/setup_node.sh)"
    return chromium_problem()


def lighthouse_run(url: str, storage: dict[str, str]) -> dict[str, Any]:
    env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", CHROMIUM)}
    done = subprocess.run(
        ["node", str(LIGHTHOUSE_SCRIPT), url, json.dumps(storage)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    lines = done.stdout.strip().splitlines()
    if done.returncode or not lines:
        return {"error": (done.stderr.strip().splitlines() or ["no output"])[-1]}
    return json.loads(lines[-1])  # type: ignore[no-any-return]


def lighthouse_scores() -> dict[str, dict[str, float]]:
    """Lighthouse's mobile scores (0-100), median of LIGHTHOUSE_RUNS, for home and a table."""
    problem = lighthouse_problem()
    if problem:
        print(f"   lighthouse: not measured, {problem}")
        return {}
    scores: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as tmp, running_devserver(Path(tmp)) as url:
        base = url + "/"
        table = create_computer_table(base, "Bench")
        auth = {"token": table["token"], "seat": 0, "seats": [0], "mode": "computer"}
        for label, path, storage in (
            ("home", "", {}),
            ("dealt table", "#/t/" + table["table_id"], {"istaka.t." + table["table_id"]: auth}),
        ):
            runs = [
                lighthouse_run(base + path, {k: json.dumps(v) for k, v in storage.items()})
                for _ in range(LIGHTHOUSE_RUNS)
            ]
            good = [r for r in runs if not r.get("error") and r.get("performance") is not None]
            notes = sorted({str(r["error"]) for r in runs if r.get("error")})
            failed = sorted({a for r in good for a in r.get("failed", [])})
            if not good:
                print(f"   lighthouse, {label}: no score ({'; '.join(notes)})")
                continue
            scores[label] = {
                c: 100 * statistics.median(r[c] for r in good) for c in LIGHTHOUSE_CATEGORIES
            }
            every = ", ".join(
                "/".join(f"{100 * r[c]:.0f}" for c in LIGHTHOUSE_CATEGORIES) for r in good
            )
            print(
                f"   lighthouse (mobile), {label}: performance {scores[label]['performance']:.0f},"
                f" accessibility {scores[label]['accessibility']:.0f}, best practices"
                f" {scores[label]['best-practices']:.0f} (median of {len(good)} runs: {every};"
                f" API answers {[r.get('api') for r in good]})"
                + (f"; failed audits {failed}" if failed else "")
                + (f"; runs without a score: {notes}" if notes else "")
            )
    return scores


def main() -> None:
    weight()
    first_render()
    rack_tile_widths()
    lighthouse_scores()
    over = [
        f"{page} {total:,d} > {PAGE_BUDGET[page]:,d}"
        for page, files in download_weight().items()
        if page in PAGE_BUDGET and (total := sum(d.compressed for d in files)) > PAGE_BUDGET[page]
    ]
    if over:
        raise SystemExit("first-load download over budget (gzipped bytes): " + "; ".join(over))


if __name__ == "__main__":
    main()
