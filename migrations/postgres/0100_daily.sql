-- The daily Can't Stop (issue 31). `daily_secret` keys every day's dice: one random value made by
-- the first start that needs it, so no other deployment (nor the terminal's practice) can compute
-- this one's days. `daily_attempts` holds one attempt per player per UTC day across every server
-- (the key refuses a second one); `game_id` is set once its game exists, the result once it ends.
-- Forget-me deletes a player's rows.
CREATE TABLE daily_secret (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    secret BIGINT NOT NULL
);

CREATE TABLE daily_attempts (
    player BIGINT NOT NULL,
    day BIGINT NOT NULL,
    guild_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    game_id BIGINT,
    turns BIGINT,
    busts BIGINT,
    marks TEXT,
    finished_at BIGINT,
    PRIMARY KEY (player, day)
);

CREATE INDEX daily_attempts_of_day ON daily_attempts (day, guild_id);
