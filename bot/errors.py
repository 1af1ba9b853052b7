"""User-facing errors and the one place that turns exceptions into short ephemeral replies.

Commands and buttons raise :class:`UserError` (or let a storage / rules error through) and wrap
their body in :func:`user_errors`; the message goes to the user ephemerally and nothing else
happens. Anything unexpected reaches the tree's / view's error handler, which logs it with
context and shows a short apology (see :func:`report_unexpected`).
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import discord

from rules import IllegalMoveError, MoveError, RulesError
from rules.games import Reason
from storage import (
    ChallengeExpired,
    ChallengeNotFound,
    ChallengeNotPending,
    ConcurrencyError,
    GameNotFound,
    GameOver,
    NoDrawOffer,
    NotAllowed,
)

from .i18n import DEFAULT_LANGUAGE, translate
from .limits import MAX_CONTENT, cut
from .presenters import presenter_for
from .texts import code, plain

__all__ = [
    "APOLOGY",
    "UserError",
    "answer_language",
    "game_over",
    "message_for",
    "refuse_deferred",
    "report_unexpected",
    "send_ephemeral",
    "user_errors",
]

log = logging.getLogger(__name__)

APOLOGY = "Sorry, something went wrong on my side. The error was logged; please try again."


class UserError(Exception):
    """Something the user did that the bot refuses, told to them in their language.

    ``UserError(mark("Game #{game} is not yours to play."), game=12)``: the English text is a
    catalog entry (marked, so the extractor finds it), its ``{placeholders}`` filled after
    translation; ``str(error)`` is the English. Values that are themselves words
    (a reason, a colour) should be translated before they are passed in.
    """

    def __init__(self, text: str, /, **placeholders: object) -> None:
        super().__init__(text.format(**placeholders) if placeholders else text)
        self.text = text
        self.placeholders = placeholders

    def in_language(self, language: str) -> str:
        """The refusal in ``language`` (English where the catalog has no translation)."""
        return translate(self.text, language, **self.placeholders)


def game_over(game_id: int, variant: str | None, reason: str | None) -> str:
    """ "Game #12 is over (checkmate)": why it ended, in the game's own words (its
    presenter's), so a chess game names its mate and a draughts game its forty moves."""
    return f"Game #{game_id} is over{_why(variant, reason)}"


def _why(variant: str | None, reason: str | None) -> str:
    if variant is None or reason is None:
        return ""
    try:
        words = presenter_for(variant).reason_words(Reason(reason))
    except (KeyError, ValueError):  # a game or reason this bot does not know: say nothing
        return ""
    return f" ({words})"


_STATUS_WORDS = {
    "accepted": "already accepted",
    "declined": "declined",
    "cancelled": "cancelled",
    "expired": "expired",
}


def message_for(error: BaseException, language: str = DEFAULT_LANGUAGE) -> str | None:
    """The user-facing text for an expected error in ``language``, or ``None`` when it is
    unexpected."""
    if isinstance(error, UserError):
        return error.in_language(language)
    if isinstance(error, IllegalMoveError):
        return f"{code(str(error.move))} is not legal here: {plain(error.reason)}."
    if isinstance(error, MoveError | RulesError):  # these quote the user's input
        text = plain(str(error))
        return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")
    if isinstance(error, GameOver):
        return (
            f"{game_over(error.game_id, error.variant, error.reason)}: it ended before your "
            "action arrived, so nothing was changed."
        )
    if isinstance(error, ConcurrencyError):
        return (
            "The game moved on before your action arrived; nothing was changed. "
            "Look at the latest board and try again."
        )
    if isinstance(error, ChallengeExpired):
        return "That challenge has expired."
    if isinstance(error, ChallengeNotPending):
        return f"That challenge was {_STATUS_WORDS.get(error.status, error.status)}."
    if isinstance(error, ChallengeNotFound):
        return "I can't find that challenge any more."
    if isinstance(error, GameNotFound):
        return f"There is no game #{error.game_id}."
    if isinstance(error, NoDrawOffer):
        return (
            "There is no draw offer from your opponent to accept (it lapses when a move is played)."
        )
    if isinstance(error, NotAllowed):
        text = plain(str(error))
        return text[:1].upper() + text[1:] + "."
    return None


async def send_ephemeral(interaction: discord.Interaction[Any], text: str) -> None:
    """Reply ephemerally, whether or not the interaction was answered already."""
    text = cut(text, MAX_CONTENT)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def refuse_deferred(
    interaction: discord.Interaction[Any], text: str, *, public: bool
) -> None:
    """Refuse after ``defer(thinking=True)``, before anything was sent: the user must see it.

    A follow-up to a "thinking…" reply replaces that reply and keeps its visibility (the
    ``ephemeral`` flag is ignored), and once the reply is deleted there is nothing left to
    replace (404 Unknown Message): deleting first and then following up tells the user
    nothing. So the thinking reply itself becomes the refusal (from here on the user sees it,
    whatever fails next). A public one is then sent again privately and the public copy
    removed, since a refusal is the user's own business.
    """
    text = cut(text, MAX_CONTENT)
    await interaction.edit_original_response(content=text, attachments=[], view=None)
    if not public:
        return
    try:
        await interaction.followup.send(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("refusal kept public for %s: private copy failed", _describe(interaction))
        return
    try:
        await interaction.delete_original_response()
    except discord.HTTPException:
        log.warning("could not remove the public refusal for %s", _describe(interaction))


@asynccontextmanager
async def user_errors(interaction: discord.Interaction) -> AsyncIterator[None]:
    """Turn expected errors raised in the block into an ephemeral reply (and no traceback), in
    the language the user is answered in."""
    try:
        yield
    except Exception as exc:
        if message_for(exc) is None:
            raise
        text = message_for(exc, await answer_language(interaction))
        assert text is not None
        log.debug("refused %s for user %s: %s", _describe(interaction), interaction.user.id, text)
        await send_ephemeral(interaction, text)


async def answer_language(interaction: discord.Interaction[Any]) -> str:
    """The language to answer ``interaction``'s user in (English when the client carries no
    database, e.g. a bare test client, or it cannot be read)."""
    db = getattr(interaction.client, "db", None)
    if db is None:
        return DEFAULT_LANGUAGE
    from .services.languages import language_for  # services import this module

    try:
        return await language_for(db, interaction)
    except Exception:  # a refusal must still reach the user, in English at worst
        log.exception("could not read the language for user %s", interaction.user.id)
        return DEFAULT_LANGUAGE


def _describe(interaction: discord.Interaction) -> str:
    command = interaction.command
    if command is not None:
        return f"/{command.qualified_name}"
    data: dict[str, object] = dict(interaction.data or {})
    return f"component {data.get('custom_id', '?')}"


async def report_unexpected(interaction: discord.Interaction, error: BaseException) -> None:
    """Log an unexpected error with its context and apologise to the user."""
    log.error(
        "unexpected error in %s by user %s in guild %s channel %s",
        _describe(interaction),
        interaction.user.id,
        interaction.guild_id,
        interaction.channel_id,
        exc_info=error,
    )
    try:
        await send_ephemeral(interaction, APOLOGY)
    except discord.HTTPException:
        log.warning("could not send the apology for %s", _describe(interaction))
