"""The kinds of table (api/tables/kinds.py): every kind answers every question, the view and
"Your tables" carry the answers, and no code outside the registry compares the ``mode``."""

from __future__ import annotations

import json
import re
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from api.tables.item import SeatInfo, Table
from api.tables.kinds import BY_CODE, FLAGS, KINDS, NAMES, TableKind, kind_named
from api.tables.schemas.shared_view import TableFlagsSchema
from tests.api.support import ApiClient

ROOT = Path(__file__).resolve().parents[3]
REGISTRY = ROOT / "api" / "tables" / "kinds.py"


@pytest.mark.parametrize("name", NAMES)
def test_every_kind_answers_every_question(name: str) -> None:
    kind = kind_named(name)
    assert kind.name == name and BY_CODE[kind.code] is kind
    for field in fields(TableKind):
        value = getattr(kind, field.name)
        if field.type == "bool":
            assert type(value) is bool, f"{name}: {field.name} is {value!r}"
    assert kind.default_pace in ("live", "relaxed")
    assert kind.credit_rate in ("friends", "computer", None)
    assert kind.earns_candy == (kind.credit_rate is not None)
    flags = kind.flags()
    assert tuple(flags) == FLAGS and all(type(v) is bool for v in flags.values())
    # The view's schema declares exactly these flags, so none is dropped on the way out.
    assert set(TableFlagsSchema().fields) == set(FLAGS)
    assert TableFlagsSchema().dump(flags) == flags


def test_the_kinds_are_told_apart_by_name_and_code() -> None:
    assert len({k.code for k in KINDS.values()}) == len(KINDS)
    assert set(NAMES) == {"computer", "friends", "hotseat"}  # stored and in the API: kept


@pytest.mark.parametrize("name", NAMES)
def test_a_stored_table_keeps_its_kind(name: str) -> None:
    table = Table(
        table_id="t" * 10,
        rev=1,
        status="playing",
        mode=name,
        turn_seconds=30,
        invite="i",
        tokens=["h"],
        seats=[SeatInfo("human", "A", token=0), SeatInfo("bot", level="normal")],
        record={"s": "", "l": ""},
        seen_times=[0],
    )
    stored = table.to_stored(None)
    assert json.loads(stored.data)["md"] == kind_named(name).code
    assert Table.from_stored(stored).kind is kind_named(name)


def _create(client: ApiClient, name: str) -> dict[str, Any]:
    if kind_named(name).typed_names:  # pass-and-play lists its seats by name
        seats = [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]
        return client.create(mode=name, seats=seats)
    return client.create(mode=name, options={"seats": 2})


@pytest.mark.parametrize("name", NAMES)
def test_views_and_your_tables_carry_the_kinds_flags(client: ApiClient, name: str) -> None:
    kind = kind_named(name)
    made = _create(client, name)
    assert made["view"]["mode"] == name
    assert made["view"]["flags"] == kind.flags()
    assert (made["invite_code"] is not None) == kind.joinable_by_code
    assert (made["view"]["status"] == "waiting") == kind.starts_waiting
    assert client.view(made["table_id"], None)["flags"] == kind.flags()  # a spectator's too
    asked = [{"table_id": made["table_id"], "token": made["token"]}]
    status = client.call("POST", "/api/tables/status", asked)
    assert status.status == 200, status.text
    assert status.body["tables"][0]["flags"] == kind.flags()


def test_the_frontend_tests_flags_are_the_registrys() -> None:
    """tests/frontend/js/fixtures/table-kinds.json stands for the server in node's tests."""
    path = ROOT / "tests" / "frontend" / "js" / "fixtures" / "table-kinds.json"
    assert json.loads(path.read_text()) == {name: kind.flags() for name, kind in KINDS.items()}


# ``mode`` compared, either way round, in Python or JavaScript (``v.mode === 'friends'``,
# ``"hotseat" != table.mode``, ``mode in (...)``, ``switch (v.mode)``, ``match mode:``).
_OPS = r"(?:===|!==|==|!=|\bnot\s+in\b|\bin\b)"
_MODE = r"""\bmode\b['"]?\]?\)?"""
MODE_COMPARED = re.compile(
    rf"{_MODE}\s*{_OPS}|(?:===|!==|==|!=)\s*[\w.?\[\]'\"()]*\bmode\b|"
    rf"\bswitch\s*\([^)]*\bmode\b|\bmatch\s+[\w.]*\bmode\b"
)


def _sources() -> list[Path]:
    python = [p for p in (ROOT / "api").rglob("*.py") if p != REGISTRY]
    return python + sorted((ROOT / "frontend" / "js").rglob("*.js"))


def test_the_scan_finds_mode_comparisons() -> None:
    for line in (
        "if table.mode == 'friends':",
        'rest = SeatInfo("open") if mode != "friends" else None',
        "ok = request['mode'] in KINDS",
        'if request.get("mode") == "hotseat":',
        "if ('hotseat' === v.mode) return",
        "\tv.mode !== 'hotseat' &&",
        "switch (entry.mode) {",
        "match table.mode:",
    ):
        assert MODE_COMPARED.search(line), line
    for line in ("mode=old.mode,", "mode: auth.mode,", '"mode": table.mode,', "kind.flags()"):
        assert not MODE_COMPARED.search(line), line


def test_no_mode_is_compared_outside_the_registry() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in _sources()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if MODE_COMPARED.search(line)
    ]
    assert found == [], "ask api/tables/kinds.py (or the view's flags) instead:\n" + "\n".join(
        found
    )
