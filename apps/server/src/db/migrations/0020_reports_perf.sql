CREATE INDEX "doctor_tags_created_idx" ON "doctor_tags" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "doctors_distribution_idx" ON "doctors" USING btree ("province_code","doctor_range","dept1_code","title_code","city_code","hospital_id");--> statement-breakpoint
CREATE INDEX "doctors_created_idx" ON "doctors" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "call_records_time_idx" ON "call_records" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "visit_records_time_idx" ON "visit_records" USING btree ("visit_at");