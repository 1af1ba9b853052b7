"""Challenge messages and starting a game from an accepted challenge (shared by /challenge and
the Rematch button)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from rules import RulesError, Wording
from rules.games import GameRules, find_game, open_session
from storage import CUSTOM_POSITION, ChallengeRecord, GameRecord

from .. import ui
from ..errors import UserError
from ..i18n import mark, translate
from ..links import message_link, server_channel
from ..mentions import ping_only, rationed_ping, rationed_pings
from ..presenters import presenter_for
from ..texts import code, game_name, variant_line, versus
from .announce import board_payload, home_channel, post_board, start_line
from .languages import server_language
from .names import display_names
from .tables import invitees, table_content, table_payload

if TYPE_CHECKING:
    from ..client import GameBot

__all__ = [
    "challenge_content",
    "challenge_view",
    "closed_challenge",
    "expire_overdue",
    "open_game",
    "launch_game",
    "open_game_in",
    "parse_options",
    "parse_position",
    "start_position",
    "post_challenge",
    "send_challenge",
    "show_expiries",
    "start_game",
]

log = logging.getLogger(__name__)

MAX_OPTIONS_TEXT = 100
"""Far more than every option of a variant written out; longer text is refused unread."""

COLOUR_WORDS = {
    "random": mark("colours drawn at random"),
    "white": mark("<@{player}> plays White"),
    "black": mark("<@{player}> plays Black"),
}
"""The colour clause of a challenge's first line (translated where shown)."""

LEVEL_WORDS = {"easy": mark("easy"), "medium": mark("medium"), "hard": mark("hard")}
"""The computer's levels as a challenge names them."""


def parse_options(variant_id: str, text: str | None) -> dict[str, str]:
    """``"size=12x8, rows=1"`` → checked options of the variant (errors name the choices)."""
    variant = find_game(variant_id)
    if text is not None and len(text) > MAX_OPTIONS_TEXT:
        raise UserError(
            mark(
                "The options text is {length} characters; options are short, e.g. `{example}`. "
                "No challenge was made."
            ),
            length=len(text),
            example=_example(variant_id) or "size=12x8",
        )
    parts = [p.strip() for p in (text or "").replace(";", ",").split(",") if p.strip()]
    if parts and not variant.options:
        raise UserError(
            mark("{game} has no options; leave `options` empty."), game=Wording(variant.name)
        )
    options: dict[str, str] = {}
    for part in parts:
        key, sep, value = (x.strip().lower() for x in part.partition("="))
        if not sep and len(variant.options) == 1:  # "12x8" for classic's only option
            key, value = variant.options[0].key, key
        elif not sep or not key:
            raise UserError(
                mark("Write options as `key=value`, e.g. `{example}`."),
                example=_example(variant_id),
            )
        if key in options:
            raise UserError(
                mark("The option {option} is given twice; give it once."), option=code(key)
            )
        options[key] = value
    seated = variant.seated_options
    for key, value in options.items():
        if key in seated:
            raise UserError(
                mark(
                    "At a {game} table the players who sit down decide how many play (2–{most}): "
                    "leave {option} out of `options`; the host starts the game with 2 or more "
                    "seated. No table was opened."
                ),
                game=Wording(variant.name),
                most=variant.table_seats or len(variant.seats),
                option=code(key),
            )
        _check_option(variant, key, value)
    return variant.resolve_options(options)


def _check_option(variant: GameRules, key: str, value: str) -> None:
    """Refuse an option ``variant`` does not have, or a value it does not offer, naming the
    game as players know it (the rules core checks the same, naming its id, in
    ``resolve_options``)."""
    option = next((o for o in variant.options if o.key == key), None)
    if option is None:
        raise UserError(
            mark("{game} has no option {option}; its options: {options}. No challenge was made."),
            game=Wording(variant.name),
            option=code(key),
            options=", ".join(code(o.key) for o in variant.options),
        )
    if value not in option.values and value != option.default:  # a default round-trips
        raise UserError(
            mark("{game}: {option} must be one of {values}, not {value}. No challenge was made."),
            game=Wording(variant.name),
            option=code(key),
            values=", ".join(code(v) for v in option.values),
            value=code(value),
        )


MAX_POSITION_TEXT = 200
"""Longer than any position of the games played (a 12×8 LPN, a FEN, an XGID)."""


def parse_position(variant_id: str, text: str) -> str:
    """A custom start position for ``/challenge`` (LPN, FEN, PDN FEN or XGID, with or without
    the game's ``id:`` prefix), checked by the rules core exactly as ``python -m rules`` checks
    it (its error words), and returned in canonical form. Refused too: a position of another
    game, one already decided, and a backgammon match position (a custom start is one game)."""
    game = find_game(variant_id)
    shown = text.strip()
    if len(shown) > MAX_POSITION_TEXT:
        raise UserError(
            mark(
                "That position is {length} characters, longer than any {game} position. "
                "No challenge was made."
            ),
            length=len(shown),
            game=Wording(game.name),
        )
    full = shown if shown.lower().startswith(f"{variant_id}:") else f"{variant_id}:{shown}"
    try:
        session = open_session(full)
    except (RulesError, ValueError) as exc:
        raise UserError(
            mark("That is not a valid {game} position: {reason}. No challenge was made."),
            game=Wording(game.name),
            reason=exc,
        ) from None
    if session.outcome is not None:
        raise UserError(
            mark(
                "That {game} position is already decided ({reason}); give one with a game "
                "left to play. No challenge was made."
            ),
            game=Wording(game.name),
            # the presenter's marked English words for it, translated with the refusal
            reason=Wording(presenter_for(variant_id).reason_words(session.outcome.reason)),
        )
    refusal = session.custom_start_refusal()
    if refusal is not None:
        raise UserError(mark("{refusal} No challenge was made."), refusal=refusal)
    canonical = session.position_text()
    return canonical


def start_position(variant_id: str, options: dict[str, str] | Any) -> str:
    """A new game's start: the custom position the challenge carries, else the rules core's
    start for the options."""
    custom = options.get(CUSTOM_POSITION)
    if custom:
        return str(custom)
    rest = {k: v for k, v in options.items() if k != CUSTOM_POSITION}
    return find_game(variant_id).start(rest)


def _example(variant_id: str) -> str:
    v = find_game(variant_id)
    if not v.options:
        return ""
    o = v.options[0]
    return f"{o.key}={o.choices[-1][0]}"


def _who_and_what(ch: ChallengeRecord, language: str) -> str:
    """The first sentence: who challenges whom to what, with the colours."""
    values: dict[str, object] = {
        "challenger": ch.challenger_id,
        "challenged": ch.challenged_id,
        "game": game_name(ch.variant, language),
        "rematch": ch.rematch_of,
        "colour": translate(COLOUR_WORDS[ch.colour], language, player=ch.challenger_id),
    }
    if ch.ai_level is not None:
        if ch.rematch_of:
            text = mark(
                "⚔️ <@{challenger}> challenges <@{challenged}> (the computer) to a rematch of "
                "game #{rematch} ({colour})."
            )
        else:
            text = mark(
                "⚔️ <@{challenger}> challenges <@{challenged}> (the computer) to a game of "
                "{game} ({colour})."
            )
    elif ch.challenged_id is None:
        if ch.rematch_of:
            text = mark(
                "⚔️ <@{challenger}> is looking for an opponent to a rematch of game #{rematch} "
                "({colour})."
            )
        else:
            text = mark(
                "⚔️ <@{challenger}> is looking for an opponent to a game of {game} ({colour})."
            )
    elif ch.rematch_of:
        text = mark(
            "⚔️ <@{challenger}> challenges <@{challenged}> to a rematch of game #{rematch} "
            "({colour})."
        )
    else:
        text = mark("⚔️ <@{challenger}> challenges <@{challenged}> to a game of {game} ({colour}).")
    return translate(text, language, **values)


def challenge_content(ch: ChallengeRecord, language: str) -> str:
    """The challenge's (or table's) message in ``language`` (the server's: it is public)."""
    if ch.is_table:
        return table_content(ch, language)
    first = _who_and_what(ch, language)
    if ch.ai_level is not None:  # the computer accepts at once: no expiry to tell
        accepts = translate(
            "<@{computer}> plays at the **{level}** level and accepts at once.",
            language,
            computer=ch.challenged_id,
            level=translate(LEVEL_WORDS.get(ch.ai_level, ch.ai_level), language),
        )
        return f"{first}\n{variant_line(ch.variant, ch.options, language)}\n{accepts}"
    if ch.rated:
        kind = translate("Rated.", language)
    else:
        kind = translate("Casual: no rating changes.", language)
    lines = [f"{first} {kind}", variant_line(ch.variant, ch.options, language)]
    custom = ch.options.get(CUSTOM_POSITION)
    if custom:
        lines.append(
            translate(
                "Starts from a custom position (a casual game): `{position}`",
                language,
                position=custom,
            )
        )
    if ch.challenged_id is None:
        accept = translate("Anyone but <@{player}> can accept.", language, player=ch.challenger_id)
    else:
        accept = translate(
            "Only <@{player}> can accept or decline.", language, player=ch.challenged_id
        )
    expires = translate(
        "This challenge expires <t:{expires}:R> (<t:{expires}:f>).",
        language,
        expires=int(ch.expires_at),
    )
    lines.append(f"{accept} {expires}")
    return "\n".join(lines)


def closed_challenge(ch: ChallengeRecord, language: str, words: str) -> str:
    """A challenge's (or table's) first line and what became of it, the buttons gone."""
    return challenge_content(ch, language).split("\n")[0] + "\n" + words


def challenge_view(ch: ChallengeRecord, language: str) -> discord.ui.View:
    """Accept / (Decline) / Cancel, labelled in ``language``."""
    labels = {a: translate(label, language) for a, label in ui.CHALLENGE_LABELS.items()}
    return ui.challenge_view(ch.id, open_challenge=ch.is_open, labels=labels)


async def challenge_payload(bot: GameBot, ch: ChallengeRecord) -> dict[str, Any]:
    """The challenge message: its text, Accept / Decline / Cancel, and a ping for the
    challenged player only (rationed: challenging and cancelling again and again pings once).
    A table (ludo's, a rematch's too) pings those invited or seated by the host, each rationed
    the same way and counted with the host's challenges: opening and closing tables in a loop
    must not page anyone either. In the server's language: everyone in the channel reads it."""
    language = await server_language(bot.db, ch.guild_id)
    if ch.is_table:  # a table pings those invited (or re-seated) when posted, rationed alike
        payload = table_payload(ch, language)
        payload["allowed_mentions"] = await rationed_pings(
            bot.db, "challenge", ch.challenger_id, invitees(ch), now=bot.now()
        )
        return payload
    mentions = ping_only(None)  # an open challenge (or one to the computer) pings nobody
    if ch.challenged_id is not None and ch.ai_level is None:
        mentions = await rationed_ping(
            bot.db, "challenge", ch.challenger_id, ch.challenged_id, now=bot.now()
        )
    return {
        "content": challenge_content(ch, language),
        "view": challenge_view(ch, language),
        "allowed_mentions": mentions,
    }


async def send_challenge(interaction: discord.Interaction[GameBot], ch: ChallengeRecord) -> None:
    """Answer ``interaction`` with the challenge message and remember its id."""
    payload = await challenge_payload(interaction.client, ch)
    response = await interaction.response.send_message(**payload)
    message_id = getattr(response, "message_id", None)
    if message_id is None:
        message_id = (await interaction.original_response()).id
    await interaction.client.db.challenges.set_challenge_message(ch.id, message_id)


async def post_challenge(bot: GameBot, ch: ChallengeRecord) -> discord.Message:
    """Post the challenge message in its own channel (not as an answer: a rematch asked for
    in a game's thread is posted in the channel, so that its game gets a thread of its own)
    and remember its id. Raises ``discord.HTTPException`` when it cannot be posted."""
    payload = await challenge_payload(bot, ch)
    message = await server_channel(bot, ch.channel_id, ch.guild_id).send(**payload)
    await bot.db.challenges.set_challenge_message(ch.id, message.id)
    return message


async def start_game(
    interaction: discord.Interaction[GameBot],
    ch: ChallengeRecord,
    *,
    accepter: discord.abc.User | None = None,
    message: discord.Message | None = None,
) -> GameRecord:
    """Accept ``ch`` for the clicking user (or ``accepter``: the computer, accepting a
    challenge to itself at once), open the game's thread from the challenge message (the
    interaction's, or ``message``) and post the first board.

    The interaction must be deferred already (or answered with the challenge message, whose
    original response is then the challenge).
    """

    async def edit(content: str) -> None:
        await interaction.edit_original_response(content=content, view=None)

    return await launch_game(
        interaction.client,
        ch,
        accepter or interaction.user,
        edit=edit,
        channel=interaction.channel,
        message=message or interaction.message,
    )


async def launch_game(
    bot: GameBot,
    ch: ChallengeRecord,
    accepter: discord.abc.User,
    *,
    edit: Callable[[str], Awaitable[None]],
    channel: Any,
    message: discord.Message | None,
) -> GameRecord:
    """Accept ``ch`` for ``accepter``, say so on the challenge message (``edit``), play the
    game in a thread made from ``message`` (or in ``channel`` when that is a thread already,
    or when no thread can be made) and post the first board."""
    await bot.db.players.upsert_player(accepter.id, accepter.display_name, now=bot.now())
    lpn = start_position(ch.variant, dict(ch.options))
    game = await bot.db.challenges.accept_challenge(
        ch.id,
        accepter.id,
        start_position=lpn,
        match_length=int(ch.options.get("match", "0")),  # backgammon's match=N
        now=bot.now(),
    )
    log.info("challenge %d accepted by %d: game %d", ch.id, accepter.id, game.id)
    language = await server_language(bot.db, ch.guild_id)
    accepted = translate(
        "✅ Accepted by <@{player}>: **game #{game}** has started.",
        language,
        player=accepter.id,
        game=game.id,
    )
    await edit(closed_challenge(ch, language, accepted))
    return await open_game_in(bot, ch, game, channel=channel, message=message)


def thread_title(game: GameRecord, names: dict[str, str], language: str) -> str:
    """ "Game #12: Alice vs Bob" (White first in a two-colour game, else in seat order)."""
    order = sorted(names, key=lambda seat: seat != "white")
    players = versus([names[seat] for seat in order], language)
    return translate("Game #{game}: {players}", language, game=game.id, players=players)[:100]


async def open_game(
    interaction: discord.Interaction[GameBot], ch: ChallengeRecord, game: GameRecord
) -> GameRecord:
    """A just-created game's start from the interaction that started it (see
    :func:`open_game_in`)."""
    return await open_game_in(
        interaction.client, ch, game, channel=interaction.channel, message=interaction.message
    )


async def open_game_in(
    bot: GameBot,
    ch: ChallengeRecord,
    game: GameRecord,
    *,
    channel: Any,
    message: discord.Message | None,
) -> GameRecord:
    """A just-created game's start: its thread (made from the challenge's or table's
    ``message``; in ``channel`` when that is a thread already or no thread can be made), the
    bot's first actions (an opening roll) and the first board, pinging who is to move."""
    target: discord.abc.Messageable | None = None
    language = await server_language(bot.db, game.guild_id)  # the thread is everyone's
    if isinstance(channel, discord.Thread):
        target = channel
    elif message is not None:
        try:
            names = await display_names(bot.db, game)
            thread = await message.create_thread(
                name=thread_title(game, names, language),
                auto_archive_duration=1440,
            )
        except discord.HTTPException as exc:  # Forbidden: threads not allowed here
            log.info("game %d: no thread (%s); playing in the channel", game.id, exc)
        else:
            await bot.db.games.set_thread(game.id, thread.id)
            game = await bot.games.load(game.id)
            target = thread
    if target is None:
        target = channel if isinstance(channel, discord.abc.Messageable) else None
    if target is None:  # pragma: no cover - component interactions always have a channel
        target = server_channel(bot, ch.channel_id, ch.guild_id)
    opened = await bot.games.open(game)  # the bot's first actions (an opening roll)
    game = opened.game
    intro = translate(
        "**Game #{game} begins.** {variant}",
        language,
        game=game.id,
        variant=variant_line(game.variant, game.options, language),
    )
    if game.custom_start:  # a line of its own: the rule set's summary may end without a stop
        intro += "\n" + translate("Started from a custom position: a casual game.", language)
    intro += f"\n{start_line(game, language)}"
    payload = await board_payload(
        bot.db,
        game,
        played=opened,
        intro=intro,
        move_timeout=bot.settings.move_timeout_seconds,
    )
    board = await post_board(bot, game, payload, target)
    if ch.rematch_of is not None:
        await link_from_old_game(bot, ch.rematch_of, game, board)
    return game


async def link_from_old_game(
    bot: GameBot, old_id: int, game: GameRecord, board: discord.Message
) -> None:
    """Tell the finished game's thread where its rematch is played (in a thread of its own),
    so players reading the old thread find the new one. Best effort: a failure is logged."""
    old = await bot.db.games.load_game(old_id)
    if old is None or old.thread_id is None or old.thread_id == game.thread_id:
        return  # no thread of its own: the new thread hangs under the challenge right there
    link = message_link(game.guild_id, board.channel.id, board.id)
    language = await server_language(bot.db, old.guild_id)  # the old thread is everyone's
    title = presenter_for(game.variant).seat_title
    players = versus(
        [
            f"<@{s.player_id}> ({title(s.name, language)})"
            for s in sorted(game.seats, key=lambda s: s.name != "white")
        ],
        language,
    )
    text = translate(
        "🔁 The rematch has started: **game #{game}**, {players}, in its own thread: {link}",
        language,
        game=game.id,
        players=players,
        link=link,
    )
    try:
        await home_channel(bot, old).send(text)
    except discord.HTTPException as exc:
        log.warning("game %d: could not link its rematch, game %d: %s", old.id, game.id, exc)


EDITS_PER_TICK = 100
"""Expired challenges' messages edited per sweep tick; a backlog (the bot was down for a day)
waits for later ticks, a minute apart, so it neither holds up the sweep's other work nor runs
into Discord's rate limits."""


async def expire_overdue(bot: GameBot) -> int:
    """Expire every overdue challenge in storage (one write; its buttons refuse from now on)
    and return how many. Their messages are edited by :func:`show_expiries`."""
    return len(await bot.db.challenges.expire_challenges(bot.now()))


async def show_expiries(bot: GameBot, limit: int = EDITS_PER_TICK) -> int:
    """Edit up to ``limit`` expired challenges' messages (oldest first) to say so and drop
    their buttons. Each is claimed in storage before its edit: at most once, across restarts
    and processes; a failed edit is logged, not retried (the buttons refuse anyway)."""
    edited = 0
    for ch in await bot.db.challenges.claim_stale_messages(limit):
        assert ch.message_id is not None  # only challenges with a message are flagged
        message = server_channel(bot, ch.channel_id, ch.guild_id).get_partial_message(ch.message_id)
        language = await server_language(bot.db, ch.guild_id)
        expired = translate(
            "⌛ This challenge expired <t:{expires}:R> without an answer.",
            language,
            expires=int(ch.expires_at),
        )
        try:
            await message.edit(content=closed_challenge(ch, language, expired), view=None)
        except discord.HTTPException as exc:
            log.warning("could not mark challenge %d as expired: %s", ch.id, exc)
        else:
            edited += 1
    return edited
