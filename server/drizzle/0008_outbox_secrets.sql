-- The outbox keeps what a message is, never its secrets: a template name, and bodies with any reset
-- link's token hidden (messages kept before this held whole password-reset links). docs/decisions/016
ALTER TABLE "email_outbox" ADD COLUMN "template" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
UPDATE "email_outbox" SET "template" = 'password-reset' WHERE "subject" = 'Reset your Rivet password';--> statement-breakpoint
UPDATE "email_outbox" SET "template" = 'payment-receipt' WHERE "subject" LIKE 'Your Rivet receipt:%';--> statement-breakpoint
UPDATE "email_outbox" SET
  "text" = regexp_replace("text", '([?&]token=)[^[:space:]"''<>&]+', '\1[hidden: only in the e-mail itself]', 'gi'),
  "html" = regexp_replace("html", '([?&]token=)[^[:space:]"''<>&]+', '\1[hidden: only in the e-mail itself]', 'gi');--> statement-breakpoint
UPDATE "email_outbox" SET "status" = 'not-sent' WHERE "status" = 'queued';
