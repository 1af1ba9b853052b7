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

from rules import IllegalMoveError, MoveError, Quoted, RulesError, Wording
from rules.games import Reason
from storage import (
    ChallengeNotFound,
    ChallengeNotPending,
    ConcurrencyError,
    GameNotFound,
    GameOver,
    GameRecord,
    NoDrawOffer,
    NotAllowed,
)

from .i18n import DEFAULT_LANGUAGE, mark, translate, translate_plural
from .limits import MAX_CONTENT, cut
from .presenters import presenter_for
from .texts import code, plain
from .translator import as_client_names

__all__ = [
    "APOLOGY",
    "UserError",
    "answer_language",
    "game_over",
    "in_language",
    "mark_plural",
    "message_for",
    "refuse_deferred",
    "report_unexpected",
    "send_ephemeral",
    "user_errors",
]

log = logging.getLogger(__name__)

APOLOGY = mark("Sorry, something went wrong on my side. The error was logged; please try again.")


def in_language(wording: Wording, language: str) -> str:
    """``wording`` (an English template and its values, as the rules core gives its reasons)
    in ``language``: the template translated, then filled with its values, a value that is a
    :class:`~rules.Wording` itself (a piece's name, a colour) translated on its own first."""
    return translate(wording.template, language, **_values_in(wording.values, language))


def _values_in(values: dict[str, object], language: str) -> dict[str, object]:
    """``values`` for a template in ``language``: a :class:`~rules.Wording` translated, a rules
    core error given as a value (a reason quoted in a refusal) as its reason's wording."""
    return {key: _value_in(value, language) for key, value in values.items()}


def _value_in(value: object, language: str) -> object:
    if isinstance(value, RulesError):
        value = value.wording
    if isinstance(value, Quoted):  # a player's input (a position): literally, in a code span
        return code(value.text, MAX_QUOTED)
    return in_language(value, language) if isinstance(value, Wording) else value


MAX_QUOTED = 120
"""The longest input quoted in a reason (a FEN, an XGID, a 12×8 LPN fit)."""


def mark_plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a text with a number of things for the extractor (``translate_plural``'s two
    English forms), for a :class:`UserError` whose ``count`` is known only when raised."""
    return singular, plural


class UserError(Exception):
    """Something the user did that the bot refuses, told to them in their language.

    ``UserError(mark("Game #{game} is not yours to play."), game=12)``: the English text is a
    catalog entry (marked, so the extractor finds it), its ``{placeholders}`` filled after
    translation; ``str(error)`` is the English. A value that is itself words (a reason, a
    colour) is passed as a :class:`~rules.Wording` (its marked English template and values),
    translated with the rest. A text with a number of things is
    ``UserError(mark_plural("… {count} game …", "… {count} games …"), count=n)``.
    """

    def __init__(self, text: str | tuple[str, str], /, **placeholders: object) -> None:
        self.text = text
        self.placeholders = placeholders
        super().__init__(self.in_language(DEFAULT_LANGUAGE))

    def in_language(self, language: str) -> str:
        """The refusal in ``language`` (English where the catalog has no translation)."""
        values = _values_in(self.placeholders, language)
        if isinstance(self.text, tuple):
            count = values.pop("count")
            assert isinstance(count, int)
            return translate_plural(*self.text, count, language, **values)
        return translate(self.text, language, **values)


def game_over(game_id: int, game_kind: str | None, reason: str | None) -> Wording:
    """ "Game #12 is over (checkmate)": why it ended, in the game's own words (its
    presenter's), so a chess game names its mate and a draughts game its forty moves; a
    clause for a refusal's template (``UserError(mark("{over}."), over=game_over(...))``)."""
    words = _why(game_kind, reason)
    if words is None:
        return Wording(mark("Game #{game} is over"), game=game_id)
    return Wording(mark("Game #{game} is over ({why})"), game=game_id, why=Wording(words))


def game_over_error(game_id: int, game_kind: str | None, reason: str | None) -> UserError:
    """The refusal of an action in a finished game: "Game #12 is over (checkmate)."."""
    return UserError(mark("{over}."), over=game_over(game_id, game_kind, reason))


def _why(game_kind: str | None, reason: str | None) -> str | None:
    if game_kind is None or reason is None:
        return None
    try:
        return presenter_for(game_kind).reason_words(Reason(reason))
    except (KeyError, ValueError):  # a game or reason this bot does not know: say nothing
        return None


_STORAGE_REFUSALS: dict[str, str] = {
    "you cannot challenge yourself": mark("You cannot challenge yourself."),
    "that is a challenge, not a table: it is accepted, not joined": mark(
        "That is a challenge, not a table: it is accepted, not joined."
    ),
    "you are already seated at this table": mark("You are already seated at this table."),
    "the table is full: all {seats} seats are taken": mark(
        "The table is full: all {seats} seats are taken."
    ),
    "you are not seated at this table": mark("You are not seated at this table."),
    "only the host, {host}, can start the game": mark("Only the host, {host}, can start the game."),
    "a game needs at least {count} players at the table": mark(
        "A game needs at least {count} players at the table."
    ),
    "the table changed just now: look at it again": mark(
        "The table changed just now: look at it again."
    ),
    "a table is joined and started, not accepted": mark(
        "A table is joined and started, not accepted."
    ),
    "you cannot accept your own challenge": mark("You cannot accept your own challenge."),
    "this challenge is for someone else": mark("This challenge is for someone else."),
    "user {user} is not a player of game {game}": mark("You are not playing in game #{game}."),
    "game {game} has {seats} seats: no draw by two": mark(
        "Game #{game} has {seats} players: a draw is agreed by two players only."
    ),
}
"""Storage's refusals (:class:`storage.NotAllowed` templates, English, lower case) as the bot
says them: one marked sentence each, filled with the refusal's values."""

_STORAGE_VERBS = {
    "decline": mark("You cannot decline this challenge."),
    "cancel": mark("You cannot cancel this challenge."),
}

_NOT_PENDING = {
    "accepted": mark("That challenge was already accepted."),
    "declined": mark("That challenge was declined."),
    "cancelled": mark("That challenge was cancelled."),
    "expired": mark("That challenge has expired."),
}


def message_for(error: BaseException, language: str = DEFAULT_LANGUAGE) -> str | None:
    """The user-facing text for an expected error in ``language``, or ``None`` when it is
    unexpected."""
    if isinstance(error, UserError):
        return error.in_language(language)
    if isinstance(error, IllegalMoveError):  # the rules core's reason, in the user's language
        return translate(
            mark("{move} is not legal here: {reason}."),
            language,
            move=code(str(error.move)),
            reason=plain(in_language(error.wording, language)),
        )
    if isinstance(error, MoveError | RulesError):  # these quote the user's input
        text = plain(in_language(error.wording, language))
        return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")
    if isinstance(error, GameOver):
        over = game_over(error.game_id, error.game_kind, error.reason)
        return translate(
            mark("{over}: it ended before your action arrived, so nothing was changed."),
            language,
            over=in_language(over, language),
        )
    if isinstance(error, ConcurrencyError):
        return translate(
            mark(
                "The game moved on before your action arrived; nothing was changed. "
                "Look at the latest board and try again."
            ),
            language,
        )
    if isinstance(error, ChallengeNotPending):  # ChallengeExpired too: its status is expired
        status = _NOT_PENDING.get(error.status)
        return translate(status, language) if status else f"That challenge was {error.status}."
    if isinstance(error, ChallengeNotFound):
        return translate(mark("I can't find that challenge any more."), language)
    if isinstance(error, GameNotFound):
        return translate(mark("There is no game #{game}."), language, game=error.game_id)
    if isinstance(error, NoDrawOffer):
        return translate(
            mark(
                "There is no draw offer from your opponent to accept (it lapses when a move "
                "is played)."
            ),
            language,
        )
    if isinstance(error, NotAllowed):
        return _not_allowed(error, language)
    return None


def _not_allowed(error: NotAllowed, language: str) -> str:
    """Storage's refusal in ``language``: its template's sentence, else (a refusal without
    one) its English text."""
    verb = error.values.get("verb")
    template = _STORAGE_VERBS.get(str(verb)) if verb else _STORAGE_REFUSALS.get(error.template)
    if template is not None:
        return translate(template, language, **error.values)
    text = plain(str(error))
    return text[:1].upper() + text[1:] + "."


async def send_ephemeral(interaction: discord.Interaction[Any], text: str) -> None:
    """Reply ephemerally, whether or not the interaction was answered already; the commands
    the text names as the user's client lists them (only they read it)."""
    text = cut(as_client_names(text, interaction.locale.value), MAX_CONTENT)
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


async def answer_language(
    interaction: discord.Interaction[Any], record: GameRecord | None = None
) -> str:
    """The language to answer ``interaction``'s user in (English when the client carries no
    database, e.g. a bare test client, or it cannot be read); ``record``, the game the
    interaction is about, may carry it already (:attr:`GameRecord.settings`)."""
    db = getattr(interaction.client, "db", None)
    if db is None:
        return DEFAULT_LANGUAGE
    from .services.languages import language_for  # services import this module

    try:
        return await language_for(db, interaction, record)
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
        await send_ephemeral(interaction, translate(APOLOGY, await answer_language(interaction)))
    except discord.HTTPException:
        log.warning("could not send the apology for %s", _describe(interaction))
