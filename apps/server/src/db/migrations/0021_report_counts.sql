CREATE TABLE "doctor_hospital_counts" (
	"hospital_id" integer NOT NULL,
	"province_code" text NOT NULL,
	"doctors" integer DEFAULT 0 NOT NULL,
	"internal" integer DEFAULT 0 NOT NULL,
	"internet" integer DEFAULT 0 NOT NULL,
	"manual" integer DEFAULT 0 NOT NULL,
	"by_rep" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "doctor_hospital_counts_hospital_id_province_code_pk" PRIMARY KEY("hospital_id","province_code")
);
--> statement-breakpoint
CREATE TABLE "doctor_profile_counts" (
	"province_code" text NOT NULL,
	"title_code" text NOT NULL,
	"dept1_code" text NOT NULL,
	"source" text NOT NULL,
	"doctors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "doctor_profile_counts_province_code_title_code_dept1_code_source_pk" PRIMARY KEY("province_code","title_code","dept1_code","source")
);
--> statement-breakpoint
CREATE INDEX "doctor_affiliations_secondary_idx" ON "doctor_affiliations" USING btree ("hospital_id") WHERE not "doctor_affiliations"."is_primary" and "doctor_affiliations"."end_date" is null;--> statement-breakpoint
-- Not expressible in the Drizzle schema (kept by hand when this migration is regenerated):
-- doctor_hospital_counts and doctor_profile_counts count every doctor row (docs/decisions/0033),
-- kept by statement triggers on doctors within the writing statement, whoever writes: a statement
-- adds its new rows and takes away its old ones, grouped, in key order (two writers never
-- deadlock), ON CONFLICT adding to the count as the latest commit left it. An update that changes
-- no counted column nets to zero and touches no count.
CREATE FUNCTION "doctor_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO doctor_hospital_counts AS c (hospital_id, province_code, doctors, internal, internet, manual, by_rep)
    SELECT x.hospital_id, x.province_code, sum(x.s), sum(x.s * (x.doctor_range = 'internal')::int), sum(x.s * (x.doctor_range = 'internet')::int),
           sum(x.s * (x.source <> 'generated')::int), sum(x.s * (x.created_by IS NOT NULL)::int)
      FROM (SELECT hospital_id, province_code, title_code, dept1_code, source, doctor_range, created_by, 1 AS s FROM new_rows) x
     GROUP BY x.hospital_id, x.province_code
    HAVING sum(x.s) <> 0 OR sum(x.s * (x.doctor_range = 'internal')::int) <> 0 OR sum(x.s * (x.doctor_range = 'internet')::int) <> 0
        OR sum(x.s * (x.source <> 'generated')::int) <> 0 OR sum(x.s * (x.created_by IS NOT NULL)::int) <> 0
     ORDER BY x.hospital_id, x.province_code
    ON CONFLICT (hospital_id, province_code) DO UPDATE
      SET doctors = c.doctors + excluded.doctors, internal = c.internal + excluded.internal, internet = c.internet + excluded.internet,
          manual = c.manual + excluded.manual, by_rep = c.by_rep + excluded.by_rep;
  INSERT INTO doctor_profile_counts AS c (province_code, title_code, dept1_code, source, doctors)
    SELECT x.province_code, x.title_code, x.dept1_code, x.source, sum(x.s)
      FROM (SELECT hospital_id, province_code, title_code, dept1_code, source, doctor_range, created_by, 1 AS s FROM new_rows) x
     GROUP BY x.province_code, x.title_code, x.dept1_code, x.source
    HAVING sum(x.s) <> 0
     ORDER BY x.province_code, x.title_code, x.dept1_code, x.source
    ON CONFLICT (province_code, title_code, dept1_code, source) DO UPDATE SET doctors = c.doctors + excluded.doctors;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "doctor_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO doctor_hospital_counts AS c (hospital_id, province_code, doctors, internal, internet, manual, by_rep)
    SELECT x.hospital_id, x.province_code, sum(x.s), sum(x.s * (x.doctor_range = 'internal')::int), sum(x.s * (x.doctor_range = 'internet')::int),
           sum(x.s * (x.source <> 'generated')::int), sum(x.s * (x.created_by IS NOT NULL)::int)
      FROM (SELECT hospital_id, province_code, title_code, dept1_code, source, doctor_range, created_by, 1 AS s FROM new_rows UNION ALL SELECT hospital_id, province_code, title_code, dept1_code, source, doctor_range, created_by, -1 AS s FROM old_rows) x
     GROUP BY x.hospital_id, x.province_code
    HAVING sum(x.s) <> 0 OR sum(x.s * (x.doctor_range = 'internal')::int) <> 0 OR sum(x.s * (x.doctor_range = 'internet')::int) <> 0
        OR sum(x.s * (x.source <> 'generated')::int) <> 0 OR sum(x.s * (x.created_by IS NOT NULL)::int) <> 0
     ORDER BY x.hospital_id, x.province_code
    ON CONFLICT (hospital_id, province_code) DO UPDATE
      SET doctors = c.doctors + excluded.doctors, internal = c.internal + excluded.internal, internet = c.internet + excluded.internet,
          manual = c.manual + excluded.manual, by_rep = c.by_rep + excluded.by_rep;
  INSERT INTO doctor_profile_counts AS c (province_code, title_code, dept1_code, source, doctors)
    SELECT x.province_code, x.title_code, x.dept1_code, x.source, sum(x.s)
      FROM (SELECT hospital_id, province_code, title_code, dept1_code, source, doctor_range, created_by, 1 AS s FROM new_rows UNION ALL SELECT hospital_id, province_code, title_code, dept1_code, source, doctor_range, created_by, -1 AS s FROM old_rows) x
     GROUP BY x.province_code, x.title_code, x.dept1_code, x.source
    HAVING sum(x.s) <> 0
     ORDER BY x.province_code, x.title_code, x.dept1_code, x.source
    ON CONFLICT (province_code, title_code, dept1_code, source) DO UPDATE SET doctors = c.doctors + excluded.doctors;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "doctor_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO doctor_hospital_counts AS c (hospital_id, province_code, doctors, internal, internet, manual, by_rep)
    SELECT x.hospital_id, x.province_code, sum(x.s), sum(x.s * (x.doctor_range = 'internal')::int), sum(x.s * (x.doctor_range = 'internet')::int),
           sum(x.s * (x.source <> 'generated')::int), sum(x.s * (x.created_by IS NOT NULL)::int)
      FROM (SELECT hospital_id, province_code, title_code, dept1_code, source, doctor_range, created_by, -1 AS s FROM old_rows) x
     GROUP BY x.hospital_id, x.province_code
    HAVING sum(x.s) <> 0 OR sum(x.s * (x.doctor_range = 'internal')::int) <> 0 OR sum(x.s * (x.doctor_range = 'internet')::int) <> 0
        OR sum(x.s * (x.source <> 'generated')::int) <> 0 OR sum(x.s * (x.created_by IS NOT NULL)::int) <> 0
     ORDER BY x.hospital_id, x.province_code
    ON CONFLICT (hospital_id, province_code) DO UPDATE
      SET doctors = c.doctors + excluded.doctors, internal = c.internal + excluded.internal, internet = c.internet + excluded.internet,
          manual = c.manual + excluded.manual, by_rep = c.by_rep + excluded.by_rep;
  INSERT INTO doctor_profile_counts AS c (province_code, title_code, dept1_code, source, doctors)
    SELECT x.province_code, x.title_code, x.dept1_code, x.source, sum(x.s)
      FROM (SELECT hospital_id, province_code, title_code, dept1_code, source, doctor_range, created_by, -1 AS s FROM old_rows) x
     GROUP BY x.province_code, x.title_code, x.dept1_code, x.source
    HAVING sum(x.s) <> 0
     ORDER BY x.province_code, x.title_code, x.dept1_code, x.source
    ON CONFLICT (province_code, title_code, dept1_code, source) DO UPDATE SET doctors = c.doctors + excluded.doctors;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "doctor_counts_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM doctor_hospital_counts;
  DELETE FROM doctor_profile_counts;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "doctors_counts_insert" AFTER INSERT ON "doctors"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "doctor_counts_after_insert"();--> statement-breakpoint
CREATE TRIGGER "doctors_counts_update" AFTER UPDATE ON "doctors"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "doctor_counts_after_update"();--> statement-breakpoint
CREATE TRIGGER "doctors_counts_delete" AFTER DELETE ON "doctors"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "doctor_counts_after_delete"();--> statement-breakpoint
CREATE TRIGGER "doctors_counts_truncate" AFTER TRUNCATE ON "doctors"
  FOR EACH STATEMENT EXECUTE FUNCTION "doctor_counts_after_truncate"();--> statement-breakpoint
INSERT INTO "doctor_hospital_counts" ("hospital_id", "province_code", "doctors", "internal", "internet", "manual", "by_rep")
  SELECT "hospital_id", "province_code", count(*), count(*) FILTER (WHERE "doctor_range" = 'internal'), count(*) FILTER (WHERE "doctor_range" = 'internet'),
         count(*) FILTER (WHERE "source" <> 'generated'), count(*) FILTER (WHERE "created_by" IS NOT NULL)
    FROM "doctors" GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "doctor_profile_counts" ("province_code", "title_code", "dept1_code", "source", "doctors")
  SELECT "province_code", "title_code", "dept1_code", "source", count(*) FROM "doctors" GROUP BY 1, 2, 3, 4;
