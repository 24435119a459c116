-- Rematches (issue 17): the lobby opened to play a finished game again. One per finished game,
-- kept in storage so a second click on the final board, even after a restart, finds it.
CREATE TABLE rematches (
    game_id INTEGER PRIMARY KEY REFERENCES games (id),
    lobby_id INTEGER NOT NULL REFERENCES games (id)
);
