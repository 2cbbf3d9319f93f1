-- Whether the table adds the collector edition's three 9¾ cards to the deck (0 for tables
-- stored before: they play without them). Once the game starts its record keeps it too.

ALTER TABLE game_tables ADD COLUMN nine_three_quarters INTEGER NOT NULL DEFAULT 0;
