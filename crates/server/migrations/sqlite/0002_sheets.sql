-- The edition and the sheet every seat of a table plays on (tables stored before editions were
-- named play the 1st edition's classic sheet).

ALTER TABLE game_tables ADD COLUMN edition TEXT NOT NULL DEFAULT 'first';
ALTER TABLE game_tables ADD COLUMN sheet TEXT NOT NULL DEFAULT 'classic';
