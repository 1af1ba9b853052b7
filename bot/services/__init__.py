"""Code shared by commands and buttons: one path from a user's action to storage and back."""

from .games import GameService, Played, PlayedMove

__all__ = ["GameService", "Played", "PlayedMove"]
