"""What a fresh interpreter has imported after some code or a real command line: the tests of
lazy loading ask this, since within the test process every game is long imported.

A probe runs in its own ``python`` process (this suite's interpreter, the repository as its
working directory) and reports ``sorted(sys.modules)`` through a file, so the command's own
stdout and stderr stay as they are.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: The modules each game brings, by name prefix: its rules, its engine, its renderer, and the
#: library behind it (python-chess is ``chess``; gnubg plays backgammon's hard level).
GAME_MODULES = {
    "latrunculi": ("rules.games.latrunculi", "ai.engines.latrunculi"),
    "chess": ("chess", "rules.games.chess", "ai.engines.chess", "rendering.chess"),
    "draughts": ("rules.games.draughts", "ai.engines.draughts", "rendering.draughts"),
    "backgammon": (
        "gnubg",
        "rules.games.backgammon",
        "ai.engines.backgammon",
        "rendering.backgammon",
    ),
    "ludo": ("rules.games.ludo", "ai.engines.ludo", "rendering.ludo"),
}

_CODE = """
import json, sys
_out = sys.argv.pop(1)
try:
    exec(compile(sys.argv.pop(1), "<probe>", "exec"), {"__name__": "__probe__"})
finally:
    with open(_out, "w") as _f:
        json.dump(sorted(sys.modules), _f)
"""

_CLI = """
import runpy, sys
sys.argv = sys.argv[1:]
runpy.run_module(sys.argv[0], run_name="__main__", alter_sys=True)
"""


@dataclass(frozen=True)
class Probe:
    """A finished probe: the modules imported, and the process's result."""

    modules: frozenset[str]
    returncode: int
    stdout: str
    stderr: str

    def games(self) -> set[str]:
        """The games some of whose modules were imported (see :data:`GAME_MODULES`)."""
        return {game for game in GAME_MODULES if self.loaded(GAME_MODULES[game])}

    def loaded(self, prefixes: Iterable[str]) -> list[str]:
        """The imported modules that are one of ``prefixes`` or start with one (``rendering.
        ludo`` also covers ``rendering.ludo_sprites``)."""
        prefixes = tuple(prefixes)
        return sorted(
            m
            for m in self.modules
            for p in prefixes
            if m == p or m.startswith(p + ".") or ("." in p and m.startswith(p + "_"))
        )


def run_code(code: str, cwd: Path = ROOT) -> Probe:
    """Run ``code`` (Python statements) in a fresh interpreter and see what it imported."""
    return _run(["-c", _CODE, "OUT", code], cwd)


def run_cli(module: str, *args: str, cwd: Path = ROOT) -> Probe:
    """Run ``python -m module args...`` in a fresh interpreter, as its ``__main__`` (through
    :func:`runpy.run_module`, which is what ``-m`` does), and see what it imported."""
    return _run(["-c", _CODE, "OUT", _CLI, module, *args], cwd)


def _run(args: list[str], cwd: Path) -> Probe:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "modules.json"
        argv = [str(out) if a == "OUT" else a for a in args]
        done = subprocess.run(
            [sys.executable, *argv],
            capture_output=True,
            text=True,
            timeout=120,
            cwd=cwd,
            env=_env(),
        )
        modules = frozenset(json.loads(out.read_text())) if out.exists() else frozenset()
    return Probe(modules, done.returncode, done.stdout, done.stderr)


def _env() -> dict[str, str]:
    """This environment, with the repository importable wherever the probe runs."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH", "")]))
    return env
