-- levenshtein() for the typo correction's distance bound (issue 22 item 9): a correction must be
-- close in edits, not only share trigrams ("zzzznothing" shares enough with "clothing").
-- fuzzystrmatch is a trusted contrib extension, like pg_trgm.
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
