"""Sizes: readable, touchable tiles on phones; the installable shell."""

from __future__ import annotations

from typing import Any

from . import helpers
from .helpers import create_computer_table


def open_table(page: Any, base: str) -> None:
    helpers.open_table(page, base, create_computer_table(base, "Ayşe"))
    page.wait_for_selector(".rack .tile")


# The rack is redrawn when the first poll answers; elements measured one by one may be
# replaced in between (bounding_box() of a detached tile is None). One evaluate reads
# every box in the same frame.
GEOMETRY = """() => {
    const box = el => { const r = el.getBoundingClientRect()
        return { x: r.x, y: r.y, width: r.width, height: r.height } }
    return { rack: box(document.querySelector('.rack')),
        tiles: [...document.querySelectorAll('.rack .tile')].slice(0, 3).map(box) }
}"""


def test_landscape_tiles_are_at_least_40px(pages: Any, base: str) -> None:
    page = pages.new(844, 390)
    open_table(page, base)
    geometry = page.evaluate(GEOMETRY)
    boxes = geometry["tiles"]
    assert len(boxes) == 3 and all(b["width"] >= 40 for b in boxes), boxes
    # The whole rack fits on the screen: no horizontal scrolling, nothing below the fold.
    rack = geometry["rack"]
    assert rack["x"] >= 0 and rack["x"] + rack["width"] <= 844
    assert rack["y"] + rack["height"] <= 390 + 1


def test_portrait_fits(pages: Any, base: str) -> None:
    page = pages.new(390, 844)
    open_table(page, base)
    rack = page.evaluate(GEOMETRY)["rack"]
    assert rack["x"] >= 0 and rack["x"] + rack["width"] <= 390
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_manifest_and_service_worker(pages: Any, base: str) -> None:
    page = pages.new(1280, 800, mobile=False)
    page.goto(base)
    manifest = page.evaluate("fetch('manifest.webmanifest').then(r => r.json())")
    assert manifest["display"] == "standalone"
    assert any(i["sizes"] == "512x512" for i in manifest["icons"])
    page.wait_for_function(
        "navigator.serviceWorker.controller || navigator.serviceWorker.ready.then(() => true)"
    )
    assert page.evaluate("navigator.serviceWorker.ready.then(r => !!r.active)")
    # The worker keeps the shell and never the API.
    cached = page.evaluate(
        "caches.keys().then(ns => caches.open(ns.find(n => n.startsWith('istaka-'))))"
        ".then(c => c.keys()).then(ks => ks.map(k => k.url))"
    )
    assert any(u.endswith("/js/app.js") for u in cached)
    assert not any("/api/" in u for u in cached)


def test_sort_buttons_arrange_the_rack(pages: Any, base: str) -> None:
    page = pages.new(844, 390)
    open_table(page, base)
    layout = "els => els.map(e => e.textContent).join('|')"
    before = page.eval_on_selector_all(".rack .slot", layout)
    for by in ("runs", "sets", "pairs", "best"):
        with page.expect_response(lambda r, by=by: f"by={by}" in r.url) as answer:
            page.tap(f'[data-act=sort][data-by="{by}"]')
        assert answer.value.status == 200, by
        assert page.locator(".rack .tile").count() == 15
    # The last answer is drawn a frame or more after it arrives: wait for the change.
    page.wait_for_function(
        "before => [...document.querySelectorAll('.rack .slot')]"
        ".map(e => e.textContent).join('|') !== before",
        arg=before,
    )
    assert page.locator(".rack .tile").count() == 15


TILES = """() => {
    const widths = sel => [...document.querySelectorAll(sel)]
        .map(el => el.getBoundingClientRect().width).sort((a, b) => a - b)
    const median = xs => xs.length ? xs[xs.length >> 1] : 0
    const rack = widths('.rack .tile')
    const heights = [...document.querySelectorAll('.rack .tile')]
        .map(el => el.getBoundingClientRect().height)
    return { rack: median(rack), rackMin: rack[0] || 0, tallest: Math.max(...heights),
        shortest: Math.min(...heights), felt: Math.max(0, ...widths('.felt .disc .tile')),
        meldMin: widths('.melds .tile')[0] || null,
        melds: document.querySelectorAll('.melds .group:not(.burned)').length,
        star: Math.min(...[...document.querySelectorAll('.tile.okey')]
            .map(el => parseFloat(getComputedStyle(el, '::after').fontSize))),
        scrollWidth: document.documentElement.scrollWidth }
}"""


def test_portrait_rack_tiles_are_big(pages: Any, base: str) -> None:
    """At 390 px a classic rack tile is at least 40 px wide and 44 px tall (each row one
    line), never smaller than a discard on the felt."""
    page = pages.new(390, 844)
    open_table(page, base)
    sizes = page.evaluate(TILES)
    assert sizes["rack"] >= 40 and sizes["shortest"] >= 44, sizes
    assert 12 <= sizes["star"] < 100, sizes  # the okey's star (the okey shown by the indicator)
    assert sizes["felt"] <= sizes["rackMin"] + 0.5, sizes
    assert sizes["scrollWidth"] <= 390, sizes


def test_portrait_101_melds_and_rack_are_readable(pages: Any, base: str) -> None:
    """A 101 table with melds at 390 px: rack tiles at least 32 px wide and 44 px tall, each
    row one line, never smaller than a discard on the felt; meld tiles at least 28 px up to
    9 melds and 20 px up to 12, as test_melds_exact finds on fixed tables. The bots open too,
    so this table holds 4 to 15 melds (a 14-meld one had 24 px tiles)."""
    from .test_screens import opened_101

    table = opened_101(base)
    page = pages.new(390, 844)
    helpers.open_table(page, base, table)
    page.wait_for_selector(".melds .tile")
    sizes = page.evaluate(TILES)
    assert sizes["meldMin"] is not None, sizes
    if sizes["melds"] <= 9:
        assert sizes["meldMin"] >= 28, sizes
    elif sizes["melds"] <= 12:
        assert sizes["meldMin"] >= 20, sizes
    assert sizes["rack"] >= 32 and sizes["shortest"] >= 44, sizes
    assert 12 <= sizes["star"] < 100, sizes
    assert sizes["felt"] <= sizes["rackMin"] + 0.5, sizes
    assert sizes["scrollWidth"] <= 390, sizes
