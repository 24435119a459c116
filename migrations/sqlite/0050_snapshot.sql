-- A long game's state after its first snapshot_seq actions, as the game serializes it (JSON), so
-- loading it replays only the actions after those. NULL: none yet (the whole log is replayed).
-- The log stays whole: replays, reviews, exports and results read every action.
ALTER TABLE games ADD COLUMN snapshot TEXT;
ALTER TABLE games ADD COLUMN snapshot_seq INTEGER;
