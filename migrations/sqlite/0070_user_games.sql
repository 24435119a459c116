-- Each user's games (issue 33): every game whose host, seats, rematch seats or results name a user, so
-- forget-me finds a user's games by key, at a cost that does not grow with the number of games,
-- instead of scanning every game's seats under the write lock. Triggers keep it wherever a game's
-- seats or host are written, so no write path can miss one. Rows only go when their user is
-- forgotten: a user who left a lobby keeps theirs, and forget-me finds nothing to change there.
-- `player` is the user id in decimal, as in `results`. Snowflakes stay below 2^63 until 2084, so
-- the bit-cast host_id reads as the same decimal. Seats that are not JSON name nobody.
CREATE TABLE user_games (
    player TEXT NOT NULL,
    game_id INTEGER NOT NULL,
    PRIMARY KEY (player, game_id)
) WITHOUT ROWID;

CREATE TRIGGER user_games_inserted AFTER INSERT ON games
BEGIN
    INSERT OR IGNORE INTO user_games (player, game_id)
    SELECT CAST(NEW.host_id AS TEXT), NEW.id WHERE NEW.host_id <> 0
    UNION
    SELECT CAST(json_extract(s.value, '$.user') AS TEXT), NEW.id
    FROM json_each(CASE WHEN json_valid(NEW.seats) THEN NEW.seats ELSE '{}' END, '$.seats') s
    WHERE json_type(s.value, '$.user') = 'integer'
    UNION
    SELECT CAST(json_extract(s.value, '$.user') AS TEXT), NEW.id
    FROM json_each(CASE WHEN json_valid(NEW.seats) THEN NEW.seats ELSE '{}' END, '$.rematch.seats') s
    WHERE json_type(s.value, '$.user') = 'integer';
END;

CREATE TRIGGER user_games_updated AFTER UPDATE OF seats, host_id ON games
    WHEN NEW.seats <> OLD.seats OR NEW.host_id <> OLD.host_id
BEGIN
    INSERT OR IGNORE INTO user_games (player, game_id)
    SELECT CAST(NEW.host_id AS TEXT), NEW.id WHERE NEW.host_id <> 0
    UNION
    SELECT CAST(json_extract(s.value, '$.user') AS TEXT), NEW.id
    FROM json_each(CASE WHEN json_valid(NEW.seats) THEN NEW.seats ELSE '{}' END, '$.seats') s
    WHERE json_type(s.value, '$.user') = 'integer'
    UNION
    SELECT CAST(json_extract(s.value, '$.user') AS TEXT), NEW.id
    FROM json_each(CASE WHEN json_valid(NEW.seats) THEN NEW.seats ELSE '{}' END, '$.rematch.seats') s
    WHERE json_type(s.value, '$.user') = 'integer';
END;

-- A finished game's results name its players too (a seat's user, as the finish recorded them).
CREATE TRIGGER user_games_result AFTER INSERT ON results
    WHEN NEW.player <> 'anon' AND NEW.player NOT LIKE 'bot:%'
BEGIN
    INSERT OR IGNORE INTO user_games (player, game_id) VALUES (NEW.player, NEW.game_id);
END;

-- The games stored so far.
INSERT OR IGNORE INTO user_games (player, game_id)
SELECT CAST(host_id AS TEXT), id FROM games WHERE host_id <> 0;
INSERT OR IGNORE INTO user_games (player, game_id)
SELECT CAST(json_extract(s.value, '$.user') AS TEXT), g.id
FROM games g, json_each(CASE WHEN json_valid(g.seats) THEN g.seats ELSE '{}' END, '$.seats') s
WHERE json_type(s.value, '$.user') = 'integer';
INSERT OR IGNORE INTO user_games (player, game_id)
SELECT CAST(json_extract(s.value, '$.user') AS TEXT), g.id
FROM games g, json_each(CASE WHEN json_valid(g.seats) THEN g.seats ELSE '{}' END, '$.rematch.seats') s
WHERE json_type(s.value, '$.user') = 'integer';
INSERT OR IGNORE INTO user_games (player, game_id)
SELECT player, game_id FROM results WHERE player <> 'anon' AND player NOT LIKE 'bot:%';
