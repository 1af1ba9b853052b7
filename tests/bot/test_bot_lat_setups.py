"""LAT's house setup moved (issue 11: the Queen now starts on f2/f7): /rules shows the new one,
while a game stored with the old setup is continued through the bot exactly as it was begun,
and its rematch starts from the new setup."""

from __future__ import annotations

from bot.presenters import BoardView, presenter_for
from rules import start_position
from storage.replay import verify_game

from .helpers import button_labels, game_at, last_board

NEW_START = "lat:vbvbvbvbvbv/5q5/11/11/11/11/5Q5/VBVBVBVBVBV w"
OLD_START = "lat:vbvbvqvbvbv/5b5/11/11/11/11/5B5/VBVBVQVBVBV w"


def _start_png(position: str) -> bytes:
    """``position`` drawn as ``/rules`` draws a start: the seats named by their colours, the
    caption saying it is the start, the side that moves first marked."""
    presenter = presenter_for("lat")
    board = BoardView(
        position,
        {"white": "White", "black": "Black"},
        status="Start position",
        show_turn=True,
    )
    return presenter.picture(board)


async def test_rules_shows_the_new_lat_setup(arena):
    r = await arena.alice.slash(arena.channel, "rules", variant="lat")
    [embed] = r.response.embeds
    assert embed.footer.text == f"Start position (LPN): {NEW_START}"
    assert "Each Queen starts in front of her back row (f2, f7)" in embed.description
    assert "and also to two once either side is down to three pieces" in embed.description
    [att] = r.response.attachments
    png = await att.read()
    assert png == _start_png(NEW_START)  # the new setup, drawn as /rules draws a start
    assert png != _start_png(OLD_START)


async def test_an_old_setup_lat_game_is_continued_and_rematched_from_the_new_one(arena):
    # Stored before the change, as the bot stored it then: start and White's first move.
    record = await game_at(arena, OLD_START)
    after_b1b2 = "lat:vbvbvqvbvbv/5b5/11/11/11/11/1B3B5/V1VBVQVBVBV b"
    await arena.db.games.record_move(record.id, 0, arena.alice.id, "b1-b2", after_b1b2)
    assert (await verify_game(arena.db, record.id)).ok

    r = await arena.carol.slash(arena.channel, "board", game=str(record.id))
    assert not r.ephemeral and r.response.attachments[0].filename == "board.png"
    r = await arena.bob.slash(arena.channel, "move", move="f7-c7")
    assert not r.ephemeral, r.response.content
    # Only in the old setup does f2-f7 take a Queen: Black's, on f8 between her Valkyries.
    r = await arena.alice.slash(arena.channel, "move", move="f2-f7")
    assert not r.ephemeral, r.response.content
    assert "captured the queen on f8" in r.response.content, r.response.content
    stored = await arena.db.games.load_game(record.id)
    assert (stored.status, stored.winner, stored.reason) == ("finished", "white", "queen_captured")
    assert stored.start_position == OLD_START
    report = await verify_game(arena.db, record.id)
    assert report.ok, report.problems

    r = await arena.carol.slash(arena.channel, "history", game=str(record.id))
    [att] = [a for a in r.response.attachments if not a.filename.endswith(".gif")]
    assert f'[Start "{OLD_START}"]' in (await att.read()).decode()

    # The rematch is a new game: it starts from the house setup of today.
    final = last_board(arena.channel)
    assert button_labels(final) == ["Rematch", "Analysis"]
    c = await arena.bob.click(final, label="Rematch")
    await arena.alice.click(c.response, label="Accept")
    [rematch] = await arena.db.games.active_games(user_id=arena.alice.id)
    assert rematch.id != record.id and rematch.start_position == NEW_START
    assert start_position("lat").to_lpn() == NEW_START
