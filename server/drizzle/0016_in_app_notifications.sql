CREATE TABLE "in_app_notification_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "in_app_notification_feature_links" (
	"notification_id" integer NOT NULL,
	"feature_id" integer NOT NULL,
	CONSTRAINT "in_app_notification_feature_links_notification_id_feature_id_pk" PRIMARY KEY("notification_id","feature_id")
);
--> statement-breakpoint
CREATE TABLE "in_app_notification_features" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "in_app_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"category_id" integer NOT NULL,
	"severity" smallint DEFAULT 1 NOT NULL,
	"strip_message" text NOT NULL,
	"modal_message" text DEFAULT '' NOT NULL,
	"show_modal" boolean DEFAULT false NOT NULL,
	"show_strip" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "in_app_notifications_window" CHECK ("in_app_notifications"."end_date" > "in_app_notifications"."start_date"),
	CONSTRAINT "in_app_notifications_severity" CHECK ("in_app_notifications"."severity" between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "in_app_notification_feature_links" ADD CONSTRAINT "in_app_notification_feature_links_notification_id_in_app_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."in_app_notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "in_app_notification_feature_links" ADD CONSTRAINT "in_app_notification_feature_links_feature_id_in_app_notification_features_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."in_app_notification_features"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "in_app_notifications" ADD CONSTRAINT "in_app_notifications_category_id_in_app_notification_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."in_app_notification_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "in_app_notifications" ADD CONSTRAINT "in_app_notifications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "in_app_notifications" ADD CONSTRAINT "in_app_notifications_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "in_app_notification_categories_name_key" ON "in_app_notification_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "in_app_notification_features_name_key" ON "in_app_notification_features" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "in_app_notifications_one_active" ON "in_app_notifications" USING btree ("is_active") WHERE "in_app_notifications"."is_active";--> statement-breakpoint
-- Category 1 is Maintenance (spec 002 §5: severity and affected features for category id 1); the
-- features are a starting list staff add to on the fly (docs/decisions/053).
INSERT INTO "in_app_notification_categories" ("id", "name") VALUES (1, 'Maintenance'), (2, 'Announcement'), (3, 'New Feature') ON CONFLICT DO NOTHING;--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('in_app_notification_categories', 'id'), (SELECT max("id") FROM "in_app_notification_categories"));--> statement-breakpoint
INSERT INTO "in_app_notification_features" ("id", "name") VALUES (1, 'Sign in'), (2, 'Course player'), (3, 'Checkout and payments'), (4, 'Offline downloads'), (5, 'Certificates') ON CONFLICT DO NOTHING;--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('in_app_notification_features', 'id'), (SELECT max("id") FROM "in_app_notification_features"));
