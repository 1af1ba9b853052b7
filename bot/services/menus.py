"""The Move menus still open, so the bot can take them down when their game moves on.

A Move menu is an ephemeral message: only the token of the interaction that sent it can edit
it, and only for 15 minutes. So the menus opened in the last 15 minutes are remembered (by
game, with the ply they are for) and, when a board announces a new ply or the end, those of an
earlier ply are replaced by a short notice without components. Older menus, and menus from
before a restart, cannot be reached; they still answer when used (``bot.exts.play``: "the game
moved on — press Move again"). Memory is bounded by the menus opened in 15 minutes.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import discord

from storage import GameRecord

from ..clock import Clock
from ..i18n import DEFAULT_LANGUAGE, mark, translate
from .picker import MOVE_BUTTON

__all__ = ["OpenMenus", "TOKEN_LIFETIME", "moved_on_text"]

log = logging.getLogger(__name__)

TOKEN_LIFETIME = 15 * 60.0
"""Seconds an interaction's token can edit its reply (Discord's rule)."""


def moved_on_text(
    record: GameRecord, url: str | None = None, language: str = DEFAULT_LANGUAGE
) -> str:
    """What a menu of an earlier turn says instead of its choices, in the ``language`` of the
    player who opened it."""
    if not record.is_active:
        return translate(
            mark("Game #{game} is over; this menu is closed."), language, game=record.id
        )
    if url is None:
        return translate(
            mark(
                "Game #{game} moved on since this menu was opened — press {button} again on the "
                "latest board."
            ),
            language,
            game=record.id,
            button=translate(MOVE_BUTTON, language),
        )
    return translate(
        mark(
            "Game #{game} moved on since this menu was opened — press {button} again on the "
            "latest board: {url}"
        ),
        language,
        game=record.id,
        url=url,
        button=translate(MOVE_BUTTON, language),
    )


@dataclass(frozen=True, slots=True)
class _Open:
    interaction: discord.Interaction[Any]
    message_id: int | None
    ply: int
    opened_at: float
    language: str


class OpenMenus:
    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._by_game: dict[int, list[_Open]] = {}

    def __len__(self) -> int:
        return sum(len(menus) for menus in self._by_game.values())

    def opened(
        self,
        game_id: int,
        ply: int,
        interaction: discord.Interaction[Any],
        message_id: int | None,
        language: str = DEFAULT_LANGUAGE,
    ) -> None:
        """Remember the menu ``interaction`` just sent for ``game_id`` at ``ply`` (in the
        ``language`` of the player who opened it: its notice when it lapses is in it too)."""
        self._forget_expired()
        menu = _Open(interaction, message_id, ply, self._clock(), language)
        self._by_game.setdefault(game_id, []).append(menu)

    def used(self, game_id: int, message_id: int) -> None:
        """The menu in message ``message_id`` answers for itself (e.g. it played the move)."""
        menus = [m for m in self._by_game.get(game_id, []) if m.message_id != message_id]
        if menus:
            self._by_game[game_id] = menus
        else:
            self._by_game.pop(game_id, None)

    async def lapse(self, record: GameRecord, url: str | None = None) -> int:
        """Take down ``record``'s menus of an earlier ply (all of them once it is over);
        returns how many were edited."""
        self._forget_expired()
        menus = self._by_game.pop(record.id, [])
        current = [m for m in menus if record.is_active and m.ply == record.ply]
        if current:
            self._by_game[record.id] = current
        edited = 0
        for menu in menus:
            if menu in current:
                continue
            text = moved_on_text(record, url, menu.language)
            try:
                await menu.interaction.edit_original_response(content=text, view=None)
                edited += 1
            except discord.HTTPException as exc:  # dismissed by the player, or token expired
                log.info("game %d: could not close a Move menu: %s", record.id, exc)
        return edited

    def _forget_expired(self) -> None:
        # a margin, so an edit is never attempted with a token about to expire
        oldest = self._clock() - (TOKEN_LIFETIME - 60)
        for game_id in list(self._by_game):
            menus = [m for m in self._by_game[game_id] if m.opened_at > oldest]
            if menus:
                self._by_game[game_id] = menus
            else:
                del self._by_game[game_id]
