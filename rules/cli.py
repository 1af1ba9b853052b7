"""``python -m rules``: a thin command line over the rules core (see shared/spec/notation.md).

Output goes to stdout; errors go to stderr as one line with exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from . import position_from_text
from .errors import MoveError, RulesError
from .game import Game
from .position import Position
from .variant import find_variant, variants

EXIT_ERROR = 2


class CommandError(Exception):
    """A failure to report on stderr with exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors as one line with status 2 (its default status)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise CommandError(f"usage: {message}")


def _position(text: str) -> Position:
    return position_from_text(text)


def cmd_variants(_: argparse.Namespace) -> str:
    lines = []
    for v in variants():
        w, h = v.sizes[0]
        lines.append(f"{v.id}\t{v.name}\t{w}x{h}")
    return "\n".join(lines)


def cmd_start(args: argparse.Namespace) -> str:
    options: dict[str, str] = {}
    for item in args.option or []:
        key, eq, value = item.partition("=")
        if not eq or not key:
            raise CommandError(f"--option {item!r}: expected key=value")
        options[key.strip()] = value.strip()
    return find_variant(args.variant).start_position(options).to_lpn()


def cmd_moves(args: argparse.Namespace) -> str:
    game = Game(_position(args.position))
    return "\n".join(sorted(str(m) for m in game.legal_moves()))


def cmd_play(args: argparse.Namespace) -> str:
    game = Game(_position(args.position))
    results = []
    for index, text in enumerate(args.moves):
        try:
            results.append(game.play(text).as_json())
        except MoveError as exc:
            raise CommandError(f"move {index} ({text!r}): {exc}") from None
    outcome = game.outcome.as_json() if game.outcome else None
    return json.dumps({"position": game.position.to_lpn(), "moves": results, "outcome": outcome})


def cmd_perft(args: argparse.Namespace) -> str:
    if args.depth < 0:
        raise CommandError("depth must be 0 or more")
    return str(Game(_position(args.position)).perft(args.depth))


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m rules", description="The Latrunculi rules core.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    sub.add_parser("variants", help="list the variants").set_defaults(func=cmd_variants)
    p = sub.add_parser("start", help="print a variant's start position in LPN")
    p.add_argument("variant")
    p.add_argument("--option", action="append", metavar="KEY=VALUE")
    p.set_defaults(func=cmd_start)
    p = sub.add_parser("moves", help="list the legal moves of a position")
    p.add_argument("position")
    p.set_defaults(func=cmd_moves)
    p = sub.add_parser("play", help="play moves from a position, print JSON")
    p.add_argument("position")
    p.add_argument("moves", nargs="*")
    p.set_defaults(func=cmd_play)
    p = sub.add_parser("perft", help="count legal move sequences")
    p.add_argument("position")
    p.add_argument("depth", type=int)
    p.set_defaults(func=cmd_perft)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        output = args.func(args)
    except (CommandError, RulesError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_ERROR
    if output:
        print(output)
    return 0
