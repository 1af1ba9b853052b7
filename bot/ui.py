"""Custom ids of the bot's persistent buttons and the views that carry them.

Each button's handler is a :class:`discord.ui.DynamicItem` in the extension of its feature,
registered in ``setup_hook`` with ``bot.add_dynamic_items`` so it answers clicks on messages
sent before a restart. The custom id carries only ids; the state is always read from storage.
The views are built by :func:`bot.buttons.dynamic_view`, so discord.py keeps none of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from .analysis_words import ANALYSIS_LABEL
from .buttons import dynamic_view
from .i18n import DEFAULT_LANGUAGE, mark, translate

__all__ = [
    "ACTION_TEMPLATE",
    "action_button",
    "action_view",
    "CHALLENGE_TEMPLATE",
    "TABLE_TEMPLATE",
    "table_button",
    "table_view",
    "DRAW_TEMPLATE",
    "GAMES_TEMPLATE",
    "RANKING_TEMPLATE",
    "MENU_TEMPLATE",
    "MOVE_TEMPLATE",
    "ONLY_MOVE_TEMPLATE",
    "KEY_TEMPLATE",
    "TAKEBACK_TEMPLATE",
    "takeback_button",
    "takeback_view",
    "key_button",
    "REMATCH_TEMPLATE",
    "ANALYSIS_TEMPLATE",
    "ANALYSIS_MOVE_TEMPLATE",
    "analysis_button",
    "analysis_move_button",
    "challenge_button",
    "challenge_view",
    "draw_button",
    "draw_view",
    "finished_view",
    "games_page_button",
    "games_pages_view",
    "ranking_page_button",
    "ranking_pages_view",
    "move_menu",
    "move_view",
    "only_move_button",
]

CHALLENGE_TEMPLATE = r"lat:ch:(?P<challenge_id>\d+):(?P<action>accept|decline|cancel)"
TABLE_TEMPLATE = (
    r"lat:tbl:(?P<challenge_id>\d+)"
    r":(?P<action>join|leave|start|bot-easy|bot-medium|bot-hard|unbot)"
)
"""Join / Leave / Start under a table, and the host's buttons for the computer's seats."""
MOVE_TEMPLATE = r"lat:move:(?P<game_id>\d+)"
REMATCH_TEMPLATE = r"lat:rematch:(?P<game_id>\d+)"
DRAW_TEMPLATE = r"lat:draw:(?P<game_id>\d+):(?P<ply>\d+):(?P<answer>yes|no)"
GAMES_TEMPLATE = r"lat:games:(?P<page>\d+):(?P<way>prev|next)"
RANKING_TEMPLATE = r"lat:rank:(?P<game>[a-z0-9_]+):(?P<page>\d+):(?P<way>prev|next)"
MENU_TEMPLATE = r"lat:pick:(?P<game_id>\d+):(?P<ply>\d+)"
ACTION_TEMPLATE = (
    r"lat:act:(?P<game_id>\d+):(?P<ply>\d+)"
    r":(?P<action>roll|double|take|drop|BB?-\d{1,2}|\d{1,2}-(?:\d{1,2}|F))"
)
"""Backgammon's Roll / Double / Take / Drop, and ludo's token moves (``B-0``, ``12-17``)."""
ONLY_MOVE_TEMPLATE = r"lat:only:(?P<game_id>\d+):(?P<ply>\d+):(?P<move>[^:]+)"
TAKEBACK_TEMPLATE = (
    r"lat:tb:(?P<game_id>\d+):(?P<ply>\d+):(?P<tag>[0-9a-f]{8}):(?P<by>\d+):(?P<answer>yes|no)"
)
KEY_TEMPLATE = r"lat:key:(?P<game_id>\d+):(?P<ply>\d+):(?P<key>[^@]+)"
ANALYSIS_TEMPLATE = r"lat:an:(?P<game_id>\d+)"
"""Analysis under a finished game's final board (issue 33)."""
ANALYSIS_MOVE_TEMPLATE = r"lat:anb:(?P<game_id>\d+):(?P<ply>\d+)"
"""Under an analysis: the position before the costly move at ``ply``."""

CHALLENGE_LABELS = {"accept": mark("Accept"), "decline": mark("Decline"), "cancel": mark("Cancel")}
CHALLENGE_STYLES = {
    "accept": discord.ButtonStyle.success,
    "decline": discord.ButtonStyle.danger,
    "cancel": discord.ButtonStyle.secondary,
}


def challenge_button(
    challenge_id: int, action: str, label: str | None = None
) -> discord.ui.Button[discord.ui.View]:
    """Accept / Decline / Cancel under a challenge (``label``: the words in the message's
    language, English by default)."""
    return discord.ui.Button(
        label=label or CHALLENGE_LABELS[action],
        style=CHALLENGE_STYLES[action],
        custom_id=f"lat:ch:{challenge_id}:{action}",
    )


def challenge_view(
    challenge_id: int, *, open_challenge: bool, labels: Mapping[str, str] | None = None
) -> discord.ui.View:
    actions = ("accept", "cancel") if open_challenge else ("accept", "decline", "cancel")
    return dynamic_view(
        *(challenge_button(challenge_id, a, (labels or {}).get(a)) for a in actions)
    )


TABLE_LABELS = {
    "join": mark("Join"),
    "leave": mark("Leave"),
    "start": mark("Start"),
    "bot-easy": mark("Add bot: easy"),
    "bot-medium": mark("Add bot: medium"),
    "bot-hard": mark("Add bot: hard"),
    "unbot": mark("Remove bot"),
}
TABLE_STYLES = {
    "join": discord.ButtonStyle.success,
    "leave": discord.ButtonStyle.secondary,
    "start": discord.ButtonStyle.primary,
}
TABLE_BOT_ACTIONS = ("bot-easy", "bot-medium", "bot-hard", "unbot")
"""The host's buttons for the computer's seats (a second row, under a game the bot plays)."""


def table_button(
    challenge_id: int, action: str, label: str | None = None
) -> discord.ui.Button[discord.ui.View]:
    """Join / Leave / Start under a table (a multi-seat game's lobby); the computer's seat
    buttons go on the second row. ``label``: the words in the message's language (English by
    default)."""
    return discord.ui.Button(
        label=label or TABLE_LABELS[action],
        style=TABLE_STYLES.get(action, discord.ButtonStyle.secondary),
        emoji="🤖" if action in TABLE_BOT_ACTIONS else None,
        custom_id=f"lat:tbl:{challenge_id}:{action}",
        row=1 if action in TABLE_BOT_ACTIONS else 0,
    )


def table_view(
    challenge_id: int, *, computer: bool = False, labels: Mapping[str, str] | None = None
) -> discord.ui.View:
    """The table's buttons; with ``computer`` (the bot plays the game) the host's Add bot
    (one per level) and Remove bot as well; ``labels`` by action, in the message's language."""
    actions = ("join", "leave", "start", *(TABLE_BOT_ACTIONS if computer else ()))
    return dynamic_view(*(table_button(challenge_id, a, (labels or {}).get(a)) for a in actions))


def move_button(
    game_id: int, language: str = DEFAULT_LANGUAGE
) -> discord.ui.Button[discord.ui.View]:
    return discord.ui.Button(
        label=translate("Move", language),
        emoji="♟️",
        style=discord.ButtonStyle.primary,
        custom_id=f"lat:move:{game_id}",
    )


def move_view(game_id: int, language: str = DEFAULT_LANGUAGE) -> discord.ui.View:
    return dynamic_view(move_button(game_id, language))


def move_menu(
    game_id: int,
    ply: int,
    options: list[discord.SelectOption] | None = None,
    placeholder: str | None = None,
) -> discord.ui.Select[discord.ui.View]:
    """A select of the Move menus (its options say what each pick does, see
    ``bot.services.picker``); ``ply`` is the turn it was opened for."""
    return discord.ui.Select(
        custom_id=f"lat:pick:{game_id}:{ply}", options=options or [], placeholder=placeholder
    )


def only_move_button(
    game_id: int, ply: int, move: str, label: str = "", language: str = DEFAULT_LANGUAGE
) -> discord.ui.Button[Any]:
    """The Move menus' one button when there is a single legal move (never a one-option menu)."""
    return discord.ui.Button(
        label=(label or translate("Play {move}", language, move=move))[:80],
        style=discord.ButtonStyle.primary,
        custom_id=f"lat:only:{game_id}:{ply}:{move}",
    )


def key_button(game_id: int, ply: int, key: str, label: str) -> discord.ui.Button[Any]:
    """A Move menu's button that opens the menu ``key`` of the turn at ``ply`` (backgammon's
    Undo and Back, a lone step)."""
    return discord.ui.Button(
        label=label[:80],
        style=discord.ButtonStyle.secondary,
        custom_id=f"lat:key:{game_id}:{ply}:{key}"[:100],
    )


ACTION_STYLES = {
    "roll": discord.ButtonStyle.primary,
    "double": discord.ButtonStyle.secondary,
    "take": discord.ButtonStyle.success,
    "drop": discord.ButtonStyle.danger,
}


def action_button(game_id: int, ply: int, action: str, label: str = "") -> discord.ui.Button[Any]:
    """A board's button for one action of the turn (backgammon's Roll, Double, Take, Drop),
    good for the ply it was shown at only."""
    return discord.ui.Button(
        label=label or action.title(),
        style=ACTION_STYLES.get(action, discord.ButtonStyle.secondary),
        custom_id=f"lat:act:{game_id}:{ply}:{action}",
    )


def action_view(game_id: int, ply: int, actions: list[tuple[str, str]]) -> discord.ui.View:
    return dynamic_view(*(action_button(game_id, ply, a, label) for a, label in actions))


def rematch_button(
    game_id: int, language: str = DEFAULT_LANGUAGE
) -> discord.ui.Button[discord.ui.View]:
    return discord.ui.Button(
        label=translate("Rematch", language),
        emoji="🔁",
        style=discord.ButtonStyle.primary,
        custom_id=f"lat:rematch:{game_id}",
    )


def analysis_button(
    game_id: int, language: str = DEFAULT_LANGUAGE
) -> discord.ui.Button[discord.ui.View]:
    """Analysis under a finished game (for players and spectators alike)."""
    return discord.ui.Button(
        label=translate(ANALYSIS_LABEL, language),
        emoji="📈",
        style=discord.ButtonStyle.secondary,
        custom_id=f"lat:an:{game_id}",
    )


def analysis_move_button(game_id: int, ply: int, label: str) -> discord.ui.Button[discord.ui.View]:
    """Under an analysis: the board before the costly move at ``ply``."""
    return discord.ui.Button(
        label=label[:80],
        emoji="🔍",
        style=discord.ButtonStyle.secondary,
        custom_id=f"lat:anb:{game_id}:{ply}",
    )


def finished_view(
    game_id: int, language: str = DEFAULT_LANGUAGE, *, analysable: bool = False
) -> discord.ui.View:
    """Rematch under a finished game, and Analysis when its game has one."""
    buttons = [rematch_button(game_id, language)]
    if analysable:
        buttons.append(analysis_button(game_id, language))
    return dynamic_view(*buttons)


def draw_button(
    game_id: int, ply: int, answer: str, language: str = DEFAULT_LANGUAGE
) -> discord.ui.Button[discord.ui.View]:
    accept = answer == "yes"
    return discord.ui.Button(
        label=translate(mark("Accept draw") if accept else mark("Decline draw"), language),
        style=discord.ButtonStyle.success if accept else discord.ButtonStyle.danger,
        custom_id=f"lat:draw:{game_id}:{ply}:{answer}",
    )


def draw_view(game_id: int, ply: int, language: str = DEFAULT_LANGUAGE) -> discord.ui.View:
    return dynamic_view(*(draw_button(game_id, ply, a, language) for a in ("yes", "no")))


def takeback_button(
    game_id: int, ply: int, tag: str, by: int, answer: str, language: str = DEFAULT_LANGUAGE
) -> discord.ui.Button[Any]:
    """Accept / Decline under ``by``'s takeback request, made at ``ply`` in the position
    fingerprinted ``tag``."""
    accept = answer == "yes"
    return discord.ui.Button(
        label=translate(mark("Accept takeback") if accept else mark("Decline"), language),
        style=discord.ButtonStyle.success if accept else discord.ButtonStyle.danger,
        custom_id=f"lat:tb:{game_id}:{ply}:{tag}:{by}:{answer}",
    )


def takeback_view(
    game_id: int, ply: int, tag: str, by: int, language: str = DEFAULT_LANGUAGE
) -> discord.ui.View:
    return dynamic_view(
        *(takeback_button(game_id, ply, tag, by, a, language) for a in ("yes", "no"))
    )


def page_label(way: str, language: str = DEFAULT_LANGUAGE) -> str:
    """ "◀ Previous" / "Next ▶" under a list of pages."""
    return translate(mark("◀ Previous") if way == "prev" else mark("Next ▶"), language)


def games_page_button(
    page: int, way: str, *, disabled: bool = False, language: str = DEFAULT_LANGUAGE
) -> discord.ui.Button[Any]:
    """Previous / Next under a ``/games`` page; ``page`` is the page it leads to (0-based).
    The list is read again from storage on every click, so it also works after a restart."""
    return discord.ui.Button(
        label=page_label(way, language),
        style=discord.ButtonStyle.secondary,
        custom_id=f"lat:games:{page}:{way}",
        disabled=disabled,
    )


def games_pages_view(
    page: int, pages: int, language: str = DEFAULT_LANGUAGE
) -> discord.ui.View | None:
    """The Previous / Next row of ``/games`` page ``page`` of ``pages`` (none for one page)."""
    if pages <= 1:
        return None
    return dynamic_view(
        games_page_button(max(page - 1, 0), "prev", disabled=page == 0, language=language),
        games_page_button(
            min(page + 1, pages - 1), "next", disabled=page >= pages - 1, language=language
        ),
    )


def ranking_page_button(
    game: str, page: int, way: str, *, disabled: bool = False, language: str = DEFAULT_LANGUAGE
) -> discord.ui.Button[Any]:
    """Previous / Next under a ``/leaderboard game`` page; ``page`` is the page it leads to.
    The ratings are read again on every click (works after a restart)."""
    return discord.ui.Button(
        label=page_label(way, language),
        style=discord.ButtonStyle.secondary,
        custom_id=f"lat:rank:{game}:{page}:{way}",
        disabled=disabled,
    )


def ranking_pages_view(
    game: str, page: int, pages: int, language: str = DEFAULT_LANGUAGE
) -> discord.ui.View | None:
    """The Previous / Next row of a ratings leaderboard (none for one page)."""
    if pages <= 1:
        return None
    return dynamic_view(
        ranking_page_button(game, max(page - 1, 0), "prev", disabled=page == 0, language=language),
        ranking_page_button(
            game, min(page + 1, pages - 1), "next", disabled=page >= pages - 1, language=language
        ),
    )


WATCH_LIVE = mark("Watch live")
"""The label of a board's link to its live page (``web/``, when ``WEB_URL`` is set)."""


def add_watch_button(view: discord.ui.View, url: str, language: str = DEFAULT_LANGUAGE) -> None:
    """Add the **Watch live** link button (a link: Discord opens it, the bot gets no click)."""
    view.add_item(
        discord.ui.Button(
            style=discord.ButtonStyle.link, label=translate(WATCH_LIVE, language), url=url
        )
    )
