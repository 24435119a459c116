-- Puzzles (issue 31.2): positions of bot games where one choice is clearly best, generated ahead by
-- `saikoro puzzles generate`. A puzzle is its game's snapshot at the decision, the seat to move,
-- each choice's value (JSON `[[id, chance, margin], …]`), the best, a difficulty and its own
-- Glicko-2 rating, which players' answers move.
CREATE TABLE puzzles (
    id BIGSERIAL PRIMARY KEY,
    kind TEXT NOT NULL,
    players BIGINT NOT NULL,
    options TEXT NOT NULL,
    snapshot TEXT NOT NULL,
    seat BIGINT NOT NULL,
    choices TEXT NOT NULL,
    best TEXT NOT NULL,
    difficulty BIGINT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX puzzles_kind ON puzzles (kind, id);

-- The day's puzzle of a game, fixed by the first to ask, so a puzzle generated later that day
-- does not change it.
CREATE TABLE puzzle_days (
    kind TEXT NOT NULL,
    day BIGINT NOT NULL,
    puzzle_id BIGINT NOT NULL REFERENCES puzzles (id),
    PRIMARY KEY (kind, day)
);

-- A player's answer to a puzzle, keyed by the player alone (not the server): the first answer
-- anywhere is the one that counts. Forget-me deletes a player's rows.
CREATE TABLE puzzle_attempts (
    player BIGINT NOT NULL,
    puzzle_id BIGINT NOT NULL REFERENCES puzzles (id),
    answer TEXT NOT NULL,
    solved BOOLEAN NOT NULL,
    rating_before DOUBLE PRECISION NOT NULL,
    rating_after DOUBLE PRECISION NOT NULL,
    answered_at BIGINT NOT NULL,
    PRIMARY KEY (player, puzzle_id)
);

-- A player's puzzle rating (Glicko-2), one over all games.
CREATE TABLE puzzle_ratings (
    player BIGINT PRIMARY KEY,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    attempts BIGINT NOT NULL,
    solved BIGINT NOT NULL
);
