-- The twin of PostgreSQL's 0010 (several servers on one database): a SQLite file serves one
-- server, which never fills these in, but a version names one schema on either backend and
-- `welcome db copy` carries them across.

CREATE TABLE nodes (
    id TEXT PRIMARY KEY NOT NULL,
    address TEXT NOT NULL,
    epoch BIGINT NOT NULL,
    started BIGINT NOT NULL,
    expires BIGINT NOT NULL
);

ALTER TABLE game_tables ADD COLUMN owner TEXT;
ALTER TABLE game_tables ADD COLUMN owner_epoch BIGINT;

ALTER TABLE game_rounds ADD COLUMN epoch BIGINT;

-- Every owner each table has had, in the order it came (an incarnation that owned a table
-- before may own it again).
CREATE TABLE table_owners (
    id INTEGER PRIMARY KEY,
    table_id TEXT NOT NULL,
    epoch BIGINT NOT NULL,
    node TEXT NOT NULL,
    since BIGINT NOT NULL
);

CREATE INDEX table_owners_table ON table_owners (table_id);
