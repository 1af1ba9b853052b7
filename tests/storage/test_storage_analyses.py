"""``db.analyses`` on both backends: one row per game however many ask, scores appended in
order (a stale writer refused), the result stored, unfinished ones listed for the restart, and
the row gone with its game."""

from __future__ import annotations

import pytest

from storage import Database


async def _game(db: Database) -> int:
    for uid in (1, 2):
        await db.players.upsert_player(uid, f"p{uid}")
    game = await db.games.create_game(
        guild_id=7, channel_id=8, game_kind="chess", start_position="chess", white_id=1, black_id=2
    )
    return game.id


async def test_an_analysis_is_begun_once_and_resumes_from_its_stored_scores(db: Database) -> None:
    gid = await _game(db)
    first, created = await db.analyses.begin(gid, total=3, depth=2, language="ru", now=10.0)
    assert created and first.done == 0 and first.scores == [] and not first.finished
    again, created = await db.analyses.begin(gid, total=3, depth=5, language="en", now=11.0)
    assert not created and again.depth == 2 and again.language == "ru"
    after = await db.analyses.add_scores(gid, 0, [{"a": 1}, {"a": 2}], now=12.0)
    assert after.done == 2 and after.scores == [{"a": 1}, {"a": 2}]
    with pytest.raises(LookupError):  # a second writer that read done=0 too
        await db.analyses.add_scores(gid, 0, [{"a": 9}])
    assert [a.game_id for a in await db.analyses.unfinished()] == [gid]
    await db.analyses.add_scores(gid, 2, [{"a": 3}])
    done = await db.analyses.finish(gid, {"curve": [50.0]}, now=13.0)
    assert done.finished and done.result == {"curve": [50.0]} and done.done == 3
    assert await db.analyses.unfinished() == []
    with pytest.raises(LookupError):  # finished: nothing more is appended
        await db.analyses.add_scores(gid, 3, [{"a": 4}])


async def test_a_games_analysis_goes_with_it(db: Database) -> None:
    gid = await _game(db)
    await db.analyses.begin(gid, total=1, depth=1, language="en")
    await db.execute("DELETE FROM game_seats WHERE game_id = ?", (gid,))
    await db.execute("DELETE FROM moves WHERE game_id = ?", (gid,))
    await db.execute("DELETE FROM games WHERE id = ?", (gid,))
    assert await db.analyses.get(gid) is None


async def test_the_replies_waiting_for_an_analysis_are_kept_until_shown_or_expired(
    db: Database,
) -> None:
    """Each asker's reply is stored once (the same interaction twice: once), listed until its
    token expires (then deleted), dropped once shown, and gone with the analysis's game."""
    gid = await _game(db)
    await db.analyses.begin(gid, total=2, depth=1, language="en", now=10.0)
    await db.analyses.add_reply(gid, token="a", message_id=11, language="ru", expires_at=100.0)
    await db.analyses.add_reply(gid, token="a", message_id=11, language="en", expires_at=200.0)
    await db.analyses.add_reply(gid, token="b", message_id=12, language="fr", expires_at=50.0)
    replies = await db.analyses.replies(gid, now=20.0)
    assert [(r.token, r.message_id, r.language, r.expires_at) for r in replies] == [
        ("b", 12, "fr", 50.0),
        ("a", 11, "ru", 100.0),
    ]
    assert [r.token for r in await db.analyses.replies(gid, now=50.0)] == ["a"]
    assert await db.fetchval("SELECT count(*) FROM analysis_replies") == 1  # b deleted
    await db.analyses.drop_replies(gid, ["a"])
    assert await db.analyses.replies(gid, now=20.0) == []
    await db.analyses.add_reply(gid, token="c", message_id=13, language="de", expires_at=90.0)
    await db.execute("DELETE FROM game_seats WHERE game_id = ?", (gid,))
    await db.execute("DELETE FROM moves WHERE game_id = ?", (gid,))
    await db.execute("DELETE FROM games WHERE id = ?", (gid,))
    assert await db.fetchval("SELECT count(*) FROM analysis_replies") == 0
