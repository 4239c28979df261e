"""Frontend weight and first render.

* Weight: every .js and .css file under frontend/, gzipped, as a phone downloads
  it (source bytes beside). Budget: ``tests.frontend_weight.BUDGET``. The rules
  text (frontend/rules/*.md) is content fetched only by the rules page and is
  printed apart.
* First render: headless chromium against the dev server, a fresh browser
  context (cold cache) per load; the time from navigation start to the
  ``istaka-ready`` performance mark (set right after the home screen or the
  table is on the page) and to the first contentful paint. Median of 10.
"""

from __future__ import annotations

import statistics
import tempfile
from pathlib import Path

from tests.e2e.helpers import (
    CHROMIUM,
    CHROMIUM_ARGS,
    auth_js,
    chromium_problem,
    create_computer_table,
)
from tests.frontend_weight import BUDGET, FRONTEND, file_weights
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
    verdict = "within" if total <= BUDGET else "OVER"
    print(
        f"   JS+CSS total: {total:,d} bytes gzipped ({source:,d} source), {verdict} the"
        f" {BUDGET:,d}-byte budget"
    )
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
                    page.wait_for_function(
                        "performance.getEntriesByName('istaka-ready').length > 0"
                    )
                    # The paint entry can land a frame after the ready mark: wait for it
                    # rather than read a missing entry as 0 ms.
                    page.wait_for_function(
                        "performance.getEntriesByName('first-contentful-paint').length > 0",
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


def main() -> None:
    total = weight()
    first_render()
    if total > BUDGET:
        raise SystemExit(
            f"frontend JS+CSS is {total:,d} gzipped bytes, over the {BUDGET:,d}-byte budget"
        )


if __name__ == "__main__":
    main()
