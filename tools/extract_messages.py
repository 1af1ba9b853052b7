"""Write ``bot/locale/bot.pot`` from the code and merge it into every language's ``.po``.

    .venv/bin/python tools/extract_messages.py

New texts arrive in each ``.po`` untranslated (shown in English until translated; the catalog
test fails until every language has them); changed texts are kept as fuzzy with the old
translation to revise; texts gone from the code are dropped. Then translate the new entries
and run ``pytest tests/bot/test_bot_catalogs.py``.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from babel.messages.pofile import read_po, write_po  # noqa: E402

from bot.catalogs import template  # noqa: E402
from bot.i18n import DEFAULT_LANGUAGE, DOMAIN, LANGUAGES, LOCALE_DIR, babel_locale  # noqa: E402

log = logging.getLogger("extract_messages")


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    pot = asyncio.run(template())
    with (LOCALE_DIR / f"{DOMAIN}.pot").open("wb") as f:
        write_po(f, pot, width=100, omit_header=False, sort_output=False)
    log.info("template: %d texts", len(pot))
    for language in LANGUAGES:
        if language == DEFAULT_LANGUAGE:
            continue
        path = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"
        with path.open("rb") as f:
            catalog = read_po(f, locale=babel_locale(language), domain=DOMAIN)
        catalog.update(pot, update_header_comment=False)
        with path.open("wb") as f:
            write_po(f, catalog, width=100, ignore_obsolete=True)
        missing = [m.id for m in catalog if m.id and (not m.string or m.fuzzy)]
        log.info("%s: %d texts, %d to translate", language, len(catalog), len(missing))


if __name__ == "__main__":
    main()
