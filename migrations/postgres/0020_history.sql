-- Players' history, continued (issue 17).

-- Rematches: the lobby opened to play a finished game again. One per finished game,
-- kept in storage so a second click on the final board, even after a restart, finds it.
CREATE TABLE rematches (
    game_id BIGINT PRIMARY KEY REFERENCES games (id),
    lobby_id BIGINT NOT NULL REFERENCES games (id)
);

-- A player's results read from the index alone (stats, history), not row by row from wherever
-- each game's rows lie (see `cargo bench --bench history` for the figures before and after).
DROP INDEX results_player;
CREATE INDEX results_player_cover ON results (guild_id, player, finished_at, game_id)
    INCLUDE (kind, place, won, resigned, turns, mu, sigma);

-- Head-to-head per server, player and opponent, kept up to date in the transaction that
-- finishes a game (one row per ordered pair of seats with different players), so stats read a
-- few rows instead of joining every game the player played. Forgotten players have none.
CREATE TABLE rivals (
    guild_id BIGINT NOT NULL,
    player TEXT NOT NULL,
    opponent TEXT NOT NULL,
    games BIGINT NOT NULL,
    -- Games where the player placed ahead of the opponent, and behind.
    ahead BIGINT NOT NULL,
    behind BIGINT NOT NULL,
    PRIMARY KEY (guild_id, player, opponent)
);
CREATE INDEX rivals_most ON rivals (guild_id, player, games DESC, opponent);

INSERT INTO rivals (guild_id, player, opponent, games, ahead, behind)
SELECT m.guild_id, m.player, o.player, COUNT(*),
    SUM(CASE WHEN m.place < o.place THEN 1 ELSE 0 END),
    SUM(CASE WHEN m.place > o.place THEN 1 ELSE 0 END)
FROM results m JOIN results o ON o.game_id = m.game_id AND o.player <> m.player
WHERE m.player <> 'anon' AND o.player <> 'anon'
GROUP BY m.guild_id, m.player, o.player;
