ALTER TABLE "courses" ADD COLUMN "submitted_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_submitted_by_user_id_users_id_fk" FOREIGN KEY ("submitted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;