"""What a phone downloads stays within budget: the same-origin HTML, JS and CSS that a
cold 390x844 phone loads for the home page, a dealt classic table and a dealt 101 table,
each file gzipped as CloudFront and the dev server send it (`tests.bench.bench_frontend`).

Counting what a page loads, rather than every file under frontend/, is what lets code
that only some pages need (the 101 parts, the result panel, verifying a shuffle, the rules
page, the other languages) stay out of the first load.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.bench.bench_frontend import Download, PageFiles
from tests.frontend_weight import PAGE_BUDGET as BUDGET

from .helpers import api, auth_js, create_computer_table


def downloads(pages: Any, base: str, path: str, table: dict[str, Any] | None) -> list[Download]:
    page = pages.new(390, 844, service_workers="block")
    if table:
        page.add_init_script(auth_js(table))
    files = PageFiles(page, base)
    page.goto(base + path)
    page.wait_for_function("() => performance.getEntriesByName('istaka-ready').length > 0")
    page.wait_for_load_state("networkidle")
    return files.downloads()


@pytest.mark.parametrize("screen", list(BUDGET))
def test_first_load_within_budget(pages: Any, base: str, screen: str) -> None:
    table = None
    if screen == "table":
        table = create_computer_table(base, "Ayşe")
    elif screen == "table101":
        body = {
            "variant": "101",
            "mode": "computer",
            "name": "Ayşe",
            "turn_seconds": 86400,
            "seats": [{"kind": "human", "name": "Ayşe"}] + [{"kind": "bot", "level": "easy"}] * 3,
        }
        table = api(base, "POST", "tables", body)
    files = downloads(pages, base, "#/t/" + table["table_id"] if table else "", table)
    names = {d.name for d in files}
    total = sum(d.compressed for d in files)
    listing = ", ".join(f"{d.name} {d.compressed}" for d in files)
    assert "js/app.js" in names and "css/app.css" in names, listing
    assert total <= BUDGET[screen], (
        f"{screen}: {total:,d} gzipped bytes > {BUDGET[screen]:,d}: {listing}"
    )


def test_a_classic_table_loads_no_101_or_home_code(pages: Any, base: str) -> None:
    table = create_computer_table(base, "Ayşe")
    names = {d.name for d in downloads(pages, base, "#/t/" + table["table_id"], table)}
    assert "js/table/render.js" in names
    for unused in ("js/okey101.js", "js/home.js", "js/verify.js", "js/end.js", "js/help.js"):
        assert unused not in names
