CREATE TABLE "departments" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"level" smallint NOT NULL,
	"parent_code" text,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_codes" (
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"parent_code" text,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reference_codes_kind_code_pk" PRIMARY KEY("kind","code")
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"level" smallint NOT NULL,
	"parent_code" text,
	"city_level" smallint
);
--> statement-breakpoint
CREATE TABLE "doctor_affiliations" (
	"id" serial PRIMARY KEY NOT NULL,
	"doctor_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"dept1_code" text NOT NULL,
	"dept2_code" text,
	"position_code" text,
	"is_primary" boolean DEFAULT false NOT NULL,
	"start_date" date,
	"end_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doctor_corrections" (
	"id" serial PRIMARY KEY NOT NULL,
	"doctor_id" integer NOT NULL,
	"content" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_note" text DEFAULT '' NOT NULL,
	CONSTRAINT "doctor_corrections_status_check" CHECK ("doctor_corrections"."status" in ('pending', 'accepted', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "doctor_tags" (
	"tag_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "doctor_tags_tag_id_doctor_id_pk" PRIMARY KEY("tag_id","doctor_id")
);
--> statement-breakpoint
CREATE TABLE "doctors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"pinyin" text DEFAULT '' NOT NULL,
	"initials" text DEFAULT '' NOT NULL,
	"gender" smallint DEFAULT 0 NOT NULL,
	"hospital_id" integer NOT NULL,
	"province_code" text NOT NULL,
	"city_code" text NOT NULL,
	"county_code" text DEFAULT '' NOT NULL,
	"city_level" smallint,
	"hospital_level" text DEFAULT '' NOT NULL,
	"dept1_code" text NOT NULL,
	"dept2_code" text,
	"title_code" text NOT NULL,
	"teaching_title_code" text,
	"direction_code" text,
	"indications" text[] DEFAULT '{}'::text[] NOT NULL,
	"doctor_range" text DEFAULT 'internal' NOT NULL,
	"online_patients" integer DEFAULT 0 NOT NULL,
	"outpatient_days" smallint DEFAULT 0 NOT NULL,
	"outpatient_type" text,
	"phone" text DEFAULT '' NOT NULL,
	"override_mode" boolean DEFAULT false NOT NULL,
	"wecom_external_id" text,
	"wecom_follow_user" text,
	"source" text DEFAULT 'generated' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "doctors_range_check" CHECK ("doctors"."doctor_range" in ('internal', 'internet')),
	CONSTRAINT "doctors_outpatient_days_check" CHECK ("doctors"."outpatient_days" between 0 and 7)
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"owner_id" integer,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hospitals" ADD COLUMN "province_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "hospitals" ADD COLUMN "city_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "hospitals" ADD COLUMN "county_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "hospitals" ADD COLUMN "county" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "hospitals" ADD COLUMN "city_level" smallint;--> statement-breakpoint
ALTER TABLE "hospitals" ADD COLUMN "type" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "hospitals" ADD COLUMN "pinyin" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "hospitals" ADD COLUMN "initials" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "hospitals" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "hospitals" ADD COLUMN "covered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "hospitals" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "hospitals" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "doctor_affiliations" ADD CONSTRAINT "doctor_affiliations_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_affiliations" ADD CONSTRAINT "doctor_affiliations_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_corrections" ADD CONSTRAINT "doctor_corrections_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_tags" ADD CONSTRAINT "doctor_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_tags" ADD CONSTRAINT "doctor_tags_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctors" ADD CONSTRAINT "doctors_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "departments_parent_idx" ON "departments" USING btree ("parent_code","sort");--> statement-breakpoint
CREATE INDEX "regions_parent_idx" ON "regions" USING btree ("parent_code","code");--> statement-breakpoint
CREATE INDEX "regions_level_name_idx" ON "regions" USING btree ("level","name");--> statement-breakpoint
CREATE INDEX "doctor_affiliations_doctor_idx" ON "doctor_affiliations" USING btree ("doctor_id");--> statement-breakpoint
CREATE INDEX "doctor_affiliations_hospital_idx" ON "doctor_affiliations" USING btree ("hospital_id","doctor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "doctor_affiliations_primary_idx" ON "doctor_affiliations" USING btree ("doctor_id") WHERE "doctor_affiliations"."is_primary" and "doctor_affiliations"."end_date" is null;--> statement-breakpoint
CREATE INDEX "doctor_corrections_doctor_idx" ON "doctor_corrections" USING btree ("doctor_id","status");--> statement-breakpoint
CREATE INDEX "doctor_corrections_status_idx" ON "doctor_corrections" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "doctor_tags_doctor_idx" ON "doctor_tags" USING btree ("doctor_id");--> statement-breakpoint
CREATE INDEX "doctors_filter_idx" ON "doctors" USING btree ("province_code","dept1_code","title_code","id");--> statement-breakpoint
CREATE INDEX "doctors_city_idx" ON "doctors" USING btree ("city_code","id");--> statement-breakpoint
CREATE INDEX "doctors_hospital_idx" ON "doctors" USING btree ("hospital_id","id");--> statement-breakpoint
CREATE INDEX "doctors_dept1_idx" ON "doctors" USING btree ("dept1_code","title_code","id");--> statement-breakpoint
CREATE INDEX "doctors_dept2_idx" ON "doctors" USING btree ("dept2_code","id");--> statement-breakpoint
CREATE INDEX "doctors_title_idx" ON "doctors" USING btree ("title_code","id");--> statement-breakpoint
CREATE INDEX "doctors_name_idx" ON "doctors" USING btree ("name" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "doctors_pinyin_idx" ON "doctors" USING btree ("pinyin" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "doctors_initials_idx" ON "doctors" USING btree ("initials" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "doctors_indications_idx" ON "doctors" USING gin ("indications");--> statement-breakpoint
CREATE INDEX "doctors_duplicate_idx" ON "doctors" USING btree ("name","hospital_id","dept1_code");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_owner_name_idx" ON "tags" USING btree (coalesce("owner_id", 0),"name");--> statement-breakpoint
CREATE INDEX "hospitals_province_code_idx" ON "hospitals" USING btree ("province_code","city_code","id");--> statement-breakpoint
CREATE INDEX "hospitals_level_idx" ON "hospitals" USING btree ("level","id");--> statement-breakpoint
CREATE INDEX "hospitals_pinyin_idx" ON "hospitals" USING btree ("pinyin" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "hospitals_initials_idx" ON "hospitals" USING btree ("initials" text_pattern_ops);--> statement-breakpoint
-- Hospital names match any part of the name (ILIKE '%text%'), as card titles do.
CREATE INDEX "hospitals_name_trgm_idx" ON "hospitals" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
-- Grades were stored by their Chinese name before; they are codes now (HOSPITAL_GRADES).
UPDATE "hospitals" SET "level" = CASE "level"
  WHEN '三级甲等' THEN '3A' WHEN '三级乙等' THEN '3B' WHEN '三级丙等' THEN '3C'
  WHEN '二级甲等' THEN '2A' WHEN '二级乙等' THEN '2B' WHEN '二级丙等' THEN '2C'
  WHEN '一级甲等' THEN '1A' WHEN '一级乙等' THEN '1B' WHEN '一级丙等' THEN '1C'
  ELSE 'NONE' END;
