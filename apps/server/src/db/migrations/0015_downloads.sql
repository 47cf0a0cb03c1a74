CREATE TABLE "download_jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "download_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"created_by" text NOT NULL,
	"template_name" text NOT NULL,
	"params" jsonb NOT NULL,
	"dedupe_key" text NOT NULL,
	"lang" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_total" integer,
	"claim_token" uuid,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"file_key" text,
	"size" bigint,
	"error_key" text,
	"error_params" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"downloaded_at" timestamp with time zone,
	CONSTRAINT "download_jobs_status_check" CHECK ("download_jobs"."status" in ('queued', 'running', 'done', 'failed', 'cancelled', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "data_collection_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_collection_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"created_by" text NOT NULL,
	"source_platform" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"real_time" boolean DEFAULT false NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"wechat" text DEFAULT '' NOT NULL,
	"qq" text DEFAULT '' NOT NULL,
	"file_key" text,
	"file_name" text,
	"file_size" bigint,
	"status" text DEFAULT 'submitted' NOT NULL,
	"reply" text DEFAULT '' NOT NULL,
	"handled_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "data_collection_status_check" CHECK ("data_collection_requests"."status" in ('submitted', 'accepted', 'inProgress', 'delivered', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "download_jobs" ADD CONSTRAINT "download_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_collection_requests" ADD CONSTRAINT "data_collection_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "download_jobs_dedupe_idx" ON "download_jobs" USING btree ("user_id","dedupe_key") WHERE "download_jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "download_jobs_claim_idx" ON "download_jobs" USING btree ("id") WHERE "download_jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "download_jobs_user_idx" ON "download_jobs" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "download_jobs_expiry_idx" ON "download_jobs" USING btree ("expires_at") WHERE "download_jobs"."status" = 'done';--> statement-breakpoint
CREATE INDEX "data_collection_user_idx" ON "data_collection_requests" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "data_collection_status_idx" ON "data_collection_requests" USING btree ("status","id");