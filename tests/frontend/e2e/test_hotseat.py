"""Pass-and-play: a cover screen between turns hides the racks."""

from __future__ import annotations

from typing import Any

from .helpers import plain_rack_ids, rack_ids


def test_cover_between_turns(pages: Any, base: str, shot: Any) -> None:
    page = pages.new(390, 844)
    page.emulate_media(reduced_motion="reduce")
    page.goto(base)
    names = page.locator(".names input")
    names.nth(0).fill("Ayşe")
    names.nth(1).fill("Mehmet")
    page.tap("#start-hotseat")
    page.wait_for_selector("#cover")
    assert "Ayşe" in page.inner_text("#cover")
    assert page.locator(".rack .tile").count() == 0
    shot(page, "cover-portrait")
    page.tap("#cover")
    page.wait_for_selector(".rack .tile")
    first = set(rack_ids(page))
    assert len(first) == 15

    tile = plain_rack_ids(page)[0]
    page.tap(f'.rack .tile[data-id="{tile}"]')
    page.tap(".dock [data-act=discard]")
    page.wait_for_selector("#cover")
    assert "Mehmet" in page.inner_text("#cover")
    assert page.locator(".rack .tile").count() == 0
    # Nothing of the last rack is left in the page under the cover.
    ids = {
        int(x) for x in page.eval_on_selector_all("[data-id]", "els => els.map(e => e.dataset.id)")
    }
    assert not ids & (first - {tile})
    page.tap("#cover")
    page.wait_for_selector(".rack .tile")
    second = set(rack_ids(page))
    assert len(second) == 14 and not second & first
    assert page.locator(".disc.left .tile.glow").get_attribute("data-id") == str(tile)
