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

CREATE TABLE table_owners (
    table_id TEXT NOT NULL,
    epoch BIGINT NOT NULL,
    node TEXT NOT NULL,
    since BIGINT NOT NULL,
    PRIMARY KEY (table_id, epoch)
);
