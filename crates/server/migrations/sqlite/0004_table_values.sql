-- AAA solo's opponent level (NULL: not an AAA game) and the values a host entered from their own
-- cards before the start (JSON; empty when none).

ALTER TABLE game_tables ADD COLUMN aaa_level INTEGER;
ALTER TABLE game_tables ADD COLUMN table_values TEXT NOT NULL DEFAULT '';
