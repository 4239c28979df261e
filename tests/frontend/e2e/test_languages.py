"""A Turkish and a Korean reader see their own language on every screen, and no word broken
across two lines: home (with its options and Your tables), a classic and a 101 table with
their menu, move log and score sheets, the result and the review.

What counts as an English word: one of the English dictionaries' words (i18n/en.js and
more/en.js) that neither other language's dictionaries use ("Okey", "Normal" are Turkish
too), and for Korean any Latin word but the Turkish terms the Korean text teaches ("el
açmak"); proper names are allowed. What is read: the text
of every visible element (not the screen reader's words). A word is broken when its
characters lie on more than one line box (a Range over the word gives rects at two heights).

Real touch on a 390x844 phone; screenshots in tests/output/screenshots, looked at.
"""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import (
    SHOTS,
    api,
    create_computer_table,
    finger_tap,
    open_table,
    play_out_hand,
    store_js,
    wait_rack_saved,
)

# Names of people and of the game, and what is the same in every language.
ALLOWED = {"Ayşe", "Deniz", "Istaka", "Okey", "OK", "QR"}

# Every visible text's words, with the element they are in, and the words split across lines.
READ_JS = """() => {
    const words = []
    const broken = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement
        if (!el || el.closest('.sr, [aria-hidden="true"], script, style, .flyer')) continue
        if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue
        const text = node.textContent
        for (const m of text.matchAll(/[\\p{L}\\p{N}'’]+/gu)) {
            words.push([m[0], el.tagName + '.' + el.className])
            if (m[0].length < 2) continue
            const range = document.createRange()
            range.setStart(node, m.index)
            range.setEnd(node, m.index + m[0].length)
            const tops = new Set([...range.getClientRects()].filter(r => r.width > 0)
                .map(r => Math.round(r.top)))
            if (tops.size > 1) broken.push([m[0], el.tagName + '.' + el.className])
        }
    }
    return { words, broken }
}"""

DICT_WORDS_JS = """async () => {
    const { dict } = await import('/js/i18n/index.js')
    const words = async files => {
        const out = new Set()
        for (const f of files) {
            const d = dict((await import('/js/i18n/' + f + '.js')).default)
            for (const v of Object.values(d))
                for (const m of v.replace(/\\{\\w+\\}/g, ' ').matchAll(/[\\p{L}']+/gu))
                    out.add(m[0].toLowerCase())
        }
        return [...out]
    }
    return { en: await words(['en', 'more/en']), tr: await words(['tr', 'more/tr']),
             ko: await words(['ko', 'more/ko']) }
}"""


class Reader:
    """Reads a page's screens for one language and keeps what was wrong on each."""

    def __init__(self, page: Any, lang: str) -> None:
        self.page = page
        self.lang = lang
        self.english: set[str] = set()
        self.turkish: set[str] = set()
        self.problems: list[str] = []

    def learn(self) -> None:
        words = self.page.evaluate(DICT_WORDS_JS)
        others = set(words["tr"]) | set(words["ko"])
        self.english = {w for w in words["en"] if len(w) > 2 and w not in others}
        self.turkish = set(words["tr"])

    def read(self, screen: str) -> None:
        found = self.page.evaluate(READ_JS)
        for word, where in found["words"]:
            if word in ALLOWED or word.isdigit():
                continue
            latin = all("a" <= c.lower() <= "z" or c in "'’" for c in word)
            bare = word.lower().strip("'’")
            english = bare in self.english
            # Korean: no Latin word but the game's Turkish terms it teaches ("el açmak").
            stray = self.lang == "ko" and latin and len(word) > 1 and bare not in self.turkish
            if english or stray:
                self.problems.append(f"{screen}: English {word!r} in {where}")
        for word, where in found["broken"]:
            self.problems.append(f"{screen}: {word!r} broken across lines in {where}")
        SHOTS.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(SHOTS / f"lang-{self.lang}-{screen}.png"))


def sheet(page: Any, reader: Reader, act: str, name: str) -> None:
    finger_tap(page, f"#bar-{act}")
    page.wait_for_selector(".modal .sheet")
    page.wait_for_timeout(300)
    reader.read(name)
    finger_tap(page, ".modal .x")
    page.wait_for_selector(".modal", state="detached")


@pytest.mark.parametrize("lang", ["tr", "ko"])
def test_every_screen_in_the_readers_language(pages: Any, base: str, lang: str) -> None:
    page = pages.new(390, 844)
    page.emulate_media(reduced_motion="reduce")
    page.add_init_script(store_js("istaka.prefs", {"lang": lang}))
    # Tables made in another language: English names the server and the creator chose.
    classic = create_computer_table(base, "Ayşe")
    okey101 = create_computer_table(base, "Player 1", variant="101")
    friends = api(base, "POST", "tables", {"mode": "friends", "options": {"seats": 2}})
    reader = Reader(page, lang)

    # The classic table, its sheets; then its result and review.
    open_table(page, base, classic)
    page.wait_for_selector(".rack .tile")
    reader.learn()
    wait_rack_saved(base, classic["table_id"], classic["token"])
    reader.read("table")
    sheet(page, reader, "menu", "menu")
    sheet(page, reader, "log", "log")
    sheet(page, reader, "scores", "scores")

    open_table(page, base, okey101)
    page.wait_for_selector(".rack .tile")
    page.wait_for_timeout(500)
    reader.read("table101")

    open_table(page, base, classic)
    page.wait_for_selector(".rack .tile")
    play_out_hand(base, classic["table_id"], classic["token"])
    page.wait_for_selector("#result", timeout=20000)
    page.wait_for_timeout(500)
    reader.read("result")
    finger_tap(page, "#review-hand")
    page.wait_for_selector("#rv-verdict")
    page.wait_for_timeout(300)
    reader.read("review")

    # Home, with the options open and the tables held (a waiting friends table too).
    page.add_init_script(
        store_js(
            f"istaka.t.{friends['table_id']}",
            {"token": friends["token"], "seat": 0, "seats": [0], "mode": "friends"},
        )
    )
    recent = [
        {"id": t["table_id"], "mode": m, "at": 1_700_000_000_000}
        for t, m in ((classic, "computer"), (okey101, "computer"), (friends, "friends"))
    ]
    page.add_init_script(store_js("istaka.recent", recent))
    page.goto(base)
    page.wait_for_selector("#your-tables li[data-table] small.kind")
    finger_tap(page, "details.options summary")
    page.wait_for_timeout(300)
    reader.read("home")

    assert not reader.problems, "\n".join(reader.problems)
