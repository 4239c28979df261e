"""Two players in two browser contexts through an invite link."""

from __future__ import annotations

from typing import Any

from .helpers import api, rack_ids


def dom_tile_ids(page: Any) -> set[int]:
    return {
        int(x) for x in page.eval_on_selector_all("[data-id]", "els => els.map(e => e.dataset.id)")
    }


def test_invite_link_two_players(pages: Any, base: str, shot: Any) -> None:
    sent: dict[str, str | None] = {}

    def note_player(request: Any) -> None:
        # Which player each table request was made for (the candy and stats go to it).
        if request.method == "POST" and request.url.endswith(("/api/tables", "/join")):
            sent[request.url.rsplit("/", 1)[1]] = request.headers.get("x-istaka-player")

    a = pages.new(390, 844)
    a.on("request", note_player)
    a.goto(base)
    a.fill("#my-name", "Ayşe")
    a.tap("#create-friends")
    a.wait_for_selector("#waiting #invite-link")
    link = a.input_value("#invite-link")
    assert "#/join/" in link
    shot(a, "waiting-portrait")

    b = pages.new(844, 390)
    b.on("request", note_player)
    b.goto(link)
    b.wait_for_selector("#join-name")
    b.fill("#join-name", "Mehmet")
    b.tap("#join-go")
    b.wait_for_selector("#waiting")
    # Both seats belong to their device's player: the creator's, made on its first visit
    # (or at the tap, if that came first), and the friend's, made for the join by link.
    for page, request in ((a, "tables"), (b, "join")):
        token = page.evaluate("JSON.parse(localStorage.getItem('istaka.player')).token")
        assert sent[request] == token
    a.wait_for_function(
        "() => document.querySelector('#waiting')?.textContent.includes('Mehmet')", timeout=10000
    )

    a.tap("#start-now")
    a.wait_for_selector(".rack .tile")
    b.wait_for_selector(".rack .tile", timeout=10000)
    mine_a, mine_b = set(rack_ids(a)), set(rack_ids(b))
    assert len(mine_a) == 15 and len(mine_b) == 14
    assert not mine_a & mine_b
    # Each page holds its own rack and nothing of the other's.
    assert not dom_tile_ids(a) & mine_b
    assert not dom_tile_ids(b) & mine_a
    assert "Mehmet" in a.inner_text(".felt") and "Ayşe" in b.inner_text(".felt")

    # A discards (tap, then Discard); Mehmet sits on A's right and takes it or draws.
    tile = rack_ids(a)[0]
    a.tap(f'.rack .tile[data-id="{tile}"]')
    a.tap(".dock [data-act=discard]")
    b.wait_for_selector(".disc.left .tile.glow", timeout=10000)
    assert b.get_attribute(".disc.left .tile.glow", "data-id") == str(tile)
    assert "discarded" in b.inner_text("#live") or b.locator(".pile.glow").count()
    b.tap(".pile.glow")
    b.wait_for_function("() => document.querySelectorAll('.rack .tile').length === 15")
    drawn = set(rack_ids(b)) - mine_b
    b_tile = rack_ids(b)[-1]
    b.tap(f'.rack .tile[data-id="{b_tile}"]')
    b.tap(".dock [data-act=discard]")
    # The computer seats play; then A is on turn again and never saw B's rack.
    a.wait_for_selector(".pile.glow", timeout=15000)
    b_rack = set(rack_ids(b))
    assert not dom_tile_ids(a) & (b_rack | drawn - {b_tile})
    token_a = a.evaluate(
        "JSON.parse(localStorage.getItem('istaka.t.' + location.hash.split('/')[2])).token"
    )
    table_id = a.evaluate("location.hash.split('/')[2]")
    seen = api(base, "GET", f"tables/{table_id}?seat=0", token=token_a)
    assert not set(seen["rack"]) & b_rack
    shot(a, "table-friends-portrait")
    shot(b, "table-friends-landscape")
