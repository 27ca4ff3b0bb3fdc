CREATE INDEX "payment_transactions_status_id_idx" ON "payment_transactions" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "payment_transactions_institution_status_id_idx" ON "payment_transactions" USING btree ("institution_id","status","id");--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role_id","created_at","id");