"""The browser's shuffle and deal (frontend/js/verify.js) agree with the engine's."""

from __future__ import annotations

from typing import Any

from engine.deal import deal
from engine.shuffle import seed_hash, shuffled_tiles

SEEDS = [bytes(32), bytes(range(32)), bytes.fromhex("ff" * 32), bytes(range(100, 132))]


def test_js_shuffle_matches_python(pages: Any, base: str) -> None:
    page = pages.new(1280, 800, mobile=False)
    page.goto(base)
    for seed in SEEDS:
        got = page.evaluate(
            """async (hex) => { const v = await import('/js/verify.js'); const s = v.fromHex(hex);
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
