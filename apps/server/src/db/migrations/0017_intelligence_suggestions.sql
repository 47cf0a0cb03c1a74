CREATE TABLE "intel_suggestion_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"stats" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	CONSTRAINT "intel_suggestion_jobs_status_check" CHECK ("intel_suggestion_jobs"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "intel_suggestions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"category" text NOT NULL,
	"priority" smallint NOT NULL,
	"reasons" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"feedback_at" timestamp with time zone,
	"suppressed_until" timestamp with time zone,
	CONSTRAINT "intel_suggestions_category_check" CHECK ("intel_suggestions"."category" in ('visit', 'academic', 'kol')),
	CONSTRAINT "intel_suggestions_status_check" CHECK ("intel_suggestions"."status" in ('open', 'done', 'dismissed'))
);
--> statement-breakpoint
CREATE INDEX "intel_suggestion_jobs_status_idx" ON "intel_suggestion_jobs" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "intel_suggestion_jobs_user_idx" ON "intel_suggestion_jobs" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "intel_suggestions_list_idx" ON "intel_suggestions" USING btree ("user_id","category","status","priority" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "intel_suggestions_feedback_idx" ON "intel_suggestions" USING btree ("user_id","doctor_id","category");