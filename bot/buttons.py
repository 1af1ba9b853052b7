"""The common behaviour of the bot's persistent components (``DynamicItem`` buttons and selects).

Every component answers the same way: rebuild itself from its custom id after a restart, turn an
expected refusal into an ephemeral reply, and log-and-apologise for anything unexpected. That
lives here once; each component only says what its use does (:meth:`PersistentItem.act`).

Every concrete subclass is also recorded by its template, so :func:`dynamic_view` can turn the
plain items :mod:`bot.ui` lays out into their handlers. A View made only of ``DynamicItem``\\ s is
not kept by discord.py after sending (its ``ViewStore`` keeps a View per message only for items
it must dispatch itself); a View of plain custom-id buttons would be kept for every board message
ever sent, which in a bot that runs for months grows without bound.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, Self

import discord

from .errors import report_unexpected, user_errors

if TYPE_CHECKING:
    from .client import GameBot

__all__ = ["PersistentButton", "PersistentItem", "dynamic_item", "dynamic_view", "stored_views"]

_HANDLERS: dict[str, type[PersistentItem]] = {}
"""Compiled template pattern → the concrete ``PersistentItem`` class answering it."""


class PersistentItem(ABC):
    """Mixin for ``discord.ui.DynamicItem`` subclasses whose template's named groups are exactly
    their ``__init__`` keywords (digit groups become ``int``, unmatched optional groups are left
    out)::

        class MoveButton(PersistentItem, discord.ui.DynamicItem[Button], template=...):
            def __init__(self, game_id: int) -> None: ...
            async def act(self, interaction) -> None: ...

    The state is never in the item: ``act`` reads it from storage by the ids it carries.
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        compiled = getattr(cls, "__discord_ui_compiled_template__", None)
        if compiled is not None:
            _HANDLERS[compiled.pattern] = cls

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        values = {
            k: int(v) if v.isdigit() else v for k, v in match.groupdict().items() if v is not None
        }
        return cls(**values)

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls.from_match(match)

    @abstractmethod
    async def act(self, interaction: discord.Interaction[GameBot]) -> None:
        """What a use does; raise ``UserError`` (or a storage / rules error) to refuse."""

    async def callback(self, interaction: discord.Interaction[Any]) -> Any:
        try:
            async with user_errors(interaction):
                await self.act(interaction)
        except Exception as exc:
            await report_unexpected(interaction, exc)
            raise


PersistentButton = PersistentItem
"""The older name, from when every persistent component was a button."""


def dynamic_item(item: discord.ui.Item[Any]) -> discord.ui.Item[Any]:
    """``item`` as the ``DynamicItem`` registered for its custom id (itself when none is, e.g.
    a link button or an item whose extension is not loaded)."""
    custom_id = getattr(item, "custom_id", None)
    if custom_id is None or isinstance(item, discord.ui.DynamicItem):
        return item
    for pattern, handler in _HANDLERS.items():
        match = re.fullmatch(pattern, custom_id)
        if match is not None:
            dynamic = handler.from_match(match)
            dynamic.item = item  # type: ignore[attr-defined]  # exactly as laid out (disabled…)
            return dynamic  # type: ignore[return-value]
    return item


def dynamic_view(*items: discord.ui.Item[Any]) -> discord.ui.View:
    """A timeout-less View of ``items``, each as its ``DynamicItem``: sending it leaves nothing
    in discord.py's view store (the registered templates answer every use, restart or not)."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(dynamic_item(item))
    return view


def stored_views(client: discord.Client) -> int:
    """How many View objects discord.py keeps for dispatching; constant while the bot runs (the
    memory benchmark and a test watch it)."""
    store = client._connection._view_store
    views = {id(v) for v in store._synced_message_views.values()}
    for items in store._views.values():
        views.update(id(item.view) for item in items.values() if item.view is not None)
    return len(views)
