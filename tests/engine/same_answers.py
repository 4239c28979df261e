"""Same answers: proves that a refactor left the engine's answers as they were.

    python -m tests.engine.same_answers run --checkout DIR --out FILE [--part P] [--jobs N]
    python -m tests.engine.same_answers snap --checkout DIR --out RECORDS
    python -m tests.engine.same_answers compare BEFORE AFTER

``run`` answers, with DIR's engine (DIR's own ``.venv`` python, DIR first on the
path, this file's code; ``--checkout`` defaults to this checkout), one JSON line an item:

- ``classic``: 30,000 bot hands in seven seatings and option sets (2 to 4 seats,
  every level, points scoring, partners, traditional deal, no pairs, no 13-1), dealt
  and seeded as ``engine.simulate`` deals them: winner, kind, deltas, scores,
  turns, and hashes of the hand's events, its final record and (``--views``: about a
  fifth slower) every view a bot was given;
- ``101``: 4,000 hands in six seatings and option sets, the same fields with each
  seat's penalties and opening;
- ``openings``: the best 101 opening of 3,000 seeded racks of 21-22 tiles (a third
  built from melds) under both opening rules;
- ``records``: the stored records of ``tests/engine/fixtures/stored_tables.json``, the
  planned 101 tables (``tests/frontend/e2e/*plan*.json``) move by move, and the records
  of ``--records`` (written by ``snap`` in one checkout, so the other loads what it
  stored): state, every seat's and a spectator's views for several ``since``, and
  Best's layout at 101.

``--without KEY`` leaves KEY out of every legal action before a view is hashed (a key
added on purpose). ``compare`` counts the items whose fields differ, by field, and
exits 1 if any does. With ``--jobs 1`` a whole run is about an hour of CPU; the
measured run is in docs/TESTS.md.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
ROOT = HERE.parents[2]
CHUNK = 500
MAX_ACTIONS = 3000  # as engine.simulate: a longer hand is stopped

# name: (variant, levels, options, seed, hands)
HANDS: dict[str, tuple[str, tuple[str, ...], dict[str, Any], int, int]] = {
    "A": ("classic", ("normal",) * 4, {"seats": 4}, 1, 8000),
    "B": ("classic", ("hard", "normal", "normal", "normal"), {"seats": 4}, 2, 2000),
    "C": (
        "classic",
        ("normal", "easy", "easy", "easy"),
        {"seats": 4, "scoring": "points"},
        3,
        8000,
    ),
    "D": ("classic", ("gentle", "normal", "hard"), {"seats": 3, "traditional_deal": True}, 4, 2000),
    "E": ("classic", ("normal", "easy"), {"seats": 2, "pairs_finish": False}, 5, 4000),
    "F": ("classic", ("hard", "random"), {"seats": 2}, 6, 2000),
    "G": ("classic", ("normal",) * 4, {"seats": 4, "partners": True, "run_13_1": False}, 7, 4000),
    "a": ("101", ("normal",) * 4, {"seats": 4}, 11, 1500),
    "b": ("101", ("hard", "normal", "normal", "normal"), {"seats": 4}, 12, 500),
    "c": ("101", ("normal", "easy", "gentle"), {"seats": 3, "opening_rule": "middle34"}, 13, 500),
    "d": ("101", ("hard", "normal"), {"seats": 2, "okey_swap": False}, 14, 500),
    "e": ("101", ("normal",) * 4, {"seats": 4, "partners": True, "burn_full_sets": True}, 15, 500),
    "f": (
        "101",
        ("easy", "normal", "normal"),
        {"seats": 3, "discard_must_be_used": False},
        16,
        500,
    ),
}
OPENING_RACKS = 3000


def digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def plain(value: Any) -> Any:
    return json.loads(json.dumps(value, sort_keys=True, default=str))


# ------------------------------------------------------------------ in the checkout


class Views:
    """A running hash of the views a hand's bots were given."""

    def __init__(self, on: bool, without: list[str]) -> None:
        self.on, self.without, self.hash = on, without, hashlib.sha256()

    def add(self, view: dict[str, Any]) -> None:
        if self.on:
            legal = [{k: v for k, v in a.items() if k not in self.without} for a in view["legal"]]
            self.hash.update(digest({**view, "legal": legal}).encode())

    def value(self) -> str | None:
        return self.hash.hexdigest()[:16] if self.on else None


def classic_hand(name: str, hand: int, views: Views) -> dict[str, Any]:
    from engine.classic.options import Options
    from engine.classic.state import GameState
    from engine.tools.simulate import bot_seed, hand_secret
    from engine.variants import rules_for_options, to_record

    _, levels, options, seed, _ = HANDS[name]
    n = len(levels)
    entry_at = [(seat + hand) % n for seat in range(n)]  # levels rotate, as engine.simulate
    seeds = [bot_seed(seed, hand, seat) for seat in range(n)]
    opts = Options(**options)
    rules = rules_for_options(opts)
    decide = rules.any_bot()
    state = rules.start(opts, hand_secret(seed, hand))
    actions = 0
    while state.phase != "over" and actions < MAX_ACTIONS:
        seat = state.turn
        view = rules.view_for(state, seat, state.base_version)
        views.add(view)
        state, _ = rules.apply(state, seat, decide(view, levels[entry_at[seat]], seeds[seat]))
        actions += 1
    assert isinstance(state, GameState)
    summary = state.result.summary if state.result else None
    return {
        "winner": summary and summary.winner,
        "kind": summary and summary.kind,
        "okey": summary and summary.okey_finish,
        "deltas": summary and list(summary.deltas),
        "scores": list(state.scores),
        "turns": sum(1 for e in state.events if e["type"] in ("discard", "finish")),
        "actions": actions,
        "events": digest(state.events),
        "record": digest(to_record(state)),
    }


def hand_101(name: str, hand: int, views: Views) -> dict[str, Any]:
    from engine.okey101.state import Options101
    from engine.tools.simulate import bot_seed, hand_secret
    from engine.tools.simulate101 import play_hand101
    from engine.variants import rules_for_options, to_record

    _, levels, options, seed, _ = HANDS[name]
    n = len(levels)
    at_seat = [levels[(seat + hand) % n] for seat in range(n)]
    opts = Options101(hands=1, **options)
    decide = rules_for_options(opts).any_bot()

    def seen(view: Any, level: str, step_seed: int) -> dict[str, Any]:
        views.add(view)
        return decide(view, level, step_seed)

    secret = hand_secret(seed, hand)
    try:
        state = play_hand101(
            at_seat, bot_seed(seed, hand, 0), decide=seen, options=opts, secret=secret
        )
    except RuntimeError:
        return {"stopped": True}
    return {
        "result": list(state.result or ()),
        "penalties": list(state.penalties),
        "opened": list(state.opened),
        "finisher": state.finisher,
        "turns": state.turns,
        "events": digest(state.events),
        "items": digest(state.result_items),
        "record": digest(to_record(state)),
    }


def hands(name: str, start: int, stop: int, args: argparse.Namespace) -> Iterator[dict[str, Any]]:
    play = classic_hand if HANDS[name][0] == "classic" else hand_101
    for hand in range(start, stop):
        views = Views(args.views, args.without)
        yield {"id": f"{name}{hand}", **play(name, hand, views), "views": views.value()}


def openings(start: int, stop: int) -> Iterator[dict[str, Any]]:
    from engine.okey101.opening import best_opening, can_open, count_pairs
    from tests.engine.handgen import random_okey, random_rack, winning_melds_hand

    rng = random.Random(101)
    for n in range(stop):
        _, okey = random_okey(rng)
        size, wilds = rng.choice((21, 22)), rng.choice((0, 0, 1, 2))
        if n % 3 == 2:  # built from melds, so the threshold is often in reach
            rack = winning_melds_hand(rng, okey, wilds, run_13_1=False, size=size)
        else:
            rack = random_rack(rng, okey, size, wilds)
        if n < start:
            continue
        out: dict[str, Any] = {"id": f"opening{n}", "pairs": count_pairs(rack, okey)}
        for rule in ("sum101", "middle34"):
            best = best_opening(rack, okey, rule=rule)
            out[rule] = [best.points, [list(g) for g in best.groups], best.pairs]
            out[rule + " can"] = [can_open(best, rule), can_open(best, rule, pairs_opening=False)]
        yield out


def best(state: Any, seat: int) -> Any:
    """Best ✨'s layout: engine.best where the checkout has it, else the API's code of before."""
    import engine
    from engine.variants import rules_of

    if (Path(engine.__file__).parent / "best.py").exists():
        from engine.best import best_layout

        return best_layout(state, seat)
    from engine.okey101.advice import discard_advice

    rules, rack = rules_of(state), list(state.racks[seat])
    groups, leftover, discard, kind = rules.best_arrangement(state, rack)
    if discard is None:
        legal = rules.legal_actions(state, seat)
        groups, leftover, discard = discard_advice(rack, state.okey, groups, leftover, legal, True)
    return groups, leftover, discard, kind


def describe(state: Any) -> dict[str, Any]:
    from engine.variants import rules_of, to_record

    rules = rules_of(state)
    seats = [*range(len(state.racks)), None]
    sinces = [None, *sorted({0, state.base_version, max(0, state.version - 2), state.version})]
    views = {f"{s}@{n}": plain(rules.view_for(state, s, n)) for s in seats for n in sinces}
    answer = {
        "phase": state.phase,
        "hand": state.hand_number,
        "version": state.version,
        "racks": plain(state.racks),
        "pile": plain(state.pile),
        "log": base64.b64encode(state.log).decode(),
        "record": plain(to_record(state)),
        "result": plain(state.result),
        "views": views,
    }
    if state.options.variant == "101":  # classic's Best follows the coach's search
        answer["best"] = plain([best(state, seat) for seat in range(len(state.racks))])
    return answer


def records(extra: str | None) -> Iterator[dict[str, Any]]:
    from engine.okey101.game import apply, new_match101
    from engine.okey101.state import Options101
    from engine.variants import from_record

    # The inputs are this file's checkout's, so both engines answer the same ones.
    for table in json.loads((ROOT / "tests/engine/fixtures/stored_tables.json").read_text()):
        text = table["stored"]["m"]  # base64url as a table item stores it; the engine's is hex
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        state = from_record({**table["stored"], "m": raw.hex()})
        yield {"id": f"fixture {table['name']}", **describe(state)}
    plans = json.loads((ROOT / "tests/frontend/e2e/meld_plans.json").read_text())
    plans["pairs"] = json.loads((ROOT / "tests/frontend/e2e/pairs_plan.json").read_text())
    for name, plan in plans.items():
        state = new_match101(Options101(**plan["options"]), bytes.fromhex(plan["secret"]))
        yield {"id": f"plan {name} 0", **describe(state)}
        for i, (seat, move) in enumerate(plan["moves"], 1):
            state, _ = apply(state, seat, move)
            yield {"id": f"plan {name} {i}", **describe(state)}
    for item in json.loads(Path(extra).read_text()) if extra else []:
        yield {"id": f"record {item['n']}", **describe(from_record(item["record"]))}


def snap(out: str) -> None:
    """Records of seeded bot hands stopped at random points, mid-hand, between hands and
    at the end, of every variant and seat count, for another checkout to load."""
    from engine.classic.options import Options
    from engine.core.errors import ActionError
    from engine.okey101.state import Options101
    from engine.variants import rules_for_options, to_record

    rng = random.Random(41)
    shapes: list[Any] = [
        *(Options(seats=4), Options(seats=3), Options(seats=2, scoring="points")),
        *(Options(seats=4, partners=True), Options(seats=4, traditional_deal=True)),
        *(Options101(seats=4, hands=3), Options101(seats=3, hands=2, opening_rule="middle34")),
        *(Options101(seats=2, hands=2), Options101(seats=4, hands=2, partners=True)),
    ]
    stored = []
    for n in range(360):
        options = shapes[n % len(shapes)]
        rules = rules_for_options(options)
        state = rules.start(options, hashlib.sha256(f"snap:{n}".encode()).digest())
        bot, level = rules.any_bot(), rng.choice(["normal", "easy", "random", "hard"])
        for step in range(rng.randrange(400)):
            if state.phase == "over":
                if rng.random() < 0.4:
                    break
                try:  # the match's next hand, where it has one
                    state, _ = rules.apply(state, 0, {"type": "next_hand"})
                except ActionError:  # the match is over
                    break
                continue
            view = rules.view_for(state, state.turn, state.base_version)
            state, _ = rules.apply(state, state.turn, bot(view, level, n * 1000 + step))
        stored.append({"n": n, "record": plain(to_record(state))})
    Path(out).write_text(json.dumps(stored))


def worker(args: argparse.Namespace) -> None:
    """One part, or one chunk of it, printed as JSON lines (runs inside the checkout)."""
    items: Iterator[dict[str, Any]]
    if args.what in HANDS:
        items = hands(args.what, args.start, args.stop, args)
    elif args.what == "openings":
        items = openings(args.start, args.stop)
    else:
        items = records(args.records)
    for item in items:
        print(json.dumps(item, sort_keys=True), flush=True)


# ------------------------------------------------------------------ driving


def python_of(checkout: Path) -> str:
    venv = checkout / ".venv" / "bin" / "python"
    return str(venv) if venv.exists() else sys.executable


def in_checkout(checkout: Path, argv: list[str], out: Any = subprocess.PIPE) -> Any:
    # This file run as a script, so its imports (tests.*, engine.*) come from the checkout.
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    cmd = [python_of(checkout), str(HERE), "worker", *argv]
    return subprocess.run(cmd, cwd=checkout, env=env, stdout=out, check=True, text=True)


def chunks(part: str) -> Iterator[list[str]]:
    if part in ("classic", "101"):
        for name, (variant, *_, count) in HANDS.items():
            if variant == part:
                for start in range(0, count, CHUNK):
                    yield [name, str(start), str(min(count, start + CHUNK))]
    elif part == "openings":
        for start in range(0, OPENING_RACKS, CHUNK):
            yield ["openings", str(start), str(min(OPENING_RACKS, start + CHUNK))]
    else:
        yield ["records", "0", "0"]


def run(args: argparse.Namespace) -> None:
    checkout = Path(args.checkout).resolve()
    extra = ["--views"] if args.views else []
    extra += [a for key in args.without for a in ("--without", key)]
    if args.records:
        extra += ["--records", str(Path(args.records).resolve())]
    work = [c + extra for part in args.part for c in chunks(part)]
    call: Callable[[list[str]], str] = lambda argv: in_checkout(checkout, argv).stdout  # noqa: E731
    with Path(args.out).open("w") as out, ThreadPoolExecutor(args.jobs) as pool:
        for text in pool.map(call, work):  # in order, whatever finishes first
            out.write(text)
            out.flush()


def compare(before: str, after: str) -> int:
    def load(path: str) -> dict[str, dict[str, Any]]:
        return {item["id"]: item for item in map(json.loads, Path(path).open())}

    old, new = load(before), load(after)
    fields: Counter[str] = Counter()
    differ = []
    for key in old.keys() & new.keys():
        changed = [
            f
            for f in sorted(old[key].keys() | new[key].keys())
            if old[key].get(f) != new[key].get(f)
        ]
        if changed:
            differ.append(key)
            fields.update(changed)
    print(f"{len(old)} items before, {len(new)} after, {len(old.keys() & new.keys())} in both")
    print(f"{len(differ)} differ; by field: {dict(fields)}")
    for key in sorted(differ)[:10]:
        print("  e.g.", key)
    only = sorted(old.keys() ^ new.keys())
    if only:
        print(f"{len(only)} in one file only, e.g. {only[:5]}")
    return 1 if differ or only else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="answer the corpus with a checkout's engine")
    r.add_argument("--checkout", default=str(ROOT))
    r.add_argument("--out", required=True)
    r.add_argument("--part", action="append", choices=("classic", "101", "openings", "records"))
    r.add_argument("--jobs", type=int, default=1)
    r.add_argument("--views", action="store_true", help="hash every view a bot was given")
    r.add_argument("--without", action="append", default=[], metavar="KEY")
    r.add_argument("--records", help="a snap file to load as well")
    s = sub.add_parser("snap", help="write records of seeded hands for another checkout")
    s.add_argument("--checkout", default=str(ROOT))
    s.add_argument("--out", required=True)
    c = sub.add_parser("compare", help="compare two runs' answers")
    c.add_argument("before")
    c.add_argument("after")
    w = sub.add_parser("worker")  # inside the checkout
    w.add_argument("what")
    w.add_argument("start", type=int)
    w.add_argument("stop", type=int)
    w.add_argument("--views", action="store_true")
    w.add_argument("--without", action="append", default=[])
    w.add_argument("--records")
    args = parser.parse_args(argv)
    if args.command == "worker":  # run as a script: its own folder is no package root
        sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE.parent]
    if args.command == "run":
        args.part = args.part or ["classic", "101", "openings", "records"]
        run(args)
    elif args.command == "snap":
        in_checkout(
            Path(args.checkout).resolve(),
            ["snap", "0", "0", "--records", str(Path(args.out).resolve())],
        )
    elif args.command == "compare":
        return compare(args.before, args.after)
    elif args.what == "snap":
        snap(args.records)
    else:
        worker(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
