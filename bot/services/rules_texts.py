"""The ``/rules`` texts: each game's rules in each of the bot's languages, as text files
(``bot/rules_texts/<game>/<language>.md``), cut into embeds and messages within Discord's
limits.

Each file is the game's rule sheet as its box states it -- the sheet's own words where the sheet
exists in that language (``/work/shared/seeds``), else a faithful translation of it -- followed by
the house decisions: what this bot decided where the sheet is silent or unclear. Its first line
is ``# <title>``.

Why files rather than catalog entries: a sheet is pages of prose, several thousand characters
in one piece, written from a different source text per language (the Croatian sheet is not a
translation of an English one). A gettext entry keyed by an English text would force one
English original per paragraph and cut the sheets into fragments that no longer match their
sources; one file per game and language keeps each text whole, readable and checkable against
its sheet.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

import discord

from ..i18n import DEFAULT_LANGUAGE, LANGUAGES
from ..limits import paginate
from ..translator import as_client_names

__all__ = [
    "MAX_EMBEDS",
    "MAX_MESSAGE_EMBEDS",
    "RULES_DIR",
    "RulesText",
    "rules_dir",
    "rules_messages",
    "rules_text",
]

RULES_DIR = Path(__file__).parent.parent / "rules_texts"

EMBED_ROOM = 4000
"""Characters of one embed's description (Discord allows 4,096; room kept for safety)."""
MAX_MESSAGE_EMBEDS = 6000
"""Characters of all embeds of one message together (titles, descriptions, footers)."""
MAX_EMBEDS = 10
"""Embeds in one message."""


@dataclass(frozen=True)
class RulesText:
    """One game's rules in one language."""

    title: str
    body: str


def rules_dir(game_id: str) -> Path:
    """The folder of ``game_id``'s rules texts: its presenter's
    (:attr:`~bot.presenters.GamePresenter.rules_dir`), else ``bot/rules_texts/<game id>``."""
    from ..presenters import presenter_for  # the presenters import the services

    try:
        own = presenter_for(game_id).rules_dir
    except KeyError:
        own = None
    return own if own is not None else RULES_DIR / game_id


@functools.cache
def rules_text(game_id: str, language: str) -> RulesText:
    """The rules of ``game_id`` in ``language`` (English for a language the bot does not
    speak or that has no text for this game), read once per process; a game without any
    text: its name and one-line description."""
    folder = rules_dir(game_id)
    path = folder / f"{language}.md"
    if language not in LANGUAGES or not path.exists():
        path = folder / f"{DEFAULT_LANGUAGE}.md"
    if not path.exists():
        from ..texts import game_description, game_name

        return RulesText(game_name(game_id, language), game_description(game_id, language))
    raw = path.read_text(encoding="utf-8").strip()
    first, _, body = raw.partition("\n")
    if not first.startswith("# "):
        raise ValueError(f"{game_id}/{language}.md: the first line must be '# <title>'")
    return RulesText(first[2:].strip(), body.strip())


def rules_messages(
    game_id: str,
    language: str,
    *,
    colour: discord.Colour,
    footer: str,
    client_locale: str = "en-US",
) -> list[list[discord.Embed]]:
    """The rules as messages of embeds, in reading order: the text is cut at line breaks
    into descriptions of at most :data:`EMBED_ROOM` characters, the embeds grouped into
    messages of at most :data:`MAX_MESSAGE_EMBEDS` characters and :data:`MAX_EMBEDS` embeds.
    The first embed carries the title, the last of the first message the ``footer``. The
    commands the text names are given as the reader's client (``client_locale``) lists them,
    before the cutting, so a longer local name never overfills a page."""
    text = rules_text(game_id, language)
    body = as_client_names(text.body, client_locale)
    pages = ["\n".join(page).strip() for page in paginate(body.splitlines(), EMBED_ROOM)]
    embeds = [discord.Embed(description=page, colour=colour) for page in pages if page]
    embeds[0].title = text.title
    messages: list[list[discord.Embed]] = [[]]
    size = 0
    for embed in embeds:
        if messages[-1] and (
            size + len(embed) > MAX_MESSAGE_EMBEDS - len(footer) or len(messages[-1]) == MAX_EMBEDS
        ):
            messages.append([])
            size = 0
        messages[-1].append(embed)
        size += len(embed)
    messages[0][-1].set_footer(text=footer)
    return messages
