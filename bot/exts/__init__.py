"""One extension per feature: challenges, play, game_end, info."""
