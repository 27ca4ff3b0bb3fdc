-- Event ids are made on phones: keyed per learner, so another learner's id never makes this one's event a duplicate (or drop its quiz attempt).
ALTER TABLE "learner_events" DROP CONSTRAINT "learner_events_pkey";--> statement-breakpoint
ALTER TABLE "quiz_attempts" DROP CONSTRAINT "quiz_attempts_pkey";--> statement-breakpoint
ALTER TABLE "learner_events" ADD CONSTRAINT "learner_events_user_id_id_pk" PRIMARY KEY("user_id","id");--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_user_id_id_pk" PRIMARY KEY("user_id","id");
