-- Each user's games (issue 33): every game whose host, seats, rematch seats or results name a user, so
-- forget-me finds a user's games by key, at a cost that does not grow with the number of games,
-- instead of scanning every game's seats. Triggers keep it wherever a game's seats or host are
-- written, so no write path can miss one. Rows only go when their user is forgotten: a user who
-- left a lobby keeps theirs, and forget-me finds nothing to change there. `player` is the user id
-- in decimal, as in `results`. Snowflakes stay below 2^63 until 2084, so the bit-cast host_id
-- reads as the same decimal. Seats that are not JSON name nobody.
CREATE TABLE user_games (
    player TEXT NOT NULL,
    game_id BIGINT NOT NULL,
    PRIMARY KEY (player, game_id)
);

-- The users a game's row names, as decimal text.
CREATE FUNCTION users_named(host_id BIGINT, seats TEXT) RETURNS SETOF TEXT
    LANGUAGE plpgsql AS $$
DECLARE
    table_json JSONB;
BEGIN
    IF host_id <> 0 THEN
        RETURN NEXT host_id::TEXT;
    END IF;
    BEGIN
        table_json := seats::JSONB;
    EXCEPTION WHEN others THEN
        RETURN;
    END;
    IF jsonb_typeof(table_json) <> 'object' THEN
        RETURN;
    END IF;
    RETURN QUERY
        SELECT seat->>'user' FROM jsonb_array_elements(
            CASE WHEN jsonb_typeof(table_json->'seats') = 'array' THEN table_json->'seats'
                 ELSE '[]'::JSONB END) seat
        WHERE jsonb_typeof(seat->'user') = 'number'
        UNION
        SELECT seat->>'user' FROM jsonb_array_elements(
            CASE WHEN jsonb_typeof(table_json#>'{rematch,seats}') = 'array'
                 THEN table_json#>'{rematch,seats}' ELSE '[]'::JSONB END) seat
        WHERE jsonb_typeof(seat->'user') = 'number';
END
$$;

CREATE FUNCTION note_user_games() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO user_games (player, game_id)
    SELECT DISTINCT u, NEW.id FROM users_named(NEW.host_id, NEW.seats) u
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END
$$;

CREATE TRIGGER user_games_inserted AFTER INSERT ON games
    FOR EACH ROW EXECUTE FUNCTION note_user_games();
CREATE TRIGGER user_games_updated AFTER UPDATE OF seats, host_id ON games
    FOR EACH ROW WHEN (NEW.seats IS DISTINCT FROM OLD.seats OR NEW.host_id IS DISTINCT FROM OLD.host_id)
    EXECUTE FUNCTION note_user_games();

-- A finished game's results name its players too (a seat's user, as the finish recorded them).
CREATE FUNCTION note_user_result() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO user_games (player, game_id) VALUES (NEW.player, NEW.game_id)
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END
$$;
CREATE TRIGGER user_games_result AFTER INSERT ON results
    FOR EACH ROW WHEN (NEW.player <> 'anon' AND NEW.player NOT LIKE 'bot:%')
    EXECUTE FUNCTION note_user_result();

-- The games stored so far.
INSERT INTO user_games (player, game_id)
SELECT DISTINCT u, g.id FROM games g, users_named(g.host_id, g.seats) u
ON CONFLICT DO NOTHING;
INSERT INTO user_games (player, game_id)
SELECT DISTINCT player, game_id FROM results WHERE player <> 'anon' AND player NOT LIKE 'bot:%'
ON CONFLICT DO NOTHING;
