-- Issue 29's gaps. `told_no_threads`: the hosts told on a server that the bot may not create
-- threads there, so they are told once across restarts (forget-me deletes a player's rows).
-- A game's `turn_notices` go with its end (finished or abandoned, whichever way it ended), so
-- nothing is kept about a game nobody plays any more.
CREATE TABLE told_no_threads (
    guild_id BIGINT NOT NULL,
    player BIGINT NOT NULL,
    PRIMARY KEY (guild_id, player)
);

CREATE INDEX told_no_threads_of ON told_no_threads (player);

CREATE FUNCTION forget_turn_notices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM turn_notices WHERE game_id = NEW.id;
    RETURN NULL;
END
$$;
CREATE TRIGGER turn_notices_ended AFTER UPDATE OF status ON games
    FOR EACH ROW WHEN (NEW.status NOT IN ('lobby', 'playing'))
    EXECUTE FUNCTION forget_turn_notices();

-- The games that ended so far.
DELETE FROM turn_notices WHERE game_id IN (
    SELECT id FROM games WHERE status NOT IN ('lobby', 'playing'));
