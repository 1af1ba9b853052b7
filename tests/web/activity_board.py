"""The live board with the Activity mounted on it, as the bot builds it (``web.bot_ext.
build_app``), for tests that run it without the bot: the board's API and pages, the
Activity's sign-in and page, and the Activity's bearer session accepted by the board."""

from __future__ import annotations

from aiohttp import web

from storage import Database
from web import WebConfig, create_app
from web.activity import ActivityConfig, setup_activity
from web.activity.board import board_user
from web.activity.games import LaunchLookup
from web.ports import ChallengeActions, GameActions, PageWords, english_words

from .activity_fake_discord import APP_ID, BOT_TOKEN, CLIENT_SECRET

BOARD_SECRET = "board-secret-0123456789abcdefghijklmnopqrstuvwxyz"


class Recorder:
    """The play port, recording what reached it (the bot's pipeline is tested elsewhere)."""

    def __init__(self) -> None:
        self.played: list[tuple[int, int, str, int]] = []
        self.resigned: list[tuple[int, int]] = []

    async def play(self, game_id: int, user_id: int, text: str, expected_ply: int) -> None:
        self.played.append((game_id, user_id, text, expected_ply))

    async def resign(self, game_id: int, user_id: int) -> None:
        self.resigned.append((game_id, user_id))

    async def draw(self, game_id: int, user_id: int) -> str:
        return "offered"


def board_with_activity(
    db: Database,
    url: str,
    discord_url: str,
    actions: GameActions | None = None,
    launches: LaunchLookup | None = None,
    *,
    heartbeat: float = 15.0,
    recheck: float = 60.0,
    challenges: ChallengeActions | None = None,
    words: PageWords = english_words,
) -> web.Application:
    """``heartbeat``: the event streams' keep-alive period; ``recheck``: how long an
    instance check is trusted (0: Discord is asked every time)."""
    app = create_app(
        WebConfig(
            url=url,
            secret=BOARD_SECRET,
            client_id=APP_ID,
            discord_api_url=discord_url,
            heartbeat=heartbeat,
        ),
        db,
        actions or Recorder(),
        lambda _guild: True,
        words=words,
        session_sources=[board_user],
    )
    config = ActivityConfig(
        client_id=APP_ID,
        client_secret=CLIENT_SECRET,
        bot_token=BOT_TOKEN,
        session_secret="b" * 40,
        discord_url=discord_url,
        instance_recheck_seconds=recheck,
    )
    setup_activity(app, config, db, launches, challenges=challenges)
    return app
