DROP INDEX "visit_doctor_days_province_idx";--> statement-breakpoint
CREATE INDEX "visit_doctor_days_province_cover_idx" ON "visit_doctor_days" USING btree ("province_code","day","user_id","doctor_id","channel","effective","status","hospital_id","visits","seconds_sum","seconds_count","last_at");--> statement-breakpoint
-- Index-only scans need the visibility map kept current: vacuum the kept visit days after 1% of
-- their rows were added (not the default 20%, 2 million rows at national scale) or 2% changed.
ALTER TABLE "visit_doctor_days" SET (autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_vacuum_scale_factor = 0.02);
