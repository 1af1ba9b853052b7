"""Building the front end when the bot starts with the live board on: ``npm ci`` (when
``node_modules`` is missing) and ``npm run build`` (when ``dist`` is missing or older than
any source file), so the README's run command serves a current page. Without npm the bot
runs on and the pages say how to build by hand."""

from __future__ import annotations

import asyncio
import logging
import shutil
from pathlib import Path

__all__ = ["ACTIVITY_FRONTEND", "FRONTEND", "build_frontend", "is_stale"]

log = logging.getLogger(__name__)

FRONTEND = Path(__file__).resolve().parent / "frontend"
ACTIVITY_FRONTEND = Path(__file__).resolve().parent / "frontend-activity"
"""The Discord Activity's page (issue 35); it imports the board's modules from
``FRONTEND/src``, so a change there makes it stale too."""
_SOURCES = (
    "src",
    "index.html",
    "mock.html",
    "package.json",
    "package-lock.json",
    "vite.config.ts",
    "tsconfig.json",
)


def _newest(paths: list[Path]) -> float:
    newest = 0.0
    for path in paths:
        if path.is_dir():
            newest = max([newest, *(p.stat().st_mtime for p in path.rglob("*") if p.is_file())])
        elif path.is_file():
            newest = max(newest, path.stat().st_mtime)
    return newest


def is_stale(frontend: Path = FRONTEND) -> bool:
    """Whether ``dist`` is missing or older than a source file (of the board's own front end
    too, whose modules the Activity's page imports)."""
    index = frontend / "dist" / "index.html"
    if not index.is_file():
        return True
    sources = [frontend / name for name in _SOURCES]
    if frontend != FRONTEND:
        sources.append(FRONTEND / "src")
    return _newest(sources) > index.stat().st_mtime


async def _run(*command: str, cwd: Path) -> bool:
    process = await asyncio.create_subprocess_exec(
        *command, cwd=cwd, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT
    )
    output, _ = await process.communicate()
    if process.returncode != 0:
        log.error("%s failed:\n%s", " ".join(command), output.decode(errors="replace")[-3000:])
        return False
    return True


async def build_frontend(frontend: Path = FRONTEND) -> bool:
    """Build when stale; ``True`` when ``dist`` is current afterwards."""
    if not is_stale(frontend):
        return True
    npm = shutil.which("npm")
    if npm is None:
        log.error(
            "the live board's front end is not built and npm is not installed: "
            "install Node.js 20+ and run `npm ci && npm run build` in %s",
            frontend,
        )
        return False
    log.info("building the live board's front end (npm run build in %s)", frontend)
    if not (frontend / "node_modules").is_dir() and not await _run(
        npm, "ci", "--no-audit", "--no-fund", cwd=frontend
    ):
        return False
    return await _run(npm, "run", "build", cwd=frontend)
