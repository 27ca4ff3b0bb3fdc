CREATE TABLE "enrolment_days" (
	"day" date NOT NULL,
	"institution_id" integer NOT NULL,
	"enrolments" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "enrolment_days_institution_id_day_pk" PRIMARY KEY("institution_id","day")
);
--> statement-breakpoint
CREATE TABLE "partner_share_days" (
	"day" date NOT NULL,
	"institution_id" integer NOT NULL,
	"amount_kobo" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "partner_share_days_institution_id_day_pk" PRIMARY KEY("institution_id","day")
);
--> statement-breakpoint
CREATE TABLE "payment_day_counts" (
	"day" date NOT NULL,
	"institution_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_day_counts_institution_id_status_day_pk" PRIMARY KEY("institution_id","status","day")
);
--> statement-breakpoint
CREATE TABLE "sales_courses" (
	"scope_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_courses_scope_id_course_id_pk" PRIMARY KEY("scope_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "sales_days" (
	"day" date NOT NULL,
	"course_id" integer NOT NULL,
	"institution_id" integer NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"amount_kobo" bigint DEFAULT 0 NOT NULL,
	"discount_kobo" bigint DEFAULT 0 NOT NULL,
	"vat_kobo" bigint DEFAULT 0 NOT NULL,
	"gateway_kobo" bigint DEFAULT 0 NOT NULL,
	"platform_kobo" bigint DEFAULT 0 NOT NULL,
	"partner_kobo" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_days_course_id_day_pk" PRIMARY KEY("course_id","day")
);
--> statement-breakpoint
CREATE TABLE "sales_learners" (
	"scope_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_learners_scope_id_user_id_pk" PRIMARY KEY("scope_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "sales_month_learners" (
	"month" date NOT NULL,
	"scope_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_month_learners_scope_id_month_user_id_pk" PRIMARY KEY("scope_id","month","user_id")
);
--> statement-breakpoint
CREATE TABLE "sales_months" (
	"scope_id" integer NOT NULL,
	"month" date NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"learners" integer DEFAULT 0 NOT NULL,
	"amount_kobo" bigint DEFAULT 0 NOT NULL,
	"discount_kobo" bigint DEFAULT 0 NOT NULL,
	"vat_kobo" bigint DEFAULT 0 NOT NULL,
	"gateway_kobo" bigint DEFAULT 0 NOT NULL,
	"platform_kobo" bigint DEFAULT 0 NOT NULL,
	"partner_kobo" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_months_scope_id_month_pk" PRIMARY KEY("scope_id","month")
);
--> statement-breakpoint
CREATE INDEX "payment_day_counts_status_day_idx" ON "payment_day_counts" USING btree ("status","day");--> statement-breakpoint
CREATE INDEX "sales_days_day_idx" ON "sales_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "sales_days_institution_day_idx" ON "sales_days" USING btree ("institution_id","day","platform_kobo");--> statement-breakpoint
CREATE INDEX "audit_trail_search_trgm_idx" ON "audit_trail" USING gin ("user_name" gin_trgm_ops,"description" gin_trgm_ops,"record" gin_trgm_ops,"module_name" gin_trgm_ops,"module_action" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "courses_title_trgm_idx" ON "courses" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payment_transactions_email_trgm_idx" ON "payment_transactions" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payment_transactions_reference_trgm_idx" ON "payment_transactions" USING gin ("reference" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin (trim("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);