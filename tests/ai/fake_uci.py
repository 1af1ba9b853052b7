"""A tiny UCI chess engine for the tests of the Stockfish path: it answers the UCI handshake
and always plays the legal move whose UCI text sorts last (``h2h4`` at the start), so a test
can tell its moves from the built-in search's. With ``FAKE_UCI_LOG`` set it appends every
command it receives to that file, so a test can also see whether it was started at all.

Run as a real subprocess by python-chess (``chess.engine.SimpleEngine.popen_uci``)."""

from __future__ import annotations

import os
import sys

import chess


def main() -> None:
    board = chess.Board()
    log = os.environ.get("FAKE_UCI_LOG")
    for line in sys.stdin:
        command = line.strip()
        if log:
            with open(log, "a", encoding="utf-8") as out:
                out.write(command + "\n")
        words = command.split()
        if command == "uci":
            print("id name FakeFish\nid author tests\nuciok", flush=True)
        elif command == "isready":
            print("readyok", flush=True)
        elif words[:1] == ["position"]:
            if words[1] == "startpos":
                board, rest = chess.Board(), words[2:]
            else:
                board, rest = chess.Board(" ".join(words[2:8])), words[8:]
            for uci in rest[1:] if rest[:1] == ["moves"] else []:
                board.push_uci(uci)
        elif words[:1] == ["go"]:
            move = max(board.legal_moves, key=lambda m: m.uci())
            print(f"bestmove {move.uci()}", flush=True)
        elif command == "quit":
            break


if __name__ == "__main__":
    main()
