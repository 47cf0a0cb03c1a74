CREATE SEQUENCE "public"."push_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "deliveries" (
	"queue_id" bigint NOT NULL,
	"card_id" bigint NOT NULL,
	"wwid" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"send_count" integer DEFAULT 1 NOT NULL,
	"first_open_time" timestamp with time zone,
	"next_send_at" timestamp with time zone,
	CONSTRAINT "deliveries_queue_id_wwid_pk" PRIMARY KEY("queue_id","wwid")
);
--> statement-breakpoint
CREATE TABLE "push_recipients" (
	"push_id" bigint NOT NULL,
	"wwid" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	CONSTRAINT "push_recipients_push_id_wwid_pk" PRIMARY KEY("push_id","wwid")
);
--> statement-breakpoint
CREATE TABLE "pushes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pushes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"push_id" bigint NOT NULL,
	"card_id" bigint NOT NULL,
	"push_date" timestamp with time zone NOT NULL,
	"scope" smallint NOT NULL,
	"remark" jsonb NOT NULL,
	"must_read" boolean DEFAULT false NOT NULL,
	"not_read_time" integer DEFAULT 24 NOT NULL,
	"push_num" integer DEFAULT 1 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"fired_at" timestamp with time zone,
	"delivered_count" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"top" boolean DEFAULT false NOT NULL,
	"top_start_time" timestamp with time zone,
	"top_end_time" timestamp with time zone,
	"permanent" boolean DEFAULT false NOT NULL,
	CONSTRAINT "pushes_status_check" CHECK ("pushes"."status" in ('queued', 'fired', 'cancelled')),
	CONSTRAINT "pushes_scope_check" CHECK ("pushes"."scope" in (0, 1, 2)),
	CONSTRAINT "pushes_resend_check" CHECK ("pushes"."not_read_time" > 0 and "pushes"."push_num" > 0)
);
--> statement-breakpoint
ALTER TABLE "pushes" ADD CONSTRAINT "pushes_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deliveries_next_send_idx" ON "deliveries" USING btree ("next_send_at") WHERE "deliveries"."next_send_at" is not null;--> statement-breakpoint
CREATE INDEX "pushes_due_idx" ON "pushes" USING btree ("push_date","id") WHERE "pushes"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "pushes_card_idx" ON "pushes" USING btree ("card_id","id");--> statement-breakpoint
CREATE INDEX "pushes_push_id_idx" ON "pushes" USING btree ("push_id");--> statement-breakpoint
CREATE INDEX "cards_status_last_push_time_idx" ON "cards" USING btree ("status","last_push_time" DESC NULLS LAST,"id" DESC NULLS LAST);