"""Fixtures: one dev server and one chromium per session; pages that fail on console errors.

Without chromium or the playwright package these tests are skipped with the
reason printed, except under CI=true, where they fail: CI must run them.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.servers import running_devserver

from .helpers import CHROMIUM, CHROMIUM_ARGS, SHOT_FORMAT, SHOTS, chromium_problem


def _unavailable(reason: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"browser tests cannot run: {reason}", pytrace=False)
    pytest.skip(f"browser tests need: {reason}")


@pytest.fixture(scope="session")
def devserver_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the session's dev server keeps its SQLite file and its log."""
    return tmp_path_factory.mktemp("devserver")


@pytest.fixture(scope="session")
def base(devserver_dir: Path) -> Iterator[str]:
    """The dev server of this worker's session, ending in a slash."""
    with running_devserver(devserver_dir) as url:
        yield url + "/"


@pytest.fixture(scope="session")
def devserver_service(base: str, devserver_dir: Path) -> Any:
    """A service on the dev server's own SQLite file, for a table the test must deal
    itself (``api.tables.setup.create_table``'s ``match_secret``); it is then played over HTTP."""
    from api.clock import SystemClock
    from api.store.sqlite import SqliteStore
    from api.tables.service import Service
    from api.web.config import Settings

    path = str(devserver_dir / "istaka.sqlite3")
    return Service(SqliteStore(path), SystemClock(), Settings(sqlite_path=path))


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    problem = chromium_problem()
    if problem:
        _unavailable(problem)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


class Pages:
    """New browser contexts for a test; console errors and page errors fail it."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.contexts: list[Any] = []
        self.errors: list[str] = []
        self.allowed: list[str] = []
        # Which requests failed: a console error says only "status of 422", not what asked.
        self.failures: list[str] = []

    def allow(self, text: str) -> None:
        """Expect console errors containing ``text`` (a test that provokes a 409, say)."""
        self.allowed.append(text)

    def new(
        self,
        width: int = 390,
        height: int = 844,
        *,
        mobile: bool = True,
        scale: float | None = None,
        **kw: Any,
    ) -> Any:
        ctx = self.browser.new_context(
            viewport={"width": width, "height": height},
            has_touch=mobile,
            is_mobile=mobile,
            device_scale_factor=scale or (2 if mobile else 1),
            **kw,
        )
        self.contexts.append(ctx)
        ctx.add_init_script(INPUTS_JS)
        page = ctx.new_page()
        self.watch(page)
        return page

    def watch(self, page: Any) -> None:
        page.on("console", lambda m: m.type == "error" and self.errors.append(f"console: {m.text}"))
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        page.on("response", self._note_failure)

    def _note_failure(self, response: Any) -> None:
        if response.status >= 400:
            request = response.request
            try:
                body = response.text()[:200]
            except Exception:  # the page may be gone before the body is read
                body = "?"
            self.failures.append(f"{response.status} {request.method} {response.url} {body}")

    def close(self) -> None:
        for ctx in self.contexts:
            ctx.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    if report.when == "call" and report.failed:
        item.stash[FAILED] = True
    return report


FAILED = pytest.StashKey[bool]()

# The first try of a test that passed on its second (pytest-rerunfailures) leaves only an R
# line in the summary; its failure is the lead to follow, so the summary prints it too. These
# hooks run in the controlling process, which sees every worker's reports.
_FIRST_TRIES: list[tuple[str, str]] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    outcome: str = report.outcome  # pytest-rerunfailures adds "rerun" to pytest's three
    if outcome == "rerun":
        _FIRST_TRIES.append((report.nodeid, report.longreprtext))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not _FIRST_TRIES:
        return
    terminalreporter.section("first tries that failed (each was run again)")
    for nodeid, text in _FIRST_TRIES:
        terminalreporter.write_line(f"{nodeid}:")
        lines = text.splitlines()
        # Where in our tests it stopped (a timeout's traceback is mostly Playwright's own
        # frames), then the error's own lines.
        ours = [line for line in lines if line.startswith("tests/")]
        errors = [line for line in lines if line.startswith("E ")]
        for line in ours + errors[-15:]:
            terminalreporter.write_line(f"    {line}")


# Every frame keeps its last 40 input events (type, trusted, target, ms), for a failure to say
# where a lost tap went. Passive capture listeners: the page sees its events as before.
INPUTS_JS = """(() => {
    if (typeof document === 'undefined') return
    const kept = (self.__inputs = [])
    const name = el => el && el.tagName
        ? el.tagName + (el.id ? '#' + el.id : '') + (el.dataset?.act ? '@' + el.dataset.act : '') +
          (el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : '')
        : String(el)
    const types = ['pointerdown', 'pointerup', 'pointercancel', 'touchstart', 'touchend',
        'touchcancel', 'click', 'contextmenu']
    for (const type of types) addEventListener(type, e => {
        kept.push([type, e.isTrusted, name(e.target), Math.round(performance.now())])
        if (kept.length > 40) kept.shift()
    }, { capture: true, passive: true })
})()"""
FAILURES = SHOTS.parent / "failures"


def keep_failure(pages: Pages, name: str) -> None:
    """What each page showed when its test failed: a screenshot, its address and its
    toasts, for a failure seen only in CI (say, under load) to be read afterwards."""
    FAILURES.mkdir(parents=True, exist_ok=True)
    for n, page in enumerate(page for ctx in pages.contexts for page in ctx.pages):
        try:
            page.screenshot(path=str(FAILURES / f"{name}-{n}.png"))
            toasts = page.eval_on_selector_all(".toast", "els => els.map(e => e.textContent)")
            print(f"page {n} at failure: {page.url} toasts {toasts}")
            for frame in page.frames:
                print(f"  inputs in {frame.url[:80]}: {frame.evaluate('self.__inputs || []')}")
        except Exception as err:  # a closed page or a crashed browser: the failure stands
            print(f"page {n} at failure: not readable ({err})")


@pytest.fixture
def pages(browser: Any, request: pytest.FixtureRequest) -> Iterator[Pages]:
    p = Pages(browser)
    yield p
    if request.node.stash.get(FAILED, False):
        keep_failure(p, "".join(c if c.isalnum() else "-" for c in request.node.name))
    p.close()
    errors = [e for e in p.errors if not any(a in e for a in p.allowed)]
    assert not errors, (
        "errors in the browser:\n"
        + "\n".join(errors)
        + "\nfailed requests:\n"
        + "\n".join(p.failures)
    )


@pytest.fixture(scope="session")
def shot() -> Callable[[Any, str], Path]:
    SHOTS.mkdir(parents=True, exist_ok=True)

    def take(page: Any, name: str) -> Path:
        path = SHOTS / f"{name}.jpg"
        page.screenshot(path=str(path), **SHOT_FORMAT)
        return path

    return take
