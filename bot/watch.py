"""Where a game's live page is: the seam through which the live board (``web/``, started by
:mod:`web.bot_ext` when ``WEB_URL``/``WEB_PORT`` are set) tells the bot the link each board
gets as its **Watch live** button. The bot does not import ``web``: the web side registers
its link maker for the bot's database, and boards ask here."""

from __future__ import annotations

from collections.abc import Callable
from weakref import WeakKeyDictionary

from storage import Database, GameRecord

__all__ = ["WatchLink", "set_watch_links", "watch_url"]

WatchLink = Callable[[GameRecord], str]

_links: WeakKeyDictionary[Database, WatchLink] = WeakKeyDictionary()


def set_watch_links(db: Database, link: WatchLink | None) -> None:
    """Give boards of ``db``'s games a **Watch live** link made by ``link`` (``None``: none)."""
    if link is None:
        _links.pop(db, None)
    else:
        _links[db] = link


def watch_url(db: Database, record: GameRecord) -> str | None:
    """The live page of ``record`` (``None`` when no live board runs)."""
    link = _links.get(db)
    return link(record) if link is not None and record.guild_id is not None else None
