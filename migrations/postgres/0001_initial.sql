-- Discord snowflakes (u64) are stored bit-cast to BIGINT (i64): exact, including ids above 2^63.
-- JSON columns are TEXT, not JSONB, so the bot decides what a bad value means (skip that game)
-- and both backends hold the same bytes.
CREATE TABLE games (
    id BIGSERIAL PRIMARY KEY,
    kind TEXT NOT NULL,
    guild_id BIGINT,
    channel_id BIGINT NOT NULL,
    host_id BIGINT NOT NULL,
    status TEXT NOT NULL,
    options TEXT NOT NULL,
    seats TEXT NOT NULL,
    setup_dice BYTEA NOT NULL,
    board_message_id BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE INDEX games_status ON games (status);

-- The primary key makes a sequence number impossible to write twice: two clicks racing for the
-- same move cannot both land.
CREATE TABLE actions (
    game_id BIGINT NOT NULL REFERENCES games (id),
    seq BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    action TEXT NOT NULL,
    dice BYTEA NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE settings (
    guild_id BIGINT NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (guild_id, key)
);
