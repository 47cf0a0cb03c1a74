-- An import's dry run is taken again for the same file once it has finished (docs/decisions/0042,
-- "Later: a dry run is of its moment"): only a dry run still queued or running answers the same
-- upload, and a newer upload of a kind supersedes the user's finished, uncommitted dry runs of it.
ALTER TABLE "import_jobs" DROP CONSTRAINT "import_jobs_status_check";
--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_status_check" CHECK ("import_jobs"."status" in ('queued', 'running', 'ready', 'done', 'failed', 'superseded'));
--> statement-breakpoint
DROP INDEX "import_jobs_dedupe_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX "import_jobs_dedupe_idx" ON "import_jobs" USING btree ("user_id","kind","digest","full_list") WHERE "import_jobs"."status" in ('queued', 'running') and "import_jobs"."stage" = 'dryRun';
