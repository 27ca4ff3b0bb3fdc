-- Course authoring's first slice (decision 029): drafts may lack a language and level until
-- Additional Information is saved, and partners get an instructors list (Instructor/List).
CREATE TABLE "instructors" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courses" ALTER COLUMN "language_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ALTER COLUMN "course_level" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "instructors" ADD CONSTRAINT "instructors_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "instructors_institution_name_key" ON "instructors" USING btree ("institution_id","name");--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_published_complete" CHECK ("courses"."draft" OR ("courses"."language_id" IS NOT NULL AND "courses"."course_level" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_course_level_range" CHECK ("courses"."course_level" IS NULL OR "courses"."course_level" BETWEEN 1 AND 3);--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_step_no_range" CHECK ("courses"."step_no" BETWEEN 1 AND 5);--> statement-breakpoint
-- Existing courses name their instructors: those become each partner's first instructors.
INSERT INTO "instructors" ("institution_id", "name")
  SELECT DISTINCT "institution_id", "instructor_name" FROM "courses" WHERE "instructor_name" IS NOT NULL AND btrim("instructor_name") <> ''
  ON CONFLICT DO NOTHING;
