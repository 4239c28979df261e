"""What a phone downloads stays within budget: the same-origin HTML, JS and CSS that a
cold 390x844 phone loads for the home page, a dealt classic table and a dealt 101 table,
each file gzipped at level 9 (`tests.bench.bench_frontend`; deterministic, whereas the bytes
the server sends depend on its compressor). That the dev server does send them gzipped, as
CloudFront does, is checked on a dealt table.

Counting what a page loads, rather than every file under frontend/, is what lets code
that only some pages need (the 101 parts, the result panel, verifying a shuffle, the rules
page, the other languages) stay out of the first load.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.bench.bench_frontend import Download, PageFiles
from tests.frontend.weight import PAGE_BUDGET as BUDGET

from .helpers import auth_js, create_computer_table


def loaded(pages: Any, base: str, path: str, table: dict[str, Any] | None) -> PageFiles:
    page = pages.new(390, 844, service_workers="block")
    if table:
        page.add_init_script(auth_js(table))
    files = PageFiles(page, base)
    page.goto(base + path)
    page.wait_for_function("() => performance.getEntriesByName('istaka-ready').length > 0")
    page.wait_for_load_state("networkidle")
    return files


def downloads(pages: Any, base: str, path: str, table: dict[str, Any] | None) -> list[Download]:
    return loaded(pages, base, path, table).downloads()


@pytest.mark.parametrize("screen", list(BUDGET))
def test_first_load_within_budget(pages: Any, base: str, screen: str) -> None:
    table = None
    if screen == "table":
        table = create_computer_table(base, "Ayşe")
    elif screen == "table101":
        table = create_computer_table(base, "Ayşe", variant="101")
    files = downloads(pages, base, "#/t/" + table["table_id"] if table else "", table)
    names = {d.name for d in files}
    total = sum(d.compressed for d in files)
    listing = ", ".join(f"{d.name} {d.compressed}" for d in files)
    assert "js/app.js" in names and "css/app.css" in names, listing
    print(f"{screen}: {total:,d} gzipped bytes of {BUDGET[screen]:,d}")  # seen with -s
    assert total <= BUDGET[screen], (
        f"{screen}: {total:,d} gzipped bytes > {BUDGET[screen]:,d}: {listing}"
    )


RULES = ("js/home/help.js", "rules/en.md", "rules/tr.md", "rules/ko.md")


def test_a_classic_table_loads_no_101_home_or_rules_code(pages: Any, base: str) -> None:
    table = create_computer_table(base, "Ayşe")
    files = loaded(pages, base, "#/t/" + table["table_id"], table)
    names = files.names()
    assert "js/table/render.js" in names
    rare = ("js/home/join.js", "js/player.js", "js/table/device.js", "js/i18n/more/en.js")
    for unused in (
        "js/table/okey101.js",
        "js/home/index.js",
        "js/table/verify.js",
        "js/table/end.js",
        *rare,
        *RULES,
    ):
        assert unused not in names, unused
    # Sent gzipped by the dev server, as CloudFront sends them: every script and the style
    # sheet big enough to be worth it (CloudFront leaves files under 1,000 bytes alone).
    sent = [d for d in files.downloads() if d.name.endswith((".js", ".css"))]
    assert any(d.name == "css/app.css" for d in sent)
    for d in sent:
        if d.source >= 1000:
            assert d.encoding == "gzip" and 0 < d.transferred < d.source, d


def test_the_home_page_loads_no_table_or_rules_code(pages: Any, base: str) -> None:
    names = loaded(pages, base, "", None).names()
    assert "js/home/index.js" in names
    for unused in (
        "js/table/index.js",
        "js/table/board.js",
        "js/table/rack.js",
        "js/table/okey101.js",
        "js/home/join.js",
        *RULES,
    ):
        assert unused not in names, unused
    assert not any(n.startswith("js/table/") for n in names), sorted(names)


def test_the_rules_page_fetches_its_text_when_opened(pages: Any, base: str) -> None:
    page = pages.new(390, 844, service_workers="block")
    files = PageFiles(page, base)
    page.goto(base + "#/rules")
    page.wait_for_selector(".rules .legend")  # drawn once the text has come (or failed)
    page.wait_for_selector(".rules h2")
    names = files.names()
    assert "js/home/help.js" in names, sorted(names)
    assert any(n in names for n in RULES[1:]), sorted(names)
