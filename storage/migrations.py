"""Numbered schema migrations.

``MIGRATIONS[n]`` takes a database from schema version ``n`` to ``n + 1``. Each migration is a
list of single SQL statements run one by one inside one transaction together with the
``PRAGMA user_version`` bump, so a crash mid-migration leaves the previous version intact.
(``executescript`` is never used: it commits whatever transaction is open.)

Never edit a migration that has shipped; append a new one.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["MIGRATIONS", "SCHEMA_VERSION"]

_V1: list[str] = [
    """
    CREATE TABLE players (
        user_id       INTEGER PRIMARY KEY,
        display_name  TEXT    NOT NULL DEFAULT '',
        games_played  INTEGER NOT NULL DEFAULT 0,
        wins          INTEGER NOT NULL DEFAULT 0,
        losses        INTEGER NOT NULL DEFAULT 0,
        draws         INTEGER NOT NULL DEFAULT 0,
        created_at    INTEGER NOT NULL,
        updated_at    INTEGER NOT NULL
    )
    """,
    """
    CREATE TABLE games (
        id                INTEGER PRIMARY KEY,
        guild_id          INTEGER,
        channel_id        INTEGER NOT NULL,
        thread_id         INTEGER,
        board_channel_id  INTEGER,
        board_message_id  INTEGER,
        variant           TEXT    NOT NULL,
        options           TEXT    NOT NULL DEFAULT '{}',
        white_id          INTEGER NOT NULL REFERENCES players (user_id),
        black_id          INTEGER NOT NULL REFERENCES players (user_id),
        status            TEXT    NOT NULL DEFAULT 'active'
                                  CHECK (status IN ('active', 'finished')),
        winner            TEXT    CHECK (winner IN ('white', 'black')),
        reason            TEXT,
        start_position    TEXT    NOT NULL,
        current_position  TEXT    NOT NULL,
        ply               INTEGER NOT NULL DEFAULT 0 CHECK (ply >= 0),
        draw_offer_by     INTEGER,
        draw_offer_ply    INTEGER,
        created_at        INTEGER NOT NULL,
        updated_at        INTEGER NOT NULL,
        finished_at       INTEGER,
        CHECK ((status = 'active' AND reason IS NULL AND winner IS NULL
                AND finished_at IS NULL)
            OR (status = 'finished' AND reason IS NOT NULL AND finished_at IS NOT NULL)),
        CHECK ((draw_offer_by IS NULL) = (draw_offer_ply IS NULL))
    )
    """,
    "CREATE INDEX games_white ON games (white_id, status)",
    "CREATE INDEX games_black ON games (black_id, status)",
    "CREATE INDEX games_channel ON games (channel_id, status)",
    "CREATE INDEX games_thread ON games (thread_id) WHERE thread_id IS NOT NULL",
    "CREATE INDEX games_guild_finished ON games (guild_id, status)",
    """
    CREATE TABLE moves (
        game_id         INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        ply             INTEGER NOT NULL CHECK (ply >= 1),
        player_id       INTEGER NOT NULL,
        move            TEXT    NOT NULL,
        position_after  TEXT    NOT NULL,
        created_at      INTEGER NOT NULL,
        PRIMARY KEY (game_id, ply)
    ) WITHOUT ROWID
    """,
    """
    CREATE TABLE challenges (
        id             INTEGER PRIMARY KEY,
        guild_id       INTEGER,
        channel_id     INTEGER NOT NULL,
        message_id     INTEGER,
        challenger_id  INTEGER NOT NULL,
        challenged_id  INTEGER,
        variant        TEXT    NOT NULL,
        options        TEXT    NOT NULL DEFAULT '{}',
        colour         TEXT    NOT NULL DEFAULT 'random'
                               CHECK (colour IN ('white', 'black', 'random')),
        status         TEXT    NOT NULL DEFAULT 'pending'
                               CHECK (status IN ('pending', 'accepted', 'declined',
                                                 'cancelled', 'expired')),
        created_at     INTEGER NOT NULL,
        expires_at     INTEGER NOT NULL,
        resolved_at    INTEGER,
        accepted_by    INTEGER,
        game_id        INTEGER REFERENCES games (id),
        CHECK ((status = 'pending') = (resolved_at IS NULL)),
        CHECK ((status = 'accepted') = (game_id IS NOT NULL))
    )
    """,
    "CREATE INDEX challenges_pending ON challenges (expires_at) WHERE status = 'pending'",
    "CREATE INDEX challenges_channel ON challenges (channel_id, status)",
]

_V2: list[str] = [
    # The bot's hot reads are a player's active games (v1's games_white / games_black, with
    # the status) and a channel's active games: ``channel_id = ? OR thread_id = ?``. SQLite's
    # OR optimisation needs an index with the status on *each* branch, else it reads every
    # game ever played in that thread; games_thread (thread_id alone) gave it only half.
    "CREATE INDEX games_thread_status ON games (thread_id, status) WHERE thread_id IS NOT NULL",
    "DROP INDEX games_thread",
    # A guild's pending challenges (channel and expiry lookups have their indexes since v1).
    """
    CREATE INDEX challenges_guild_pending ON challenges (guild_id, expires_at)
     WHERE status = 'pending'
    """,
]

_V3: list[str] = [
    # Move timeouts: when the side to move got the turn (the game's start or the last move;
    # ``updated_at`` will not do, a draw offer touches it) and the ply whose reminder was
    # sent, so a restart or a second process never reminds twice. Existing games are
    # backfilled from their last stored move.
    "ALTER TABLE games ADD COLUMN turn_since INTEGER NOT NULL DEFAULT 0",
    """
    UPDATE games
       SET turn_since = COALESCE(
               (SELECT max(created_at) FROM moves WHERE moves.game_id = games.id), created_at)
    """,
    "ALTER TABLE games ADD COLUMN reminded_ply INTEGER",
    "CREATE INDEX games_turn_active ON games (turn_since) WHERE status = 'active'",
    # At most one live rematch offer per finished game, across processes: a second insert
    # fails on this index. Declined, cancelled or expired offers no longer block a new one.
    "ALTER TABLE challenges ADD COLUMN rematch_of INTEGER REFERENCES games (id)",
    """
    CREATE UNIQUE INDEX challenges_rematch ON challenges (rematch_of)
     WHERE rematch_of IS NOT NULL AND status IN ('pending', 'accepted')
    """,
]

_V4: list[str] = [
    # Announcements: the ply the game's public board message announces, and whether the end
    # of a finished game was announced. A move or finish is committed *before* its board is
    # posted; if the post never happens (a crash, Discord refusing it) the sweep finds the game
    # with these and posts the board it missed. Existing games count as announced, so an
    # upgrade never re-announces old games.
    "ALTER TABLE games ADD COLUMN announced_ply INTEGER NOT NULL DEFAULT 0",
    """
    ALTER TABLE games ADD COLUMN announced_over INTEGER NOT NULL DEFAULT 0
          CHECK (announced_over IN (0, 1))
    """,
    "UPDATE games SET announced_ply = ply, announced_over = (status = 'finished')",
    # Only unannounced games are in it: a handful at most, whatever the number of games.
    """
    CREATE INDEX games_unannounced ON games (updated_at)
     WHERE announced_ply < ply OR (status = 'finished' AND announced_over = 0)
    """,
]

_V5: list[str] = [
    # Expired challenges whose message still shows Accept / Decline: the sweep expires every
    # overdue challenge in one write but edits only so many messages a minute (Discord's rate
    # limits; a backlog must not hold up timeouts); the flag keeps the rest for later ticks,
    # across restarts. Challenges expired before this schema had their message edited.
    """
    ALTER TABLE challenges ADD COLUMN message_stale INTEGER NOT NULL DEFAULT 0
          CHECK (message_stale IN (0, 1))
    """,
    "CREATE INDEX challenges_message_stale ON challenges (resolved_at, id) WHERE message_stale = 1",
    # When a user was last pinged for something (a draw offer in a game, a challenge from one
    # player): offering and withdrawing again and again must not ping the other player every
    # time. One row per kind, scope (the game, or the challenger) and pinged user.
    """
    CREATE TABLE pings (
        kind       TEXT    NOT NULL,
        scope      INTEGER NOT NULL,
        target_id  INTEGER NOT NULL,
        pinged_at  INTEGER NOT NULL,
        PRIMARY KEY (kind, scope, target_id)
    ) WITHOUT ROWID
    """,
]

_V6: list[str] = [
    # The catch-up's claim on a game's missed board: until this time (ms) one bot process is
    # posting it, and no other may. Taken by one guarded UPDATE, so two processes (or two
    # machines) on one database never both post it; a claimer that dies lets its claim expire,
    # and the board is still posted after that. NULL: nobody is posting.
    "ALTER TABLE games ADD COLUMN announce_claimed_until INTEGER",
]

_V7: list[str] = [
    # The message carrying a draw offer's Accept / Decline buttons, so they can be taken off
    # when the offer lapses (a move) or is accepted with /draw. Since schema 7 a move keeps
    # the offer it lapsed (draw_offer_by / draw_offer_ply, now behind ply) until the next move,
    # so /draw can tell "the offer lapsed" from "there was none".
    "ALTER TABLE games ADD COLUMN draw_offer_message_id INTEGER",
]

_V8: list[str] = [
    # How a player wants to be told it is their move: a mention in the game's thread (the
    # default, as before), a direct message, or nothing (silent).
    """
    ALTER TABLE players ADD COLUMN notify TEXT NOT NULL DEFAULT 'mention'
          CHECK (notify IN ('mention', 'dm', 'silent'))
    """,
    # The "your move" DM digest of a player who chose DMs: at most one an hour. dm_due_since:
    # since when a turn of theirs waits that no digest told yet (NULL: nothing new);
    # digest_at: when their last digest was claimed (claimed before it is sent, so a restart
    # or a second process never sends it twice). Times in ms.
    "ALTER TABLE players ADD COLUMN dm_due_since INTEGER",
    "ALTER TABLE players ADD COLUMN digest_at INTEGER",
    # Only players with news waiting are in it: a handful, whatever the number of players.
    "CREATE INDEX players_dm_due ON players (dm_due_since) WHERE dm_due_since IS NOT NULL",
]

_V9: list[str] = [
    # Seats (issue 19): a game has 2-4 seats, named in turn order ("black", "white" in
    # classic and draughts, "white", "black" in chess and the other Latrunculi sets; "red",
    # "blue", "yellow" in ludo). The players move from games.white_id / black_id into
    # game_seats; games.winner names a seat (any name), and a result may carry places
    # (game_seats.place) and backgammon points (games.points). A backgammon match (a series of
    # games to N points) lives in matches / match_seats, its games point at it.
    #
    # The games table is rebuilt (SQLite cannot drop columns named in CHECKs or loosen NOT
    # NULL): the runner switches foreign keys off around every migration and checks them
    # before committing, so DROP TABLE games neither cascades to the moves nor fails, and
    # the moves', challenges' and seats' references resolve to the new table.
    """
    CREATE TABLE matches (
        id              INTEGER PRIMARY KEY,
        guild_id        INTEGER,
        game            TEXT    NOT NULL,
        options         TEXT    NOT NULL DEFAULT '{}',
        length          INTEGER NOT NULL CHECK (length BETWEEN 1 AND 25),
        status          TEXT    NOT NULL DEFAULT 'active'
                                CHECK (status IN ('active', 'finished')),
        winner          TEXT,
        games_scored    INTEGER NOT NULL DEFAULT 0 CHECK (games_scored >= 0),
        crawford_game   INTEGER CHECK (crawford_game >= 1),
        created_at      INTEGER NOT NULL,
        updated_at      INTEGER NOT NULL,
        finished_at     INTEGER,
        CHECK ((status = 'active') = (finished_at IS NULL AND winner IS NULL))
    )
    """,
    """
    CREATE TABLE match_seats (
        match_id   INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        seat       INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
        name       TEXT    NOT NULL,
        player_id  INTEGER NOT NULL REFERENCES players (user_id),
        score      INTEGER NOT NULL DEFAULT 0 CHECK (score >= 0),
        PRIMARY KEY (match_id, seat),
        UNIQUE (match_id, name)
    ) WITHOUT ROWID
    """,
    """
    CREATE TABLE game_seats (
        game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat       INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
        name       TEXT    NOT NULL,
        player_id  INTEGER NOT NULL REFERENCES players (user_id),
        status     TEXT    NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished')),
        place      INTEGER CHECK (place BETWEEN 1 AND 4),
        PRIMARY KEY (game_id, seat),
        UNIQUE (game_id, name)
    ) WITHOUT ROWID
    """,
    # Turn order as the rules core had it when this schema shipped: Black moves first in
    # classic Latrunculi and in draughts, White in every other game stored so far.
    """
    INSERT INTO game_seats (game_id, seat, name, player_id, status)
    SELECT id, 0,
           CASE WHEN variant IN ('classic', 'draughts') THEN 'black' ELSE 'white' END,
           CASE WHEN variant IN ('classic', 'draughts') THEN black_id ELSE white_id END,
           status
      FROM games
    UNION ALL
    SELECT id, 1,
           CASE WHEN variant IN ('classic', 'draughts') THEN 'white' ELSE 'black' END,
           CASE WHEN variant IN ('classic', 'draughts') THEN white_id ELSE black_id END,
           status
      FROM games
    """,
    """
    CREATE TABLE games_v9 (
        id                INTEGER PRIMARY KEY,
        guild_id          INTEGER,
        channel_id        INTEGER NOT NULL,
        thread_id         INTEGER,
        board_channel_id  INTEGER,
        board_message_id  INTEGER,
        variant           TEXT    NOT NULL,
        options           TEXT    NOT NULL DEFAULT '{}',
        status            TEXT    NOT NULL DEFAULT 'active'
                                  CHECK (status IN ('active', 'finished')),
        winner            TEXT,
        reason            TEXT,
        points            INTEGER CHECK (points >= 1),
        start_position    TEXT    NOT NULL,
        current_position  TEXT    NOT NULL,
        ply               INTEGER NOT NULL DEFAULT 0 CHECK (ply >= 0),
        draw_offer_by     INTEGER,
        draw_offer_ply    INTEGER,
        created_at        INTEGER NOT NULL,
        updated_at        INTEGER NOT NULL,
        finished_at       INTEGER,
        turn_since        INTEGER NOT NULL DEFAULT 0,
        reminded_ply      INTEGER,
        announced_ply     INTEGER NOT NULL DEFAULT 0,
        announced_over    INTEGER NOT NULL DEFAULT 0 CHECK (announced_over IN (0, 1)),
        announce_claimed_until INTEGER,
        draw_offer_message_id INTEGER,
        match_id          INTEGER REFERENCES matches (id),
        match_game        INTEGER CHECK (match_game >= 1),
        CHECK ((status = 'active' AND reason IS NULL AND winner IS NULL AND points IS NULL
                AND finished_at IS NULL)
            OR (status = 'finished' AND reason IS NOT NULL AND finished_at IS NOT NULL)),
        CHECK ((draw_offer_by IS NULL) = (draw_offer_ply IS NULL)),
        CHECK ((match_id IS NULL) = (match_game IS NULL))
    )
    """,
    """
    INSERT INTO games_v9 (id, guild_id, channel_id, thread_id, board_channel_id,
                          board_message_id, variant, options, status, winner, reason,
                          start_position, current_position, ply, draw_offer_by,
                          draw_offer_ply, created_at, updated_at, finished_at, turn_since,
                          reminded_ply, announced_ply, announced_over,
                          announce_claimed_until, draw_offer_message_id)
    SELECT id, guild_id, channel_id, thread_id, board_channel_id, board_message_id, variant,
           options, status, winner, reason, start_position, current_position, ply,
           draw_offer_by, draw_offer_ply, created_at, updated_at, finished_at, turn_since,
           reminded_ply, announced_ply, announced_over, announce_claimed_until,
           draw_offer_message_id
      FROM games
    """,
    "DROP TABLE games",
    "ALTER TABLE games_v9 RENAME TO games",
    # The games indexes of schemas 1-8 (dropped with the old table), but a player's games:
    # those are found through game_seats_player now.
    "CREATE INDEX games_channel ON games (channel_id, status)",
    "CREATE INDEX games_thread_status ON games (thread_id, status) WHERE thread_id IS NOT NULL",
    "CREATE INDEX games_guild_finished ON games (guild_id, status)",
    "CREATE INDEX games_turn_active ON games (turn_since) WHERE status = 'active'",
    """
    CREATE INDEX games_unannounced ON games (updated_at)
     WHERE announced_ply < ply OR (status = 'finished' AND announced_over = 0)
    """,
    "CREATE UNIQUE INDEX games_match ON games (match_id, match_game) WHERE match_id IS NOT NULL",
    # A player's active (or finished) games: (player, status) as games_white / games_black
    # were. Each seat carries its game's status, kept equal by this trigger whatever writes it.
    "CREATE INDEX game_seats_player ON game_seats (player_id, status)",
    """
    CREATE TRIGGER games_status_to_seats AFTER UPDATE OF status ON games
     WHEN NEW.status IS NOT OLD.status
    BEGIN
        UPDATE game_seats SET status = NEW.status WHERE game_id = NEW.id;
    END
    """,
    "CREATE INDEX match_seats_player ON match_seats (player_id)",
]

_V10: list[str] = [
    # Multi-seat challenges ("tables", ludo's lobby): a table is a challenge with
    # max_seats set; who sits at it is in challenge_seats, in the order they sat down (that is
    # the game's turn order). A seat is a number, not a player: the same player id may later
    # fill several seats (computer players). ``invited`` lists the players the host named
    # (a JSON array of ids), mentioned once when the table is posted.
    "ALTER TABLE challenges ADD COLUMN max_seats INTEGER CHECK (max_seats BETWEEN 2 AND 4)",
    "ALTER TABLE challenges ADD COLUMN invited TEXT NOT NULL DEFAULT '[]'",
    """
    CREATE TABLE challenge_seats (
        challenge_id  INTEGER NOT NULL REFERENCES challenges (id) ON DELETE CASCADE,
        seat          INTEGER NOT NULL CHECK (seat >= 0),
        player_id     INTEGER NOT NULL,
        joined_at     INTEGER NOT NULL,
        PRIMARY KEY (challenge_id, seat)
    ) WITHOUT ROWID
    """,
    "CREATE INDEX challenge_seats_player ON challenge_seats (player_id)",
]

_V11: list[str] = [
    # A player's opt-in (``/settings``): the bot plays their turn when the dice allow exactly
    # one legal play (backgammon). Off for everyone, as the issue asks: never by default.
    """
    ALTER TABLE players ADD COLUMN play_only_turn INTEGER NOT NULL DEFAULT 0
        CHECK (play_only_turn IN (0, 1))
    """,
]

_V12: list[str] = [
    # Vacations (``/vacation``, issue 18): until when a player's clocks are paused (ms; NULL:
    # never on vacation), and the days they booked in the calendar month ``vacation_month``
    # ('YYYY-MM', UTC) — at most 14 a month.
    "ALTER TABLE players ADD COLUMN vacation_until INTEGER",
    "ALTER TABLE players ADD COLUMN vacation_month TEXT",
    "ALTER TABLE players ADD COLUMN vacation_days INTEGER NOT NULL DEFAULT 0"
    " CHECK (vacation_days >= 0)",
]

_V13: list[str] = [
    # Ratings (issue 18). A game is rated or casual, fixed when it is created (a challenge's
    # ``rated`` option, rated by default); games against oneself or outside a server never are.
    # Games stored before this schema were all challenges between people, so those between
    # different people in a server are rated, as a new challenge is by default.
    "ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1))",
    """
    UPDATE games SET rated = 1
     WHERE guild_id IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM game_seats AS a JOIN game_seats AS b
                          ON b.game_id = a.game_id AND b.seat > a.seat
                         AND b.player_id = a.player_id
                        WHERE a.game_id = games.id)
    """,
    "ALTER TABLE challenges ADD COLUMN rated INTEGER NOT NULL DEFAULT 1 CHECK (rated IN (0, 1))",
    # A finished rated result waiting to enter the ratings: set and cleared in the transaction
    # that finishes the game, so it is only ever seen set for the games finished before this
    # schema -- the backlog Database.start rates once, oldest finish first. A backgammon
    # match is one result, carried by the game that ended it.
    """
    ALTER TABLE games ADD COLUMN rating_pending INTEGER NOT NULL DEFAULT 0
          CHECK (rating_pending IN (0, 1))
    """,
    """
    UPDATE games SET rating_pending = 1
     WHERE rated = 1 AND status = 'finished' AND reason != 'aborted'
       AND (match_id IS NULL
            OR (match_game = (SELECT max(m.match_game) FROM games AS m
                               WHERE m.match_id = games.match_id)
                AND EXISTS (SELECT 1 FROM matches
                             WHERE matches.id = games.match_id AND status = 'finished')))
    """,
    "CREATE INDEX games_rating_pending ON games (finished_at, id) WHERE rating_pending = 1",
    # One rating per server, game id and player: rating and deviation on the Glicko scale
    # (ludo: openskill's mu and sigma on the same scale; volatility NULL), the results it
    # counts and when it last changed (the deviation grows with the time since).
    """
    CREATE TABLE ratings (
        guild_id    INTEGER NOT NULL,
        game        TEXT    NOT NULL,
        player_id   INTEGER NOT NULL REFERENCES players (user_id),
        rating      REAL    NOT NULL,
        rd          REAL    NOT NULL CHECK (rd > 0),
        volatility  REAL,
        results     INTEGER NOT NULL DEFAULT 0 CHECK (results >= 0),
        rated_at    INTEGER NOT NULL,
        PRIMARY KEY (guild_id, game, player_id)
    ) WITHOUT ROWID
    """,
    "CREATE INDEX ratings_board ON ratings (guild_id, game, rating)",
    "CREATE INDEX ratings_player ON ratings (player_id, guild_id)",
    # Every change, one row per player per rated result (the game that ended it).
    """
    CREATE TABLE rating_history (
        game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        player_id      INTEGER NOT NULL REFERENCES players (user_id),
        guild_id       INTEGER NOT NULL,
        game           TEXT    NOT NULL,
        rating_before  REAL    NOT NULL,
        rd_before      REAL    NOT NULL,
        rating_after   REAL    NOT NULL,
        rd_after       REAL    NOT NULL,
        rated_at       INTEGER NOT NULL,
        PRIMARY KEY (game_id, player_id)
    ) WITHOUT ROWID
    """,
    """
    CREATE INDEX rating_history_player
        ON rating_history (guild_id, player_id, game, rated_at)
    """,
]

_V14: list[str] = [
    # Languages (``/language``, issue 17): a player's own choice (NULL: follow their Discord
    # client's language) and a server's default (no row or NULL: English), as the bot's
    # language codes ('en', 'bg', 'hr', 'el', 'ru', 'tr', 'sr', 'sl', 'ar').
    "ALTER TABLE players ADD COLUMN language TEXT",
    """
    CREATE TABLE guild_settings (
        guild_id    INTEGER PRIMARY KEY,
        language    TEXT,
        updated_at  INTEGER NOT NULL
    )
    """,
]

_V15: list[str] = [
    # Games against the computer (issues 15, 16). A seat the bot itself plays carries the
    # level it plays at (its player_id is the bot's own Discord user id); NULL for a person.
    # Such games are recorded like any other but never counted in records, leaderboards or
    # ratings: readers test "a seat with ai_level IS NOT NULL". A challenge addressed to the
    # bot carries the level asked for, copied onto the bot's seat when the bot accepts it.
    """
    ALTER TABLE game_seats ADD COLUMN ai_level TEXT
          CHECK (ai_level IN ('easy', 'medium', 'hard'))
    """,
    """
    ALTER TABLE challenges ADD COLUMN ai_level TEXT
          CHECK (ai_level IN ('easy', 'medium', 'hard'))
    """,
    # The games the computer plays in, for the catch-up after a restart ("whose turn is it?"
    # is then read from each one's position): only active ones, a handful.
    """
    CREATE INDEX game_seats_computer ON game_seats (game_id)
     WHERE ai_level IS NOT NULL AND status = 'active'
    """,
    # A table (schema 10) may be filled with computer players: each such seat carries its
    # level, copied onto the game's seat when the table starts.
    """
    ALTER TABLE challenge_seats ADD COLUMN ai_level TEXT
          CHECK (ai_level IN ('easy', 'medium', 'hard'))
    """,
]

_V16: list[str] = [
    # Claims (issue 22): several bot processes over one database claim the work any of them
    # might do (a timeout, a reminder, the computer's turn in a game) before doing it, so it
    # is done once. A row per (kind, item) names its owner (a random token per process) until
    # expires_at (ms); released when done, taken over once expired (storage/claims.py).
    """
    CREATE TABLE claims (
        kind        TEXT    NOT NULL,
        item        INTEGER NOT NULL,
        owner       TEXT    NOT NULL,
        claimed_at  INTEGER NOT NULL,
        expires_at  INTEGER NOT NULL,
        PRIMARY KEY (kind, item)
    ) WITHOUT ROWID
    """,
    # The health line's "moves in the last minute" (bot.health), every minute: a range
    # search at the end of this index instead of a scan of every move ever played.
    "CREATE INDEX moves_created ON moves (created_at)",
]

_V17: list[str] = [
    # Pace (issue 36): the hours a player has for each move in this game (``/challenge
    # days:``, a table's, a tournament's); NULL = the bot's MOVE_TIMEOUT_HOURS. A challenge
    # (or table) carries it to the game it becomes.
    "ALTER TABLE games ADD COLUMN pace_hours INTEGER CHECK (pace_hours > 0)",
    "ALTER TABLE challenges ADD COLUMN pace_hours INTEGER CHECK (pace_hours > 0)",
    # Tournaments (issue 36): sign-ups, rounds and boards, each board an ordinary game (or a
    # bye / forfeit with fixed scores). ``round`` counts the rounds started; a round is
    # started by one guarded UPDATE of it in the transaction that writes its boards and games
    # (storage/tournaments.py), so it never starts twice.
    """
    CREATE TABLE tournaments (
        id                INTEGER PRIMARY KEY,
        guild_id          INTEGER NOT NULL,
        channel_id        INTEGER NOT NULL,
        message_id        INTEGER,
        thread_id         INTEGER,
        organiser_id      INTEGER NOT NULL,
        game              TEXT    NOT NULL,
        options           TEXT    NOT NULL DEFAULT '{}',
        format            TEXT    NOT NULL
                          CHECK (format IN ('round-robin', 'double-round-robin', 'swiss',
                                            'tables')),
        rounds            INTEGER CHECK (rounds > 0),
        pace_hours        INTEGER CHECK (pace_hours > 0),
        rated             INTEGER NOT NULL DEFAULT 1,
        status            TEXT    NOT NULL DEFAULT 'open'
                          CHECK (status IN ('open', 'running', 'finished', 'cancelled')),
        round             INTEGER NOT NULL DEFAULT 0 CHECK (round >= 0),
        round_started_at  INTEGER,
        starts_at         INTEGER,
        created_at        INTEGER NOT NULL,
        finished_at       INTEGER
    )
    """,
    "CREATE INDEX tournaments_status ON tournaments (status, starts_at)",
    """
    CREATE TABLE tournament_entrants (
        tournament_id    INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
        player_id        INTEGER NOT NULL,
        seed             INTEGER NOT NULL,
        joined_at        INTEGER NOT NULL,
        withdrawn_round  INTEGER,
        PRIMARY KEY (tournament_id, player_id)
    ) WITHOUT ROWID
    """,
    """
    CREATE TABLE tournament_boards (
        tournament_id  INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
        round          INTEGER NOT NULL CHECK (round >= 1),
        board          INTEGER NOT NULL CHECK (board >= 1),
        game_id        INTEGER REFERENCES games (id),
        PRIMARY KEY (tournament_id, round, board)
    ) WITHOUT ROWID
    """,
    "CREATE UNIQUE INDEX tournament_boards_game ON tournament_boards (game_id)"
    " WHERE game_id IS NOT NULL",
    """
    CREATE TABLE tournament_seats (
        tournament_id  INTEGER NOT NULL,
        round          INTEGER NOT NULL,
        board          INTEGER NOT NULL,
        seat           INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
        player_id      INTEGER NOT NULL,
        score          REAL,
        PRIMARY KEY (tournament_id, round, board, seat),
        FOREIGN KEY (tournament_id, round, board)
            REFERENCES tournament_boards (tournament_id, round, board) ON DELETE CASCADE
    ) WITHOUT ROWID
    """,
]


_V18: list[str] = [
    # Analyses (issue 33): a finished game's analysis, computed once and shown again. The
    # positions' scores are stored as they are computed (a JSON list, ``total`` of them in
    # the end), so a restart resumes a half-done analysis; ``result`` is the finished
    # analysis's JSON.
    """
    CREATE TABLE analyses (
        game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        depth       INTEGER NOT NULL,
        total       INTEGER NOT NULL CHECK (total > 0),
        done        INTEGER NOT NULL DEFAULT 0 CHECK (done >= 0 AND done <= total),
        scores      TEXT    NOT NULL DEFAULT '[]',
        result      TEXT,
        language    TEXT    NOT NULL DEFAULT 'en',
        created_at  INTEGER NOT NULL,
        updated_at  INTEGER NOT NULL
    )
    """,
    "CREATE INDEX analyses_unfinished ON analyses (created_at) WHERE result IS NULL",
]

_V19: list[str] = [
    # The replies waiting for an analysis (issue 33): each asker's ephemeral "analysing…"
    # message, edited with the progress and the result by whichever process works on the
    # analysis, also after a restart. Ephemeral messages are edited only through their
    # interaction's webhook: ``token`` is the interaction's (Discord accepts it for 15
    # minutes, ``expires_at``), ``message_id`` the reply's. Deleted once the result is shown.
    """
    CREATE TABLE analysis_replies (
        game_id     INTEGER NOT NULL REFERENCES analyses (game_id) ON DELETE CASCADE,
        token       TEXT    NOT NULL,
        message_id  INTEGER NOT NULL,
        language    TEXT    NOT NULL,
        expires_at  INTEGER NOT NULL,
        PRIMARY KEY (game_id, token)
    ) WITHOUT ROWID
    """,
    # The game each Discord Activity launch was for (issue 35), keyed by the instance id
    # Discord returns with a Play in Discord button's launch: the Activity's server finds the
    # launched game in any bot process, also after a restart (storage/launches.py).
    """
    CREATE TABLE activity_launches (
        instance_id TEXT    PRIMARY KEY,
        game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id     INTEGER NOT NULL,
        guild_id    INTEGER NOT NULL,
        channel_id  INTEGER NOT NULL,
        launched_at INTEGER NOT NULL
    )
    """,
    "CREATE INDEX activity_launches_age ON activity_launches (launched_at)",
    "CREATE INDEX activity_launches_game ON activity_launches (game_id)",
]

MIGRATIONS: Sequence[Sequence[str]] = (
    _V1,
    _V2,
    _V3,
    _V4,
    _V5,
    _V6,
    _V7,
    _V8,
    _V9,
    _V10,
    _V11,
    _V12,
    _V13,
    _V14,
    _V15,
    _V16,
    _V17,
    _V18,
    _V19,
)
"""Migration ``i`` upgrades from ``user_version == i`` to ``i + 1``."""

SCHEMA_VERSION: int = len(MIGRATIONS)
"""The schema version this code writes; a database with a higher version is refused."""
