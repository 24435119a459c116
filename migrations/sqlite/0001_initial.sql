-- Discord snowflakes (u64) are stored bit-cast to INTEGER (i64): exact, including ids above 2^63.
-- AUTOINCREMENT so a game id is never reused: old buttons carry it and must not reach a new game.
CREATE TABLE games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    guild_id INTEGER,
    channel_id INTEGER NOT NULL,
    host_id INTEGER NOT NULL,
    status TEXT NOT NULL,
    options TEXT NOT NULL,
    seats TEXT NOT NULL,
    setup_dice BLOB NOT NULL,
    board_message_id INTEGER,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);

CREATE INDEX games_status ON games (status);

-- The primary key makes a sequence number impossible to write twice: two clicks racing for the
-- same move cannot both land.
CREATE TABLE actions (
    game_id INTEGER NOT NULL REFERENCES games (id),
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    dice BLOB NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

CREATE TABLE settings (
    guild_id INTEGER NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (guild_id, key)
) WITHOUT ROWID;
