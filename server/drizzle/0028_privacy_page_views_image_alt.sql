CREATE TABLE "data_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" smallint NOT NULL,
	"user_id" uuid,
	"subject" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "page_view_days" (
	"day" date NOT NULL,
	"app" text NOT NULL,
	"route" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_view_days_day_app_route_pk" PRIMARY KEY("day","app","route")
);
--> statement-breakpoint
CREATE TABLE "privacy_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"sign_in_records_days" integer DEFAULT 365 NOT NULL,
	"reset_links_days" integer DEFAULT 1 NOT NULL,
	"email_copies_days" integer DEFAULT 90 NOT NULL,
	"contact_name" text,
	"contact_email" text,
	"contact_phone" text,
	"contact_address" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" uuid,
	CONSTRAINT "privacy_settings_one_row" CHECK ("privacy_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "course_assets" ADD COLUMN "alt_text" text;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_settings" ADD CONSTRAINT "privacy_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_requests_requested_idx" ON "data_requests" USING btree ("requested_at");--> statement-breakpoint
INSERT INTO "privacy_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;