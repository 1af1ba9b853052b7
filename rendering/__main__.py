"""``python -m rendering POSITION [--last-move MOVE] [--view black] [--theme dark] -o out.png``.

POSITION is an LPN string or a bare variant id (its start position). ``--last-move`` plays MOVE
from POSITION first and shows the resulting position with that move highlighted (and the result
in the caption if the move ended the game): the rules core then says what the move captured or
released, which a position alone cannot tell.
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

import rules

from .render import render_board
from .theme import THEMES

log = logging.getLogger("rendering")


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m rendering", description="Render a Latrunculi position as a PNG."
    )
    p.add_argument("position", help="an LPN position, or a variant id for its start position")
    p.add_argument(
        "--last-move",
        metavar="MOVE",
        help="play MOVE from POSITION and highlight it (e.g. a2-a5, @d4, xd5)",
    )
    p.add_argument(
        "--view",
        choices=[s.value for s in rules.Side],
        default="white",
        help="the side shown at the bottom (default: white)",
    )
    p.add_argument("--theme", choices=sorted(THEMES), default="light")
    p.add_argument(
        "--players",
        metavar="WHITE,BLACK",
        help="display names, comma-separated (default: White,Black)",
    )
    p.add_argument("--move-number", type=int, help="shown as 'Move N' in the caption")
    p.add_argument("-o", "--output", required=True, type=Path, help="where to write the PNG")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    players = ("White", "Black")
    if args.players:
        names = [n.strip() for n in args.players.split(",", 1)]
        if len(names) != 2:
            print("error: --players needs two names separated by a comma", file=sys.stderr)
            return 2
        players = (names[0], names[1])
    try:
        game = rules.Game(rules.position_from_text(args.position))
        last = game.play(args.last_move) if args.last_move else None
    except (rules.RulesError, ValueError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    png = render_board(
        game.position,
        last_move=last,
        view=rules.Side(args.view),
        theme=args.theme,
        players=players,
        outcome=game.outcome,
        move_number=args.move_number,
    )
    args.output.write_bytes(png)
    print(args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
