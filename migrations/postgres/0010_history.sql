-- Players' history (issue 17). Written in the transaction that finishes a game, so a finished
-- game is rated exactly once. A server's figures are keyed by its guild id (0 outside servers),
-- so they never mix with another's. `player` is a user id in decimal, `bot:<level>` for a
-- computer player, or `anon` once a user asked to be forgotten.

-- One row per seat of every finished game (abandoned games never count).
CREATE TABLE results (
    game_id BIGINT NOT NULL REFERENCES games (id),
    seat BIGINT NOT NULL,
    guild_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    player TEXT NOT NULL,
    -- 1 for the winners; ties share a place; resigned or timed-out seats come last.
    place BIGINT NOT NULL,
    won BOOLEAN NOT NULL,
    resigned BOOLEAN NOT NULL,
    -- A solitaire game's turn count; NULL otherwise.
    turns BIGINT,
    -- The rating after this game; NULL when the game did not rate (solitaire).
    mu DOUBLE PRECISION,
    sigma DOUBLE PRECISION,
    finished_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat)
);

-- A player's games in a server, newest last: stats, streaks, trend, head-to-head, history.
CREATE INDEX results_player ON results (guild_id, player, finished_at);
-- A server's recent games.
CREATE INDEX results_recent ON results (guild_id, finished_at);

-- The current rating per server, game and player; `score` is the conservative rating
-- (mu - 3 sigma) the leaderboard orders by, stored so the index can serve the ordering.
CREATE TABLE ratings (
    guild_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    player TEXT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    score DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    wins BIGINT NOT NULL,
    PRIMARY KEY (guild_id, kind, player)
);

CREATE INDEX ratings_board ON ratings (guild_id, kind, score DESC, player);
