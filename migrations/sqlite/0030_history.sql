-- Players' history, continued (issue 17). A summary per player, so `/saikoro stats` reads a few
-- rows instead of every result the player has (28 ms at 100,000 games before, on SQLite); and a
-- rematch lobby that closes before it starts no longer uses up the rematch.

-- Per server, player and game (`kind` is a game's id, or '*' for all games together), kept in the
-- transaction that finishes a game, as stats shows it: versus (not solitaire) games, wins and win
-- streaks in the order the games finished; solitaire counts and turns; and the first game, which
-- breaks ties between favourite games. Forgotten players (`anon`) have none.
CREATE TABLE player_stats (
    guild_id INTEGER NOT NULL,
    player TEXT NOT NULL,
    kind TEXT NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    -- The wins since the last loss, and the most in a row.
    streak INTEGER NOT NULL,
    best_streak INTEGER NOT NULL,
    solo_games INTEGER NOT NULL,
    solo_best INTEGER,
    solo_turns INTEGER NOT NULL,
    -- The first result of any kind, and the first versus result (NULL before one).
    first_at INTEGER NOT NULL,
    first_game INTEGER NOT NULL,
    versus_first_at INTEGER,
    versus_first_game INTEGER,
    PRIMARY KEY (guild_id, player, kind)
) WITHOUT ROWID;

-- The rating trend: a player's last rated results in one game, newest first, from the index alone.
CREATE INDEX results_trend ON results (guild_id, player, kind, finished_at, game_id, mu, sigma)
    WHERE mu IS NOT NULL;

-- Back-fill from the games finished so far. A player's versus results in the order stats reads
-- them; `losses` counts the losses up to each result, so the wins after the same count of losses
-- form one run, and the run after the last loss is the current streak.
INSERT INTO player_stats (guild_id, player, kind, games, wins, streak, best_streak, solo_games,
    solo_best, solo_turns, first_at, first_game, versus_first_at, versus_first_game)
WITH scoped AS (
    SELECT guild_id, player, kind, game_id, seat, place, won, turns, finished_at
    FROM results WHERE player <> 'anon'
    UNION ALL
    SELECT guild_id, player, '*', game_id, seat, place, won, turns, finished_at
    FROM results WHERE player <> 'anon'
), ordered AS (
    SELECT guild_id, player, kind, won, turns, finished_at, game_id,
        ROW_NUMBER() OVER (PARTITION BY guild_id, player, kind
            ORDER BY finished_at, game_id, place, seat) AS n,
        ROW_NUMBER() OVER (PARTITION BY guild_id, player, kind, turns IS NULL
            ORDER BY finished_at, game_id, place, seat) AS n_same,
        SUM(CASE WHEN turns IS NULL AND NOT won THEN 1 ELSE 0 END) OVER (
            PARTITION BY guild_id, player, kind
            ORDER BY finished_at, game_id, place, seat ROWS UNBOUNDED PRECEDING) AS losses
    FROM scoped
), runs AS (
    SELECT guild_id, player, kind, losses,
        SUM(CASE WHEN turns IS NULL AND won THEN 1 ELSE 0 END) AS run,
        MAX(losses) OVER (PARTITION BY guild_id, player, kind) AS last
    FROM ordered GROUP BY guild_id, player, kind, losses
), streaks AS (
    SELECT guild_id, player, kind, MAX(run) AS best,
        SUM(CASE WHEN losses = last THEN run ELSE 0 END) AS current
    FROM runs GROUP BY guild_id, player, kind
)
SELECT t.guild_id, t.player, t.kind,
    SUM(CASE WHEN t.turns IS NULL THEN 1 ELSE 0 END),
    SUM(CASE WHEN t.turns IS NULL AND t.won THEN 1 ELSE 0 END),
    MAX(s.current), MAX(s.best),
    SUM(CASE WHEN t.turns IS NULL THEN 0 ELSE 1 END),
    MIN(t.turns), COALESCE(SUM(t.turns), 0),
    MAX(CASE WHEN t.n = 1 THEN t.finished_at END),
    MAX(CASE WHEN t.n = 1 THEN t.game_id END),
    MAX(CASE WHEN t.turns IS NULL AND t.n_same = 1 THEN t.finished_at END),
    MAX(CASE WHEN t.turns IS NULL AND t.n_same = 1 THEN t.game_id END)
FROM ordered t JOIN streaks s ON s.guild_id = t.guild_id AND s.player = t.player AND s.kind = t.kind
GROUP BY t.guild_id, t.player, t.kind;

-- A rematch lobby that closes before its game starts (expired, cancelled, abandoned by its host)
-- frees the finished game's rematch, in the transaction that closes it, however it closes.
CREATE TRIGGER rematch_lobby_closed AFTER UPDATE OF status ON games
    WHEN OLD.status = 'lobby' AND NEW.status = 'abandoned'
BEGIN
    DELETE FROM rematches WHERE lobby_id = NEW.id;
END;
-- Lobbies closed so far: abandoned with no move made.
DELETE FROM rematches WHERE lobby_id IN (
    SELECT id FROM games WHERE status = 'abandoned'
        AND NOT EXISTS (SELECT 1 FROM actions WHERE actions.game_id = games.id));
