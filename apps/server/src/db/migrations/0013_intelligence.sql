CREATE TABLE "intel_academic_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"doctor_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	"year" smallint NOT NULL,
	CONSTRAINT "intel_academic_items_kind_check" CHECK ("intel_academic_items"."kind" in ('advisory', 'guideline', 'committee', 'association', 'trial', 'conference', 'editorial', 'nsfc', 'education'))
);
--> statement-breakpoint
CREATE TABLE "intel_doctor_metrics" (
	"doctor_id" integer PRIMARY KEY NOT NULL,
	"hospital_id" integer NOT NULL,
	"province_code" text NOT NULL,
	"pagerank" double precision NOT NULL,
	"pagerank_pct" real DEFAULT 0 NOT NULL,
	"community" integer NOT NULL,
	"degree" integer NOT NULL,
	"x" real NOT NULL,
	"y" real NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intel_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"stats" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	CONSTRAINT "intel_jobs_status_check" CHECK ("intel_jobs"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "intel_kol_scores" (
	"indication" text NOT NULL,
	"doctor_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"province_code" text NOT NULL,
	"score" real NOT NULL,
	"tier" text NOT NULL,
	"raw" jsonb NOT NULL,
	"pct" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "intel_kol_scores_indication_doctor_id_pk" PRIMARY KEY("indication","doctor_id")
);
--> statement-breakpoint
CREATE TABLE "intel_kol_weights" (
	"dimension" text PRIMARY KEY NOT NULL,
	"weight" real NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intel_paper_authors" (
	"paper_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "intel_paper_authors_paper_id_doctor_id_pk" PRIMARY KEY("paper_id","doctor_id")
);
--> statement-breakpoint
CREATE TABLE "intel_papers" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"journal_id" integer,
	"journal" text NOT NULL,
	"core" boolean DEFAULT false NOT NULL,
	"year" smallint NOT NULL,
	"citations" integer DEFAULT 0 NOT NULL,
	"indication" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intel_relations" (
	"a" integer NOT NULL,
	"b" integer NOT NULL,
	"type" text NOT NULL,
	"weight" real NOT NULL,
	"count" integer NOT NULL,
	"first_year" smallint NOT NULL,
	"last_year" smallint NOT NULL,
	CONSTRAINT "intel_relations_a_b_type_pk" PRIMARY KEY("a","b","type"),
	CONSTRAINT "intel_relations_type_check" CHECK ("intel_relations"."type" in ('coauthor', 'cospeaker', 'coattend')),
	CONSTRAINT "intel_relations_order_check" CHECK ("intel_relations"."a" < "intel_relations"."b")
);
--> statement-breakpoint
ALTER TABLE "intel_paper_authors" ADD CONSTRAINT "intel_paper_authors_paper_id_intel_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."intel_papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intel_academic_items_doctor_idx" ON "intel_academic_items" USING btree ("doctor_id","kind");--> statement-breakpoint
CREATE INDEX "intel_doctor_metrics_rank_idx" ON "intel_doctor_metrics" USING btree ("province_code","pagerank" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "intel_jobs_status_idx" ON "intel_jobs" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "intel_kol_scores_rank_idx" ON "intel_kol_scores" USING btree ("indication","score" DESC NULLS LAST,"doctor_id");--> statement-breakpoint
CREATE INDEX "intel_kol_scores_province_idx" ON "intel_kol_scores" USING btree ("indication","province_code","score" DESC NULLS LAST,"doctor_id");--> statement-breakpoint
CREATE INDEX "intel_kol_scores_doctor_idx" ON "intel_kol_scores" USING btree ("doctor_id");--> statement-breakpoint
CREATE INDEX "intel_paper_authors_doctor_idx" ON "intel_paper_authors" USING btree ("doctor_id","paper_id");--> statement-breakpoint
CREATE INDEX "intel_papers_indication_idx" ON "intel_papers" USING btree ("indication","year");--> statement-breakpoint
CREATE INDEX "intel_relations_b_idx" ON "intel_relations" USING btree ("b","a");