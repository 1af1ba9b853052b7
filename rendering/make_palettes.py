"""``python -m rendering.make_palettes [-o FILE]``: make every picture kind's fixed palettes
from its samples and write them to ``rendering/assets/palettes.json`` (:mod:`rendering.palette`).

Run it after changing a theme's colours, a piece or a mark: ``tests/rendering/test_palette.py``
fails while a shipped palette no longer fits its kind's samples.
"""

from __future__ import annotations

import argparse
import importlib
import json
from collections.abc import Sequence
from pathlib import Path

from .palette import RENDERERS, SHIPPED, make_table


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m rendering.make_palettes",
        description="Make the picture kinds' fixed palettes from their samples.",
    )
    parser.add_argument("-o", "--output", type=Path, default=SHIPPED)
    args = parser.parse_args(argv)
    for module in RENDERERS:  # each registers its kind's samples
        importlib.import_module(f"rendering.{module}")
    table = make_table()
    args.output.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{args.output}: {len(table)} palettes ({', '.join(table)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
