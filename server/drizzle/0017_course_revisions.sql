ALTER TABLE "course_assets" ADD COLUMN "origin_id" integer;--> statement-breakpoint
ALTER TABLE "course_modules" ADD COLUMN "origin_id" integer;--> statement-breakpoint
ALTER TABLE "course_sections" ADD COLUMN "origin_id" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "revision_of_course_id" integer;--> statement-breakpoint
ALTER TABLE "course_assets" ADD CONSTRAINT "course_assets_origin_id_course_assets_id_fk" FOREIGN KEY ("origin_id") REFERENCES "public"."course_assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_modules" ADD CONSTRAINT "course_modules_origin_id_course_modules_id_fk" FOREIGN KEY ("origin_id") REFERENCES "public"."course_modules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_sections" ADD CONSTRAINT "course_sections_origin_id_course_sections_id_fk" FOREIGN KEY ("origin_id") REFERENCES "public"."course_sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_revision_of_course_id_courses_id_fk" FOREIGN KEY ("revision_of_course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courses_revision_of_key" ON "courses" USING btree ("revision_of_course_id");