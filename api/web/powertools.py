"""Powertools' API Gateway resolver, without the rest of the packages it sits in.

``aws_lambda_powertools.event_handler``'s ``__init__`` imports every resolver Powertools has
(AppSync and its events API, Bedrock agents, VPC Lattice, function URLs...) and asyncio with
them, and ``utilities.data_classes``' imports the event classes of every AWS service: a
large part of ``import api.handler``, paid by every Lambda cold start, for code this API
never runs. Importing ``event_handler.api_gateway`` alone does not help, since Python runs a
package's ``__init__`` before any of its modules. So :func:`install` registers each such
package bare, over the same directory, before anything imports it: its modules import as
usual and run only what they import. A name taken from the package itself is read from the
module its ``__init__`` takes it from (read from that file, not run), so
``from aws_lambda_powertools.event_handler import Response`` imports ``api_gateway`` alone;
a name the ``__init__`` defines itself runs the real ``__init__`` then, so nothing that asks
for more gets less. Called by ``api/__init__.py``, before any module of the API is imported.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import sys
from pathlib import Path
from typing import Any

PACKAGES = ("aws_lambda_powertools.event_handler", "aws_lambda_powertools.utilities.data_classes")


def install() -> None:
    for name in PACKAGES:
        _bare(name)


def _bare(name: str) -> None:
    """Register package ``name`` bare, unless it is imported already (then it is used as is)."""
    if name in sys.modules:
        return
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None or spec.origin is None:
        return  # not here: let the import fail or work as it would
    sources = _sources(Path(spec.origin).read_text(encoding="utf-8"), name)
    package = importlib.util.module_from_spec(spec)
    loader = spec.loader
    complete: list[bool] = []

    def __getattr__(attr: str) -> Any:  # PEP 562: the module's own attribute hook
        if attr.startswith("__") or complete:
            raise AttributeError(f"module {name!r} has no attribute {attr!r}")
        if attr in sources:
            return getattr(importlib.import_module(sources[attr]), attr)
        if importlib.util.find_spec(f"{name}.{attr}") is not None:
            # A module of the package (``from ...event_handler import content_types``): no
            # such attribute yet, so the import system imports the module itself.
            raise AttributeError(f"module {name!r} has no attribute {attr!r}")
        complete.append(True)
        loader.exec_module(package)
        return getattr(package, attr)

    package.__getattr__ = __getattr__  # type: ignore[method-assign]
    sys.modules[name] = package
    parent, _, child = name.rpartition(".")
    setattr(importlib.import_module(parent), child, package)


def _sources(text: str, package: str) -> dict[str, str]:
    """Each name a package's ``__init__`` imports from one of its modules, and that module."""
    found: dict[str, str] = {}
    for node in ast.parse(text).body:
        if isinstance(node, ast.ImportFrom) and node.module:
            module = node.module if node.level == 0 else f"{package}.{node.module}"
            if module.startswith(package + "."):
                for alias in node.names:
                    found[alias.asname or alias.name] = module
    return found
