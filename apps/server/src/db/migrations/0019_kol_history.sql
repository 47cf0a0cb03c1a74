CREATE TABLE "intel_kol_history" (
	"run_id" integer NOT NULL,
	"indication" text NOT NULL,
	"doctor_id" integer NOT NULL,
	"score" real NOT NULL,
	CONSTRAINT "intel_kol_history_doctor_id_indication_run_id_pk" PRIMARY KEY("doctor_id","indication","run_id")
);
--> statement-breakpoint
CREATE TABLE "intel_kol_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"as_of_year" smallint,
	"scored" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "intel_kol_history" ADD CONSTRAINT "intel_kol_history_run_id_intel_kol_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."intel_kol_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intel_kol_history_run_idx" ON "intel_kol_history" USING btree ("run_id");