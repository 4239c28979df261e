"""The frontend's JS and CSS stay within the download budget (no browser needed)."""

from __future__ import annotations

from tests.frontend_weight import BUDGET, file_weights


def test_js_and_css_within_budget() -> None:
    weights = file_weights()
    total = sum(w.compressed for w in weights)
    assert weights and total <= BUDGET, f"{total:,d} gzipped bytes of JS+CSS, budget {BUDGET:,d}"
