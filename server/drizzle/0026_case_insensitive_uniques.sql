ALTER TABLE "course_categories" DROP CONSTRAINT "course_categories_code_unique";--> statement-breakpoint
ALTER TABLE "institutions" DROP CONSTRAINT "institutions_name_unique";--> statement-breakpoint
ALTER TABLE "institutions" DROP CONSTRAINT "institutions_code_unique";--> statement-breakpoint
ALTER TABLE "roles" DROP CONSTRAINT "roles_name_unique";--> statement-breakpoint
DROP INDEX "email_templates_code_key";--> statement-breakpoint
DROP INDEX "instructors_institution_name_key";--> statement-breakpoint
-- Decision 082: names and codes staff type are unique whatever their case, enforced by these
-- indexes. A database may already hold case variants (two saves at once slipped past the services'
-- checks): the oldest row (lowest id) keeps its value and each later one is renamed so that it says
-- so, "<name> (duplicate #<id>)", before its index is built. Nothing is deleted; staff see the
-- renamed rows in their lists and decide what to keep.
UPDATE "roles" r SET "name" = r."name" || ' (duplicate #' || r."id" || ')'
WHERE EXISTS (SELECT 1 FROM "roles" o WHERE lower(o."name") = lower(r."name") AND o."id" < r."id");--> statement-breakpoint
UPDATE "course_categories" c SET "name" = c."name" || ' (duplicate #' || c."id" || ')'
WHERE EXISTS (SELECT 1 FROM "course_categories" o WHERE lower(o."name") = lower(c."name") AND o."id" < c."id");--> statement-breakpoint
UPDATE "course_categories" c SET "code" = c."code" || '-' || c."id"
WHERE EXISTS (SELECT 1 FROM "course_categories" o WHERE lower(o."code") = lower(c."code") AND o."id" < c."id");--> statement-breakpoint
UPDATE "institutions" i SET "name" = i."name" || ' (duplicate #' || i."id" || ')'
WHERE EXISTS (SELECT 1 FROM "institutions" o WHERE lower(o."name") = lower(i."name") AND o."id" < i."id");--> statement-breakpoint
UPDATE "institutions" i SET "code" = i."code" || '-' || i."id"
WHERE EXISTS (SELECT 1 FROM "institutions" o WHERE lower(o."code") = lower(i."code") AND o."id" < i."id");--> statement-breakpoint
-- A sub-address keeps a later partner's mail reaching the same mailbox while it is told apart.
UPDATE "institutions" i SET "email" = CASE WHEN position('@' IN i."email") > 0
    THEN regexp_replace(i."email", '@', '+duplicate-' || i."id" || '@') ELSE i."email" || '+duplicate-' || i."id" END
WHERE EXISTS (SELECT 1 FROM "institutions" o WHERE lower(o."email") = lower(i."email") AND o."id" < i."id");--> statement-breakpoint
UPDATE "revenue_formulas" f SET "name" = f."name" || ' (duplicate #' || f."id" || ')'
WHERE EXISTS (SELECT 1 FROM "revenue_formulas" o WHERE lower(o."name") = lower(f."name") AND o."id" < f."id");--> statement-breakpoint
-- A template whose code differs from an older one's only in case was never sent (the mailer looks
-- codes up exactly); it is renamed and switched off rather than deleted.
UPDATE "email_templates" e SET "code" = e."code" || '-duplicate-' || e."id", "is_active" = false
WHERE EXISTS (SELECT 1 FROM "email_templates" o WHERE lower(o."code") = lower(e."code") AND o."id" < e."id");--> statement-breakpoint
UPDATE "instructors" n SET "name" = n."name" || ' (duplicate #' || n."id" || ')'
WHERE EXISTS (SELECT 1 FROM "instructors" o WHERE o."institution_id" = n."institution_id" AND lower(o."name") = lower(n."name") AND o."id" < n."id");--> statement-breakpoint
-- Discount codes are matched without case at checkout and stored upper case; a code only ever
-- written lower case through another path is upper-cased, a later one that would then clash renamed.
UPDATE "discount_codes" d SET "code" = d."code" || '-' || d."id"
WHERE EXISTS (SELECT 1 FROM "discount_codes" o WHERE upper(o."code") = upper(d."code") AND o."id" < d."id");--> statement-breakpoint
UPDATE "discount_codes" SET "code" = upper("code") WHERE "code" <> upper("code");--> statement-breakpoint
CREATE UNIQUE INDEX "course_categories_name_key" ON "course_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "course_categories_code_key" ON "course_categories" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "institutions_name_key" ON "institutions" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "institutions_code_key" ON "institutions" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "institutions_email_key" ON "institutions" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "revenue_formulas_name_key" ON "revenue_formulas" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_key" ON "roles" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "email_templates_code_key" ON "email_templates" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "instructors_institution_name_key" ON "instructors" USING btree ("institution_id",lower("name"));--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_code_upper" CHECK ("discount_codes"."code" = upper("discount_codes"."code"));
