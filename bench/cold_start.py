"""Cold start of the command lines: what one fresh ``python -m rules``, ``python -m ai move`` and
``python -m rendering`` costs before it does its work, and what it imports for it.

Each command runs in fresh subprocesses, as a tool or a test calls it, for a few games (a
Latrunculi rule set, chess, backgammon, ludo): the median wall time and the median CPU time of
the child (user + system, from ``os.wait4``: on a shared machine the wall clock also counts the
time spent waiting for a core, the CPU time does not), then, from as many runs under
``python -X importtime``, the median import cost (the sum of every module's own import time) and
the modules imported: how many, whether python-chess (``chess``), ``gnubg`` and Pillow (``PIL``)
were among them, and which games' modules (rules, engine or renderer of latrunculi, chess,
draughts, backgammon, ludo) were. A command for one game should load that game alone;
``python -m rules variants`` lists every game, so it loads them all by design (shown for
reference, as is a bare ``python -c pass``: what any command costs before importing anything).
The load average is printed before and after, since wall figures mean little without it.

Run: ``python bench/cold_start.py`` (``--runs N`` per command, ``--games classic,chess`` to
choose the games).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("classic", "chess", "backgammon", "ludo")
#: A position per game with something to think about (backgammon and ludo with the dice rolled:
#: at their starts the only action is ``roll``).
POSITIONS = {
    "classic": "classic",
    "rugen": "rugen",
    "schadler": "schadler",
    "lat": "lat",
    "chess": "chess",
    "draughts": "draughts",
    "backgammon": "backgammon:XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10",
    "ludo": "ludo:R:12,0,B,B/Y:F,41,3,B Y 6",
}
#: ``python -m rendering`` takes the games other than Latrunculi through an option.
RENDER_ARGS = {
    "chess": ["--chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"],
    "draughts": ["--draughts", "B:W21,22,23,24:B1,2,3,4"],
    "backgammon": ["--backgammon", POSITIONS["backgammon"]],
    "ludo": ["--ludo", POSITIONS["ludo"]],
}
#: The module name prefixes that belong to each game (rules, engine, renderer).
GAME_MODULES = {
    "latrunculi": ("rules.games.latrunculi", "ai.engines.latrunculi"),
    "chess": ("rules.games.chess", "ai.engines.chess", "rendering.chess"),
    "draughts": ("rules.games.draughts", "ai.engines.draughts", "rendering.draughts"),
    "backgammon": ("rules.games.backgammon", "ai.engines.backgammon", "rendering.backgammon"),
    "ludo": ("rules.games.ludo", "ai.engines.ludo", "rendering.ludo"),
}
LIBRARIES = ("chess", "gnubg", "PIL")


@dataclass(frozen=True)
class Command:
    """One command line, as its label and the arguments after ``python``."""

    label: str
    args: tuple[str, ...]


@dataclass(frozen=True)
class Figures:
    """The medians of one command's runs, and what its first importtime run imported."""

    wall_ms: float
    cpu_ms: float
    import_ms: float
    modules: frozenset[str]


def commands(games: Sequence[str], picture: Path) -> list[Command]:
    """The commands measured: for each game its ``rules``, ``ai`` and ``rendering`` line."""
    found = [Command("python -c pass (the interpreter alone)", ("-c", "pass"))]
    for game in games:
        position = POSITIONS[game]
        found.append(Command(f"rules moves {game}", ("-m", "rules", "moves", position)))
        found.append(
            Command(
                f"ai move {game} --level easy --time 0.05",
                ("-m", "ai", "move", position, "--level", "easy", "--time", "0.05"),
            )
        )
        render = RENDER_ARGS.get(game, [position])
        found.append(Command(f"rendering {game}", ("-m", "rendering", *render, "-o", str(picture))))
    found.append(Command("rules variants (every game)", ("-m", "rules", "variants")))
    return found


def run_once(args: Sequence[str]) -> tuple[float, float, str]:
    """One fresh run: wall seconds, CPU seconds of the child, and its stderr."""
    with tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        child = subprocess.Popen(
            [sys.executable, *args], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=err
        )
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - started
        child.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        stderr = err.read().decode(errors="replace")
    if child.returncode != 0:
        raise SystemExit(f"python {' '.join(args)} failed ({child.returncode}):\n{stderr[-2000:]}")
    return wall, usage.ru_utime + usage.ru_stime, stderr


def import_report(stderr: str) -> tuple[float, frozenset[str]]:
    """The summed own import time (seconds) and the modules named by ``-X importtime``."""
    total_us, names = 0, set()
    for line in stderr.splitlines():
        if not line.startswith("import time:") or "imported package" in line:
            continue
        self_us, _, name = line.removeprefix("import time:").split("|", 2)
        total_us += int(self_us)
        names.add(name.strip())
    return total_us / 1e6, frozenset(names)


def measure(command: Command, runs: int) -> Figures:
    """The medians of ``runs`` plain runs and of ``runs`` runs under ``-X importtime``."""
    walls, cpus, imports = [], [], []
    modules: frozenset[str] = frozenset()
    for _ in range(runs):
        wall, cpu, _ = run_once(command.args)
        walls.append(wall)
        cpus.append(cpu)
        _, _, stderr = run_once(("-X", "importtime", *command.args))
        seconds, names = import_report(stderr)
        imports.append(seconds)
        modules = modules or names
    return Figures(
        wall_ms=statistics.median(walls) * 1000,
        cpu_ms=statistics.median(cpus) * 1000,
        import_ms=statistics.median(imports) * 1000,
        modules=modules,
    )


def games_loaded(modules: frozenset[str]) -> str:
    """The games some of whose modules were imported, comma-separated (``-`` for none)."""
    loaded = [
        game
        for game, prefixes in GAME_MODULES.items()
        if any(m == p or m.startswith((p + ".", p + "_")) for m in modules for p in prefixes)
    ]
    return ",".join(loaded) or "-"


def load() -> str:
    """The machine's load average over 1, 5 and 15 minutes."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=5, help="runs per command (default 5)")
    parser.add_argument(
        "--games", default=",".join(GAMES), help=f"comma-separated (default {','.join(GAMES)})"
    )
    args = parser.parse_args(argv)
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    unknown = [g for g in games if g not in POSITIONS]
    if unknown:
        parser.error(f"unknown games {unknown} (expected some of {', '.join(POSITIONS)})")
    print(
        f"cold start, python {platform.python_version()}, {os.cpu_count()} cores, "
        f"load average {load()} (before)"
    )
    print(
        f"{args.runs} fresh runs per command: median wall and child CPU ms; import = median "
        f"summed import time of {args.runs} runs under -X importtime; modules = how many it "
        "imported"
    )
    header = (
        f"{'command':<44} {'wall ms':>8} {'cpu ms':>7} {'import ms':>9} {'modules':>7} "
        f"{'chess':>5} {'gnubg':>5} {'PIL':>3}  games loaded"
    )
    print(header)
    print("-" * len(header))
    with tempfile.TemporaryDirectory() as tmp:
        for command in commands(games, Path(tmp) / "board.png"):
            fig = measure(command, args.runs)
            flags = ["yes" if lib in fig.modules else "no" for lib in LIBRARIES]
            print(
                f"{command.label:<44} {fig.wall_ms:>8.0f} {fig.cpu_ms:>7.0f} "
                f"{fig.import_ms:>9.0f} {len(fig.modules):>7} {flags[0]:>5} {flags[1]:>5} "
                f"{flags[2]:>3}  {games_loaded(fig.modules)}",
                flush=True,
            )
    print(f"load average {load()} (after)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
