-- Turn notices by direct message (issue 29 item 4). `notify` holds each player's choice
-- (`/saikoro notify dm:`, off unless a row says on) and the language they were last seen in, for
-- the DM's words. `turn_notices` holds, per game and player, the version (log length) of the last
-- turn a DM was claimed for: a claim only moves it forward, so a turn is noticed at most once,
-- across restarts. Forget-me deletes a player's rows of both.
CREATE TABLE notify (
    player INTEGER PRIMARY KEY,
    dm BOOLEAN NOT NULL,
    locale TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE turn_notices (
    game_id INTEGER NOT NULL,
    player INTEGER NOT NULL,
    version INTEGER NOT NULL,
    PRIMARY KEY (game_id, player)
) WITHOUT ROWID;

CREATE INDEX turn_notices_of ON turn_notices (player);
