CREATE TABLE "access_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"hint" text NOT NULL,
	"user_id" integer NOT NULL,
	"grants" jsonb NOT NULL,
	"expires_at" timestamp with time zone,
	"created_by_id" integer NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "access_tokens_hash_idx" ON "access_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "access_tokens_user_idx" ON "access_tokens" USING btree ("user_id");
--> statement-breakpoint
-- Hand-written (docs/decisions/0050): the kept doctor counts count current doctors only, so a doctor
-- an import deactivated leaves every count the moment the statement that deactivates it commits,
-- and one activated again comes back; an update of `active` is an update like any other to the
-- triggers (old row out, new row in, each only when active). Then the counts are made again from the rows.
CREATE OR REPLACE FUNCTION "doctor_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO doctor_hospital_counts AS c (hospital_id, province_code, doctors, internal, internet, manual, by_rep)
    SELECT x.hospital_id, x.province_code, sum(x.s), sum(x.s * (x.doctor_range = 'internal')::int), sum(x.s * (x.doctor_range = 'internet')::int),
           sum(x.s * (x.source <> 'generated')::int), sum(x.s * (x.created_by IS NOT NULL)::int)
      FROM (SELECT hospital_id, province_code, title_code, dept1_code, source, doctor_range, created_by, 1 AS s FROM new_rows WHERE active) x
     GROUP BY x.hospital_id, x.province_code
    HAVING sum(x.s) <> 0 OR sum(x.s * (x.doctor_range = 'internal')::int) <> 0 OR sum(x.s * (x.doctor_range = 'internet')::int) <> 0
        OR sum(x.s * (x.source <> 'generated')::int) <> 0 OR sum(x.s * (x.created_by IS NOT NULL)::int) <> 0
     ORDER BY x.hospital_id, x.province_code
    ON CONFLICT (hospital_id, province_code) DO UPDATE
      SET doctors = c.doctors + excluded.doctors, internal = c.internal + excluded.internal, internet = c.internet + excluded.internet,
          manual = c.manual + excluded.manual, by_rep = c.by_rep + excluded.by_rep;
  INSERT INTO doctor_profile_counts AS c (province_code, title_code, dept1_code, source, doctors)
    SELECT x.province_code, x.title_code, x.dept1_code, x.source, sum(x.s)
      FROM (SELECT hospital_id, province_code, title_code, dept1_code, source, doctor_range, created_by, 1 AS s FROM new_rows WHERE active) x
     GROUP BY x.province_code, x.title_code, x.dept1_code, x.source
    HAVING sum(x.s) <> 0
     ORDER BY x.province_code, x.title_code, x.dept1_code, x.source
    ON CONFLICT (province_code, title_code, dept1_code, source) DO UPDATE SET doctors = c.doctors + excluded.doctors;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "doctor_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO doctor_hospital_counts AS c (hospital_id, province_code, doctors, internal, internet, manual, by_rep)
    SELECT x.hospital_id, x.province_code, sum(x.s), sum(x.s * (x.doctor_range = 'internal')::int), sum(x.s * (x.doctor_range = 'internet')::int),
           sum(x.s * (x.source <> 'generated')::int), sum(x.s * (x.created_by IS NOT NULL)::int)
      FROM (SELECT hospital_id, province_code, title_code, dept1_code, source, doctor_range, created_by, 1 AS s FROM new_rows WHERE active UNION ALL SELECT hospital_id, province_code, title_code, dept1_code, source, doctor_range, created_by, -1 AS s FROM old_rows WHERE active) x
     GROUP BY x.hospital_id, x.province_code
    HAVING sum(x.s) <> 0 OR sum(x.s * (x.doctor_range = 'internal')::int) <> 0 OR sum(x.s * (x.doctor_range = 'internet')::int) <> 0
        OR sum(x.s * (x.source <> 'generated')::int) <> 0 OR sum(x.s * (x.created_by IS NOT NULL)::int) <> 0
     ORDER BY x.hospital_id, x.province_code
    ON CONFLICT (hospital_id, province_code) DO UPDATE
      SET doctors = c.doctors + excluded.doctors, internal = c.internal + excluded.internal, internet = c.internet + excluded.internet,
          manual = c.manual + excluded.manual, by_rep = c.by_rep + excluded.by_rep;
  INSERT INTO doctor_profile_counts AS c (province_code, title_code, dept1_code, source, doctors)
    SELECT x.province_code, x.title_code, x.dept1_code, x.source, sum(x.s)
      FROM (SELECT hospital_id, province_code, title_code, dept1_code, source, doctor_range, created_by, 1 AS s FROM new_rows WHERE active UNION ALL SELECT hospital_id, province_code, title_code, dept1_code, source, doctor_range, created_by, -1 AS s FROM old_rows WHERE active) x
     GROUP BY x.province_code, x.title_code, x.dept1_code, x.source
    HAVING sum(x.s) <> 0
     ORDER BY x.province_code, x.title_code, x.dept1_code, x.source
    ON CONFLICT (province_code, title_code, dept1_code, source) DO UPDATE SET doctors = c.doctors + excluded.doctors;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "doctor_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO doctor_hospital_counts AS c (hospital_id, province_code, doctors, internal, internet, manual, by_rep)
    SELECT x.hospital_id, x.province_code, sum(x.s), sum(x.s * (x.doctor_range = 'internal')::int), sum(x.s * (x.doctor_range = 'internet')::int),
           sum(x.s * (x.source <> 'generated')::int), sum(x.s * (x.created_by IS NOT NULL)::int)
      FROM (SELECT hospital_id, province_code, title_code, dept1_code, source, doctor_range, created_by, -1 AS s FROM old_rows WHERE active) x
     GROUP BY x.hospital_id, x.province_code
    HAVING sum(x.s) <> 0 OR sum(x.s * (x.doctor_range = 'internal')::int) <> 0 OR sum(x.s * (x.doctor_range = 'internet')::int) <> 0
        OR sum(x.s * (x.source <> 'generated')::int) <> 0 OR sum(x.s * (x.created_by IS NOT NULL)::int) <> 0
     ORDER BY x.hospital_id, x.province_code
    ON CONFLICT (hospital_id, province_code) DO UPDATE
      SET doctors = c.doctors + excluded.doctors, internal = c.internal + excluded.internal, internet = c.internet + excluded.internet,
          manual = c.manual + excluded.manual, by_rep = c.by_rep + excluded.by_rep;
  INSERT INTO doctor_profile_counts AS c (province_code, title_code, dept1_code, source, doctors)
    SELECT x.province_code, x.title_code, x.dept1_code, x.source, sum(x.s)
      FROM (SELECT hospital_id, province_code, title_code, dept1_code, source, doctor_range, created_by, -1 AS s FROM old_rows WHERE active) x
     GROUP BY x.province_code, x.title_code, x.dept1_code, x.source
    HAVING sum(x.s) <> 0
     ORDER BY x.province_code, x.title_code, x.dept1_code, x.source
    ON CONFLICT (province_code, title_code, dept1_code, source) DO UPDATE SET doctors = c.doctors + excluded.doctors;
  RETURN NULL;
END
$$;--> statement-breakpoint
DELETE FROM "doctor_hospital_counts";--> statement-breakpoint
DELETE FROM "doctor_profile_counts";--> statement-breakpoint
INSERT INTO "doctor_hospital_counts" ("hospital_id", "province_code", "doctors", "internal", "internet", "manual", "by_rep")
  SELECT "hospital_id", "province_code", count(*), count(*) FILTER (WHERE "doctor_range" = 'internal'), count(*) FILTER (WHERE "doctor_range" = 'internet'),
         count(*) FILTER (WHERE "source" <> 'generated'), count(*) FILTER (WHERE "created_by" IS NOT NULL)
    FROM "doctors" WHERE "active" GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "doctor_profile_counts" ("province_code", "title_code", "dept1_code", "source", "doctors")
  SELECT "province_code", "title_code", "dept1_code", "source", count(*) FROM "doctors" WHERE "active" GROUP BY 1, 2, 3, 4;
