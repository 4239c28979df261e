"""Command line: ``python -m engine SUBCOMMAND ...``.

Subcommands register themselves with :func:`command`; each gets an argparse
sub-parser to configure and a handler that returns the exit code. To add
one elsewhere::

    from engine.tools.cli import command

    @command("open", help="check a 101 opening", configure=lambda p: p.add_argument("tiles"))
    def run_open(args: argparse.Namespace) -> int: ...

``check`` answers whether tiles win::

    python -m engine check --indicator Y6 R1 R2 R3 ...

prints one JSON object. With no tiles it reads JSON lines from stdin,
``{"tiles": "R1 R2 ...", "indicator": "Y6"}`` (optional ``run_13_1`` and
``pairs``), and prints one result line each; a bad line prints
``{"error": ...}`` and the batch goes on. Exit code 2 on bad input in
single mode.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from engine.classic.arrange import best_finish
from engine.classic.hand import HAND_SIZE, winning_arrangement
from engine.core.tiles import format_tiles, okey_face, parse_face, parse_tiles

Handler = Callable[[argparse.Namespace], int]
Configure = Callable[[argparse.ArgumentParser], None]


@dataclass(frozen=True)
class Command:
    name: str
    help: str
    configure: Configure
    handler: Handler


COMMANDS: dict[str, Command] = {}


def command(name: str, *, help: str, configure: Configure) -> Callable[[Handler], Handler]:
    """Register a subcommand; later registrations of a name replace earlier ones."""

    def register(handler: Handler) -> Handler:
        COMMANDS[name] = Command(name, help, configure, handler)
        return handler

    return register


def build_parser() -> argparse.ArgumentParser:
    """The top-level parser with one sub-parser per registered command."""
    parser = argparse.ArgumentParser(prog="python -m engine", description="Istaka Okey engine")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for entry in COMMANDS.values():
        sub = subparsers.add_parser(entry.name, help=entry.help, description=entry.help)
        entry.configure(sub)
        sub.set_defaults(handler=entry.handler)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    handler: Handler = args.handler
    return handler(args)


class InputError(ValueError):
    """Bad user input, reported as a message (exit code 2 in single mode)."""


def check_hand(
    tiles_text: str | Sequence[str], indicator: str, *, run_13_1: bool = True, pairs: bool = True
) -> dict[str, Any]:
    """The ``check`` verdict for 14 or 15 tiles in notation, as a JSON-ready dict.

    >>> check_hand("R1 R2 R3 R4 Y4 B4 K4 K9 K10 K11 K12 B1 B2 B3", "Y6")["groups"][0]
    ['R1', 'R2', 'R3', 'R4']
    """
    if not isinstance(tiles_text, str):
        if not all(isinstance(word, str) for word in tiles_text):
            raise InputError("tiles must be written like R7, K13 or F")
        tiles_text = " ".join(tiles_text)
    try:
        indicator_face = parse_face(indicator)
        okey = okey_face(indicator_face)
        tiles = parse_tiles(tiles_text)
    except ValueError as error:
        raise InputError(str(error)) from error
    held = sum(1 for t in tiles if t >> 1 == indicator_face)
    if held >= 2:
        raise InputError(
            f"three copies of {indicator.strip().upper()}: two in the hand and the indicator"
        )
    if len(tiles) not in (HAND_SIZE, HAND_SIZE + 1):
        raise InputError(f"need 14 or 15 tiles, got {len(tiles)}")
    if len(tiles) == HAND_SIZE:
        found = winning_arrangement(tiles, okey, run_13_1=run_13_1, pairs=pairs)
    else:
        found = best_finish(tiles, okey, run_13_1=run_13_1, pairs=pairs)
    result: dict[str, Any] = {
        "winning": found is not None,
        "kind": found.kind if found else None,
        "groups": [format_tiles(g).split() for g in found.groups] if found else [],
    }
    if len(tiles) == HAND_SIZE + 1:
        discard = found.discard if found else None
        result["discard"] = format_tiles([discard]) if discard is not None else None
    return result


def _configure_check(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("tiles", nargs="*", help="14 or 15 tiles, e.g. R1 R2 R3 (none: batch)")
    parser.add_argument("--indicator", help="the face-up indicator tile, e.g. Y6")
    parser.add_argument(
        "--no-run-13-1", dest="run_13_1", action="store_false", help="a 1 may not sit above a 13"
    )
    parser.add_argument(
        "--no-pairs", dest="pairs", action="store_false", help="seven pairs do not finish"
    )


@command("check", help="does a hand of 14 (or 15) tiles win?", configure=_configure_check)
def run_check(args: argparse.Namespace) -> int:
    if not args.tiles:
        return _batch(sys.stdin, sys.stdout, args.indicator, args.run_13_1, args.pairs)
    if args.indicator is None:
        print("error: --indicator is required", file=sys.stderr)
        return 2
    try:
        result = check_hand(args.tiles, args.indicator, run_13_1=args.run_13_1, pairs=args.pairs)
    except InputError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(json.dumps(result))
    return 0


def _batch(source: TextIO, sink: TextIO, indicator: str | None, run_13_1: bool, pairs: bool) -> int:
    """One result line per input line; command-line options are the defaults."""
    for line in source:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            if not isinstance(request, dict):
                raise InputError("each line must be a JSON object")
            tiles = request.get("tiles")
            if not isinstance(tiles, str | list):
                raise InputError('"tiles" must be a string or a list of tiles')
            line_indicator = request.get("indicator", indicator)
            if not isinstance(line_indicator, str):
                raise InputError('"indicator" is required')
            options = {
                k: request.get(k, default)
                for k, default in (("run_13_1", run_13_1), ("pairs", pairs))
            }
            if not all(isinstance(v, bool) for v in options.values()):
                raise InputError('"run_13_1" and "pairs" must be true or false')
            result = check_hand(tiles, line_indicator, **options)
        except json.JSONDecodeError as error:
            result = {"error": f"not a JSON line: {error}"}
        except InputError as error:
            result = {"error": str(error)}
        sink.write(json.dumps(result) + "\n")
        sink.flush()
    return 0


def _configure_open(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("tiles", nargs="+", help="the rack, e.g. R1 R2 R3 K13 F")
    parser.add_argument("--indicator", required=True, help="the face-up indicator tile, e.g. Y6")
    parser.add_argument(
        "--rule", choices=("sum101", "middle34"), default="sum101", help="101 opening rule"
    )


@command("open", help="best 101 Okey opening of a rack", configure=_configure_open)
def run_open(args: argparse.Namespace) -> int:
    # Imported here so the classic commands do not load the 101 package.
    from engine.okey101.opening import best_opening

    try:
        indicator_face = parse_face(args.indicator)
        okey = okey_face(indicator_face)
        tiles = parse_tiles(" ".join(args.tiles))
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if sum(1 for t in tiles if t >> 1 == indicator_face) >= 2:
        print(
            "error: three copies of the indicator: two in the rack and the indicator",
            file=sys.stderr,
        )
        return 2
    found = best_opening(tiles, okey, rule=args.rule)
    groups = [format_tiles(g).split() for g in found.groups]
    print(json.dumps({"points": found.points, "groups": groups, "pairs": found.pairs}))
    return 0
