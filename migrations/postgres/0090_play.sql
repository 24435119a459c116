-- Time off (issue 29): a player away until `until` (unix seconds) on a server, or back early at
-- `back_at`. The turn timers of the games they are awaited in count from when they are back, so a
-- row stays after it passes. Forget-me deletes a player's rows.
CREATE TABLE away (
    guild_id BIGINT NOT NULL,
    player BIGINT NOT NULL,
    until BIGINT NOT NULL,
    back_at BIGINT,
    PRIMARY KEY (guild_id, player)
);

-- A lobby's invited players (`invited`) are a game's people too: forget-me and the games list
-- find them by key, as they do seats.
CREATE OR REPLACE FUNCTION users_named(host_id BIGINT, seats TEXT) RETURNS SETOF TEXT
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
        WHERE jsonb_typeof(seat->'user') = 'number'
        UNION
        SELECT seat->>'user' FROM jsonb_array_elements(
            CASE WHEN jsonb_typeof(table_json->'invited') = 'array' THEN table_json->'invited'
                 ELSE '[]'::JSONB END) seat
        WHERE jsonb_typeof(seat->'user') = 'number';
END
$$;
