"""What the bot posts about a game: the board picture, the move in words, who is to move,
and at the end the result, why, the players' records and a Rematch button."""

from __future__ import annotations

from typing import Any

import discord

from rules import Game, Outcome, Side, Termination, parse_position
from storage import Database, GameRecord

from .. import ui
from ..board import board_file
from ..texts import describe_move, describe_result, variant_line
from .games import Played, player_for

__all__ = ["board_payload", "display_names", "jump_url"]


def jump_url(record: GameRecord) -> str | None:
    if (
        record.guild_id is None
        or record.board_channel_id is None
        or record.board_message_id is None
    ):
        return None
    return (
        f"https://discord.com/channels/{record.guild_id}/{record.board_channel_id}/"
        f"{record.board_message_id}"
    )


async def display_names(db: Database, record: GameRecord) -> dict[str, str]:
    """``{"white": name, "black": name}`` from the players' cached display names."""
    names = {}
    for colour, uid in (("white", record.white_id), ("black", record.black_id)):
        player = await db.players.get_player(uid)
        names[colour] = player.display_name if player and player.display_name else f"Player {uid}"
    return names


def _rules_outcome(record: GameRecord) -> Outcome | None:
    if record.is_active or record.reason is None:
        return None
    try:
        termination = Termination(record.reason)
    except ValueError:
        return None  # resignation, agreement: not a rules outcome
    return Outcome(Side(record.winner) if record.winner else None, termination)


async def board_payload(
    db: Database,
    record: GameRecord,
    *,
    played: Played | None = None,
    intro: str | None = None,
    mention: bool = True,
) -> dict[str, Any]:
    """Keyword arguments for ``send``: content, the board file, the view, allowed mentions."""
    position = parse_position(record.current_position)
    names = await display_names(db, record)
    lines: list[str] = []
    if intro:
        lines.append(intro)
    last_move = None
    if played is not None:
        for pm in played.moves:
            lines.append(describe_move(f"<@{pm.player_id}>", pm.result, pm.before, pm.after) + ".")
        last_move = played.moves[0].result
    mentioned: list[int] = []
    if record.is_active:
        to_move = player_for(record, position.turn)
        status = None
        if mention:
            lines.append(
                f"<@{to_move}>, your move ({position.turn.title}). Use `/move` or the Move button."
            )
            mentioned.append(to_move)
        else:
            lines.append(f"<@{to_move}> ({position.turn.title}) to move.")
        view = ui.move_view(record.id)
    else:
        result = describe_result(record.winner, record.reason, names)
        status = None if _rules_outcome(record) else result.replace("*", "")
        lines.append(f"**Game #{record.id} is over.** {result}")
        lines.append(await records_line(db, record))
        view = ui.finished_view(record.id)
    file = await board_file(
        position,
        last_move=last_move,
        players=(names["white"], names["black"]),
        outcome=_rules_outcome(record),
        status=status,
        move_number=record.ply,
    )
    name = variant_line(record.variant, record.options).split(":")[0]
    header = f"**Game #{record.id}** · {name} · ply {record.ply}"
    return {
        "content": "\n".join([header, *lines])[:2000],
        "file": file,
        "view": view,
        "allowed_mentions": discord.AllowedMentions(
            everyone=False,
            roles=False,
            replied_user=False,
            users=[discord.Object(u) for u in mentioned],
        ),
    }


async def records_line(db: Database, record: GameRecord) -> str:
    parts = []
    for uid in (record.white_id, record.black_id):
        p = await db.players.get_player(uid)
        if p is not None:
            parts.append(f"<@{uid}> {p.wins} won, {p.losses} lost, {p.draws} drawn")
    return "Records: " + "; ".join(parts) + "."


def start_line(record: GameRecord, game: Game | None = None) -> str:
    first = parse_position(record.current_position).turn
    return (
        f"<@{record.white_id}> plays **White**, <@{record.black_id}> plays **Black**. "
        f"{first.title} moves first."
    )
