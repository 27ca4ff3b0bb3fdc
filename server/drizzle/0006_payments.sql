CREATE TABLE "discount_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"discount_id" integer NOT NULL,
	"code" text NOT NULL,
	"redeemed_at" timestamp with time zone,
	"redeemed_by" uuid
);
--> statement-breakpoint
CREATE TABLE "discount_courses" (
	"discount_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	CONSTRAINT "discount_courses_discount_id_course_id_pk" PRIMARY KEY("discount_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"discount_type" smallint DEFAULT 1 NOT NULL,
	"charge_type" smallint NOT NULL,
	"amount" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"usage_limit" integer,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"all_courses" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discounts_percentage_max" CHECK ("discounts"."charge_type" <> 2 OR "discounts"."amount" <= 100),
	CONSTRAINT "discounts_amount_non_negative" CHECK ("discounts"."amount" >= 0),
	CONSTRAINT "discounts_usage_within_limit" CHECK ("discounts"."usage_limit" IS NULL OR "discounts"."usage_count" <= "discounts"."usage_limit")
);
--> statement-breakpoint
CREATE TABLE "payment_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"user_id" uuid,
	"course_id" integer NOT NULL,
	"institution_id" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"provider" text NOT NULL,
	"email" text NOT NULL,
	"currency" text DEFAULT 'NGN' NOT NULL,
	"base_price_kobo" integer NOT NULL,
	"discount_kobo" integer DEFAULT 0 NOT NULL,
	"vat_kobo" integer NOT NULL,
	"gateway_charge_kobo" integer NOT NULL,
	"amount_kobo" integer NOT NULL,
	"discount_id" integer,
	"discount_code_id" integer,
	"discount_code" text,
	"discount_held_until" timestamp with time zone,
	"payment_channel" smallint DEFAULT 1 NOT NULL,
	"access_code" text,
	"provider_transaction_id" text,
	"channel" text,
	"failure_reason" text,
	"sandbox_outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_courses" ADD CONSTRAINT "discount_courses_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_courses" ADD CONSTRAINT "discount_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_key" ON "discount_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "discount_codes_discount_idx" ON "discount_codes" USING btree ("discount_id");--> statement-breakpoint
CREATE INDEX "discounts_institution_idx" ON "discounts" USING btree ("institution_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_reference_key" ON "payment_transactions" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payment_transactions_user_course_idx" ON "payment_transactions" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "payment_transactions_course_status_idx" ON "payment_transactions" USING btree ("course_id","status");--> statement-breakpoint
CREATE INDEX "payment_transactions_discount_held_idx" ON "payment_transactions" USING btree ("discount_id","status");--> statement-breakpoint
CREATE INDEX "payment_transactions_code_held_idx" ON "payment_transactions" USING btree ("discount_code_id","status");--> statement-breakpoint
CREATE INDEX "payment_transactions_pending_idx" ON "payment_transactions" USING btree ("created_at") WHERE "payment_transactions"."status" = 0;