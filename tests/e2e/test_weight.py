"""The frontend's JS and CSS stay within 100 KB uncompressed (no browser needed)."""

from __future__ import annotations

from .helpers import ROOT

BUDGET = 100_000


def test_js_and_css_within_budget() -> None:
    files = [p for p in (ROOT / "frontend").rglob("*") if p.suffix in (".js", ".css")]
    total = sum(p.stat().st_size for p in files)
    assert files and total <= BUDGET, f"{total:,d} bytes of JS+CSS, budget {BUDGET:,d}"
