ALTER TABLE "library_files" ADD COLUMN "processing_state" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "library_files" ADD COLUMN "processing_error" text;--> statement-breakpoint
ALTER TABLE "library_files" ADD COLUMN "processing_job_id" text;--> statement-breakpoint
ALTER TABLE "library_files" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "library_files" ADD COLUMN "duration_seconds" integer;--> statement-breakpoint
-- Files uploaded before processing existed get it now: the server enqueues every 'processing' file without a job at start.
UPDATE "library_files" SET "processing_state" = 'processing' WHERE "file_type" IN (1, 2, 5);
