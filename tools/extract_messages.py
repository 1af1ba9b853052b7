"""Write ``bot/locale/<domain>.pot`` from the code and merge each into every language's
``<language>/LC_MESSAGES/<domain>.po``.

    .venv/bin/python tools/extract_messages.py                  # every domain
    .venv/bin/python tools/extract_messages.py --domain play    # only the ones you work on

New texts arrive in each ``.po`` untranslated (shown in English until translated; the catalog
test fails until every language has them) -- unless the language already translates the same
text in another domain (a file moved between domains keeps its translations); changed texts
are kept as fuzzy with the old translation to revise; texts gone from the code are dropped.
Then translate the new entries and run ``pytest tests/bot/test_bot_catalogs.py``.
Which file belongs to which domain: ``bot/catalogs.py`` ``DOMAIN_OF_PATH`` (the web pages'
TypeScript ``t()``/``tn()`` calls go to the ``web`` domain).
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import logging
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.plurals import get_plural  # noqa: E402
from babel.messages.pofile import read_po, write_po  # noqa: E402

from bot.catalogs import templates  # noqa: E402
from bot.i18n import (  # noqa: E402
    DEFAULT_LANGUAGE,
    LANGUAGES,
    LOCALE_DIR,
    babel_locale,
    catalog_files,
)

log = logging.getLogger("extract_messages")


def _read(path: Path, language: str, domain: str) -> Catalog:
    if not path.exists():
        rule = get_plural(babel_locale(language))
        fresh = Catalog(locale=babel_locale(language), domain=domain, fuzzy=False)
        fresh.plural_forms  # noqa: B018 -- Babel fills the header from the locale's rule
        log.info("%s: new catalog %s (%d plural forms)", language, path.name, rule.num_plurals)
        return fresh
    with path.open("rb") as f:
        return read_po(f, locale=babel_locale(language), domain=domain)


def _known_translations(language: str) -> dict[tuple[object, str | None], object]:
    """Every finished translation of ``language`` in any domain, by (id, context)."""
    known: dict[tuple[object, str | None], object] = {}
    for path in catalog_files(language):
        with path.open("rb") as f:
            for message in read_po(f, locale=babel_locale(language)):
                if message.id and message.string and not message.fuzzy:
                    known[(message.id, message.context)] = message.string
    return known


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--domain", action="append", help="only this domain (repeatable)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    pots = asyncio.run(templates())
    wanted = set(args.domain) if args.domain else set(pots)
    unknown = wanted - set(pots)
    if unknown:
        parser.error(f"no texts in domain(s) {sorted(unknown)}; domains: {sorted(pots)}")
    # read before anything is written: a text moving between domains keeps its translation
    known = {code: _known_translations(code) for code in LANGUAGES if code != DEFAULT_LANGUAGE}
    for domain in sorted(wanted):
        pot = pots[domain]
        with (LOCALE_DIR / f"{domain}.pot").open("wb") as f:
            write_po(f, pot, width=100, omit_header=False, sort_output=False)
        log.info("template %s: %d texts", domain, len(pot))
        for language in LANGUAGES:
            if language == DEFAULT_LANGUAGE:
                continue
            path = LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"
            catalog = _read(path, language, domain)
            # a copy each: Babel puts the template's own new messages into the catalog
            catalog.update(copy.deepcopy(pot), update_header_comment=False)
            for message in catalog:
                if message.id and (not message.string or message.fuzzy):
                    found = known[language].get((message.id, message.context))
                    if found:
                        message.string = found  # type: ignore[assignment]
                        message.flags.discard("fuzzy")
            with path.open("wb") as f:
                write_po(f, catalog, width=100, ignore_obsolete=True)
            missing = [m.id for m in catalog if m.id and (not m.string or m.fuzzy)]
            log.info(
                "%s/%s: %d texts, %d to translate", language, domain, len(catalog), len(missing)
            )
    if not args.domain:  # a domain whose texts are all gone: its files go too
        for stale in sorted(LOCALE_DIR.glob("*.pot")):
            if stale.stem not in pots:
                stale.unlink()
                for language in LANGUAGES:
                    (LOCALE_DIR / language / "LC_MESSAGES" / f"{stale.stem}.po").unlink(
                        missing_ok=True
                    )
                log.info("domain %s has no texts any more: removed", stale.stem)


if __name__ == "__main__":
    main()
