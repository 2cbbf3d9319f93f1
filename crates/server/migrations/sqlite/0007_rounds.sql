-- Append-only games: each round is a row of its own, written when it is dealt and again, whole,
-- when it resolves, so that a resolution writes what the round added and never the game so far.
-- `game_tables.record` keeps the record's setup (its rounds empty) from the start on; records
-- stored before keep their rounds there, and rows of later rounds follow them. `result` is the
-- record's result, written once the game is over (NULL before, and in records stored whole).

CREATE TABLE game_rounds (
    table_id TEXT NOT NULL REFERENCES game_tables (id),
    round INTEGER NOT NULL,
    -- One round of the record (draws, offers and the turns once it has resolved), as JSON.
    log TEXT NOT NULL,
    PRIMARY KEY (table_id, round)
);

ALTER TABLE game_tables ADD COLUMN result TEXT;
