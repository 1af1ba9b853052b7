"""``python -m rendering POSITION [--last-move MOVE] [--view black] [--theme dark] -o out.png``.

POSITION is an LPN string or a bare variant id (its start position). ``--last-move`` plays MOVE
from POSITION first and shows the resulting position with that move highlighted (and the result
in the caption if the move ended the game): the rules core then says what the move captured or
released, which a position alone cannot tell.

``--gif POSITION MOVE... [-o replay.gif]`` writes the game from POSITION (LPN, a variant id,
``chess:<FEN>``, ``draughts:<PDN FEN>``, or ``chess`` / ``draughts``) through the MOVEs as an
animated GIF, one frame per move, the last held longer.

``--chess FEN``, ``--draughts "B:W21,…:B1,…"`` and ``--backgammon "backgammon:XGID=…"`` draw
those games instead. Their pictures take
a plain description, so here POSITION is the position *after* the move, ``--last-move`` only
names the squares to mark (``e2e4``; ``15x24x31``), and ``--check SQUARE`` (chess) and
``--jumped 19,K27`` (draughts) say what the move did. For backgammon ``--last-move`` is the
turn that led to the XGID in its usual notation (``24/18 13/11*``, hits marked ``*``) and
``--sheet-labels`` adds the game sheet's 1A…12A in small print. For ludo
(``--ludo "ludo:R:12,0,B,B/Y:F,41,3,B Y 6"``) ``--last-move`` is the colour and the move in its
progress (``Y:3-9``), ``--knocked 17,23`` the track fields where it knocked tokens, and
``--players`` the names in seat order.
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

import rules

from .caption import Caption
from .render import render_board
from .theme import THEMES

# The other games' renderers, their text parsers (.plain_text) and the replays (.game_frames)
# are imported by the functions that draw them: a Latrunculi picture does not load them.

log = logging.getLogger("rendering")


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m rendering",
        description="Render a Latrunculi, chess, draughts, backgammon or ludo position as a PNG.",
    )
    p.add_argument(
        "position", nargs="?", help="an LPN position, or a variant id for its start position"
    )
    p.add_argument(
        "moves",
        nargs="*",
        metavar="MOVE",
        help="with --gif: the moves played from POSITION, one frame each",
    )
    p.add_argument(
        "--gif",
        action="store_true",
        help="write the game from POSITION through the MOVEs as an animated GIF (POSITION "
        "may also be chess:<FEN>, draughts:<PDN FEN>, or 'chess' / 'draughts')",
    )
    game = p.add_mutually_exclusive_group()
    game.add_argument("--chess", metavar="FEN", help="draw this chess position instead")
    game.add_argument(
        "--draughts", metavar="POSITION", help="draw this draughts position (PDN FEN) instead"
    )
    game.add_argument(
        "--backgammon", metavar="XGID", help="draw this backgammon position (XGID) instead"
    )
    game.add_argument("--ludo", metavar="POSITION", help="draw this ludo position (ludo:…) instead")
    p.add_argument(
        "--knocked", metavar="FIELDS", help="ludo: track fields where tokens were knocked"
    )
    p.add_argument(
        "--sheet-labels",
        action="store_true",
        help="backgammon: also label the points 1…12, 1A…12A as the game sheet does",
    )
    p.add_argument("--check", metavar="SQUARE", help="chess: the king in check stands here")
    p.add_argument(
        "--jumped", metavar="SQUARES", help="draughts: squares jumped, e.g. 19,K27 (K: a king)"
    )
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
    p.add_argument(
        "--move-number",
        type=int,
        help="the full move (one turn of each side), shown as 'Move N' in the caption",
    )
    p.add_argument(
        "-o",
        "--output",
        type=Path,
        help="where to write the picture (default: board.png, or replay.gif with --gif)",
    )
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    players = ("White", "Black")
    if args.output is None:
        args.output = Path("replay.gif" if args.gif else "board.png")
    if args.moves and not args.gif:
        print("error: moves after POSITION need --gif (or use --last-move)", file=sys.stderr)
        return 2
    if args.gif:
        return _gif(args)
    if args.ludo:
        if args.position:
            print("error: give POSITION or --ludo, not both", file=sys.stderr)
            return 2
        try:
            png = _ludo(args)
        except ValueError as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
        args.output.write_bytes(png)
        print(args.output)
        return 0
    if args.players:
        names = [n.strip() for n in args.players.split(",", 1)]
        if len(names) != 2:
            print("error: --players needs two names separated by a comma", file=sys.stderr)
            return 2
        players = (names[0], names[1])
    if args.chess or args.draughts or args.backgammon:
        if args.position:
            print(
                "error: give POSITION or --chess/--draughts/--backgammon, not both",
                file=sys.stderr,
            )
            return 2
        try:
            png = _other_game(args, players)
        except ValueError as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
        args.output.write_bytes(png)
        print(args.output)
        return 0
    if not args.position:
        print("error: give a POSITION (or --chess FEN, --draughts POSITION)", file=sys.stderr)
        return 2
    try:
        game = rules.Game(rules.position_from_text(args.position))
        before = game.position
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
        before=before if last is not None else None,
    )
    args.output.write_bytes(png)
    print(args.output)
    return 0


def _gif(args: argparse.Namespace) -> int:
    """``--gif POSITION MOVE...``: the replay of those moves, written to ``args.output``."""
    if not args.position:
        print("error: --gif needs a POSITION (and the MOVEs played from it)", file=sys.stderr)
        return 2
    names = [n.strip() for n in (args.players or "White,Black").split(",", 1)]
    if len(names) != 2:
        print("error: --players needs two names separated by a comma", file=sys.stderr)
        return 2
    from .game_frames import game_frames, replay_gif

    try:
        frames = game_frames(
            args.position,
            args.moves,
            view=args.view,
            theme=args.theme,
            players=(names[0], names[1]),
        )
        gif = replay_gif(frames)
    except (rules.RulesError, ValueError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    args.output.write_bytes(gif)
    print(args.output)
    return 0


def _ludo(args: argparse.Namespace) -> bytes:
    """The ludo picture the arguments ask for."""
    from .ludo import render_ludo
    from .plain_text import ludo_move, ludo_position

    names = [n.strip() for n in args.players.split(",")] if args.players else []
    knocked: list[int] = []
    for item in filter(None, (args.knocked or "").split(",")):
        if not item.strip().isdigit():
            raise ValueError(f"--knocked takes track fields 0–39, not {item!r}")
        knocked.append(int(item))
    return render_ludo(
        ludo_position(args.ludo, names),
        last_move=ludo_move(args.last_move) if args.last_move else None,
        knocked=knocked,
        theme=args.theme,
    )


def _other_game(args: argparse.Namespace, players: tuple[str, str]) -> bytes:
    """The chess, draughts or backgammon picture the arguments ask for."""
    if args.backgammon:
        from .backgammon import render_backgammon
        from .plain_text import backgammon_position, backgammon_steps

        steps, hits = backgammon_steps(args.last_move) if args.last_move else ([], [])
        return render_backgammon(
            backgammon_position(args.backgammon),
            last_move=steps,
            hits=hits,
            view=args.view,
            sheet_labels=args.sheet_labels,
            theme=args.theme,
            caption=Caption(players=players, move_number=args.move_number),
        )
    if args.chess:
        from .chess import render_chess
        from .plain_text import chess_move, chess_position

        pieces, turn = chess_position(args.chess)
        return render_chess(
            pieces,
            last_move=chess_move(args.last_move) if args.last_move else None,
            check=args.check,
            to_move=turn,
            view=args.view,
            theme=args.theme,
            caption=Caption(players=players, title="Chess", move_number=args.move_number),
        )
    from .draughts import render_draughts
    from .plain_text import draughts_jumped, draughts_path, draughts_position

    board, turn = draughts_position(args.draughts)
    path = draughts_path(args.last_move) if args.last_move else []
    mover = board.get(path[-1]) if path else None
    return render_draughts(
        board,
        last_move=path,
        jumped=draughts_jumped(args.jumped, mover) if args.jumped else (),
        to_move=turn,
        view=args.view,
        theme=args.theme,
        caption=Caption(players=players, title="Draughts", move_number=args.move_number),
    )


if __name__ == "__main__":
    sys.exit(main())
