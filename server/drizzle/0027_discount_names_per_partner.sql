-- A partner's discounts are told apart by name (issue 29 item 2, decision 082). Existing case twins
-- within one partner (or among the discounts for every partner) keep the oldest name; each later
-- one is renamed "<name> (duplicate #<id>)" so the index can be built and staff can see why.
UPDATE "discounts" d SET "name" = d."name" || ' (duplicate #' || d."id" || ')'
WHERE EXISTS (
  SELECT 1 FROM "discounts" o
  WHERE coalesce(o."institution_id", 0) = coalesce(d."institution_id", 0) AND lower(o."name") = lower(d."name") AND o."id" < d."id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "discounts_partner_name_key" ON "discounts" USING btree (coalesce("institution_id", 0),lower("name"));
