-- Trigram matching for typo-tolerant course search (trusted extension since PostgreSQL 13; PGlite loads it as a contrib module).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
