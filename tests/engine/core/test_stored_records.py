"""Tables stored by an earlier engine still load, replaying to the same state and views.

``tests/engine/fixtures/stored_tables.json`` was written by ``make_fixtures.py`` (next to it) with
the engine of that day: each entry holds a record as a table item stores it (the
secret in base64url, as ``api.tables.records.pack_record`` writes it) and the views every
seat and a spectator saw. A change that makes an old record fail to load, or
replay to something else, fails here.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest

from engine.variants import from_record, rules_of, to_record

TABLES = json.loads((Path(__file__).parent.parent / "fixtures" / "stored_tables.json").read_text())


def engine_record(stored: dict[str, Any]) -> dict[str, Any]:
    text = stored["m"]
    raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    return {**stored, "m": raw.hex()}


def as_json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def without_show_deltas(view: dict[str, Any], seats: int) -> dict[str, Any]:
    """The view less what views added since the fixtures were written, each checked here
    for its shape: an indicator show's ``deltas`` (one score change per seat), and a 101
    discard's ``fits`` (the meld each penalised tile would extend)."""
    for action in view.get("legal") or []:
        if action["type"] == "discard" and "fits" in action:
            fits = action.pop("fits")
            assert {f["tile"] for f in fits} <= set(action["penalised"])
            assert all(0 <= f["meld"] < len(view["table"]) for f in fits)
    for event in view.get("events") or []:
        if event["type"] == "show_indicator" and "deltas" in event:
            deltas = event.pop("deltas")
            assert len(deltas) == seats and all(isinstance(d, int) for d in deltas)
            assert any(deltas)
    return view


def test_the_fixtures_cover_both_variants_partners_and_finished_hands() -> None:
    names = {t["name"] for t in TABLES}
    assert any(n.startswith("classic") for n in names) and any(n.startswith("101") for n in names)
    assert {t["phase"] for t in TABLES if "partners" in t["name"]} == {"over"}
    assert {t["hand"] for t in TABLES} == {0, 1}


@pytest.mark.parametrize("table", TABLES, ids=[t["name"] for t in TABLES])
def test_a_stored_record_replays_to_the_same_state_and_views(table: dict[str, Any]) -> None:
    record = engine_record(table["stored"])
    state = from_record(record)
    expected = table["expected"]
    assert state.phase == table["phase"]
    assert state.hand_number == table["hand"]
    assert state.version == expected["version"]
    assert state.racks == expected["racks"]
    assert state.pile == expected["pile"]
    assert base64.b64encode(state.log).decode("ascii") == expected["log"]
    assert to_record(state) == record
    rules = rules_of(state)
    seats = len(state.racks)
    for seat_key, views in expected["views"].items():
        seat = None if seat_key == "None" else int(seat_key)

        def current(since: int | None, seat: int | None = seat) -> dict[str, Any]:
            return without_show_deltas(as_json(rules.view_for(state, seat, since)), seats)

        plain = current(None)
        # Every view now carries this hand's events (engine.core.view); classic views
        # stored before carried them only when asked for with ``since``.
        if "events" not in views["plain"]:
            assert plain.pop("events") == views["since_deal"]["events"]
        assert plain == views["plain"]
        assert current(state.base_version) == views["since_deal"]
        assert current(max(0, state.version - 2)) == views["since_last"]
