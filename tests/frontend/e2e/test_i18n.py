"""Every language has every key, renders without raw keys; no console errors."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import create_computer_table, open_table, play_out_hand, store_js, wait_rack_saved

LANGS = ["en", "tr", "ko"]


def key_sets(page: Any, folder: str = "") -> dict[str, list[str]]:
    return page.evaluate(
        """async folder => { const out = {}; const { dict } = await import('/js/i18n/index.js');
        for (const l of ['en', 'tr', 'ko'])
          out[l] = Object.keys(dict((await import('/js/i18n/' + folder + l + '.js')).default));
        return out; }""",
        folder,
    )


def test_dictionaries_have_the_same_keys(pages: Any, base: str) -> None:
    page = pages.new(1280, 800, mobile=False)
    page.goto(base)
    first, later = key_sets(page), key_sets(page, "more/")
    # A key is either in the first download or with the screens loaded on demand.
    for lang in LANGS:
        assert not set(first[lang]) & set(later[lang]), lang
    keys = {lang: first[lang] + later[lang] for lang in LANGS}
    # "one" forms (key + "1") are optional: Turkish and Korean count without them.
    ones = {k for k in keys["en"] if k.endswith("1") and k[:-1] in keys["en"]}
    for lang in ("tr", "ko"):
        assert set(keys[lang]) <= set(keys["en"]), lang
        assert set(keys["en"]) - set(keys[lang]) <= ones, lang
    assert len(keys["en"]) > 150


def raw_keys_in(page: Any, keys: list[str]) -> list[str]:
    text = page.evaluate(
        """document.body.innerText + ' ' + [...document.querySelectorAll('*')].map(e =>
          ['aria-label', 'title', 'placeholder'].map(a => e.getAttribute(a) || '').join(' '))
          .join(' ')"""
    )
    return [k for k in keys if ("_" in k or "." in k) and k in text]


@pytest.mark.parametrize("lang", LANGS)
def test_language_renders_every_screen(pages: Any, base: str, lang: str, shot: Any) -> None:
    page = pages.new(390, 844)
    page.emulate_media(reduced_motion="reduce")
    page.add_init_script(store_js("istaka.prefs", {"lang": lang}))
    page.goto(base)
    page.wait_for_selector("#play-computer")
    keys = key_sets(page)["en"]
    assert page.evaluate("document.documentElement.lang") == lang
    page.click("details.options summary")
    assert not raw_keys_in(page, keys)
    shot(page, f"home-{lang}-portrait")
    page.goto(base + "#/rules")
    page.wait_for_selector(".rules h1")
    assert not raw_keys_in(page, keys)
    # A table, its menu, then a finished hand with the result panel.
    table = create_computer_table(base, "Ayşe")
    tid, token = table["table_id"], table["token"]
    open_table(page, base, table)
    page.wait_for_selector(".rack .tile")
    assert not raw_keys_in(page, keys)
    page.click("[data-act=menu]")
    page.wait_for_selector(".modal")
    assert not raw_keys_in(page, keys)
    page.keyboard.press("Escape")
    wait_rack_saved(base, tid, token)
    play_out_hand(base, tid, token)
    page.wait_for_selector("#result", timeout=20000)
    page.click("#result details.seed summary")
    assert not raw_keys_in(page, keys)
    shot(page, f"result-{lang}-portrait")
    # The hand's review, with its strings from more/ and the server's reasons in the language.
    page.click("#review-hand")
    page.wait_for_selector("#rv-verdict")
    assert not raw_keys_in(page, keys + key_sets(page, "more/")["en"])
    shot(page, f"review-{lang}-portrait")
