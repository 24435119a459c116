-- Time off (issue 29): a player away until `until` (unix seconds) on a server, or back early at
-- `back_at`. The turn timers of the games they are awaited in count from when they are back, so a
-- row stays after it passes. Forget-me deletes a player's rows.
CREATE TABLE away (
    guild_id INTEGER NOT NULL,
    player INTEGER NOT NULL,
    until INTEGER NOT NULL,
    back_at INTEGER,
    PRIMARY KEY (guild_id, player)
) WITHOUT ROWID;

-- A lobby's invited players (`$.invited`) are a game's people too: forget-me and the games list
-- find them by key, as they do seats.
DROP TRIGGER user_games_inserted;
DROP TRIGGER user_games_updated;

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
    WHERE json_type(s.value, '$.user') = 'integer'
    UNION
    SELECT CAST(json_extract(s.value, '$.user') AS TEXT), NEW.id
    FROM json_each(CASE WHEN json_valid(NEW.seats) THEN NEW.seats ELSE '{}' END, '$.invited') s
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
    WHERE json_type(s.value, '$.user') = 'integer'
    UNION
    SELECT CAST(json_extract(s.value, '$.user') AS TEXT), NEW.id
    FROM json_each(CASE WHEN json_valid(NEW.seats) THEN NEW.seats ELSE '{}' END, '$.invited') s
    WHERE json_type(s.value, '$.user') = 'integer';
END;
