-- Issue 29's gaps. `told_no_threads`: the hosts told on a server that the bot may not create
-- threads there, so they are told once across restarts (forget-me deletes a player's rows).
-- A game's `turn_notices` go with its end (finished or abandoned, whichever way it ended), so
-- nothing is kept about a game nobody plays any more.
CREATE TABLE told_no_threads (
    guild_id INTEGER NOT NULL,
    player INTEGER NOT NULL,
    PRIMARY KEY (guild_id, player)
) WITHOUT ROWID;

CREATE INDEX told_no_threads_of ON told_no_threads (player);

CREATE TRIGGER turn_notices_ended AFTER UPDATE OF status ON games
    WHEN NEW.status NOT IN ('lobby', 'playing')
BEGIN
    DELETE FROM turn_notices WHERE game_id = NEW.id;
END;

-- The games that ended so far.
DELETE FROM turn_notices WHERE game_id IN (
    SELECT id FROM games WHERE status NOT IN ('lobby', 'playing'));
