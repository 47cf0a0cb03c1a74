CREATE TABLE "call_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "call_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"call_record_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"speaker" text NOT NULL,
	"text" text NOT NULL,
	"at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "call_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"call_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"direction" text DEFAULT 'out' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"duration_seconds" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_records_call_id_unique" UNIQUE("call_id")
);
--> statement-breakpoint
CREATE TABLE "task_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"actor_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_user_id" integer,
	"to_user_id" integer,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"classification" text DEFAULT 'other' NOT NULL,
	"principal_id" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"priority" smallint DEFAULT 1 NOT NULL,
	"doctor_id" integer,
	"meeting_id" integer,
	"channel" text,
	"forwards" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_key_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"visit_product_id" integer NOT NULL,
	"message" text NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"visit_id" integer NOT NULL,
	"product" text NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"visit_at" timestamp with time zone NOT NULL,
	"channel" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"type" smallint DEFAULT 0 NOT NULL,
	"group_id" uuid,
	"purpose" text DEFAULT '' NOT NULL,
	"feedback" text DEFAULT '' NOT NULL,
	"next_step" text DEFAULT '' NOT NULL,
	"duration_seconds" integer,
	"effective" boolean DEFAULT false NOT NULL,
	"task_id" integer,
	"call_id" text,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_messages" ADD CONSTRAINT "call_messages_call_record_id_call_records_id_fk" FOREIGN KEY ("call_record_id") REFERENCES "public"."call_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_records" ADD CONSTRAINT "call_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_logs" ADD CONSTRAINT "task_logs_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_logs" ADD CONSTRAINT "task_logs_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_logs" ADD CONSTRAINT "task_logs_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_logs" ADD CONSTRAINT "task_logs_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_principal_id_users_id_fk" FOREIGN KEY ("principal_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_key_messages" ADD CONSTRAINT "visit_key_messages_visit_product_id_visit_products_id_fk" FOREIGN KEY ("visit_product_id") REFERENCES "public"."visit_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_products" ADD CONSTRAINT "visit_products_visit_id_visit_records_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visit_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_records" ADD CONSTRAINT "visit_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_records" ADD CONSTRAINT "visit_records_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "call_messages_seq_idx" ON "call_messages" USING btree ("call_record_id","seq");--> statement-breakpoint
CREATE INDEX "call_records_user_idx" ON "call_records" USING btree ("user_id","started_at","id");--> statement-breakpoint
CREATE INDEX "call_records_doctor_idx" ON "call_records" USING btree ("doctor_id","started_at","id");--> statement-breakpoint
CREATE INDEX "task_logs_task_idx" ON "task_logs" USING btree ("task_id","id");--> statement-breakpoint
CREATE INDEX "tasks_principal_idx" ON "tasks" USING btree ("principal_id","due_at","id");--> statement-breakpoint
CREATE INDEX "tasks_creator_idx" ON "tasks" USING btree ("creator_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_doctor_idx" ON "tasks" USING btree ("doctor_id","due_at","id");--> statement-breakpoint
CREATE INDEX "visit_key_messages_product_idx" ON "visit_key_messages" USING btree ("visit_product_id");--> statement-breakpoint
CREATE INDEX "visit_products_visit_idx" ON "visit_products" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "visit_records_user_idx" ON "visit_records" USING btree ("user_id","visit_at","id");--> statement-breakpoint
CREATE INDEX "visit_records_doctor_idx" ON "visit_records" USING btree ("doctor_id","visit_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_records_call_idx" ON "visit_records" USING btree ("call_id");--> statement-breakpoint
-- The doctor's business record: a view over the source tables, never a copy (docs/decisions/0019).
CREATE VIEW "doctor_business_record" AS
  SELECT 'visit'::text AS kind, v.id, v.doctor_id, v.user_id, v.visit_at AS at, v.purpose AS title, v.status, v.channel, v.effective
    FROM visit_records v
  UNION ALL
  SELECT 'call'::text, c.id, c.doctor_id, c.user_id, c.started_at, c.call_id, NULL::smallint, 'phone'::text, NULL::boolean
    FROM call_records c
  UNION ALL
  SELECT 'task'::text, t.id, t.doctor_id, t.principal_id, t.due_at, t.title, t.status, t.channel, NULL::boolean
    FROM tasks t WHERE t.doctor_id IS NOT NULL;
