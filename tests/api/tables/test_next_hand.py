"""One tap deals the next hand: any seat's next_hand, whenever it comes after the hand
ended (the result panel is the client's own: there is nothing to dismiss on the server),
and a second seat's tap on the same result learns the hand was dealt (409 with the view)."""

from __future__ import annotations

from typing import Any

import pytest

from api.clock import ManualClock
from tests.api.builders import seated
from tests.api.support import ApiClient
from tests.api.tables.test_flow import aid, play

pytestmark = pytest.mark.usefixtures("service")


def played_out(client: ApiClient, t: dict[str, Any]) -> dict[str, Any]:
    """The hand played to its end by both seats; the last view."""
    tokens = [t["host"], t["guest"]]
    view = t["view"]
    for _ in range(500):
        if view["phase"] == "over":
            return view
        mover = tokens[view["turn"]]
        view = play(client, t["table"], mover, client.view(t["table"], mover))
    raise AssertionError("the hand did not end")


def _next_hand(client: ApiClient, t: dict[str, Any], seat: str, over: dict[str, Any]) -> Any:
    """``seat`` ("host" or "guest") taps Next hand on the result ``over``."""
    return client.act(
        t["table"],
        t[seat],
        {"type": "next_hand"},
        expected_version=over["version"],
        action_id=aid(),
    )


def test_any_seat_deals_the_next_hand_long_after_the_result_and_the_other_catches_up(
    client: ApiClient, clock: ManualClock
) -> None:
    t = seated(client, turn_seconds=86400)
    over = played_out(client, t)
    clock.advance(600)  # the result looked at, dismissed, the table looked at: no matter
    for token in (t["host"], t["guest"]):
        polled = client.view(t["table"], token)
        assert polled["legal"] == [{"type": "next_hand"}] and polled["version"] == over["version"]
    dealt = _next_hand(client, t, "guest", over)
    assert dealt.status == 200, dealt.text
    assert dealt.body["hand"] == over["hand"] + 1 and dealt.body["phase"] != "over"
    # The host tapped Next hand on the same result: told it is stale, with the new hand.
    late = _next_hand(client, t, "host", over)
    assert late.status == 409 and late.body["error"]["code"] == "stale_version"
    assert late.body["view"]["hand"] == over["hand"] + 1
    assert late.body["view"]["phase"] != "over"
