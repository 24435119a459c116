-- A finished game has one rematch, whatever happens to its lobby (issue 33): freeing the rematch
-- when its lobby closed unstarted let a player open, cancel and reopen it without end, pinging
-- every former player each time. The rows freed before this migration stay freed.
DROP TRIGGER rematch_lobby_closed ON games;
DROP FUNCTION free_rematch();
