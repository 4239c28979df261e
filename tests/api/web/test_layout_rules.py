"""The folders keep their shape (docs/ARCHITECTURE.md, "The API: folders by feature").

- No import cycle among the api modules, counting imports inside functions too: a lazy
  import that closes a circle is still a circle.
- api/web is plumbing: it imports no feature package, so any package can use it.
- Nothing imports api/handler.py, where every package's operations are gathered.
- api/ keeps at most 10 top-level modules and frontend/js at most 12 top-level files: a new
  capability is a folder.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
API = ROOT / "api"


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, modules: set[str]) -> Iterator[str]:
    """Every api module ``path`` imports, anywhere in it (a function's body too)."""
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            # `from api.x import y` imports api.x, and api.x.y when y is a module.
            names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
        else:
            continue
        yield from (name for name in names if name in modules)


def import_graph() -> dict[str, set[str]]:
    files = {_module(path): path for path in API.rglob("*.py")}
    return {name: set(_imports(path, set(files))) - {name} for name, path in files.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            part = []
            while True:
                member = stack.pop()
                part.append(member)
                if member == node:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_api_module_imports_one_that_imports_it_back() -> None:
    graph = import_graph()
    assert graph.get("api.handler")
    assert cycles(graph) == []


def test_the_cycle_finder_finds_a_circle() -> None:
    # The check above can fail: a lazy import closing a circle is found.
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]


def test_web_plumbing_imports_no_feature_package() -> None:
    graph = import_graph()
    wrong = {
        (name, imported)
        for name, imports in graph.items()
        if name.startswith("api.web")
        for imported in imports
        if not imported.startswith(("api.web", "api.clock", "api.store"))
    }
    assert wrong == set()


def test_nothing_imports_the_handler() -> None:
    graph = import_graph()
    assert [name for name, imports in graph.items() if "api.handler" in imports] == []


def test_api_and_frontend_keep_features_in_folders() -> None:
    api_modules = sorted(p.name for p in API.glob("*.py"))
    js_files = sorted(p.name for p in (ROOT / "frontend/js").glob("*.js"))
    assert len(api_modules) <= 10, api_modules
    assert len(js_files) <= 12, js_files
