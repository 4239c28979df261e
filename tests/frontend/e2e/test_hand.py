"""A whole hand against three computer players on a phone, with touch drags and taps."""

from __future__ import annotations

from typing import Any

from .helpers import center, rack_ids, touch_drag, verify_shuffle

MY_TURN = ".pile.glow, .dock [data-act=discard]:not([disabled]), .dock [data-act=discard], #result"


def wait_my_move(page: Any) -> str:
    """'take', 'discard', 'end' or 'over' once the page lets this seat move."""
    page.wait_for_function(
        "() => document.querySelector("
        "'#result, .pile.glow, .dock [data-act=discard], .dock [data-act=end]')",
        timeout=20000,
    )
    if page.locator("#result").count():
        return "over"
    if page.locator(".pile.glow").count():
        return "take"
    if page.locator(".dock [data-act=end]").count():
        return "end"
    return "discard"


# The place (1-based) of the empty slot after a rack row's last tile.
END_GAP_JS = """row => [...document.querySelectorAll(`.rack .row:nth-child(${row}) .slot`)]
    .findLastIndex(slot => slot.firstChild) + 2"""


def test_whole_hand_on_a_phone(pages: Any, base: str, shot: Any) -> None:
    page = pages.new(390, 844)
    page.emulate_media(reduced_motion="reduce")
    page.goto(base)
    page.tap("#play-computer")
    page.wait_for_selector(".rack .tile")
    assert len(rack_ids(page)) == 15  # seat 0 starts the first hand
    shot(page, "table-portrait-start")

    # Rearrange with a touch drag: the first tile of the top row to the gap at the row's
    # right end (upright, a run of empty slots is one narrow gap: its first slot).
    first = rack_ids(page)[0]
    end = ".rack .row:nth-child({}) .slot:nth-child({})"
    top = end.format(1, page.evaluate(END_GAP_JS, 1))
    touch_drag(page, f'.rack .tile[data-id="{first}"]', top)
    page.wait_for_selector(f'{top} .tile[data-id="{first}"]')
    # Tap to select, tap an empty slot to move there.
    page.tap(f'.rack .tile[data-id="{first}"]')
    bottom = end.format(2, page.evaluate(END_GAP_JS, 2))
    page.tap(bottom)
    page.wait_for_selector(f'{bottom} .tile[data-id="{first}"]')

    turns = 0
    for turns in range(60):
        state = wait_my_move(page)
        if state == "over":
            break
        if state == "take":
            before = set(rack_ids(page))
            if turns % 2:
                touch_drag(page, ".pile.glow", ".rack .row:nth-child(2)")  # onto the row
            else:
                page.tap(".pile.glow")
            page.wait_for_function(
                f"() => document.querySelectorAll('.rack .tile').length === {len(before) + 1}"
            )
            continue
        if state == "end":
            page.tap(".dock [data-act=end]")
            continue
        # Discard phase: finish when a tile is marked as finishing, else discard.
        fin = page.locator(".rack .tile.canfin")
        if fin.count():
            fin.first.tap()
            page.tap(".dock [data-act=finish]")
            page.wait_for_selector("#result", timeout=20000)
            break
        ids = rack_ids(page)
        tile = ids[-1]
        if turns % 3 == 1:
            touch_drag(page, f'.rack .tile[data-id="{tile}"]', ".disc.mine .dslot")
        else:
            page.tap(f'.rack .tile[data-id="{tile}"]')
            page.tap(".dock [data-act=discard]")
        page.wait_for_function(
            f"() => !document.querySelector('.rack .tile[data-id=\"{tile}\"]')"
            " && !document.querySelector('.dock [data-act=discard]')"
        )
    page.wait_for_selector("#result", timeout=20000)
    assert turns > 0
    text = page.inner_text("#result")
    assert "Match table" in text
    shot(page, "result-portrait")

    # The revealed seed re-deals the hand in the browser and everything matches.
    verify_shuffle(page)
    assert page.locator(".verify li.bad").count() == 0

    # Next hand: a fresh rack, the starter moves on to seat 1.
    page.tap("#next-hand")
    page.wait_for_function("() => document.querySelector('.bar .title').textContent.includes('2')")
    page.wait_for_selector(".rack .tile")
    assert len(rack_ids(page)) in (14, 15)


def test_match_end_and_rematch(pages: Any, base: str) -> None:
    """A computer table rematches in one call: the same seat, the computers dealt at once."""
    from .helpers import api, create_computer_table, play_out_hand

    table = create_computer_table(base, "Ayşe", start_points=1)
    tid, token = table["table_id"], table["token"]
    for hand in range(30):
        view = play_out_hand(base, tid, token)
        if view["match_over"]:
            break
        api(
            base,
            "POST",
            f"tables/{tid}/actions",
            {"type": "next_hand", "expected_version": view["version"], "action_id": f"next{hand}"},
            token,
        )
    assert view["match_over"]
    page = pages.new(390, 844)
    page.emulate_media(reduced_motion="reduce")
    page.goto(base)
    page.evaluate(
        "([id, auth]) => localStorage.setItem('istaka.t.' + id, JSON.stringify(auth))",
        [tid, {"token": token, "seat": 0, "seats": [0], "mode": "computer"}],
    )
    page.goto(base + "#/t/" + tid)
    page.wait_for_selector("#result")
    assert "Match winner" in page.inner_text("#result")
    assert page.locator("#next-hand").count() == 0
    page.tap("#rematch")
    page.wait_for_function(
        f"() => location.hash.startsWith('#/t/') && !location.hash.includes('{tid}')"
    )
    # The old table's rack may still show for a moment: wait for the new one's 15 tiles.
    page.wait_for_function("() => document.querySelectorAll('.rack .tile').length === 15")
    assert len(rack_ids(page)) == 15
    next_id = page.evaluate("location.hash.split('/')[2]")
    auth = page.evaluate(f"JSON.parse(localStorage.getItem('istaka.t.{next_id}'))")
    assert auth["seat"] == 0 and auth["mode"] == "computer"


def test_keyboard_only_move(pages: Any, base: str) -> None:
    """Arrow keys move focus and a picked-up tile; D discards."""
    page = pages.new(1280, 800, mobile=False)
    page.emulate_media(reduced_motion="reduce")
    page.goto(base)
    page.click("#play-computer")
    page.wait_for_selector(".rack .tile")
    page.focus(".rack .tile")
    first = page.evaluate("document.activeElement.dataset.id")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.id") != first
    page.keyboard.press("Enter")  # pick the focused tile up
    picked = page.evaluate("document.activeElement.dataset.id")
    assert page.locator(f'.rack .tile.sel[data-id="{picked}"]').count() == 1
    page.keyboard.press("ArrowDown")
    page.wait_for_selector(f'.rack .row:nth-child(2) .tile[data-id="{picked}"]')
    page.keyboard.press("d")
    page.wait_for_function(f"() => !document.querySelector('.rack .tile[data-id=\"{picked}\"]')")
    x, y = center(page, ".rack")
    assert x > 0 and y > 0


def test_show_the_indicator(pages: Any, base: str) -> None:
    """Deal until seat 0 holds the indicator's twin, then show it: the others lose a point."""
    from .helpers import api, create_computer_table, deal_until, open_table

    def can_show(table: dict[str, Any]) -> bool:
        view = api(base, "GET", f"tables/{table['table_id']}?seat=0", token=table["token"])
        return any(a["type"] == "show_indicator" for a in view["legal"])

    table, _ = deal_until(
        lambda: create_computer_table(base), can_show, "the indicator's twin for seat 0"
    )
    page = pages.new(390, 844)
    open_table(page, base, table)
    page.wait_for_selector(".dock [data-act=show]")
    assert "indicator" in page.inner_text("#status")
    page.tap(".dock [data-act=show]")
    page.wait_for_function("() => !document.querySelector('.dock [data-act=show]')")
    # The button goes as soon as it is tapped; the scores follow with the server's answer.
    read = "() => [...document.querySelectorAll('.opp .sc')].map(e => e.textContent).join()"
    page.wait_for_function(f"() => ({read})() === '19,19,19'", timeout=10000)
    scores = page.eval_on_selector_all(".opp .sc", "els => els.map(e => e.textContent)")
    assert scores == ["19", "19", "19"]


def test_a_computers_indicator_show_is_said_on_the_felt_and_in_the_result(
    pages: Any, base: str, devserver_service: Any
) -> None:
    """A computer that holds the indicator's twin shows it on its first turn, and the point
    it takes from us is said: a toast on the felt names who and how much, our score drops
    by one, and the hand's result lines name the show."""
    from .helpers import api, deal_until, finger_tap, open_table, plain_rack_ids, play_out_hand

    body = {
        "mode": "computer",
        "name": "Ayşe",
        "turn_seconds": 86400,
        "seats": [{"kind": "human", "name": "Ayşe"}] + [{"kind": "bot", "level": "normal"}] * 3,
    }

    def showers_of(table: dict[str, Any]) -> list[int]:
        state = devserver_service.load(table["table_id"]).state
        return [s for s in (1, 2, 3) if state.indicator ^ 1 in state.racks[s]]

    table, showers = deal_until(
        lambda: api(base, "POST", "tables", body), showers_of, "the indicator's twin for a computer"
    )
    page = pages.new(390, 844)
    open_table(page, base, table)
    page.wait_for_selector(".rack .tile")
    score = "() => document.querySelector('.me .sc').textContent"
    assert page.evaluate(score) == "20"
    tile = plain_rack_ids(page)[0]
    finger_tap(page, f'.rack .tile[data-id="{tile}"]')
    finger_tap(page, ".dock [data-act=discard]")
    name = f"Computer {showers[0] + 1}"
    said = f"{name} showed the indicator: \u22121 for you."
    page.wait_for_function(
        "said => [...document.querySelectorAll('.toast')].some(t => t.textContent === said)",
        arg=said,
        timeout=20000,
    )
    page.wait_for_function(f"() => ({score})() === '19'")
    play_out_hand(base, table["table_id"], table["token"])
    page.wait_for_selector("#result .items")
    lines = page.inner_text("#result .items")
    assert f"{name} showed the indicator" in lines, lines
