"""Each seat's review is computed once and kept beside its finished hand: a later ask, in
any language, reads it and replays nothing. On SQLite, moto and dynalite."""

from __future__ import annotations

import json
from typing import Any

import pytest

from api.review import hand as review_module
from api.review.hand import ReviewResponse
from api.review.stored import pack, review_key, unpack
from api.store.base import StoredItem
from api.tables.service import Service
from api.web.http import dumps
from api.web.loading import instance
from engine.review import review_hand
from tests.api.review.test_review import _finished, _review, wired  # noqa: F401
from tests.api.support import ApiClient, LogLines
from tests.api.tables.test_flow import aid


class Counted:
    """review_hand, counting its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        self.calls += 1
        return review_hand(*args, **kwargs)


@pytest.mark.parametrize(
    ("variant", "options"),
    [("classic", {"seats": 4, "scoring": "points", "hands": 2}), ("101", {"seats": 2, "hands": 2})],
)
def test_a_review_is_computed_once_per_seat_and_said_in_every_language(
    wired: Service,  # noqa: F811
    client: ApiClient,
    monkeypatch: pytest.MonkeyPatch,
    variant: str,
    options: dict[str, Any],
) -> None:
    table, token, over = _finished(client, options, variant)
    counted = Counted()
    monkeypatch.setattr(review_module, "review_hand", counted)
    hand = wired.load(table).state

    first = _review(client, table, "seat=1&lang=tr")
    assert first.status == 200, first.text
    assert counted.calls == 1
    stored = wired.store.get(review_key(table, 0, 1))
    assert stored is not None and stored.expires_at is not None
    assert len(stored.data) < len(first.text)  # kept packed
    # Each language, and each ask again, from the stored review: nothing replayed.
    for lang in ("tr", "en", "ko", "tr", "en"):
        again = _review(client, table, f"seat=1&lang={lang}")
        assert again.status == 200 and again.headers["Cache-Control"] == "public, max-age=3600"
        # The same bytes as a review computed in that language from the hand itself.
        direct = instance(ReviewResponse).dump({"table_id": table, **review_hand(hand, 1, lang)})
        assert again.text == dumps(direct), lang
    assert again.body["lang"] == "en" and first.body["lang"] == "tr"
    assert counted.calls == 1
    # Another seat is its own review, computed once too.
    assert _review(client, table, "seat=0").status == 200
    assert _review(client, table, "seat=0&lang=ko").status == 200
    assert counted.calls == 2

    # Archived with the next hand, the hand's review is still the stored one.
    nxt = client.act(
        table, token, {"type": "next_hand"}, expected_version=over["version"], action_id=aid()
    )
    assert nxt.status == 200, nxt.text
    assert _review(client, table, "seat=1&lang=tr").text == first.text
    assert counted.calls == 2


def test_a_stored_review_that_does_not_unpack_is_computed_again_and_logged(
    wired: Service,  # noqa: F811
    client: ApiClient,
) -> None:
    table, _, _ = _finished(client, {"seats": 2})
    good = _review(client, table, "seat=0")
    assert good.status == 200
    # Another table's hand whose review item holds junk: answered from the hand, never 500.
    other, _, _ = _finished(client, {"seats": 2})
    key = review_key(other, 0, 0)
    wired.store.create(StoredItem(key, 0, json.dumps({"z": "not base64!"}), None))
    lines = LogLines()
    with lines.attached():
        reply = _review(client, other, "seat=0")
    assert reply.status == 200 and reply.body["turns"]
    logged = [json.loads(line) for line in lines.lines]
    assert [r["key"] for r in logged if r["message"] == "stored review cannot be read"] == [key]
    assert wired.store.get(key).data == json.dumps({"z": "not base64!"})  # type: ignore[union-attr]


def test_pack_keeps_a_review_exactly() -> None:
    why = {"code": "x", "params": {"t": [1, 2]}, "text": "é"}
    answer = {"lang": "en", "turns": [{"reason": why}]}
    assert unpack(pack(answer)) == answer
    for junk in ("{}", '{"z": 1}', '{"z": "AAAA"}', "[]", '{"z": "eJwDAAAAAAE=", "y": 1}'):
        with pytest.raises(ValueError):
            unpack(junk)
