-- An unfinished game whose stored record does not rebuild (corrupt, or hostile: its replay
-- refused) is set aside: `quarantined` says why, and the index and the due games skip it, so
-- the others load and play on. NULL: a sound game. Its rows are kept for whoever looks into it.
ALTER TABLE games ADD COLUMN quarantined TEXT;
CREATE INDEX games_quarantined ON games (id) WHERE quarantined IS NOT NULL;
