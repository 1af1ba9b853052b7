"""What the web server asks of the process it runs in: playing (through the bot's one play
pipeline) and whether a server still has the bot. Protocols, so ``web`` needs no Discord
object and a test or another host can supply its own."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

__all__ = [
    "ChallengeActions",
    "ChallengeAsk",
    "GameActions",
    "GuildPresence",
    "PageWords",
    "Refused",
    "english_words",
]


class GameActions(Protocol):
    """Actions of a signed-in player, with the same checks as in Discord. Each raises with
    the reason when refused (the web words it with :func:`bot.errors.message_for`)."""

    async def play(self, game_id: int, user_id: int, text: str, expected_ply: int) -> None: ...

    async def resign(self, game_id: int, user_id: int) -> None: ...

    async def draw(self, game_id: int, user_id: int) -> str:
        """Offer a draw, or accept the opponent's offer: ``"offered"`` or ``"accepted"``."""
        ...


@dataclass(frozen=True, slots=True)
class ChallengeAsk:
    """A challenge as the Activity's lobby asks for it (``/challenge``'s options it offers):
    ``opponent`` a member's id, or ``None`` with ``computer`` (the bot) or without (an open
    challenge anyone may accept); ``level`` only against the computer."""

    game_kind: str
    opponent: int | None = None
    computer: bool = False
    colour: str = "random"
    level: str | None = None


class ChallengeActions(Protocol):
    """Challenging from the Activity's lobby through the bot's own ``/challenge`` path (its
    checks, its message in the channel, its Accept / Decline / Cancel buttons). Each raises
    :class:`Refused` with the reason, in the player's language, when refused."""

    async def choices(self, user_id: int, guild_id: int) -> list[dict[str, Any]]:
        """The games one may challenge to: ``[{"id", "name", "computer"}]`` (``name`` in the
        player's language; ``computer``: whether the bot plays it)."""
        ...

    async def challenge(
        self, guild_id: int, channel_id: int, user_id: int, ask: ChallengeAsk
    ) -> tuple[int, int | None]:
        """Make the challenge in ``channel_id``: its id, and the game's when the computer
        accepted it at once."""
        ...

    async def accept(self, guild_id: int, challenge_id: int, user_id: int) -> int:
        """Accept the challenge for ``user_id``: the id of the game it started."""
        ...

    async def close(self, guild_id: int, challenge_id: int, user_id: int, action: str) -> None:
        """Decline (``action`` ``"decline"``: the challenged) or cancel (``"cancel"``: the
        challenger) the challenge for ``user_id``, as its Decline / Cancel button does."""
        ...


class GuildPresence(Protocol):
    """Whether the bot is (still) in a server: a removed server's games are not shown."""

    def __call__(self, guild_id: int) -> bool: ...


class PageWords(Protocol):
    """The pages' own words in a reader's language: ``{"language", "messages", "plurals"}``
    (see ``web/frontend/src/i18n.ts``). The reader is ``user_id`` (signed in, or None), the
    server ``guild_id`` whose game or Activity they look at (or None) and their browser's
    ``Accept-Language``; the host picks the language (the bot: :mod:`bot.web_words`).
    ``variant``: the game kind of the page's game, whose name and reasons for ending the host
    adds (``"game": {"title", "reasons"}``)."""

    async def __call__(
        self,
        user_id: int | None,
        guild_id: int | None,
        accept_language: str,
        game_kind: str | None = None,
    ) -> dict[str, Any]: ...


async def english_words(
    user_id: int | None,
    guild_id: int | None,
    accept_language: str,
    game_kind: str | None = None,
) -> dict[str, Any]:
    """A host without catalogs: the pages keep the English they are written in."""
    return {"language": "en", "messages": {}, "plurals": {}}


class Refused(Exception):
    """An action refused, with the words to show the player (already in their language)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
