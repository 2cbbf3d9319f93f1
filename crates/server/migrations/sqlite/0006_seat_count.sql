-- How many seats a table has, so that a missing seat row is noticed when the table is read
-- back (NULL for tables stored before: not checked). A game ended because nobody played it any
-- more has the status 'abandoned'.

ALTER TABLE game_tables ADD COLUMN seat_count INTEGER;
