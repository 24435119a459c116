-- Players' history (issue 17). Written in the transaction that finishes a game, so a finished
-- game is rated exactly once. A server's figures are keyed by its guild id (0 outside servers),
-- so they never mix with another's. `player` is a user id in decimal, `bot:<level>` for a
-- computer player, or `anon` once a user asked to be forgotten.

-- One row per seat of every finished game (abandoned games never count).
CREATE TABLE results (
    game_id INTEGER NOT NULL REFERENCES games (id),
    seat INTEGER NOT NULL,
    guild_id INTEGER NOT NULL,
    kind TEXT NOT NULL,
    player TEXT NOT NULL,
    -- 1 for the winners; ties share a place; resigned or timed-out seats come last.
    place INTEGER NOT NULL,
    won BOOLEAN NOT NULL,
    resigned BOOLEAN NOT NULL,
    -- A solitaire game's turn count; NULL otherwise.
    turns INTEGER,
    -- The rating after this game; NULL when the game did not rate (solitaire).
    mu REAL,
    sigma REAL,
    finished_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);

-- A player's games in a server, newest last: stats, streaks, trend, head-to-head, history.
CREATE INDEX results_player ON results (guild_id, player, finished_at);
-- A server's recent games.
CREATE INDEX results_recent ON results (guild_id, finished_at);

-- The current rating per server, game and player; `score` is the conservative rating
-- (mu - 3 sigma) the leaderboard orders by, stored so the index can serve the ordering.
CREATE TABLE ratings (
    guild_id INTEGER NOT NULL,
    kind TEXT NOT NULL,
    player TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    score REAL NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    PRIMARY KEY (guild_id, kind, player)
) WITHOUT ROWID;

CREATE INDEX ratings_board ON ratings (guild_id, kind, score DESC, player);
