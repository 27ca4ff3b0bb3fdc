ALTER TABLE "courses" ADD COLUMN "created_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "edited_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "revenue_formula_repick_from_id" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_edited_by_user_id_users_id_fk" FOREIGN KEY ("edited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_revenue_formula_repick_from_id_revenue_formulas_id_fk" FOREIGN KEY ("revenue_formula_repick_from_id") REFERENCES "public"."revenue_formulas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Who authored and who last edited each existing course, from the audit trail (issue 28: nobody
-- approves a course they authored or last edited). Revision rows are audited on the revision's id.
UPDATE "courses" c SET "created_by_user_id" = (
  SELECT a."user_id" FROM "audit_trail" a
  WHERE a."module_name" = 'Course' AND a."module_action" IN ('CreateUpdate', 'Revision') AND a."record" = c."id"::text AND a."user_id" IS NOT NULL
  ORDER BY a."created_at", a."id" LIMIT 1
);--> statement-breakpoint
UPDATE "courses" c SET "edited_by_user_id" = coalesce((
  SELECT a."user_id" FROM "audit_trail" a
  WHERE a."module_name" = 'Course' AND a."module_action" IN ('CreateUpdate', 'UpdateOtherDetails', 'Builder', 'Pricing', 'SurveyUpdate', 'Revision')
    AND a."record" = c."id"::text AND a."user_id" IS NOT NULL
  ORDER BY a."created_at" DESC, a."id" DESC LIMIT 1
), c."submitted_by_user_id", c."created_by_user_id");--> statement-breakpoint
-- A partner's course approved with a formula that does not name that partner paid another partner
-- (issue 28). The formula comes off the course, kept in revenue_formula_repick_from_id for QA to
-- re-pick; until then its sales are split by the default rule (decision 042: 30 % platform, 70 % the
-- course's own partner). A platform course keeps only a formula that names no partner.
UPDATE "courses" c SET "revenue_formula_repick_from_id" = c."revenue_formula_id", "revenue_formula_id" = NULL
FROM "institutions" i
WHERE i."id" = c."institution_id" AND c."revenue_formula_id" IS NOT NULL
  AND CASE WHEN i."is_platform"
    THEN EXISTS (SELECT 1 FROM "revenue_formula_parties" p WHERE p."formula_id" = c."revenue_formula_id" AND p."institution_id" IS NOT NULL)
    ELSE NOT EXISTS (SELECT 1 FROM "revenue_formula_parties" p WHERE p."formula_id" = c."revenue_formula_id" AND p."institution_id" = c."institution_id")
  END;
