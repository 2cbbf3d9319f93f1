-- The host's turn timer: seconds per turn (0: no timer) and what happens to a seat that has not
-- confirmed when it runs out ('bot' plays the turn, 'refuse' refuses a permit when that is legal).

ALTER TABLE game_tables ADD COLUMN turn_seconds INTEGER NOT NULL DEFAULT 0;
ALTER TABLE game_tables ADD COLUMN turn_expiry TEXT NOT NULL DEFAULT 'bot';
