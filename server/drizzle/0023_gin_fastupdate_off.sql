-- Catalogue search (decision 065): the GIN indexes a search reads take new entries straight into
-- the index instead of a pending list. With fastupdate on (PostgreSQL's default) new and edited
-- courses wait in an unordered list, scanned in full by every search, until a vacuum merges it
-- (40 ms of a search's index scan after 10,000 new courses, 0.26 ms once merged: decision 062).
-- Courses and their vocabulary are written rarely and searched constantly. Set in place, no
-- rebuild; whatever already waits in the lists is merged now, as a vacuum would.
ALTER INDEX "courses_search_vector_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "search_words_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('courses_search_vector_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('search_words_trgm_idx'::regclass);
