CREATE TABLE "approval_workflows" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"name" text NOT NULL,
	"course_category_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_review_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"actor_user_id" uuid,
	"action" text NOT NULL,
	"from_status" smallint NOT NULL,
	"to_status" smallint NOT NULL,
	"level" smallint,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_splits" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"formula_id" integer,
	"position" smallint NOT NULL,
	"party_type" smallint NOT NULL,
	"institution_id" integer,
	"amount_kobo" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revenue_formula_parties" (
	"id" serial PRIMARY KEY NOT NULL,
	"formula_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"party_type" smallint NOT NULL,
	"institution_id" integer,
	"share" integer NOT NULL,
	CONSTRAINT "revenue_formula_parties_share_range" CHECK ("revenue_formula_parties"."share" BETWEEN 0 AND 10000),
	CONSTRAINT "revenue_formula_parties_owner" CHECK (("revenue_formula_parties"."party_type" = 0) = ("revenue_formula_parties"."institution_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "revenue_formulas" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_level_users" (
	"level_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "workflow_level_users_level_id_user_id_pk" PRIMARY KEY("level_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "workflow_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"workflow_id" integer NOT NULL,
	"level_no" smallint NOT NULL,
	"approvals" smallint NOT NULL,
	CONSTRAINT "workflow_levels_approvals_range" CHECK ("workflow_levels"."approvals" BETWEEN 1 AND 4)
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "review_level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "review_approved_by" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "revenue_formula_id" integer;--> statement-breakpoint
ALTER TABLE "approval_workflows" ADD CONSTRAINT "approval_workflows_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_workflows" ADD CONSTRAINT "approval_workflows_course_category_id_course_categories_id_fk" FOREIGN KEY ("course_category_id") REFERENCES "public"."course_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_workflows" ADD CONSTRAINT "approval_workflows_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_review_events" ADD CONSTRAINT "course_review_events_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_review_events" ADD CONSTRAINT "course_review_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_splits" ADD CONSTRAINT "payment_splits_payment_id_payment_transactions_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_splits" ADD CONSTRAINT "payment_splits_formula_id_revenue_formulas_id_fk" FOREIGN KEY ("formula_id") REFERENCES "public"."revenue_formulas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_splits" ADD CONSTRAINT "payment_splits_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_formula_parties" ADD CONSTRAINT "revenue_formula_parties_formula_id_revenue_formulas_id_fk" FOREIGN KEY ("formula_id") REFERENCES "public"."revenue_formulas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_formula_parties" ADD CONSTRAINT "revenue_formula_parties_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_formulas" ADD CONSTRAINT "revenue_formulas_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_level_users" ADD CONSTRAINT "workflow_level_users_level_id_workflow_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."workflow_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_level_users" ADD CONSTRAINT "workflow_level_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_levels" ADD CONSTRAINT "workflow_levels_workflow_id_approval_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."approval_workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_workflows_institution_idx" ON "approval_workflows" USING btree ("institution_id");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_workflows_active_category_key" ON "approval_workflows" USING btree ("institution_id","course_category_id") WHERE "approval_workflows"."is_active";--> statement-breakpoint
CREATE INDEX "course_review_events_course_idx" ON "course_review_events" USING btree ("course_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_splits_payment_position_key" ON "payment_splits" USING btree ("payment_id","position");--> statement-breakpoint
CREATE INDEX "payment_splits_institution_idx" ON "payment_splits" USING btree ("institution_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "revenue_formula_parties_position_key" ON "revenue_formula_parties" USING btree ("formula_id","position");--> statement-breakpoint
CREATE INDEX "workflow_level_users_user_idx" ON "workflow_level_users" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_levels_workflow_level_key" ON "workflow_levels" USING btree ("workflow_id","level_no");--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_revenue_formula_id_revenue_formulas_id_fk" FOREIGN KEY ("revenue_formula_id") REFERENCES "public"."revenue_formulas"("id") ON DELETE no action ON UPDATE no action;