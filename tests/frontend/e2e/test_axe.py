"""Accessibility: axe-core on the home page, a dealt classic table, a 101 table with melds
and the result screen, on a phone (390x844), in both themes.

axe-core comes from infra/node_modules (pinned in infra/package.json, installed by
infra/setup_node.sh). It goes in as an init script: the dev server sends the production
Content-Security-Policy, which blocks an inline ``<script>`` (``add_script_tag``) and the
eval behind a bare ``page.evaluate`` string, while a DevTools init script is not subject to
it. Every violation is printed (rule id, impact, targets); a serious or critical one fails.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from .helpers import ROOT, auth_js, store_js
from .test_screens import screen_tables

AXE = ROOT / "infra" / "node_modules" / "axe-core" / "axe.min.js"
FAILING = ("serious", "critical")
# The screens: the table to open (a key of screen_tables) and what shows it is drawn.
SCREENS = {
    "home": (None, "#play-computer"),
    "table": ("mid", ".rack .tile"),
    "table101": ("t101", ".melds [data-meld]"),
    "result": ("over", "#result"),
    "review": ("over", "#rv-verdict"),  # opened from the result (OPEN_FIRST)
}
# Screens opened by a tap on the screen first drawn.
OPEN_FIRST = {"review": "#review-hand"}
RUN = """() => axe.run(document, { resultTypes: ['violations'] }).then(r =>
    r.violations.map(v => ({ id: v.id, impact: v.impact, help: v.help,
        targets: v.nodes.map(n => n.target.join(' ') + (n.any.concat(n.all)
            .map(c => c.message).filter(Boolean).map(m => ' -- ' + m)[0] || '')) })))"""


@pytest.fixture(scope="module")
def tables(base: str, devserver_service: Any) -> dict[str, Any]:
    return screen_tables(base, devserver_service)


def _axe_missing() -> bool:
    return not AXE.exists()


def violations(pages: Any, base: str, tables: dict[str, Any], screen: str, theme: str) -> Any:
    key, ready = SCREENS[screen]
    page = pages.new(390, 844)
    page.emulate_media(reduced_motion="reduce")
    page.add_init_script(path=str(AXE))
    page.add_init_script(store_js("istaka.prefs", {"theme": theme, "lang": "en", "name": "Ayşe"}))
    if key is None:
        page.goto(base)
    else:
        page.add_init_script(auth_js(tables[key]))
        page.goto(base + "#/t/" + tables[key]["table_id"])
    if screen in OPEN_FIRST:
        page.click(OPEN_FIRST[screen])
    page.wait_for_selector(ready)
    page.evaluate(
        "() => document.fonts.ready.then(() => new Promise(done =>"
        " requestAnimationFrame(() => requestAnimationFrame(done))))"
    )
    found = page.evaluate(RUN)
    page.context.close()
    return found


@pytest.mark.skipif(
    _axe_missing() and os.environ.get("CI", "").lower() != "true",
    reason="axe-core is not installed (infra/setup_node.sh)",
)
@pytest.mark.parametrize("theme", ["classic", "candy"])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_axe(pages: Any, base: str, tables: dict[str, Any], screen: str, theme: str) -> None:
    assert AXE.exists(), f"no {AXE.relative_to(ROOT)}: run infra/setup_node.sh"
    found = violations(pages, base, tables, screen, theme)
    for v in found:
        print(f"{screen} ({theme}): {v['impact']} {v['id']}: {v['help']}")
        for target in v["targets"]:
            print(f"    {target}")
    bad = [v["id"] for v in found if v["impact"] in FAILING]
    assert not bad, f"{screen} ({theme}): serious or critical axe violations: {bad}"
