"""The browser's shuffle and deal (frontend/js/table/verify.js) agree with the engine's."""

from __future__ import annotations

from typing import Any

from engine.core.deal import deal
from engine.core.shuffle import seed_hash, shuffled_tiles

SEEDS = [bytes(32), bytes(range(32)), bytes.fromhex("ff" * 32), bytes(range(100, 132))]


def test_js_shuffle_matches_python(pages: Any, base: str) -> None:
    page = pages.new(1280, 800, mobile=False)
    page.goto(base)
    for seed in SEEDS:
        got = page.evaluate(
            """async (hex) => { const v = await import('/js/table/verify.js');
              const s = v.fromHex(hex);
              return { order: await v.shuffled(s), hash: await v.sha256hex(s),
                       d: await v.deal(s, 4, 1, false), t: await v.deal(s, 3, 2, true) }; }""",
            seed.hex(),
        )
        assert got["order"] == shuffled_tiles(seed)
        assert got["hash"] == seed_hash(seed)
        plain = deal(seed, 4, 1)
        assert got["d"]["racks"] == [list(r) for r in plain.racks]
        assert got["d"]["indicator"] == plain.indicator
        assert got["d"]["pile"] == list(plain.pile)
        tea = deal(seed, 3, 2, traditional=True)
        assert got["t"]["racks"] == [list(r) for r in tea.racks]
        assert got["t"]["indicator"] == tea.indicator
        assert got["t"]["pile"] == list(tea.pile)
        assert tuple(got["t"]["dice"]) == tea.dice


# Events that take tiles off a 101 rack or bring them in, besides draws and discards.
MOVES_101 = {"open", "lay", "layoff", "swap", "take_discard", "burn"}


def _hands_101() -> list[Any]:
    """Finished 101 hands of bot play that between them hold every move in MOVES_101,
    and one where every left discard taken is given back."""
    from engine.okey101.bots import choose_action101
    from engine.okey101.state import Options101
    from engine.tools.simulate101 import play_hand101

    def give_back(view: Any, level: str, seed: int) -> dict[str, Any]:
        kinds = {a["type"] for a in view["legal"]}
        for kind in ("return_discard", "take_discard"):
            if kind in kinds:
                return {"type": kind}
        return choose_action101(view, level, seed)

    options = Options101(seats=4, hands=1, burn_full_sets=True)
    levels = ["hard", "normal", "easy", "normal"]
    hands, seen = [], set()
    for seed in range(400):
        state = play_hand101(levels, seed, options=options)
        kinds = {e["type"] for e in state.events} & MOVES_101
        if kinds - seen:
            hands.append(state)
            seen |= kinds
        if seen == MOVES_101:
            break
    assert seen == MOVES_101, f"no {sorted(MOVES_101 - seen)} in 400 hands of bot play"
    returned = play_hand101(levels, 1, options=options, decide=give_back)
    assert any(e["type"] == "return_discard" for e in returned.events)
    return [*hands, returned]


VERIFY = """async ([view, events]) => { const v = await import('/js/table/verify.js');
    return (await v.verifyHand(view, events)).checks.map(c => c.key + ':' + c.ok) }"""


def test_js_verifies_101_hands_from_every_seat(pages: Any, base: str) -> None:
    """Every seat's end-of-hand view re-deals to its own rack: 22 or 21 tiles, with
    openings, lays, lay-offs, taken and returned discards and okey swaps (the
    okey comes to the rack) undone."""
    from engine.okey101.view import view_for

    page = pages.new(1280, 800, mobile=False)
    page.goto(base)
    hands = _hands_101()
    checked = 0
    for state in hands:
        for seat in range(state.seats):
            view = view_for(state, seat)
            assert view["seed"] is not None
            checks = page.evaluate(VERIFY, [view, view["events"]])
            assert checks == ["v_hash:true", "v_indicator:true", "v_rack:true", "v_pile:true"], (
                seat,
                checks,
            )
            checked += 1
    swapped = next(h for h in hands if any(e["type"] == "swap" for e in h.events))
    swapper = next(e["seat"] for e in swapped.events if e["type"] == "swap")
    view = view_for(swapped, swapper)
    # The check can fail: a drawn tile that was really another one breaks the rack.
    draws = [e for e in view["events"] if e["type"] == "draw" and e["seat"] == swapper]
    forged = [dict(e, tile=e["tile"] ^ 2) if e is draws[0] else e for e in view["events"]]
    checks = page.evaluate(VERIFY, [view, forged])
    assert "v_rack:false" in checks, checks
    assert checked == len(hands) * 4 >= 8
