CREATE INDEX "enrollments_course_learners_idx" ON "enrollments" USING btree ("course_id","user_id","enrolled_at","last_visited_at");--> statement-breakpoint
CREATE INDEX "enrollments_enrolled_idx" ON "enrollments" USING btree ("enrolled_at","user_id");--> statement-breakpoint
CREATE INDEX "enrollments_last_visit_idx" ON "enrollments" USING btree ("last_visited_at","user_id");--> statement-breakpoint
CREATE INDEX "payment_splits_institution_amount_idx" ON "payment_splits" USING btree ("institution_id","amount_kobo");