"""Same pixels: proves that two frontends draw every screen identically.

For a refactor that must not change what the user sees (modules split, CSS
reorganised, code reformatted): every screen, and the states only the frontend
makes (a selected tile, keyboard focus, the menu, the match table, a discard
history, the hidden result, a 101 picked group), is drawn by the frontend of
``--before`` and by that of ``--after``, in three sizes, and the screenshots
must be identical.

    python -m tests.frontend.e2e.same_pixels --before /path/to/old/checkout [--after DIR]

DIR is a checkout's root (its ``frontend/`` is served); ``--after`` defaults to
this checkout. Exit status 0 when every screenshot is the same, 1 otherwise.
Differing pairs are written to ``tests/output/same_pixels/`` as
NAME-before.png, NAME-after.png and NAME-diff.png (differing pixels red).

How it stays deterministic, although the server deals random tiles:

1. One real dev server (this checkout's) gets the scenario tables through the API.
2. Each scene is opened once with the *before* frontend, its ``/api/`` answers
   coming from that server and being recorded (method, path and query, the
   ``If-None-Match`` sent; status, headers that matter, body).
3. Both frontends are then served from disk at the same made-up origin, and every
   ``/api/`` request is answered from the recording. A request not recorded (a
   poll that came at another moment) gets the closest recorded answer for that
   path and is reported. ``Date`` is frozen in the page, motion is reduced,
   service workers are blocked, the prefs are set as in ``test_screens``.
4. Screenshots are PNG, full page; identical bytes pass, else Chromium decodes
   both (canvas) and counts the pixels that differ.

It also prints what a phone downloads for the home page and a dealt table (the
same-origin HTML, JS and CSS each gzipped at level 9), before and after.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import mimetypes
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from infra.devserver import EMBED_HEADERS, SITE_HEADERS
from tests.bench.bench_frontend import Download, PageFiles
from tests.frontend.e2e import helpers
from tests.frontend.e2e.helpers import CHROMIUM, CHROMIUM_ARGS, ROOT, SIZES, api, auth_js, store_js
from tests.frontend.e2e.test_screens import screen_tables
from tests.servers import running_devserver

OUT = ROOT / "tests" / "output" / "same_pixels"
# Made up, never reached: every request is answered by the route handler. 127.0.0.1 makes
# it a secure context, as the deployed https site is (crypto.randomUUID, navigator.share).
ORIGIN = "http://127.0.0.1:9"
FROZEN_MS = 1_767_225_600_000  # 2026-01-01T00:00:00Z
# Date.now() and new Date() give one fixed instant; timers still run in real time.
FREEZE_JS = f"""(() => {{
    const Real = Date, fixed = {FROZEN_MS}
    class Frozen extends Real {{
        constructor(...a) {{ if (a.length) super(...a); else super(fixed) }}
        static now() {{ return fixed }}
    }}
    globalThis.Date = Frozen
}})()"""
SETTLED_JS = (
    "() => document.fonts.ready.then(() => new Promise(done =>"
    " requestAnimationFrame(() => requestAnimationFrame(done))))"
)
# How long a recorded scene stays open after its last step: the table polls first after
# 1 s, and that poll (repeated identically later) should be in the recording.
RECORD_LINGER_MS = 1500
# Repeatable rasterising: a re-drawn part of a raster tile (partial raster) could shade the
# antialiased edges around it otherwise than a whole tile drawn at once (a few pixels at the
# discard count badges after a tap on the rack), and one raster thread draws tiles in order.
STEADY_ARGS = ["--disable-partial-raster", "--num-raster-threads=1"]
# A scene whose screenshots differ is loaded again this many times (see shoot_all).
RELOADS = 3
KEPT_HEADERS = ("content-type", "etag", "cache-control", "retry-after")

Page = Any  # playwright.sync_api.Page; the package is imported only when the tool runs


# ---------------------------------------------------------------------------- scenes


@dataclass(frozen=True)
class Screen:
    page: Page
    touch: bool  # a phone: taps, not clicks

    def tap(self, selector: str, nth: int = 0) -> None:
        """A tap on a phone, a click on the desktop."""
        target = self.page.locator(selector).nth(nth)
        if self.touch:
            target.tap()
        else:
            target.click()

    def click(self, selector: str) -> None:
        """A click even on a phone, for the buttons that open a modal: on a touch screen the
        browser's own click after a tap lands on the new modal's backdrop and closes it
        again (drag.js swallows that click only inside the table, and the modal is not)."""
        self.page.locator(selector).first.click()

    def press(self, *keys: str) -> None:
        for key in keys:
            self.page.keyboard.press(key)


@dataclass(frozen=True)
class Step:
    """An interaction after which the screen is shot again, as ``scene-name``."""

    name: str
    act: Callable[[Screen], None]
    ready: str | None = None  # a selector that shows the step took effect


@dataclass(frozen=True)
class Scene:
    name: str
    path: str  # after the origin: "", "#/rules", "#/t/ID", "embed.html?table=ID"
    ready: str  # a selector present once the screen is drawn
    theme: str = "classic"
    auth: str | None = None  # init script giving the page a table's token
    steps: tuple[Step, ...] = ()
    weigh: bool = False  # print what a phone downloads for it


def select_tile(s: Screen) -> None:
    s.tap(".rack .tile", 2)


def arrow_keys(s: Screen) -> None:
    # Escape puts the tile down (focus stays on it); arrows then move the focus, not the tile.
    s.press("Escape", "ArrowRight", "ArrowRight")


def open_menu(s: Screen) -> None:
    s.click("[data-act=menu]")


def open_scores(s: Screen) -> None:
    s.press("Escape")  # closes the open modal
    s.click("[data-act=scores]")


def open_discards(s: Screen) -> None:
    s.press("Escape")
    s.click(".disc .count")


def see_table(s: Screen) -> None:
    s.tap("#result .acts .btn", -1)  # "See the table", the last button


def pick_two(s: Screen) -> None:
    # "Groups" on: a tap groups the tile. A frontend from before the switch has none, and
    # its taps always grouped, so the tool can still compare against it.
    if s.page.locator("[data-act=build]").count():
        s.tap("[data-act=build]")
    s.tap(".rack .tile", 0)
    s.tap(".rack .tile", 1)


def group(s: Screen) -> None:
    s.tap("[data-act=group]")


def scenes(tables: dict[str, Any]) -> list[Scene]:
    def table(key: str, mode: str = "computer") -> dict[str, Any]:
        t = tables[key]
        return {"path": "#/t/" + t["table_id"], "auth": auth_js(t, mode)}

    classic_steps = (
        Step("tile", select_tile, ".rack .tile.sel"),
        Step("keys", arrow_keys),
        Step("menu", open_menu, ".modal"),
        Step("scores", open_scores, ".modal table.match"),
        Step("discards", open_discards, ".modal .tilegrid"),
    )
    return [
        Scene("home", "", "#play-computer", weigh=True),
        Scene("home-candy", "", "#play-computer", theme="candy"),
        Scene("rules", "#/rules", ".rules h2"),
        Scene("table", **table("mid"), ready=".rack .tile", steps=classic_steps, weigh=True),
        Scene("table-candy", **table("mid"), ready=".rack .tile", theme="candy"),
        Scene(
            "result",
            **table("over"),
            ready="#result",
            steps=(Step("hidden", see_table, ".table:not(:has(#result))"),),
        ),
        Scene("waiting", **table("friends"), ready="#waiting"),
        Scene("cover", **table("hotseat", "hotseat"), ready="#cover"),
        Scene("embed", "embed.html?table=" + tables["mid"]["table_id"], ".opp"),
        Scene(
            "table101",
            **table("t101"),
            ready=".melds [data-meld]",
            steps=(
                # The picked groups' tags, or their Σ chip where the tags sit in its list
                Step("picked", pick_two, ".picked .tag, details.picked > summary"),
                Step("grouped", group, ".rack .tile.grp"),
            ),
        ),
    ]


def make_tables(base: str) -> dict[str, Any]:
    """test_screens' tables; on the 101 one seat 0 has also drawn, so its rack can pick
    groups (the picked-group bar shows only when the seat must discard)."""
    tables = screen_tables(base)
    t = tables["t101"]
    tid, token = t["table_id"], t["token"]
    view = api(base, "GET", f"tables/{tid}?seat=0", token=token)
    if any(a["type"] == "draw" for a in view["legal"]):
        move = {"type": "draw", "expected_version": view["version"], "action_id": "draw"}
        api(base, "POST", f"tables/{tid}/actions", move, token)
    return tables


# ---------------------------------------------------------------------------- recording


@dataclass(frozen=True)
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes


RequestKey = tuple[str, str, str]  # method, path and query after /api/, If-None-Match


def request_key(request: Any) -> RequestKey:
    url = urlsplit(request.url)
    path = url.path.split("/api/", 1)[1] + ("?" + url.query if url.query else "")
    return request.method, path, request.headers.get("if-none-match", "")


@dataclass
class Recording:
    """The /api/ answers of the scenes, first answer per request kept."""

    answers: dict[RequestKey, Answer] = field(default_factory=dict)
    missed: list[str] = field(default_factory=list)  # unrecorded requests during replay

    def add(self, key: RequestKey, answer: Answer) -> None:
        self.answers.setdefault(key, answer)

    def answer(self, key: RequestKey, where: str) -> Answer:
        if key in self.answers:
            return self.answers[key]
        found = self.closest(key)
        if key[2] and found.status == 200 and found.headers.get("etag") == key[2]:
            found = Answer(304, {"etag": key[2]}, b"")  # what the server says to that poll
        self.missed.append(
            f"{where}: {key[0]} /api/{key[1]} (If-None-Match {key[2] or '-'}):"
            f" answered {found.status}"
        )
        return found

    def closest(self, key: RequestKey) -> Answer:
        """The recorded answer to the same method and path with the most query parameters
        and If-None-Match in common (a poll with other since/etag gets that table's view)."""
        method, path, etag = key
        base, _, query = path.partition("?")
        wanted = set(parse_qsl(query)) | {("if-none-match", etag)}

        def likeness(k: RequestKey) -> int:
            b, _, q = k[1].partition("?")
            if (k[0], b) != (method, base):
                return -1
            return len(wanted & (set(parse_qsl(q)) | {("if-none-match", k[2])}))

        best = max(self.answers, key=likeness, default=None)
        if best is None or likeness(best) < 0:
            return Answer(404, {"content-type": "application/json"}, b'{"error":{}}')
        return self.answers[best]


# ---------------------------------------------------------------------------- browser


def serve_static(route: Any, frontend: Path) -> None:
    """A file of ``frontend`` as the dev server sends it (its security headers too)."""
    path = urlsplit(route.request.url).path.lstrip("/") or "index.html"
    file = (frontend / path).resolve()
    if not file.is_relative_to(frontend.resolve()) or not file.is_file():
        route.fulfill(status=404, body="not found")
        return
    kind = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
    if file.suffix == ".js":
        kind = "text/javascript"
    headers = {"content-type": kind, "cache-control": "no-cache"}
    headers.update(EMBED_HEADERS if path == "embed.html" else SITE_HEADERS)
    route.fulfill(status=200, headers=headers, body=file.read_bytes())


def new_page(
    browser: Any,
    size: str,
    frontend: Path,
    api_handler: Callable[[Any], None],
    scene: Scene,
) -> Page:
    width, height = SIZES[size]
    phone = size != "desktop"
    ctx = browser.new_context(
        **helpers.screen_options(width, height, phone),
        reduced_motion="reduce",
        locale="en-US",
        timezone_id="UTC",
    )
    ctx.route(
        "**/*",
        lambda route: (
            api_handler(route)
            if "/api/" in urlsplit(route.request.url).path
            else serve_static(route, frontend)
        ),
    )
    ctx.add_init_script(FREEZE_JS)
    prefs = {"theme": scene.theme, "lang": "en", "name": "Ayşe"}
    ctx.add_init_script(store_js("istaka.prefs", prefs))
    if scene.auth:
        ctx.add_init_script(scene.auth)
    page = ctx.new_page()
    page.on("pageerror", lambda e: print(f"   page error in {scene.name} ({size}): {e}"))
    return page


def settle(page: Page) -> None:
    page.evaluate(SETTLED_JS)


def screenfuls(page: Page) -> list[bytes]:
    """The page as the user sees it, one viewport at a time, scrolling down to the end.

    Not a full-page screenshot: chromium draws the part below the viewport with other
    text antialiasing now and then, so those shots were not repeatable."""
    count = page.evaluate(
        "() => Math.ceil(document.documentElement.scrollHeight / innerHeight - 0.01)"
    )
    shots = []
    for k in range(count):
        if count > 1:
            page.evaluate(f"() => scrollTo(0, {k} * innerHeight)")
            settle(page)
        shots.append(page.screenshot(type="png", animations="disabled"))
    if count > 1:
        page.evaluate("() => scrollTo(0, 0)")
        settle(page)
    return shots


def run_scene(page: Page, scene: Scene, touch: bool, shoot: Callable[[str], None]) -> None:
    """Open the scene, shoot it, then each step and shoot again."""
    page.goto(f"{ORIGIN}/{scene.path}")
    page.wait_for_selector(scene.ready)
    settle(page)
    shoot(scene.name)
    for step in scene.steps:
        step.act(Screen(page, touch))
        if step.ready:
            page.wait_for_selector(step.ready)
        settle(page)
        shoot(f"{scene.name}-{step.name}")


def fulfill(route: Any, answer: Answer) -> None:
    # A poll in flight when its page is closed has nobody left to answer.
    with contextlib.suppress(Exception):
        route.fulfill(status=answer.status, headers=answer.headers, body=answer.body)


def record(browser: Any, server: str, frontend: Path, scene_list: list[Scene]) -> Recording:
    """Every scene once, with ``frontend``, its /api/ answered by ``server`` and recorded."""
    recording = Recording()

    def proxy(route: Any) -> None:
        request = route.request
        url = urlsplit(request.url)
        try:
            response = route.fetch(url=server + url.path + ("?" + url.query if url.query else ""))
            body = response.body()
        except Exception:  # a poll in flight as its page closed (seen under load):
            return  # nobody is left to answer, and nothing to record
        headers = {k: v for k, v in response.headers.items() if k.lower() in KEPT_HEADERS}
        answer = Answer(response.status, headers, body)
        recording.add(request_key(request), answer)
        fulfill(route, answer)

    for scene in scene_list:
        page = new_page(browser, "portrait", frontend, proxy, scene)
        run_scene(page, scene, True, lambda name: None)
        page.wait_for_timeout(RECORD_LINGER_MS)
        page.context.close()
    return recording


@dataclass
class Side:
    """One frontend: its screenshots (every rendering seen, if a scene was reloaded) and
    downloads."""

    label: str
    frontend: Path
    shots: dict[str, list[bytes]] = field(default_factory=dict)
    downloads: dict[str, list[Download]] = field(default_factory=dict)


def replay(browser: Any, side: Side, recording: Recording, scene: Scene, size: str) -> list[str]:
    """Shoots the scene and its steps in one size, the API answered from the recording;
    the names of the screenshots."""
    where = f"{side.label} {scene.name} {size}"

    def answer(route: Any) -> None:
        fulfill(route, recording.answer(request_key(route.request), where))

    page = new_page(browser, size, side.frontend, answer, scene)
    files = PageFiles(page, ORIGIN)
    names = []

    def shoot(name: str) -> None:
        for part, png in enumerate(screenfuls(page), 1):
            names.append(f"{name}-{size}" + (f"-p{part}" if part > 1 else ""))
            side.shots.setdefault(names[-1], []).append(png)

    run_scene(page, scene, size != "desktop", shoot)
    if scene.weigh and size == "portrait":
        side.downloads.setdefault(scene.name, files.downloads())
    page.context.close()
    return names


def same(before: Side, after: Side, name: str) -> bool:
    """Whether both frontends drew ``name`` byte for byte alike (in any of their loads)."""
    return not set(before.shots.get(name, [])).isdisjoint(after.shots.get(name, []))


def shoot_all(
    browser: Any, before: Side, after: Side, recording: Recording, scene_list: list[Scene]
) -> dict[str, int]:
    """Every scene in every size by both sides. A scene whose screenshots differ is loaded
    again by both, up to RELOADS times: now and then chromium rasterises some text of a
    fresh page slightly otherwise (seen on the home page's settings card), so a pair
    counts as the same when any rendering of one matches any of the other. A real change
    matches in none. Returns, per screenshot, the reload that matched (0: the first load)."""
    matched: dict[str, int] = {}
    for size in SIZES:
        for scene in scene_list:
            names = replay(browser, before, recording, scene, size)
            replay(browser, after, recording, scene, size)
            for reload in range(RELOADS + 1):
                if reload:
                    replay(browser, before, recording, scene, size)
                    replay(browser, after, recording, scene, size)
                for name in names:
                    if name not in matched and same(before, after, name):
                        matched[name] = reload
                if all(name in matched for name in names):
                    break
    return matched


# ---------------------------------------------------------------------------- comparing

DIFF_JS = """async ([a, b]) => {
    const load = async data => {
        const blob = await (await fetch('data:image/png;base64,' + data)).blob()
        return createImageBitmap(blob, { colorSpaceConversion: 'none', premultiplyAlpha: 'none' })
    }
    const [x, y] = await Promise.all([load(a), load(b)])
    const w = Math.max(x.width, y.width), h = Math.max(x.height, y.height)
    const pixels = img => {
        const c = new OffscreenCanvas(w, h), g = c.getContext('2d')
        g.drawImage(img, 0, 0)
        return g.getImageData(0, 0, w, h).data
    }
    const p = pixels(x), q = pixels(y)
    const out = new OffscreenCanvas(w, h), g = out.getContext('2d'), d = g.createImageData(w, h)
    let differ = 0
    for (let i = 0; i < p.length; i += 4) {
        const same = p[i] === q[i] && p[i + 1] === q[i + 1] && p[i + 2] === q[i + 2]
            && p[i + 3] === q[i + 3]
        if (!same) differ++
        const grey = (p[i] + p[i + 1] + p[i + 2]) / 12 + 170  // the before image, faded
        d.data.set(same ? [grey, grey, grey, 255] : [255, 0, 0, 255], i)
    }
    g.putImageData(d, 0, 0)
    const png = await out.convertToBlob({ type: 'image/png' })
    const bytes = new Uint8Array(await png.arrayBuffer())
    let bin = ''
    for (let i = 0; i < bytes.length; i += 0x8000) {
        bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
    }
    return { differ, total: w * h, sizes: [x.width, x.height, y.width, y.height], diff: btoa(bin) }
}"""


def compare(browser: Any, before: Side, after: Side, matched: dict[str, int]) -> int:
    """Prints a verdict per screenshot; writes the differing ones; how many differ."""
    if OUT.exists():
        shutil.rmtree(OUT)
    page = browser.new_page()
    differing = 0
    for name in dict.fromkeys([*before.shots, *after.shots]):
        if name in matched:
            again = f" (on reload {matched[name]})" if matched[name] else ""
            print(f"   same     {name}{again}")
            continue
        if name not in before.shots or name not in after.shots:
            print(
                f"   DIFFERS  {name}: only {'before' if name in before.shots else 'after'} has it"
            )
            differing += 1
            continue
        a, b = before.shots[name][0], after.shots[name][0]
        result = page.evaluate(
            DIFF_JS, [base64.b64encode(a).decode(), base64.b64encode(b).decode()]
        )
        wa, ha, wb, hb = result["sizes"]
        if result["differ"] == 0 and (wa, ha) == (wb, hb):
            print(f"   same     {name} (same pixels, other PNG bytes)")
            continue
        differing += 1
        OUT.mkdir(parents=True, exist_ok=True)
        (OUT / f"{name}-before.png").write_bytes(a)
        (OUT / f"{name}-after.png").write_bytes(b)
        (OUT / f"{name}-diff.png").write_bytes(base64.b64decode(result["diff"]))
        sizes = "" if (wa, ha) == (wb, hb) else f", {wa}x{ha} before, {wb}x{hb} after"
        print(
            f"   DIFFERS  {name}: {result['differ']:,d} of {result['total']:,d} pixels{sizes}"
            f" (see {(OUT / name).relative_to(ROOT)}-diff.png)"
        )
    page.close()
    return differing


def print_downloads(before: Side, after: Side) -> None:
    for scene in before.downloads:
        b = {d.name: d for d in before.downloads[scene]}
        a = {d.name: d for d in after.downloads.get(scene, [])}
        print(f"What a phone downloads for {scene} (same-origin HTML, JS, CSS; gzip -9):")
        print(f"   {'before':>8}  {'after':>8}  file")
        for name in sorted(
            b.keys() | a.keys(),
            key=lambda n: -max((x.compressed for x in (b.get(n), a.get(n)) if x), default=0),
        ):
            cells = [
                f"{x.compressed:8,d}" if x else f"{'-':>8}" for x in (b.get(name), a.get(name))
            ]
            print(f"   {cells[0]}  {cells[1]}  {name}")
        tb = sum(d.compressed for d in b.values())
        ta = sum(d.compressed for d in a.values())
        ratio = ta / tb if tb else float("nan")
        print(f"   {tb:8,d}  {ta:8,d}  total ({len(b)} / {len(a)} files), after/before {ratio:.3f}")


# ---------------------------------------------------------------------------- main


def checkout(path: str) -> Path:
    root = Path(path).resolve()
    if not (root / "frontend" / "index.html").is_file():
        raise SystemExit(f"{root} is not a checkout: no frontend/index.html")
    return root / "frontend"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.frontend.e2e.same_pixels",
        description="Screenshot every screen with two frontends and compare the pixels.",
    )
    parser.add_argument("--before", required=True, help="the old checkout's root")
    parser.add_argument("--after", default=str(ROOT), help="the new one (default: this one)")
    args = parser.parse_args(argv)
    before = Side("before", checkout(args.before))
    after = Side("after", checkout(args.after))
    start = time.perf_counter()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS + STEADY_ARGS)
        with tempfile.TemporaryDirectory() as tmp, running_devserver(Path(tmp)) as url:
            scene_list = scenes(make_tables(url + "/"))
            recording = record(browser, url, before.frontend, scene_list)
        print(
            f"Recorded {len(recording.answers)} API answers for {len(scene_list)} scenes"
            f" (before: {before.frontend}, after: {after.frontend})"
        )
        matched = shoot_all(browser, before, after, recording, scene_list)
        differing = compare(browser, before, after, matched)
        browser.close()
    if recording.missed:
        distinct = sorted(set(recording.missed))
        print(
            f"{len(recording.missed)} API requests ({len(distinct)} distinct) were not in the"
            " recording; each got the closest recorded answer:"
        )
        for line in distinct:
            print("   " + line)
    print_downloads(before, after)
    seconds = time.perf_counter() - start
    shots = len(before.shots)
    if differing:
        print(f"{differing} of {shots} screenshots DIFFER ({seconds:.0f} s); see {OUT}")
        return 1
    scenes_run = f"{len(scene_list)} scenes x {len(SIZES)} sizes"
    print(f"all {shots} screenshots are the same ({scenes_run}, {seconds:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
