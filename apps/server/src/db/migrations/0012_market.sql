CREATE TABLE "market_figures" (
	"medicine" text NOT NULL,
	"province_code" text NOT NULL,
	"month" date NOT NULL,
	"sales_units" integer NOT NULL,
	"search_index" integer NOT NULL,
	CONSTRAINT "market_figures_medicine_month_province_code_pk" PRIMARY KEY("medicine","month","province_code")
);
--> statement-breakpoint
CREATE TABLE "online_consultations" (
	"doctor_id" integer NOT NULL,
	"medicine" text NOT NULL,
	"indication" text NOT NULL,
	"month" date NOT NULL,
	"consultations" integer NOT NULL,
	CONSTRAINT "online_consultations_medicine_indication_doctor_id_month_pk" PRIMARY KEY("medicine","indication","doctor_id","month")
);
--> statement-breakpoint
CREATE TABLE "opinion_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"medicine" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opinion_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"text" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"medicine" text NOT NULL,
	"indication" text DEFAULT '' NOT NULL,
	"doctor_id" integer,
	"event_id" integer,
	"sentiment" text DEFAULT 'neutral' NOT NULL,
	"score" real DEFAULT 0 NOT NULL,
	"explanation" jsonb DEFAULT '{"hits":[],"score":0}'::jsonb NOT NULL,
	"lexicon_version" text DEFAULT '' NOT NULL,
	CONSTRAINT "opinion_items_sentiment_check" CHECK ("opinion_items"."sentiment" in ('positive', 'negative', 'neutral'))
);
--> statement-breakpoint
CREATE TABLE "patient_groups" (
	"medicine" text NOT NULL,
	"indication" text NOT NULL,
	"province_code" text NOT NULL,
	"age_band" text NOT NULL,
	"gender" text NOT NULL,
	"stage" text NOT NULL,
	"patients" integer NOT NULL,
	CONSTRAINT "patient_groups_medicine_indication_province_code_age_band_gender_stage_pk" PRIMARY KEY("medicine","indication","province_code","age_band","gender","stage")
);
--> statement-breakpoint
ALTER TABLE "opinion_items" ADD CONSTRAINT "opinion_items_event_id_opinion_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."opinion_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "opinion_items_medicine_time_idx" ON "opinion_items" USING btree ("medicine","published_at");--> statement-breakpoint
CREATE INDEX "opinion_items_event_idx" ON "opinion_items" USING btree ("event_id","id");--> statement-breakpoint
CREATE INDEX "opinion_items_doctor_idx" ON "opinion_items" USING btree ("doctor_id");--> statement-breakpoint
CREATE INDEX "opinion_items_version_idx" ON "opinion_items" USING btree ("lexicon_version");