"""Does a new app.css give every element the same computed style as an old one?

    python -m tests.frontend.e2e.same_styles --before-css /path/to/old/app.css [--after-css NEW]

Made for refactors of frontend/css/app.css that must change nothing on screen. It starts the
dev server, serves the OLD stylesheet for css/app.css, and sets up each screen (home, rules,
tables mid-hand, 101 with melds, result, waiting, cover, embed, a modal, a selected tile, and
a table with drag and drop states forced on by hand) at phone portrait, phone landscape and
desktop sizes. On each page state it dumps getComputedStyle of every element and of its
::before and ::after (all standard properties; custom properties are skipped, since their
names may change), then swaps the stylesheet on the very same DOM for the NEW one, dumps
again, swaps back to the OLD one and dumps a third time. A difference between the first two
dumps that the third does not share is a real difference; one the third shares means the page
changed by itself meanwhile (reported as unstable). Animations are paused halfway, so their
keyframes are compared too. Screenshots before and after are compared byte for byte (pixel
by pixel when the bytes differ). A few states are compared with and without reduced motion.

Exit status 0 when there is no difference, 1 otherwise. At the end it lists the old
stylesheet's selectors that matched no element in any state (their rules went untested).
"""

from __future__ import annotations

import argparse
import base64
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.frontend.e2e.helpers import (
    CHROMIUM,
    CHROMIUM_ARGS,
    ROOT,
    auth_js,
    screen_options,
    store_js,
)
from tests.frontend.e2e.test_screens import screen_tables
from tests.servers import running_devserver

SIZES = {"portrait": (390, 844, True), "landscape": (844, 390, True), "desktop": (1280, 800, False)}

# In the page: dump computed styles, diff two dumps, pause animations, swap stylesheets,
# and list which of a stylesheet's selectors match something.
PAGE_JS = r"""
window.__same = {
	path(el) {
		const parts = []
		for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
			let i = 1
			for (let s = e.previousElementSibling; s; s = s.previousElementSibling) i++
			const cls = e.classList.length ? '.' + [...e.classList].join('.') : ''
			parts.unshift(e.localName + (e.id ? '#' + e.id : '') + cls + ':' + i)
		}
		return parts.join(' > ')
	},
	// Each box (element, ::before, ::after) as one string of its standard property values,
	// in the order of this.names: a page holds three dumps of ~2,000 boxes each.
	dump() {
		const all = getComputedStyle(document.documentElement)
		this.names = [...Array(all.length).keys()].map(i => all[i]).filter(n => !n.startsWith('--'))
		const out = new Map()
		for (const el of document.querySelectorAll('*')) {
			const key = this.path(el)
			for (const pseudo of ['', '::before', '::after']) {
				const cs = getComputedStyle(el, pseudo || null)
				out.set(key + pseudo, this.names.map(n => cs.getPropertyValue(n)).join('\n'))
			}
		}
		return out
	},
	diff(a, b, limit = 400) {
		const found = []
		for (const key of new Set([...a.keys(), ...b.keys()])) {
			const x = a.get(key), y = b.get(key)
			if (x === y) continue
			if (x == null || y == null) {
				const has = z => (z == null ? 'missing' : 'present')
				found.push([key, '(element)', has(x), has(y)])
				continue
			}
			const xs = x.split('\n'), ys = y.split('\n')
			this.names.forEach((n, i) => xs[i] !== ys[i] && found.push([key, n, xs[i], ys[i]]))
			if (found.length >= limit) break
		}
		return found
	},
	// Every animation paused halfway: the computed style then shows the keyframes.
	freeze() {
		for (const a of document.getAnimations()) {
			a.pause()
			const d = a.effect?.getTiming().duration
			a.currentTime = typeof d === 'number' ? d / 2 : 0
		}
		return document.getAnimations().length
	},
	// Point the page's <link> at the old (which = 'before') or the new stylesheet; the page's
	// content security policy allows no <style> element.
	use(which) {
		const link = document.querySelector('link[rel=stylesheet]')
		return new Promise((ok, fail) => {
			link.onload = ok
			link.onerror = fail
			link.href = 'css/app.css?same=' + which
		})
	},
	// The selectors of the page's <link> sheet (inside @media too) that match an element.
	matched() {
		const sheet = document.querySelector('link[rel=stylesheet]').sheet
		const all = [], hit = []
		const walk = rules => {
			for (const r of rules) {
				if (r.cssRules && !(r instanceof CSSStyleRule)) walk(r.cssRules)
				if (!(r instanceof CSSStyleRule)) continue
				for (const sel of this.split(r.selectorText)) {
					all.push(sel)
					const bare = sel.replace(/::?(before|after|active|focus-visible|hover)\b/g, '')
					try {
						if (document.querySelector(bare || '*')) hit.push(sel)
					} catch {
						hit.push(sel)
					}
				}
			}
		}
		walk(sheet.cssRules)
		return [all, hit]
	},
	split(text) {
		const out = []
		let depth = 0, start = 0
		for (let i = 0; i < text.length; i++) {
			const c = text[i]
			if (c === '(') depth++
			else if (c === ')') depth--
			else if (c === ',' && depth === 0) {
				out.push(text.slice(start, i).trim())
				start = i + 1
			}
		}
		out.push(text.slice(start).trim())
		return out
	},
}
"""

# The reduced-motion rule is one universal selector: a few states, with the most animations
# and transitions, check it.
BOTH_MOTIONS = {"home", "table forced states", "table candy forced states", "result"}

SETTLE_JS = """() => document.fonts.ready.then(() => new Promise(done =>
	requestAnimationFrame(() => requestAnimationFrame(done))))"""

# Drag and drop, hints and notices forced on by hand, so their rules are compared too.
FORCE_JS = r"""() => {
	const $ = s => document.querySelector(s), $$ = s => [...document.querySelectorAll(s)]
	const add = (s, ...c) => $(s)?.classList.add(...c)
	add('.disc.mine', 'over', 'ready')
	add('.mid', 'over', 'can', 'ready')
	add('.rack', 'over')
	add('.slot:empty', 'over')
	add('.pile', 'glow')
	add('.me', 'turn')
	add('.opp', 'turn')
	const tiles = $$('.rack .tile')
	const marks = [['hinted'], ['canfin'], ['grp', 'g1'], ['lifted'], ['glow'], ['grp', 'g3']]
	marks.push(['fake'], ['newt'])
	marks.forEach((c, i) => tiles[i]?.classList.add(...c))
	document.body.classList.add('dragging')
	const ghost = tiles[8].cloneNode(true)
	ghost.classList.add('ghost')
	const flyer = tiles[9].cloneNode(true)
	flyer.classList.add('flyer')
	document.body.append(ghost, flyer)
	const extra = document.createElement('div')
	extra.innerHTML = `<div id="toasts"><div class="toast info">i</div>
		<div class="toast error">e</div><div class="toast info out">o</div></div>
		<p class="toast reconnecting">r</p>
		<div class="loading"><p>l</p></div>`
	document.body.append(...extra.children)
	const dock = $('.dock')
	const acts = document.createElement('div')
	acts.className = 'acts'
	const picked = document.createElement('div')
	picked.className = 'acts'
	picked.innerHTML = `<div class="picked"><span class="tag g0">3·12</span>
		<span class="tag g1">3</span><span class="tag g2">4</span><span class="tag g3">5</span>
		<b>Σ 9</b><button class="btn" type="button">+</button>
		<button class="btn" type="button" disabled>×</button></div>
		<button class="btn gold" type="button">open</button>
		<button class="btn primary" type="button">lay</button>`
	dock.append(acts, picked)
	const me = $('.me b')
	$('.me')?.insertAdjacentHTML('beforeend', '<span class="clock">0:30</span>')
	const teams = '<span class="tag team t0">A</span><span class="tag team t1">B</span>'
	if (me) me.insertAdjacentHTML('afterbegin', teams)
	const melds = document.createElement('section')
	melds.className = 'melds'
	melds.innerHTML = `<div class="owner"><small class="meta">x</small>
		<div class="group over"></div></div>`
	melds.querySelector('.group').append(tiles[10].cloneNode(true), tiles[11].cloneNode(true))
	$('.felt').append(melds)
	return true
}"""


FORCE_RESULT_JS = r"""() => {
	const panel = document.querySelector('.result')
	panel.insertAdjacentHTML('beforeend', '<p class="matchres">m</p><b class="up">+3</b>')
	document.querySelector('.verify ul')?.insertAdjacentHTML('beforeend', '<li class="bad">x</li>')
}"""


class Comparison:
    def __init__(self, before_css: str, after_css: str, shots: Path | None) -> None:
        self.before_css = before_css
        self.after_css = after_css
        self.shots = shots
        self.states = 0
        self.elements = 0
        self.differences: list[str] = []
        self.unstable: list[str] = []
        self.shot_notes: list[str] = []
        self.selectors: set[str] = set()
        self.matched: set[str] = set()
        self.blank: Any = None  # a page without the app's content security policy

    def comparer(self, page: Any, size: str) -> Callable[[str], None]:
        """compare(name) for the screens: compares ``page`` as it is now."""
        return lambda name: self.compare(page, f"{size} {name}")

    def serve_css(self, route: Any) -> None:
        """The old sheet for css/app.css and css/app.css?same=before; the new for ?same=after."""
        after = route.request.url.endswith("?same=after")
        body = self.after_css if after else self.before_css
        route.fulfill(body=body, content_type="text/css; charset=utf-8")

    def compare(self, page: Any, name: str) -> None:
        """Compare the page as it is now; states named in BOTH_MOTIONS also with reduced motion."""
        motions = ("no-preference", "reduce") if name.split(" ", 1)[1] in BOTH_MOTIONS else ()
        for motion in motions or ("no-preference",):
            page.emulate_media(reduced_motion=motion)
            self.compare_once(page, f"{name} [{motion}]" if motions else name)
        page.emulate_media(reduced_motion="no-preference")

    def shot(self, page: Any) -> bytes:
        """A screenshot, animations frozen again first: the app may have redrawn meanwhile."""
        page.evaluate("window.__same.freeze()")
        return page.screenshot()  # type: ignore[no-any-return]

    def settle(self, page: Any) -> None:
        page.evaluate(SETTLE_JS)
        page.evaluate("window.__same.freeze()")

    def compare_once(self, page: Any, label: str) -> None:
        self.settle(page)  # the page's <link> holds the old sheet here
        n = page.evaluate("(window.__A = window.__same.dump()).size")
        all_sel, hit = page.evaluate("window.__same.matched()")
        self.selectors.update(all_sel)
        self.matched.update(hit)
        shot_a = self.shot(page)
        page.evaluate("window.__same.use('after')")
        self.settle(page)
        page.evaluate("window.__B = window.__same.dump()")
        shot_b = self.shot(page)
        page.evaluate("window.__same.use('before')")
        self.settle(page)
        page.evaluate("window.__C = window.__same.dump()")
        shot_c = self.shot(page)
        ab = page.evaluate("window.__same.diff(window.__A, window.__B)")
        ac = page.evaluate("window.__same.diff(window.__A, window.__C)")
        noise = {(k, p) for k, p, _, _ in ac}
        for key, prop, a, b in ab:
            line = f"{label}: {key}  {prop}: {a!r} -> {b!r}"
            (self.unstable if (key, prop) in noise else self.differences).append(line)
        self.unstable += [f"{label}: (old vs old) {k}  {p}: {a!r} -> {b!r}" for k, p, a, b in ac]
        self.states += 1
        self.elements += n
        self.check_shots(label, shot_a, shot_b, shot_c)
        print(f"  {label}: {n} boxes, {len(ab)} differences, {len(ac)} unstable", flush=True)

    def check_shots(self, label: str, a: bytes, b: bytes, c: bytes) -> None:
        """Old (a), new (b) and old again (c): b must equal a, unless a and c differ too."""
        if self.shots:
            stem = label.replace(" ", "_").replace("[", "").replace("]", "")
            (self.shots / f"{stem}-before.png").write_bytes(a)
            (self.shots / f"{stem}-after.png").write_bytes(b)
        if a == b:
            return
        changed, unstable = self.pixels(a, b), self.pixels(a, c)
        note = f"{label}: screenshot bytes differ, {changed} pixels"
        if unstable:
            self.unstable.append(f"{note}; but old vs old differ too, {unstable} pixels")
        else:
            self.shot_notes.append(note)

    def pixels(self, a: bytes, b: bytes) -> int:
        """How many pixels of two PNGs differ (-1: not the same size), counted in a blank page."""
        if a == b:
            return 0
        return self.blank.evaluate(  # type: ignore[no-any-return]
            """async ([a, b]) => {
                const load = src => new Promise((ok, fail) => {
                    const i = new Image()
                    i.onload = () => ok(i)
                    i.onerror = fail
                    i.src = src
                })
                const [x, y] = await Promise.all([load(a), load(b)])
                if (x.width !== y.width || x.height !== y.height) return -1
                const data = img => {
                    const c = new OffscreenCanvas(img.width, img.height), g = c.getContext('2d')
                    g.drawImage(img, 0, 0)
                    return g.getImageData(0, 0, img.width, img.height).data
                }
                const p = data(x), q = data(y)
                let n = 0
                for (let i = 0; i < p.length; i += 4)
                    if ([0, 1, 2, 3].some(k => p[i + k] !== q[i + k])) n++
                return n
            }""",
            ["data:image/png;base64," + base64.b64encode(x).decode() for x in (a, b)],
        )


def run(
    before: Path,
    after: Path,
    shots: Path | None,
    sizes: list[str] | None = None,
    screens: list[str] | None = None,
) -> int:
    from playwright.sync_api import sync_playwright

    before_css, after_css = before.read_text(), after.read_text()
    cmp = Comparison(before_css, after_css, shots)
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp, running_devserver(Path(tmp)) as url:
        base = url + "/"
        tables = screen_tables(base)  # the tables of test_screens.py
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            cmp.blank = browser.new_page()
            for size in sizes or SIZES:
                width, height, phone = SIZES[size]
                print(f"{size} {width}x{height}", flush=True)
                for screen in screens or SCREENS:
                    ctx = browser.new_context(**screen_options(width, height, phone))
                    ctx.route("**/css/app.css*", cmp.serve_css)
                    page = ctx.new_page()
                    page.add_init_script(PAGE_JS)
                    errors = page_errors(page)
                    SCREENS[screen](page, base, tables, cmp.comparer(page, size))
                    if errors:
                        cmp.differences.append(f"{size} {screen}: page errors {errors}")
                    ctx.close()
            browser.close()
    report(cmp, time.monotonic() - started)
    return 1 if cmp.differences or cmp.unstable or cmp.shot_notes else 0


def page_errors(page: Any) -> list[str]:
    """The page's uncaught errors, as they come."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


def report(cmp: Comparison, seconds: float) -> None:
    print()
    print(
        f"{cmp.states} page states, {cmp.elements} element boxes (each with ::before and"
        f" ::after), in {seconds:.0f} s"
    )
    print(f"differences: {len(cmp.differences)}")
    for line in cmp.differences[:200]:
        print("  " + line)
    print(f"unstable (the page changed by itself between dumps): {len(cmp.unstable)}")
    for line in cmp.unstable[:50]:
        print("  " + line)
    print(f"screenshots that differ: {len(cmp.shot_notes)}")
    for line in cmp.shot_notes:
        print("  " + line)
    untested = sorted(cmp.selectors - cmp.matched)
    print(
        f"old selectors matched in some state: {len(cmp.matched & cmp.selectors)} of"
        f" {len(cmp.selectors)}; never matched: {', '.join(untested) or 'none'}"
    )


def _prefs(page: Any, theme: str = "classic") -> None:
    page.add_init_script(store_js("istaka.prefs", {"theme": theme, "lang": "en", "name": "Ayşe"}))


def _table(page: Any, base: str, table: dict[str, Any], ready: str, mode: str = "computer") -> None:
    page.add_init_script(auth_js(table, mode))
    page.goto(base + "#/t/" + table["table_id"])
    page.wait_for_selector(ready)


def screen_home(page: Any, base: str, tables: dict[str, Any], compare: Any) -> None:
    _prefs(page)
    page.goto(base)
    page.wait_for_selector("#play-computer")
    compare("home")
    page.keyboard.press("Tab")  # a :focus-visible outline
    compare("home focused")


def screen_home_candy(page: Any, base: str, tables: dict[str, Any], compare: Any) -> None:
    _prefs(page, "candy")
    page.goto(base)
    page.wait_for_selector("#play-computer")
    compare("home candy")


def screen_rules(page: Any, base: str, tables: dict[str, Any], compare: Any) -> None:
    _prefs(page)
    page.goto(base + "#/rules")
    page.wait_for_selector(".rules h2")
    compare("rules")


def screen_table(page: Any, base: str, tables: dict[str, Any], compare: Any) -> None:
    _prefs(page)
    _table(page, base, tables["mid"], ".rack .tile")
    compare("table")
    page.click(".rack .tile")
    page.wait_for_selector(".rack .tile.sel")
    compare("table tile selected")
    page.click("[data-act=menu]")
    page.wait_for_selector(".modal .sheet")
    compare("table menu")
    page.click(".modal .x")
    page.click("button.count")
    page.wait_for_selector(".modal .tilegrid")
    compare("table discards sheet")
    page.click(".modal .x")
    page.wait_for_selector(".modal", state="detached")
    page.evaluate(FORCE_JS)
    compare("table forced states")


def screen_table_candy(page: Any, base: str, tables: dict[str, Any], compare: Any) -> None:
    _prefs(page, "candy")
    _table(page, base, tables["mid"], ".rack .tile")
    compare("table candy")
    page.evaluate(FORCE_JS)
    compare("table candy forced states")


def screen_table101(page: Any, base: str, tables: dict[str, Any], compare: Any) -> None:
    _prefs(page)
    _table(page, base, tables["t101"], ".melds [data-meld]")
    compare("101 table")


def screen_result(page: Any, base: str, tables: dict[str, Any], compare: Any) -> None:
    _prefs(page)
    _table(page, base, tables["over"], "#result")
    compare("result")
    page.evaluate("document.querySelector('details.seed').open = true")
    page.click("#verify")
    page.wait_for_selector(".verify li")
    # A match's end, a gain and a failed check: none of them in this hand, so added by hand.
    page.evaluate(FORCE_RESULT_JS)
    compare("result verified")


def screen_waiting(page: Any, base: str, tables: dict[str, Any], compare: Any) -> None:
    _prefs(page)
    _table(page, base, tables["friends"], "#waiting")
    compare("waiting")


def screen_cover(page: Any, base: str, tables: dict[str, Any], compare: Any) -> None:
    _prefs(page)
    _table(page, base, tables["hotseat"], "#cover", "hotseat")
    compare("hotseat cover")


def screen_embed(page: Any, base: str, tables: dict[str, Any], compare: Any) -> None:
    page.goto(base + "embed.html?table=" + tables["mid"]["table_id"])
    page.wait_for_selector(".opp")
    compare("embed")
    page.goto(base + "embed.html?theme=candy&table=" + tables["mid"]["table_id"])
    page.wait_for_selector(".opp")
    compare("embed candy")


SCREENS = {
    "home": screen_home,
    "home-candy": screen_home_candy,
    "rules": screen_rules,
    "table": screen_table,
    "table-candy": screen_table_candy,
    "table101": screen_table101,
    "result": screen_result,
    "waiting": screen_waiting,
    "cover": screen_cover,
    "embed": screen_embed,
}


def _names(arg: str | None) -> list[str] | None:
    return arg.split(",") if arg else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before-css", type=Path, required=True, help="the old app.css")
    parser.add_argument(
        "--after-css",
        type=Path,
        default=ROOT / "frontend" / "css" / "app.css",
        help="the new app.css (default: this checkout's)",
    )
    parser.add_argument("--shots", type=Path, help="also write the screenshots (PNG) here")
    parser.add_argument("--sizes", help=f"comma-separated, of {', '.join(SIZES)} (default: all)")
    parser.add_argument(
        "--screens", help=f"comma-separated, of {', '.join(SCREENS)} (default: all)"
    )
    args = parser.parse_args()
    if args.shots:
        args.shots.mkdir(parents=True, exist_ok=True)
    return run(
        args.before_css, args.after_css, args.shots, _names(args.sizes), _names(args.screens)
    )


if __name__ == "__main__":
    sys.exit(main())
