"""Builds the small opening book the built-in chess engine ships
(``ai/engines/chess_search/book.bin``) from GNU Chess's book.

Source: Debian's ``gnuchess-book`` package (``apt-get install gnuchess-book``), whose
``/usr/share/games/gnuchess/book.bin`` is a Polyglot book that its Debian copyright file
declares public domain (compiled by Stuart Cracraft and Simon Waters from free game
collections). The full book is 2.9 MB; this keeps only the main lines: from the start
position, every move played at least ``--share`` of the most-played move's count and at least
``--min-weight`` times, up to ``--plies`` plies deep. The output is again a Polyglot book
(entries sorted by key) that python-chess's reader opens.

Run: ``python tools/make_chess_book.py [--source PATH] [--out PATH]``.
"""

from __future__ import annotations

import argparse
import logging
import struct
from pathlib import Path

import chess
import chess.polyglot

log = logging.getLogger("make_chess_book")

SOURCE = Path("/usr/share/games/gnuchess/book.bin")
OUT = Path(__file__).resolve().parent.parent / "ai" / "engines" / "chess_search" / "book.bin"


def collect(
    reader: chess.polyglot.MemoryMappedReader, plies: int, share: float, min_weight: int
) -> dict[tuple[int, int], int]:
    """(zobrist key, raw move) -> weight of the kept lines."""
    kept: dict[tuple[int, int], int] = {}
    seen: set[int] = set()

    def walk(board: chess.Board, depth: int) -> None:
        key = chess.polyglot.zobrist_hash(board)
        if depth >= plies or key in seen:
            return
        seen.add(key)
        entries = list(reader.find_all(board))
        if not entries:
            return
        top = max(entry.weight for entry in entries)
        for entry in entries:
            if entry.weight < max(min_weight, share * top):
                continue
            kept[(entry.key, entry.raw_move)] = entry.weight
            board.push(entry.move)
            walk(board, depth + 1)
            board.pop()

    walk(chess.Board(), 0)
    return kept


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, default=SOURCE)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--plies", type=int, default=14)
    parser.add_argument("--share", type=float, default=0.1)
    parser.add_argument("--min-weight", type=int, default=8)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    with chess.polyglot.open_reader(args.source) as reader:
        kept = collect(reader, args.plies, args.share, args.min_weight)
    with args.out.open("wb") as out:
        for (key, raw_move), weight in sorted(kept.items()):
            out.write(struct.pack(">QHHI", key, raw_move, min(weight, 0xFFFF), 0))
    log.info("%d entries written to %s", len(kept), args.out)


if __name__ == "__main__":
    main()
