"""WCAG contrast of the theme colours, read from the theme blocks of frontend/css/app.css.

A tile's numeral (and its shape, in the same colour) needs at least 3:1 against the tile
face (large bold text), checked against every colour stop of the face's gradient, so against
its darkest part too. The text colours listed in TEXT need 4.5:1 on their background.
``[data-theme='candy']`` restates only what differs from ``:root`` (classic).
The same rules are checked on the rendered pages by tests/frontend/e2e/test_axe.py.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

CSS = Path(__file__).resolve().parents[2] / "frontend" / "css" / "app.css"
THEME_SELECTORS = {"classic": ":root", "candy": "[data-theme='candy']"}
# The okey star is no numeral, but a player must see it as well: 3:1, as for graphics.
NUMERALS = [
    "--tile-red",
    "--tile-yellow",
    "--tile-blue",
    "--tile-black",
    "--tile-fake",
    "--okey-star",
]
# (text, background): each an opaque colour in both themes.
TEXT = [
    ("--paper-ink", "--paper-bg"),
    ("--paper-muted", "--paper-bg"),
    ("--paper-accent", "--paper-bg"),
    ("--c-ok-paper", "--paper-bg"),
    ("--c-bad-paper", "--paper-bg"),
    ("--pile-count-ink", "--pile-count-bg"),
    ("--clock-ink", "--clock-bg"),
    ("--toast-ink", "--toast-bg"),
    ("--toast-ink", "--toast-error-bg"),
]
# Pairs only one theme makes opaque (classic's chip and count badge are translucent).
TEXT_CANDY = [("--chip-ink", "--chip-bg"), ("--badge-ink", "--discard-count-bg")]
HEX = re.compile(r"#[0-9a-fA-F]{3,8}\b")


def theme_block(css: str, selector: str) -> str:
    """The first rule whose selector is exactly ``selector`` (the theme blocks come first)."""
    match = re.search(r"(?m)^" + re.escape(selector) + r" \{\n(.*?)^\}", css, re.S)
    assert match, f"no {selector} block in {CSS.name}"
    return match.group(1)


def variables(block: str) -> dict[str, str]:
    return {
        m.group(1): " ".join(m.group(2).split())
        for m in re.finditer(r"(?m)^\t(--[\w-]+):\s*(.*?);", block, re.S)
    }


def themes() -> dict[str, dict[str, str]]:
    css = CSS.read_text()
    classic = variables(theme_block(css, THEME_SELECTORS["classic"]))
    candy = {**classic, **variables(theme_block(css, THEME_SELECTORS["candy"]))}
    return {"classic": classic, "candy": candy}


def rgb(color: str) -> tuple[float, float, float, float]:
    h = color.lstrip("#")
    if len(h) in (3, 4):
        h = "".join(c * 2 for c in h)
    alpha = int(h[6:8], 16) / 255 if len(h) == 8 else 1.0
    r, g, b = (int(h[i : i + 2], 16) / 255 for i in (0, 2, 4))
    return r, g, b, alpha


def luminance(color: str) -> float:
    """WCAG 2 relative luminance of an opaque #rgb / #rrggbb colour."""
    *channels, alpha = rgb(color)
    assert alpha == 1.0, f"{color} is not opaque"
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def colour(theme: dict[str, str], name: str) -> str:
    value = theme[name]
    assert HEX.fullmatch(value), f"{name}: {value} is not one colour"
    return value


def test_contrast_formula() -> None:
    assert contrast("#000", "#fff") == pytest.approx(21)
    assert contrast("#777", "#fff") == pytest.approx(4.48, abs=0.01)
    assert contrast("#fff", "#fff") == 1


@pytest.mark.parametrize("theme", list(THEME_SELECTORS))
def test_tile_numerals_stand_out_from_the_face(theme: str) -> None:
    v = themes()[theme]
    stops = HEX.findall(v["--tile-face"])
    assert stops, f"no colours in --tile-face: {v['--tile-face']}"
    weak = [
        f"{name} {colour(v, name)} on {stop}: {contrast(colour(v, name), stop):.2f}"
        for name in NUMERALS
        for stop in stops
        if contrast(colour(v, name), stop) < 3
    ]
    assert not weak, f"{theme}: tile numerals under 3:1 against the face: {weak}"


@pytest.mark.parametrize("theme", list(THEME_SELECTORS))
def test_text_colours_are_readable(theme: str) -> None:
    v = themes()[theme]
    pairs = TEXT + (TEXT_CANDY if theme == "candy" else [])
    ratios = {(ink, bg): contrast(colour(v, ink), colour(v, bg)) for ink, bg in pairs}
    weak = [
        f"{ink} {colour(v, ink)} on {bg} {colour(v, bg)}: {ratio:.2f}"
        for (ink, bg), ratio in ratios.items()
        if ratio < 4.5
    ]
    assert not weak, f"{theme}: text under 4.5:1: {weak}"
