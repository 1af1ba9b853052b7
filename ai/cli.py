"""``python -m ai``: the computer opponent on the command line, for tools and tests.

``python -m ai move POSITION [MOVES...] [--level easy|medium|hard] [--time SECONDS] [--seed N]``
prints the chosen action in canonical notation (as ``python -m rules moves`` writes it) and
exits 0; bad input exits 2 with one line on stderr, like ``python -m rules``. ``MOVES`` are
played from ``POSITION`` first, so the repetition rule sees the game's history.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from rules.errors import RulesError

from . import choose_action
from .errors import AIError
from .levels import Level

EXIT_ERROR = 2


class CommandError(Exception):
    """A failure to report on stderr with exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors as one line with status 2 (its default status)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise CommandError(f"usage: {message}")


def cmd_move(args: argparse.Namespace) -> str:
    """The opponent's move after ``MOVES`` from ``POSITION``."""
    return choose_action(args.position, Level(args.level), args.time, args.seed, args.moves)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m ai", description="The computer opponent of every game.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    p = sub.add_parser("move", help="print the move the opponent chooses in a position")
    p.add_argument("position", help="a position text, or a game id for its start")
    p.add_argument("moves", nargs="*", help="moves played from POSITION first (repetition counts)")
    p.add_argument("--level", choices=[level.value for level in Level], default=Level.HARD.value)
    p.add_argument("--time", type=float, metavar="SECONDS", help="cap the thinking time")
    p.add_argument("--seed", type=int, help="make the choice reproducible")
    p.set_defaults(func=cmd_move)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        output = args.func(args)
    except (CommandError, RulesError, AIError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_ERROR
    print(output)
    return 0
