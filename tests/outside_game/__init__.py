"""A game from outside the house (tic-tac-toe), defined here and nowhere else: the proof that a
new game needs no edit to the bot, the rules core or the renderers (``docs/adding-a-game.md``)."""
