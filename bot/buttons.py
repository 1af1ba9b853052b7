"""The common behaviour of the bot's persistent buttons (``DynamicItem``s).

Every button answers the same way: rebuild itself from its custom id after a restart, turn an
expected refusal into an ephemeral reply, and log-and-apologise for anything unexpected. That
lives here once; each button only says what its click does (:meth:`PersistentButton.act`).
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, Self

import discord

from .errors import report_unexpected, user_errors

if TYPE_CHECKING:
    from .client import LatrunculiBot

__all__ = ["PersistentButton"]


class PersistentButton(ABC):
    """Mixin for ``discord.ui.DynamicItem`` subclasses whose template's named groups are exactly
    their ``__init__`` keywords (digit groups become ``int``)::

        class MoveButton(PersistentButton, discord.ui.DynamicItem[Button], template=...):
            def __init__(self, game_id: int) -> None: ...
            async def act(self, interaction) -> None: ...

    The state is never in the item: ``act`` reads it from storage by the ids it carries.
    """

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        values = {k: int(v) if v.isdigit() else v for k, v in match.groupdict().items()}
        return cls(**values)

    @abstractmethod
    async def act(self, interaction: discord.Interaction[LatrunculiBot]) -> None:
        """What a click does; raise ``UserError`` (or a storage / rules error) to refuse."""

    async def callback(self, interaction: discord.Interaction[Any]) -> Any:
        try:
            async with user_errors(interaction):
                await self.act(interaction)
        except Exception as exc:
            await report_unexpected(interaction, exc)
            raise
