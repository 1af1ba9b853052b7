"""The Discord bot: challenge, play and watch Latrunculi in a server.

Start it with ``python -m bot`` (see :mod:`bot.__main__`). The bot keeps no game state in
memory: every command and button reads the game from storage and writes moves back with an
optimistic ply check, so it survives restarts and never plays two moves for one turn.
"""

from .client import GameBot, create_bot
from .settings import Settings, SettingsError

__all__ = ["GameBot", "Settings", "SettingsError", "create_bot"]
