"""``python -m rules``: a thin command line over the rules core, for every registered game
(shared/spec/notation.md for Latrunculi, shared/spec/games.md for the others).

It speaks only the house interface of :mod:`rules.games`, so a new game needs nothing here.
Output goes to stdout; errors go to stderr as one line with exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from .errors import MoveError, RulesError
from .games import Session, all_games, find_game, open_session

EXIT_ERROR = 2


class CommandError(Exception):
    """A failure to report on stderr with exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors as one line with status 2 (its default status)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise CommandError(f"usage: {message}")


def _session(text: str) -> Session[Any]:
    """A session at a position text, or at a game's start for a bare id."""
    return open_session(text)


def cmd_variants(_: argparse.Namespace) -> str:
    return "\n".join(f"{g.id}\t{g.name}\t{g.board}" for g in all_games())


def cmd_start(args: argparse.Namespace) -> str:
    options: dict[str, str] = {}
    for item in args.option or []:
        key, eq, value = item.partition("=")
        if not eq or not key:
            raise CommandError(f"--option {item!r}: expected key=value")
        options[key.strip()] = value.strip()
    return find_game(args.variant).start(options)


def cmd_moves(args: argparse.Namespace) -> str:
    return "\n".join(_session(args.position).legal_actions())


def cmd_play(args: argparse.Namespace) -> str:
    session = _session(args.position)
    results = []
    for index, text in enumerate(args.moves):
        try:
            results.append(session.play(text).as_json())
        except MoveError as exc:
            raise CommandError(f"move {index} ({text!r}): {exc}") from None
    outcome = session.outcome.as_json() if session.outcome else None
    return json.dumps({"position": session.position_text(), "moves": results, "outcome": outcome})


def cmd_perft(args: argparse.Namespace) -> str:
    if args.depth < 0:
        raise CommandError("depth must be 0 or more")
    return str(_session(args.position).perft(args.depth))


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m rules", description="The rules core of every game.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    sub.add_parser("variants", help="list the games").set_defaults(func=cmd_variants)
    p = sub.add_parser("start", help="print a game's start position")
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
