-- Several servers ("nodes") on one database. Each node holds a lease, renewed every second; the
-- epoch is its incarnation's number (a new one at every start), the fencing token every write
-- of the node is checked against. A table is owned by one node incarnation at a time
-- (`owner`, `owner_epoch`); `table_owners` keeps every owner a table has had, and each round
-- row the epoch of the node that wrote it last, so that who wrote what can be checked after
-- the fact. Times are milliseconds since 1970 by the database's clock.

CREATE SEQUENCE node_epochs;

CREATE TABLE nodes (
    id TEXT PRIMARY KEY NOT NULL,
    -- Where the other nodes reach it (http://host:port).
    address TEXT NOT NULL,
    epoch BIGINT NOT NULL,
    started BIGINT NOT NULL,
    -- The lease ends then unless renewed; after it, another node may take the node's tables.
    expires BIGINT NOT NULL
);

ALTER TABLE game_tables ADD COLUMN owner TEXT;
ALTER TABLE game_tables ADD COLUMN owner_epoch BIGINT;
CREATE INDEX game_tables_owner ON game_tables (owner);

ALTER TABLE game_rounds ADD COLUMN epoch BIGINT;

-- Every owner each table has had, in the order it came (an incarnation that owned a table
-- before may own it again).
CREATE TABLE table_owners (
    id BIGSERIAL PRIMARY KEY,
    table_id TEXT NOT NULL,
    epoch BIGINT NOT NULL,
    node TEXT NOT NULL,
    since BIGINT NOT NULL
);

CREATE INDEX table_owners_table ON table_owners (table_id);
