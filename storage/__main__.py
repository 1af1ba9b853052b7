"""Storage on the command line: ``python -m storage copy SRC_URL DST_URL``.

Copies a whole database (every table, ids kept) into an empty one and verifies it by
replaying every game on the destination (:mod:`storage.copy`). Exit status 0 when the copy
verified, 1 when it was refused or did not verify (with one line saying why), 2 for bad usage.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

from .copy import BATCH_ROWS, copy_urls
from .errors import StorageError

log = logging.getLogger("storage")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m storage", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    copy = commands.add_parser(
        "copy",
        help="copy every table into an empty database and verify it by replaying every game",
    )
    copy.add_argument("source", metavar="SRC_URL", help="sqlite:///path or postgresql://...")
    copy.add_argument("destination", metavar="DST_URL", help="an empty database (created if new)")
    copy.add_argument("--batch", type=int, default=BATCH_ROWS, help="rows per insert batch")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    if args.batch < 1:
        parser.error("--batch must be at least 1")
    try:
        asyncio.run(copy_urls(args.source, args.destination, batch_rows=args.batch))
    except StorageError as exc:
        log.error("copy failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
