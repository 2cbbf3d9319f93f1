-- The schema as SQLite's migrations 0001 to 0009 leave it, in PostgreSQL's dialect: a
-- PostgreSQL database starts here, and each later migration has a twin of the same number in
-- both folders, so that a version names the same schema on either backend. Every integer is a
-- BIGINT (the server reads them as 64-bit); flags are 0 or 1, as in SQLite.

CREATE TABLE game_tables (
    id TEXT PRIMARY KEY NOT NULL,
    host_name TEXT NOT NULL,
    mode TEXT NOT NULL,
    advanced BIGINT NOT NULL,
    first_plan_reshuffle BIGINT NOT NULL,
    table_mode BIGINT NOT NULL,
    host_hash TEXT NOT NULL,
    seed BIGINT NOT NULL,
    created BIGINT NOT NULL,
    status TEXT NOT NULL,
    -- The game record's setup (its rounds empty) from the start on; NULL before.
    record TEXT,
    edition TEXT NOT NULL DEFAULT 'first',
    sheet TEXT NOT NULL DEFAULT 'classic',
    turn_seconds BIGINT NOT NULL DEFAULT 0,
    turn_expiry TEXT NOT NULL DEFAULT 'bot',
    aaa_level BIGINT,
    table_values TEXT NOT NULL DEFAULT '',
    table_layout TEXT NOT NULL DEFAULT '',
    seat_count BIGINT,
    -- The record's result once the game is over.
    result TEXT,
    nine_three_quarters BIGINT NOT NULL DEFAULT 0,
    next_table TEXT NOT NULL DEFAULT ''
);

CREATE INDEX game_tables_status ON game_tables (status);

CREATE TABLE seats (
    table_id TEXT NOT NULL REFERENCES game_tables (id),
    seat BIGINT NOT NULL,
    name TEXT,
    bot TEXT,
    token_hash TEXT,
    PRIMARY KEY (table_id, seat)
);

-- Confirmed turns of the current round, one per human seat, until the round resolves.
CREATE TABLE pending_turns (
    table_id TEXT NOT NULL REFERENCES game_tables (id),
    seat BIGINT NOT NULL,
    round BIGINT NOT NULL,
    turn TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);

-- One round of a game's record (JSON), written when it is dealt and again when it resolves.
CREATE TABLE game_rounds (
    table_id TEXT NOT NULL REFERENCES game_tables (id),
    round BIGINT NOT NULL,
    log TEXT NOT NULL,
    PRIMARY KEY (table_id, round)
);
