CREATE TABLE "import_jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"created_by" text NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"file_key" text NOT NULL,
	"digest" text NOT NULL,
	"size" bigint NOT NULL,
	"lang" text NOT NULL,
	"full_list" boolean DEFAULT false NOT NULL,
	"stage" text DEFAULT 'dryRun' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"mode" text,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_total" integer,
	"counts" jsonb,
	"committed" jsonb,
	"header" jsonb,
	"claim_token" uuid,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error_key" text,
	"error_params" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "import_jobs_status_check" CHECK ("import_jobs"."status" in ('queued', 'running', 'ready', 'done', 'failed')),
	CONSTRAINT "import_jobs_stage_check" CHECK ("import_jobs"."stage" in ('dryRun', 'commit'))
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"job_id" bigint NOT NULL,
	"line" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"v" jsonb NOT NULL,
	"r" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"pinyin" text DEFAULT '' NOT NULL,
	"initials" text DEFAULT '' NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"action" text,
	"target_id" integer,
	CONSTRAINT "import_rows_job_id_line_pk" PRIMARY KEY("job_id","line")
);
--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "hospitals" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "hospitals" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_jobs_dedupe_idx" ON "import_jobs" USING btree ("user_id","kind","digest","full_list") WHERE "import_jobs"."status" in ('queued', 'running', 'ready');--> statement-breakpoint
CREATE INDEX "import_jobs_claim_idx" ON "import_jobs" USING btree ("id") WHERE "import_jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "import_jobs_user_idx" ON "import_jobs" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "doctors_code_idx" ON "doctors" USING btree ("code") WHERE "doctors"."code" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "hospitals_code_idx" ON "hospitals" USING btree ("code") WHERE "hospitals"."code" is not null;