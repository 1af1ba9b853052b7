"""The English template of the catalogs (``bot/locale/bot.pot``), built from the code: every
text wrapped in ``translate`` / ``translate_plural`` / ``mark`` (Babel's Python extractor),
and every name, description and choice of the localised commands (read from discord.py's own
payload building, with their place as the gettext context). ``tools/extract_messages.py``
writes it and merges it into each language's ``.po``; the catalog test checks it is current.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir

from .i18n import DOMAIN

__all__ = ["KEYWORDS", "localised_commands", "template"]

KEYWORDS: dict[str, Any] = {"translate": None, "translate_plural": (1, 2), "mark": None}
"""The functions whose first argument (``translate_plural``: first two) is an English text."""

_BOT_DIR = Path(__file__).parent


def localised_commands() -> list[Any]:
    """The commands whose names and descriptions are translated (the others follow in the
    next steps of issue 17)."""
    from .exts.info import Info  # the cogs import the client, which imports this package
    from .exts.language import Language

    return [Info.help, Language.language]


def _code_messages() -> Iterator[tuple[str | tuple[str, ...], str | None, str]]:
    method_map = [("**.py", "python")]
    for filename, lineno, message, _comments, context in extract_from_dir(
        str(_BOT_DIR), method_map, keywords=KEYWORDS, comment_tags=()
    ):
        yield message, context, f"bot/{filename}:{lineno}"


async def template() -> Catalog:
    """The template as the code stands now."""
    from .translator import command_texts

    pot = Catalog(domain=DOMAIN, project="latrunculi-bot", charset="utf-8", fuzzy=False)
    for message, context, location in _code_messages():
        path, line = location.rsplit(":", 1)
        pot.add(message, context=context, locations=[(path, int(line))])
    for context, text in await command_texts(localised_commands()):
        pot.add(text, context=context)
    return pot
