-- Title search matches any part of the title (ILIKE '%text%'); pg_trgm is a trusted extension (PostgreSQL 13+), bundled with PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE SEQUENCE "public"."card_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "card_reservations" (
	"id" bigint PRIMARY KEY DEFAULT nextval('card_id_seq') NOT NULL,
	"reserved_by" text NOT NULL,
	"reserved_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" bigint PRIMARY KEY NOT NULL,
	"content" jsonb NOT NULL,
	"title" text GENERATED ALWAYS AS (coalesce(content ->> 'titleName', '')) STORED,
	"status" text NOT NULL,
	"create_by" text NOT NULL,
	"create_time" timestamp with time zone NOT NULL,
	"update_time" timestamp with time zone NOT NULL,
	"last_push_time" timestamp with time zone,
	"push_id" bigint,
	"queue_id" bigint,
	"remark" jsonb,
	"source" text DEFAULT '' NOT NULL,
	"template" text DEFAULT '' NOT NULL,
	CONSTRAINT "cards_status_check" CHECK ("cards"."status" in ('draft', 'created', 'publish', 'notPushed', 'queue'))
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"card_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "files_kind_check" CHECK ("files"."kind" in ('avatar', 'image', 'attachment'))
);
--> statement-breakpoint
CREATE INDEX "cards_status_create_time_idx" ON "cards" USING btree ("status","create_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cards_create_by_status_create_time_idx" ON "cards" USING btree ("create_by","status","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cards_create_time_idx" ON "cards" USING btree ("create_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cards_title_trgm_idx" ON "cards" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "files_card_idx" ON "files" USING btree ("card_id");