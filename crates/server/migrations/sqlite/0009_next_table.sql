-- The table its host opened to play again once the game was over ('' while there is none):
-- the players of the finished game are offered to join it.

ALTER TABLE game_tables ADD COLUMN next_table TEXT NOT NULL DEFAULT '';
