CREATE TABLE "course_assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"section_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"asset_type" smallint NOT NULL,
	"title" text NOT NULL,
	"url" text,
	"body" text,
	"quiz" jsonb,
	"duration" integer
);
--> statement-breakpoint
CREATE TABLE "course_modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"module_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"course_category_id" integer NOT NULL,
	"language_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"headline" text,
	"overview" text,
	"objectives" text,
	"course_type" smallint DEFAULT 1 NOT NULL,
	"course_level" smallint NOT NULL,
	"effort" text,
	"instructor_name" text,
	"start_date" timestamp with time zone,
	"is_paid" boolean DEFAULT false NOT NULL,
	"base_price_kobo" integer DEFAULT 0 NOT NULL,
	"vat_kobo" integer DEFAULT 0 NOT NULL,
	"gateway_charge_kobo" integer DEFAULT 0 NOT NULL,
	"price_kobo" integer DEFAULT 0 NOT NULL,
	"has_survey" boolean DEFAULT false NOT NULL,
	"thumbnail_url" text,
	"banner_url" text,
	"promo_video_url" text,
	"promote" boolean DEFAULT false NOT NULL,
	"approval_status" smallint DEFAULT 1 NOT NULL,
	"draft" boolean DEFAULT true NOT NULL,
	"step_no" smallint DEFAULT 1 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"publish_date" timestamp with time zone,
	"duration_minutes" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(search_text, '')), 'B')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enrollments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"course_id" integer NOT NULL,
	"source" text NOT NULL,
	"amount_paid_kobo" integer DEFAULT 0 NOT NULL,
	"enrolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"current_module" integer,
	"current_section" integer,
	"last_visited_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "course_assets" ADD CONSTRAINT "course_assets_section_id_course_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."course_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_modules" ADD CONSTRAINT "course_modules_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_sections" ADD CONSTRAINT "course_sections_module_id_course_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."course_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_course_category_id_course_categories_id_fk" FOREIGN KEY ("course_category_id") REFERENCES "public"."course_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_assets_section_idx" ON "course_assets" USING btree ("section_id","position");--> statement-breakpoint
CREATE INDEX "course_modules_course_idx" ON "course_modules" USING btree ("course_id","position");--> statement-breakpoint
CREATE INDEX "course_sections_module_idx" ON "course_sections" USING btree ("module_id","position");--> statement-breakpoint
CREATE INDEX "courses_search_vector_idx" ON "courses" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "courses_search_text_trgm_idx" ON "courses" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "courses_institution_idx" ON "courses" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "courses_category_idx" ON "courses" USING btree ("course_category_id");--> statement-breakpoint
CREATE INDEX "courses_listing_idx" ON "courses" USING btree ("approval_status","draft","is_active","publish_date");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollments_user_course_key" ON "enrollments" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "enrollments_course_idx" ON "enrollments" USING btree ("course_id");