"""A computer's indicator show is announced: its event in the view carries what it does
to each seat's score, and the hand's result lines say who showed it."""

from __future__ import annotations

from typing import Any

import pytest

from engine.classic.options import Options
from engine.classic.scoring import indicator_deltas
from tests.api.support import ApiClient

pytestmark = pytest.mark.usefixtures("service")


def a_table_where_a_computer_showed(client: ApiClient) -> tuple[dict[str, Any], dict[str, Any]]:
    """A new computer table whose computers showed the indicator before the human's turn,
    and the human's view since the deal (several deals: a computer holds the twin of the
    indicator at about one table in three)."""
    for _ in range(40):
        made = client.create(mode="computer", name="Ayşe")
        table, tok = made["table_id"], made["token"]
        view = client.view(table, tok)
        for step in range(2):  # the human's first turn, so that every computer had one
            legal = {e["type"]: e for e in view["legal"]}
            if "discard" in legal:
                move = {"type": "discard", "tile": legal["discard"]["tiles"][0]}
            elif "draw" in legal:
                move = {"type": "draw"}
            else:
                break
            reply = client.act(
                table, tok, move, expected_version=view["version"], action_id=f"f{step}"
            )
            assert reply.status == 200, reply.text
            view = reply.body
            if move["type"] == "discard":
                break
        view = client.view(table, tok, "since=0")
        if any(e["type"] == "show_indicator" and e["seat"] != 0 for e in view["events"]):
            return made, view
    raise AssertionError("no computer showed the indicator in 40 deals")


def test_a_computers_indicator_show_reaches_the_felt_with_its_points(client: ApiClient) -> None:
    _, view = a_table_where_a_computer_showed(client)
    shows = [e for e in view["events"] if e["type"] == "show_indicator"]
    options = Options()  # the table was made with the defaults
    for show in shows:
        assert show["tile"] == view["indicator"] ^ 1  # the indicator's twin, now public
        assert show["deltas"] == indicator_deltas(options, show["seat"])
        assert len(show["deltas"]) == len(view["seats"])
        assert view["seats"][show["seat"]]["shown_indicator"] is True


def test_the_result_lines_name_who_showed_the_indicator(client: ApiClient) -> None:
    made, view = a_table_where_a_computer_showed(client)
    table, tok = made["table_id"], made["token"]
    shower = next(e["seat"] for e in view["events"] if e["type"] == "show_indicator")
    # The human plays on (draw, discard) until the hand is over.
    for step in range(400):
        view = client.view(table, tok)
        if view["phase"] == "over":
            break
        legal = {e["type"]: e for e in view["legal"]}
        if "draw" in legal:
            action: dict[str, Any] = {"type": "draw"}
        elif "discard" in legal:
            action = {"type": "discard", "tile": legal["discard"]["tiles"][0]}
        else:
            action = {"type": next(iter(legal))}
        reply = client.act(
            table, tok, action, expected_version=view["version"], action_id=f"i{step}"
        )
        assert reply.status == 200, reply.text
    assert view["phase"] == "over"
    lines = view["result_items"]
    deltas = indicator_deltas(Options(), shower)
    for seat, seat_lines in enumerate(lines):
        shown = [line for line in seat_lines if line["item"] == "indicator"]
        if deltas[seat]:
            assert {"item": "indicator", "points": deltas[seat], "seat": shower} in shown
        assert sum(line["points"] for line in seat_lines) == view["result"]["deltas"][seat]
