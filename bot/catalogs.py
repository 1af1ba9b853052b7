"""The English templates of the catalogs (``bot/locale/<domain>.pot``), built from the code:
every text wrapped in ``translate`` / ``translate_plural`` / ``mark`` (Babel's Python
extractor), and every name, description and choice of the localised commands (read from
discord.py's own payload building, with their place as the gettext context).
``tools/extract_messages.py`` writes them and merges them into each language's ``.po`` files;
the catalog test checks they are current.

The texts are split into **domains** by the part of the code they come from
(:data:`DOMAIN_OF_PATH`): one ``.pot`` and one ``.po`` per language for each, so work on
different parts of the bot never edits the same catalog file. At run time a language's
domains are merged (:func:`bot.i18n.catalog`): where a text lives does not change its
translation.
"""

from __future__ import annotations

from collections.abc import Iterator
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir

from .i18n import DOMAIN

__all__ = [
    "COMMANDS_DOMAIN",
    "DOMAIN_OF_PATH",
    "KEYWORDS",
    "SOURCE_DIRS",
    "WEB_DOMAIN",
    "domain_of",
    "localised_commands",
    "template",
    "templates",
]

KEYWORDS: dict[str, Any] = {
    "translate": None,
    "translate_plural": (1, 2),
    "mark": None,
    "mark_plural": (1, 2),
}
"""The functions whose first argument (``translate_plural``, ``mark_plural``: first two) is an
English text."""

_ROOT = Path(__file__).parent.parent

SOURCE_DIRS: tuple[str, ...] = ("bot", "rendering", "rules")
"""The packages whose code is searched for texts (the words of pictures and the reasons the
rules give for refusing a move are shown to players too; ``rules`` and ``rendering`` mark
them with a ``mark``/``translate``-named function of their own, as they may not import the
bot)."""

WEB_DOMAIN = "web"
"""The domain of the web pages' own words (served to them as JSON: :mod:`bot.web_words`)."""

FRONTEND_DIRS: tuple[str, ...] = ("web/frontend/src", "web/frontend-activity/src")
"""The front ends' TypeScript, searched for ``t("…")`` and ``tn("…", "…", n)`` calls (Babel's
JavaScript extractor reads TypeScript's calls as well: only the calls are looked at)."""

FRONTEND_KEYWORDS: dict[str, Any] = {"t": None, "tn": (1, 2)}

COMMANDS_DOMAIN = "commands"
"""The domain of command names, descriptions, option names and choices."""

DOMAIN_OF_PATH: tuple[tuple[str, str], ...] = (
    # playing a game: moves, refusals, the end of a game, takebacks, the computer's turns
    ("bot/exts/play.py", "play"),
    ("bot/exts/game_end.py", "play"),
    ("bot/exts/takeback.py", "play"),
    ("bot/services/games.py", "play"),
    ("bot/services/complete.py", "play"),
    ("bot/services/draw_offers.py", "play"),
    ("bot/presenters/backgammon_steps.py", "play"),
    ("bot/services/picker.py", "play"),
    ("bot/services/menus.py", "play"),
    ("bot/services/computer.py", "play"),
    ("bot/services/pipeline.py", "play"),
    ("bot/services/takebacks.py", "play"),
    ("bot/errors.py", "play"),
    ("bot/limits.py", "play"),
    ("rules/*", "play"),
    # what a board says: presenters, captions, pictures' words, announcements, buttons
    ("bot/presenters/*", "boards"),
    ("bot/texts.py", "boards"),
    ("bot/pictures.py", "boards"),
    ("bot/ui.py", "boards"),
    ("bot/buttons.py", "boards"),
    ("bot/mentions.py", "boards"),
    ("bot/links.py", "boards"),
    ("bot/clock.py", "boards"),
    ("bot/services/announce.py", "boards"),
    ("bot/services/catchup.py", "boards"),
    ("bot/services/timeouts.py", "boards"),
    ("bot/services/replays.py", "boards"),
    ("bot/services/names.py", "boards"),
    ("rendering/*", "boards"),
    # challenges, tables, matches, records, settings, reminders
    ("bot/exts/challenges.py", "lobby"),
    ("bot/exts/tables.py", "lobby"),
    ("bot/exts/stats.py", "lobby"),
    ("bot/exts/preferences.py", "lobby"),
    ("bot/exts/vacation.py", "lobby"),
    ("bot/exts/notify.py", "lobby"),
    ("bot/exts/sweep.py", "lobby"),
    ("bot/services/challenges.py", "lobby"),
    ("bot/services/challenge_requests.py", "lobby"),
    ("bot/services/tables.py", "lobby"),
    ("bot/services/rematch.py", "lobby"),
    ("bot/services/matches.py", "lobby"),
    ("bot/services/ratings.py", "lobby"),
    ("bot/services/vacations.py", "lobby"),
    ("bot/services/notify.py", "lobby"),
    # the Discord Activity: the Play in Discord button, launching it
    ("bot/activity.py", "activity"),
    ("bot/exts/activity.py", "activity"),
    # after the game: the analysis (issue 33)
    ("bot/exts/analysis.py", "analysis"),
    ("bot/analysis_words.py", "analysis"),
    ("bot/services/analysis.py", "analysis"),
    ("bot/services/analysis_view.py", "analysis"),
    # the position in words (/board text:True): its piece words are its own
    ("bot/text_view.py", "reading"),
    # each game's pace and tournaments (issue 36)
    ("bot/services/pace.py", "tournaments"),
    ("bot/services/tournament*.py", "tournaments"),
    ("bot/exts/tournaments.py", "tournaments"),
    ("rendering/standings.py", "tournaments"),
    # the live board's pages and the Activity's (their TypeScript's t()/tn() calls)
    ("web/frontend/src/*", WEB_DOMAIN),
    ("web/frontend-activity/src/*", WEB_DOMAIN),
)
"""Which domain a source file's texts belong to (first match; ``fnmatch`` patterns relative
to the project root). Anything else (``/help``, ``/language``, …) is in :data:`DOMAIN`."""


def domain_of(path: str) -> str:
    """The domain of the texts in the source file ``path`` (relative to the project root)."""
    for pattern, domain in DOMAIN_OF_PATH:
        if fnmatch(path, pattern):
            return domain
    return DOMAIN


def localised_commands() -> list[Any]:
    """Every application command of the bot (slash commands and groups, as each cog of
    :data:`bot.client.EXTENSIONS` declares them), in the order the extensions load: all of
    them are translated. Read from the cog classes, so no bot, database or Discord connection
    is needed (the extractor and the catalog test call this)."""
    import importlib

    from discord import app_commands
    from discord.ext import commands

    from .client import EXTENSIONS  # the cogs import the client, which imports this package

    found: list[Any] = []
    for name in EXTENSIONS:
        module = importlib.import_module(name)
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and issubclass(value, commands.Cog)
                and value.__module__ == module.__name__
            ):
                if value.__cog_is_app_commands_group__:  # a GroupCog: one group, its commands
                    group = app_commands.Group(
                        name=value.__cog_group_name__,
                        description=value.__cog_group_description__,
                    )
                    for command in value.__cog_app_commands__:
                        group.add_command(
                            command._copy_with(parent=group, binding=group, set_on_binding=False)
                        )
                    found.append(group)
                else:
                    found.extend(value.__cog_app_commands__)
    return found


def _code_messages() -> Iterator[tuple[str | tuple[str, ...], str | None, str]]:
    method_map = [("**.py", "python")]
    for package in SOURCE_DIRS:
        for filename, lineno, message, _comments, context in extract_from_dir(
            str(_ROOT / package), method_map, keywords=KEYWORDS, comment_tags=()
        ):
            yield message, context, f"{package}/{filename}:{lineno}"
    options = {"**.ts": {"parse_template_string": "true"}}
    for folder in FRONTEND_DIRS:
        for filename, lineno, message, _comments, context in extract_from_dir(
            str(_ROOT / folder),
            [("**.ts", "javascript")],
            keywords=FRONTEND_KEYWORDS,
            comment_tags=(),
            options_map=options,
        ):
            yield message, context, f"{folder}/{filename}:{lineno}"


def _new_template(domain: str) -> Catalog:
    return Catalog(domain=domain, project="latrunculi-bot", charset="utf-8", fuzzy=False)


async def templates() -> dict[str, Catalog]:
    """Every domain's template as the code stands now (a domain with no texts is left out)."""
    from .translator import command_texts

    found: dict[str, Catalog] = {}
    for message, context, location in _code_messages():
        path, line = location.rsplit(":", 1)
        domain = domain_of(path)
        pot = found.setdefault(domain, _new_template(domain))
        pot.add(message, context=context, locations=[(path, int(line))])
    for context, text in await command_texts(localised_commands()):
        pot = found.setdefault(COMMANDS_DOMAIN, _new_template(COMMANDS_DOMAIN))
        pot.add(text, context=context)
    return found


async def template() -> Catalog:
    """All domains' texts in one template (what every language must translate)."""
    merged = _new_template(DOMAIN)
    for pot in (await templates()).values():
        for message in pot:
            if message.id:
                merged[message.id] = message
    return merged
