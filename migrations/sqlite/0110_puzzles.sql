-- Puzzles (issue 31.2): positions of bot games where one choice is clearly best, generated ahead by
-- `saikoro puzzles generate`. A puzzle is its game's snapshot at the decision, the seat to move,
-- each choice's value (JSON `[[id, chance, margin], …]`), the best, a difficulty and its own
-- Glicko-2 rating, which players' answers move.
CREATE TABLE puzzles (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    players INTEGER NOT NULL,
    options TEXT NOT NULL,
    snapshot TEXT NOT NULL,
    seat INTEGER NOT NULL,
    choices TEXT NOT NULL,
    best TEXT NOT NULL,
    difficulty INTEGER NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX puzzles_kind ON puzzles (kind, id);

-- The day's puzzle of a game, fixed by the first to ask, so a puzzle generated later that day
-- does not change it.
CREATE TABLE puzzle_days (
    kind TEXT NOT NULL,
    day INTEGER NOT NULL,
    puzzle_id INTEGER NOT NULL REFERENCES puzzles (id),
    PRIMARY KEY (kind, day)
) WITHOUT ROWID;

-- A player's answer to a puzzle, keyed by the player alone (not the server): the first answer
-- anywhere is the one that counts. Forget-me deletes a player's rows.
CREATE TABLE puzzle_attempts (
    player INTEGER NOT NULL,
    puzzle_id INTEGER NOT NULL REFERENCES puzzles (id),
    answer TEXT NOT NULL,
    solved BOOLEAN NOT NULL,
    rating_before REAL NOT NULL,
    rating_after REAL NOT NULL,
    answered_at INTEGER NOT NULL,
    PRIMARY KEY (player, puzzle_id)
) WITHOUT ROWID;

-- A player's puzzle rating (Glicko-2), one over all games.
CREATE TABLE puzzle_ratings (
    player INTEGER PRIMARY KEY,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    attempts INTEGER NOT NULL,
    solved INTEGER NOT NULL
);
