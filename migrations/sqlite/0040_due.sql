-- When a game next needs the bot without anyone clicking (unix seconds): a lobby's expiry, a turn
-- reminder or timeout, or at once for a bot to move or a board to post. Games are loaded into
-- memory only when touched or due, so start-up reads this instead of every game's log. NULL: never.
ALTER TABLE games ADD COLUMN due_at INTEGER;

-- Games written by an older saikoro have no due time yet: each is looked at once, which sets it.
UPDATE games SET due_at = updated_at WHERE status IN ('lobby', 'playing');

-- Only unfinished games: the ones ended leave the index, however their due_at was left.
CREATE INDEX games_due ON games (due_at) WHERE status IN ('lobby', 'playing');
