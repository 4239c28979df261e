"""101 tables with many melds on them, played through the API.

A friends table (four seats unless asked otherwise), each seat joined with its own token,
is played seat by seat: draw from the pile, open (or lay more) with the server's suggestion
while the table wants more melds, discard a tile whose discard costs nothing. It stops on
seat 0's turn after its draw (so the dock shows its move buttons and the Σ chips), once
the table holds at least the melds asked for.
"""

from __future__ import annotations

from typing import Any

from .helpers import api, finger_tap
from .meld_plans import load

# The tiles of the table's melds (burned sets aside).
MELD_TILES = ".melds .group[data-meld] .tile"

# Each tile of the melds area the selector names: the points of it a finger finds (centre
# first, then the corners 2 px in), its width, and its place; the area's scroll and size.
MELD_TILES_JS = """selector => {
    const area = document.querySelector('.melds')
    const tiles = [...document.querySelectorAll(selector)]
    const on = (tile, x, y) => tile.contains(document.elementFromPoint(x, y))
    return {
        tiles: tiles.map(tile => {
            const r = tile.getBoundingClientRect()
            const points = [
                [r.left + r.width / 2, r.top + r.height / 2],
                [r.left + 2, r.top + 2],
                [r.right - 2, r.top + 2],
                [r.left + 2, r.bottom - 2],
                [r.right - 2, r.bottom - 2],
            ]
            const lost = points.find(([x, y]) => !on(tile, x, y))
            return {
                id: tile.dataset.id,
                meld: +tile.closest('[data-meld]')?.dataset.meld,
                found: points.map(([x, y]) => on(tile, x, y)),
                // What a finger finds instead at the first point lost.
                instead: lost && document.elementFromPoint(...lost)?.outerHTML.slice(0, 60),
                x: r.left, y: r.top, width: r.width, height: r.height,
            }
        }),
        rack: Math.min(...[...document.querySelectorAll('.rack .tile')]
            .map(tile => tile.getBoundingClientRect().width)),
        melds: area.querySelectorAll('.group[data-meld]').length,
        scrollTop: area.scrollTop,
        scrollHeight: area.scrollHeight,
        width: area.style.getPropertyValue('--meld-tile-w'),
        box: area.getBoundingClientRect().height,
        bottom: area.getBoundingClientRect().bottom,
        // How far the lowest meld tile reaches past the area's bottom edge.
        below: Math.max(...tiles.map(t => t.getBoundingClientRect().bottom))
            - area.getBoundingClientRect().bottom,
        clientHeight: area.clientHeight,
        // The room each meld keeps for a lay-off (okey101.js fitMelds): 'own', 'lean', 'tight'.
        room: area.dataset.room,
    }
}"""


def count_tiles(page: Any, selector: str = MELD_TILES) -> dict[str, Any]:
    """MELD_TILES_JS, with what a finger finds counted."""
    seen = page.evaluate(MELD_TILES_JS, selector)
    tiles = seen["tiles"]
    seen["centres"] = sum(t["found"][0] for t in tiles)
    seen["whole"] = sum(all(t["found"]) for t in tiles)
    seen["narrowest"] = min(t["width"] for t in tiles)
    seen["faded"] = page.evaluate(
        "() => document.querySelector('.melds').matches('.more-above, .more-below')"
    )
    return seen


def group_two(page: Any) -> None:
    """ "Groups" on, two rack tiles tapped into the open group by a finger."""
    finger_tap(page, ".dock [data-act=build]")
    page.wait_for_selector(".rack.building")
    for tile in page.eval_on_selector_all(".rack .tile", "els => els.map(e => e.dataset.id)")[:2]:
        finger_tap(page, f'.rack .tile[data-id="{tile}"]')
    page.wait_for_function("() => document.querySelectorAll('.rack .tile.grp').length === 2")


# The planned deals by meld count (meld_plans.json): the same table on every run.
PLANS = load()


def _friends_101(base: str, seats: int) -> tuple[str, list[str]]:
    made = api(
        base,
        "POST",
        "tables",
        {
            "variant": "101",
            "mode": "friends",
            "name": "Ayşe",
            # A day a turn: the sweep never plays a seat while the page looks.
            "turn_seconds": 86400,
            # Opening with 34 by the middle tiles: seats open within a round or two, so
            # the table fills before the pile runs out.
            "options": {"seats": seats, "hands": 1, "opening_rule": "middle34"},
        },
    )
    tid = made["table_id"]
    tokens = [made["token"]]
    for name in ("Mehmet", "Zeynep", "Can")[: seats - 1]:
        joined = api(
            base, "POST", f"tables/{tid}/join", {"invite_code": made["invite_code"], "name": name}
        )
        tokens.append(joined["token"])
    api(base, "POST", f"tables/{tid}/start", {}, tokens[0])
    return tid, tokens


def _act(base: str, tid: str, token: str, view: dict[str, Any], move: dict[str, Any]) -> Any:
    body = {**move, "expected_version": view["version"], "action_id": f"m{view['version']}"}
    return api(base, "POST", f"tables/{tid}/actions", body, token)


def _opening(view: dict[str, Any], wanted: int) -> dict[str, Any] | None:
    """The suggested opening (or, once open, more melds) whose size comes nearest to
    ``wanted``, one with a wild okey first (the screen must show what it stands for)."""
    options = [a for a in view["legal"] if a["type"] in ("open", "lay")]
    if not options:
        return None

    def groups(action: dict[str, Any]) -> list[list[int]]:
        return action.get("melds") or action.get("pairs") or []

    def wild(action: dict[str, Any]) -> bool:
        return any(t >> 1 in (view["okey"], 52) for m in groups(action) for t in m)

    # Melds before pairs: pairs are two-tile melds, the easy case for the screen.
    return min(options, key=lambda a: ("pairs" in a, abs(len(groups(a)) - wanted), not wild(a)))


def _discard(view: dict[str, Any]) -> dict[str, Any]:
    legal = next(a for a in view["legal"] if a["type"] == "discard")
    free = [t for t in legal["tiles"] if t not in legal.get("penalised", [])]
    wild = [t for t in free if t >> 1 == view["okey"]]
    tiles = [t for t in free if t not in wild] or free or legal["tiles"]
    return {"type": "discard", "tile": tiles[-1]}


def table_with_melds(base: str, melds: int, seats: int = 4, tries: int = 40) -> dict[str, Any]:
    """A 101 table of ``seats`` with at least ``melds`` melds, seat 0 opened and on turn after
    its draw: ``{"table_id", "token", "melds"}`` (``melds``: how many the table holds)."""
    for _ in range(tries):
        tid, tokens = _friends_101(base, seats)
        for _step in range(200):
            turn = api(base, "GET", f"tables/{tid}?seat=0", token=tokens[0])["turn"]
            if turn is None:  # the hand is over
                break
            view = api(base, "GET", f"tables/{tid}?seat={turn}", token=tokens[turn])
            if view["phase"] == "over" or view["pile_count"] < 2:
                break
            if any(a["type"] == "draw" for a in view["legal"]):
                view = _act(base, tid, tokens[turn], view, {"type": "draw"})
            laid = len(view["table"])
            opened = view["seats"][0]["opened"]
            if turn == 0 and opened and laid >= melds:
                return {"table_id": tid, "token": tokens[0], "seat": 0, "melds": laid}
            want = melds - laid
            # Seat 0 always opens (the screen is seen from it); the others only while the
            # table wants melds, and never past the count asked for when one fits.
            if (not view["seats"][turn]["opened"] and turn == 0) or want > 0:
                opening = _opening(view, max(want, 1))
                size = len(opening.get("melds") or opening.get("pairs") or []) if opening else 0
                room = opening and (turn == 0 or size <= max(want, 3))
                if opening and room:
                    view = _act(base, tid, tokens[turn], view, opening)
            if view["phase"] == "over":
                break
            view = _act(base, tid, tokens[turn], view, _discard(view))
    raise AssertionError(f"no deal in {tries} reached {melds} melds with seat 0 opened")


def replay_plan(base: str, service: Any, found: dict[str, Any]) -> tuple[str, dict[int, str]]:
    """A friends table dealt from a stored plan's secret (``create_table``'s
    ``match_secret``, which no route passes) and its moves played over HTTP: the table id
    and each seat's token."""
    from api.tables.setup import create_table

    request = {
        "variant": "101",
        "mode": "friends",
        "name": "Ayşe",
        "turn_seconds": 86400,  # a day a turn: the sweep never plays a seat meanwhile
        "options": found["options"],
    }
    made = create_table(service, request, None, match_secret=bytes.fromhex(found["secret"]))
    tid = made["table_id"]
    tokens = {0: made["token"]}
    for name in ("Mehmet", "Zeynep", "Can")[: found["options"]["seats"] - 1]:
        body = {"invite_code": made["invite_code"], "name": name}
        joined = api(base, "POST", f"tables/{tid}/join", body)
        tokens[joined["seat"]] = joined["token"]
    view = api(base, "POST", f"tables/{tid}/start", {}, tokens[0])
    for n, (seat, move) in enumerate(found["moves"]):
        body = {**move, "expected_version": view["version"], "action_id": f"plan{n}"}
        view = api(base, "POST", f"tables/{tid}/actions", body, tokens[seat])
    return tid, tokens


def planned_table(base: str, service: Any, melds: int, off_turn: bool = False) -> dict[str, Any]:
    """A friends table dealt from the plan for ``melds``, played to its end over HTTP:
    ``{"table_id", "token", "seat", "view"}`` for seat 0. With ``off_turn`` seat 0 then
    discards (a tile that costs no penalty), so the next seat is on turn and seat 0's
    screen shows the table as it waits."""
    tid, tokens = replay_plan(base, service, PLANS[melds])
    if off_turn:
        view = api(base, "GET", f"tables/{tid}?seat=0", token=tokens[0])
        move = _discard(view)
        body = {**move, "expected_version": view["version"], "action_id": "plan-off"}
        view = api(base, "POST", f"tables/{tid}/actions", body, tokens[0])
    view = api(base, "GET", f"tables/{tid}?seat=0", token=tokens[0])
    assert len(view["table"]) == melds, view["table"]
    assert view["turn"] == (1 if off_turn else 0), view["turn"]
    return {"table_id": tid, "token": tokens[0], "seat": 0, "view": view}
