-- The layout a host entered from their own printed sheet before the start (a sheet file as
-- JSON; empty when none). Once the game starts the game record keeps it too.

ALTER TABLE game_tables ADD COLUMN table_layout TEXT NOT NULL DEFAULT '';
