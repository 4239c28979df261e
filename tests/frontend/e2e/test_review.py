"""The hand review on a phone, by real touch: a computer table played to its end, then
"Review this hand" in the result panel and on the score sheet, stepped through by swipes,
buttons and arrow keys, the seat switcher, and what a finger can see (elementFromPoint)
at 390x844: the verdict and the coach's move, with the answer of
GET /api/tables/{id}/hands/{n}/review on screen as the endpoint gave it.
"""

from __future__ import annotations

from typing import Any

from .helpers import (
    api,
    center,
    create_computer_table,
    finger_tap,
    open_table,
    play_out_hand,
    touch_drag,
)

VERDICT_WORDS = {
    "best": "Best",
    "good": "Good",
    "inaccuracy": "Inaccuracy",
    "mistake": "Mistake",
    "blunder": "Blunder",
}


def finished_table(base: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A computer table whose first hand is over with at least three turns of ours, and our
    seat's review of it (a computer can finish within two rounds: then deal again)."""
    for _ in range(8):
        table = create_computer_table(base, "Ayşe")
        play_out_hand(base, table["table_id"], table["token"])
        review = api(base, "GET", f"tables/{table['table_id']}/hands/0/review?seat=0")
        if len(review["turns"]) >= 3:
            return table, review
    raise AssertionError("eight hands in a row ended within two of our turns")


def shown_turn(page: Any) -> str:
    return str(page.inner_text("#rv-pos"))


def wait_turn(page: Any, i: int, n: int) -> None:
    page.wait_for_function(
        "text => document.getElementById('rv-pos')?.textContent === text", arg=f"Turn {i} of {n}"
    )


def reachable(page: Any, selector: str) -> bool:
    """Whether a finger on the middle of the element lands on it: inside the phone's screen
    and not under anything (the sticky step bar, another dialog)."""
    x, y = center(page, selector)
    return bool(
        page.evaluate(
            """([sel, x, y]) => {
              const el = document.querySelector(sel)
              const hit = document.elementFromPoint(x, y)
              const onScreen = y >= 0 && y < innerHeight && x >= 0 && x < innerWidth
              return onScreen && !!hit && el.contains(hit)
            }""",
            [selector, x, y],
        )
    )


def check_turn(page: Any, review: dict[str, Any], index: int) -> None:
    """The turn on screen is the answer's turn `index`: its verdict, its reason, the coach's
    tile; and a finger can see the verdict and the coach's move."""
    turn = review["turns"][index]
    wait_turn(page, index + 1, len(review["turns"]))
    assert VERDICT_WORDS[turn["verdict"]] in page.inner_text("#rv-verdict strong")
    assert turn["reason"]["text"] in page.inner_text("#rv-verdict")
    coach_tiles = page.eval_on_selector_all(
        "#rv-coach .tile", "els => els.map(e => Number(e.dataset.id))"
    )
    if turn["coach"]["discard"] is not None:
        assert turn["coach"]["discard"] in coach_tiles, (turn["coach"], coach_tiles)
    rack = page.eval_on_selector_all(
        "#rv-turn .rv-rack .tile", "els => els.map(e => Number(e.dataset.id))"
    )
    assert rack == turn["rack"]
    for part in ("#rv-verdict", "#rv-coach", "#rv-played", "#rv-next", "#rv-prev"):
        assert reachable(page, part), part


def swipe(page: Any, dx: float) -> None:
    x, y = center(page, "#rv-verdict")
    touch_drag(page, "#rv-verdict", (x + dx, y + 6))


def phone_review(pages: Any, base: str, table: dict[str, Any], review: dict[str, Any]) -> Any:
    """The table on a phone, its review opened by a finger on Review hand, at the first turn."""
    page = pages.new(390, 844)
    page.emulate_media(reduced_motion="reduce")
    open_table(page, base, table)
    finger_tap(page, "#review-hand")
    page.wait_for_selector("#rv-verdict")
    check_turn(page, review, 0)
    return page


def test_a_finished_hand_is_stepped_through_by_touch(pages: Any, base: str, shot: Any) -> None:
    table, review = finished_table(base)
    n = len(review["turns"])
    page = phone_review(pages, base, table, review)
    assert page.get_attribute("#rv-prev", "disabled") is not None
    shot(page, "review-phone-first-turn")

    # A swipe to the left is the next turn, to the right the previous; a screen reader hears it.
    swipe(page, -160)
    check_turn(page, review, 1)
    shot(page, "review-phone-101")
    assert page.inner_text("#review-live").startswith(f"Turn 2 of {n}")
    swipe(page, 160)
    check_turn(page, review, 0)
    # A mostly vertical move is no swipe (the sheet scrolls).
    x, y = center(page, "#rv-verdict")
    touch_drag(page, "#rv-verdict", (x - 50, y + 120))
    page.wait_for_timeout(200)
    assert shown_turn(page) == f"Turn 1 of {n}"

    # The buttons, by touch.
    finger_tap(page, "#rv-next")
    check_turn(page, review, 1)
    finger_tap(page, "#rv-next")
    check_turn(page, review, 2)
    shot(page, "review-phone-third-turn")
    finger_tap(page, "#rv-prev")
    check_turn(page, review, 1)

    # "Worth a look": where the hand could have been won or finished with the okey, and the
    # mistakes and blunders, each a tap away.
    summary = review["summary"]
    bad = [t["index"] for t in review["turns"] if t["verdict"] in ("mistake", "blunder")]
    worth = sorted({*summary["could_have_won"], *summary["missed_okey_finish"], *bad})
    look = page.eval_on_selector_all(".rv-jump", "els => els.map(e => Number(e.dataset.to))")
    assert look == worth
    for index in worth[-1:]:
        page.focus(f"#rv-jump-{index}")  # so that the keys below go to the dialog
        finger_tap(page, f"#rv-jump-{index}")
        check_turn(page, review, index)

    # The keyboard: arrows, End, Home; at the last turn "next" is disabled and the focus
    # moves to "previous".
    page.keyboard.press("Home")
    check_turn(page, review, 0)
    page.focus("#rv-next")
    page.keyboard.press("End")
    check_turn(page, review, n - 1)
    assert page.get_attribute("#rv-next", "disabled") is not None
    assert page.evaluate("document.activeElement.id") == "rv-prev"
    page.keyboard.press("Home")
    check_turn(page, review, 0)
    page.keyboard.press("ArrowRight")
    check_turn(page, review, 1)

    # The other seats' view of the same hand: the switcher, at that seat's nearest turn.
    other = api(base, "GET", f"tables/{table['table_id']}/hands/0/review?seat=2")
    finger_tap(page, "#rv-seat-2")
    page.wait_for_selector("#rv-seat-2[aria-pressed=true]")
    assert "Computer 3 played" in page.inner_text("#rv-played h3")
    at = review["turns"][1]["event_index"]
    gaps = [abs(t["event_index"] - at) for t in other["turns"]]
    check_turn(page, other, gaps.index(min(gaps)))
    shot(page, "review-phone-other-seat")

    # Escape closes it; the focus goes back to the button that opened it.
    page.keyboard.press("Escape")
    page.wait_for_selector("#review", state="detached")
    assert page.evaluate("document.activeElement.id") == "review-hand"

    # The score sheet's hand opens the same review.
    finger_tap(page, ".result .match .rv-open")
    page.wait_for_selector("#rv-verdict")
    check_turn(page, review, 0)
    page.keyboard.press("Escape")
    page.wait_for_selector("#review", state="detached")

    # In the next hand, 🏆's score sheet opens the last one's review: its tiles carry that
    # hand's okey (from GET .../hands/0), not the table's.
    finger_tap(page, "#next-hand")
    page.wait_for_selector(".rack .tile")
    okey = api(base, "GET", f"tables/{table['table_id']}/hands/0")["okey"]
    finger_tap(page, "[data-act=scores]")
    finger_tap(page, ".modal .match .rv-open")
    page.wait_for_selector("#rv-verdict")
    check_turn(page, review, 0)
    starred = page.eval_on_selector_all(
        "#review .tile.okey", "els => els.map(e => Number(e.dataset.id) >> 1)"
    )
    held = [t for turn in review["turns"][:1] for t in turn["rack"] if t >> 1 == okey]
    assert starred.count(okey) >= len(held) and set(starred) <= {okey}, (starred, okey)
    page.keyboard.press("Escape")
    page.wait_for_selector("#review", state="detached")
    assert page.evaluate("document.activeElement.dataset.act") == "scores"


def test_the_review_is_not_in_a_tables_first_download(pages: Any, base: str) -> None:
    table = create_computer_table(base, "Ayşe")
    page = pages.new(390, 844)
    seen: list[str] = []
    page.on("request", lambda request: seen.append(request.url))
    open_table(page, base, table)
    page.wait_for_function("() => performance.getEntriesByName('istaka-ready').length > 0")
    page.wait_for_load_state("networkidle")
    loaded = [url for url in seen if "/review" in url]
    assert not loaded, loaded


def test_a_101_hand_is_reviewed_in_hand_points(pages: Any, base: str, shot: Any) -> None:
    table = create_computer_table(base, "Ayşe", variant="101")
    play_out_hand(base, table["table_id"], table["token"])
    review = api(base, "GET", f"tables/{table['table_id']}/hands/0/review?seat=0")
    assert review["variant"] == "101" and len(review["turns"]) >= 2
    page = phone_review(pages, base, table, review)
    assert page.inner_text("#rv-turn .rv-measure").startswith("Points in hand:")
    swipe(page, -160)
    check_turn(page, review, 1)
    shot(page, "review-phone-101")
