-- Tables, seats and pending turns. Portable types only (TEXT, INTEGER, BIGINT) so that another
-- SQL backend can run the same schema.

CREATE TABLE game_tables (
    id TEXT PRIMARY KEY NOT NULL,
    host_name TEXT NOT NULL,
    mode TEXT NOT NULL,
    advanced INTEGER NOT NULL,
    first_plan_reshuffle INTEGER NOT NULL,
    table_mode INTEGER NOT NULL,
    host_hash TEXT NOT NULL,
    seed BIGINT NOT NULL,
    created BIGINT NOT NULL,
    status TEXT NOT NULL,
    -- The engine's game record (JSON), rewritten at every resolution; NULL before the start.
    record TEXT
);

CREATE TABLE seats (
    table_id TEXT NOT NULL REFERENCES game_tables (id),
    seat INTEGER NOT NULL,
    name TEXT,
    bot TEXT,
    token_hash TEXT,
    PRIMARY KEY (table_id, seat)
);

-- Confirmed turns of the current round, one per human seat, until the round resolves.
CREATE TABLE pending_turns (
    table_id TEXT NOT NULL REFERENCES game_tables (id),
    seat INTEGER NOT NULL,
    round INTEGER NOT NULL,
    turn TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
