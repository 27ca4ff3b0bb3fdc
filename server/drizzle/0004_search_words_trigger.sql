-- Keep search_words (the vocabulary typo correction reads) in step with the courses' search text.
CREATE OR REPLACE FUNCTION courses_collect_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM regexp_split_to_table(lower(NEW.search_text), '[^[:alnum:]]+') AS w
  WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER courses_search_words AFTER INSERT OR UPDATE OF search_text ON courses
  FOR EACH ROW EXECUTE FUNCTION courses_collect_search_words();
--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT w FROM courses, regexp_split_to_table(lower(courses.search_text), '[^[:alnum:]]+') AS w
WHERE length(w) >= 3
ON CONFLICT DO NOTHING;
