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
CREATE TABLE "visit_doctor_days" (
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"channel" text NOT NULL,
	"effective" boolean NOT NULL,
	"status" smallint NOT NULL,
	"hospital_id" integer,
	"province_code" text,
	"visits" integer DEFAULT 0 NOT NULL,
	"seconds_sum" integer DEFAULT 0 NOT NULL,
	"seconds_count" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone,
	CONSTRAINT "visit_doctor_days_day_user_id_doctor_id_channel_effective_status_pk" PRIMARY KEY("day","user_id","doctor_id","channel","effective","status")
);
--> statement-breakpoint
CREATE INDEX "doctor_affiliations_secondary_idx" ON "doctor_affiliations" USING btree ("hospital_id") WHERE not "doctor_affiliations"."is_primary" and "doctor_affiliations"."end_date" is null;--> statement-breakpoint
-- Not expressible in the Drizzle schema (kept by hand when this migration is regenerated; the visit_doctor_days indexes
-- drizzle generates are moved to the end, after the rows are in):
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
--> statement-breakpoint
-- visit_doctor_days counts every visit row (docs/decisions/0033), kept by statement triggers on
-- visit_records, whoever writes. New visits are added to their day's row (ON CONFLICT adds to the
-- count as the latest commit left it). An edit or delete recounts the rows it touched from
-- visit_records (visit_records_doctor_idx): it first makes sure they exist and locks them in key
-- order, so a writer adding to one waits for the recount and adds to it, and the recount sees
-- every commit made before its lock. A doctor's hospital and province follow the doctor row.
CREATE FUNCTION "visit_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO visit_doctor_days AS a (day, user_id, doctor_id, channel, effective, status, hospital_id, province_code, visits, seconds_sum, seconds_count, last_at)
    SELECT ((n.visit_at AT TIME ZONE 'UTC') + interval '8 hours')::date, n.user_id, n.doctor_id, n.channel, n.effective, n.status,
           min(d.hospital_id), min(d.province_code), count(*), coalesce(sum(n.duration_seconds), 0), count(n.duration_seconds), max(n.visit_at)
      FROM new_rows n LEFT JOIN doctors d ON d.id = n.doctor_id
     GROUP BY 1, 2, 3, 4, 5, 6
     ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (day, user_id, doctor_id, channel, effective, status) DO UPDATE
      SET visits = a.visits + excluded.visits, seconds_sum = a.seconds_sum + excluded.seconds_sum, seconds_count = a.seconds_count + excluded.seconds_count,
          last_at = greatest(a.last_at, excluded.last_at), hospital_id = excluded.hospital_id, province_code = excluded.province_code;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "visit_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO visit_doctor_days AS a (day, user_id, doctor_id, channel, effective, status, hospital_id, province_code)
    SELECT k.day, k.user_id, k.doctor_id, k.channel, k.effective, k.status, d.hospital_id, d.province_code
      FROM (SELECT DISTINCT * FROM (SELECT ((old_rows.visit_at AT TIME ZONE 'UTC') + interval '8 hours')::date AS day, old_rows.user_id, old_rows.doctor_id, old_rows.channel, old_rows.effective, old_rows.status FROM old_rows UNION SELECT ((new_rows.visit_at AT TIME ZONE 'UTC') + interval '8 hours')::date AS day, new_rows.user_id, new_rows.doctor_id, new_rows.channel, new_rows.effective, new_rows.status FROM new_rows) s) k LEFT JOIN doctors d ON d.id = k.doctor_id
     ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (day, user_id, doctor_id, channel, effective, status) DO NOTHING;
  PERFORM 1 FROM visit_doctor_days a
    WHERE (a.day, a.user_id, a.doctor_id, a.channel, a.effective, a.status) IN (SELECT ((old_rows.visit_at AT TIME ZONE 'UTC') + interval '8 hours')::date AS day, old_rows.user_id, old_rows.doctor_id, old_rows.channel, old_rows.effective, old_rows.status FROM old_rows UNION SELECT ((new_rows.visit_at AT TIME ZONE 'UTC') + interval '8 hours')::date AS day, new_rows.user_id, new_rows.doctor_id, new_rows.channel, new_rows.effective, new_rows.status FROM new_rows)
    ORDER BY a.day, a.user_id, a.doctor_id, a.channel, a.effective, a.status FOR UPDATE;
  UPDATE visit_doctor_days a SET visits = c.visits, seconds_sum = c.seconds_sum, seconds_count = c.seconds_count, last_at = c.last_at
    FROM (SELECT DISTINCT * FROM (SELECT ((old_rows.visit_at AT TIME ZONE 'UTC') + interval '8 hours')::date AS day, old_rows.user_id, old_rows.doctor_id, old_rows.channel, old_rows.effective, old_rows.status FROM old_rows UNION SELECT ((new_rows.visit_at AT TIME ZONE 'UTC') + interval '8 hours')::date AS day, new_rows.user_id, new_rows.doctor_id, new_rows.channel, new_rows.effective, new_rows.status FROM new_rows) s) k
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS visits, coalesce(sum(v.duration_seconds), 0)::int AS seconds_sum, count(v.duration_seconds)::int AS seconds_count, max(v.visit_at) AS last_at
        FROM visit_records v
       WHERE v.doctor_id = k.doctor_id
         AND v.visit_at >= ((k.day::timestamp - interval '8 hours') AT TIME ZONE 'UTC') AND v.visit_at < ((k.day::timestamp + interval '16 hours') AT TIME ZONE 'UTC')
         AND v.user_id = k.user_id AND v.channel = k.channel AND v.effective = k.effective AND v.status = k.status) c
   WHERE (a.day, a.user_id, a.doctor_id, a.channel, a.effective, a.status) = (k.day, k.user_id, k.doctor_id, k.channel, k.effective, k.status);
  DELETE FROM visit_doctor_days a WHERE a.visits = 0 AND (a.day, a.user_id, a.doctor_id, a.channel, a.effective, a.status) IN (SELECT ((old_rows.visit_at AT TIME ZONE 'UTC') + interval '8 hours')::date AS day, old_rows.user_id, old_rows.doctor_id, old_rows.channel, old_rows.effective, old_rows.status FROM old_rows UNION SELECT ((new_rows.visit_at AT TIME ZONE 'UTC') + interval '8 hours')::date AS day, new_rows.user_id, new_rows.doctor_id, new_rows.channel, new_rows.effective, new_rows.status FROM new_rows);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "visit_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO visit_doctor_days AS a (day, user_id, doctor_id, channel, effective, status, hospital_id, province_code)
    SELECT k.day, k.user_id, k.doctor_id, k.channel, k.effective, k.status, d.hospital_id, d.province_code
      FROM (SELECT DISTINCT * FROM (SELECT ((old_rows.visit_at AT TIME ZONE 'UTC') + interval '8 hours')::date AS day, old_rows.user_id, old_rows.doctor_id, old_rows.channel, old_rows.effective, old_rows.status FROM old_rows) s) k LEFT JOIN doctors d ON d.id = k.doctor_id
     ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (day, user_id, doctor_id, channel, effective, status) DO NOTHING;
  PERFORM 1 FROM visit_doctor_days a
    WHERE (a.day, a.user_id, a.doctor_id, a.channel, a.effective, a.status) IN (SELECT ((old_rows.visit_at AT TIME ZONE 'UTC') + interval '8 hours')::date AS day, old_rows.user_id, old_rows.doctor_id, old_rows.channel, old_rows.effective, old_rows.status FROM old_rows)
    ORDER BY a.day, a.user_id, a.doctor_id, a.channel, a.effective, a.status FOR UPDATE;
  UPDATE visit_doctor_days a SET visits = c.visits, seconds_sum = c.seconds_sum, seconds_count = c.seconds_count, last_at = c.last_at
    FROM (SELECT DISTINCT * FROM (SELECT ((old_rows.visit_at AT TIME ZONE 'UTC') + interval '8 hours')::date AS day, old_rows.user_id, old_rows.doctor_id, old_rows.channel, old_rows.effective, old_rows.status FROM old_rows) s) k
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS visits, coalesce(sum(v.duration_seconds), 0)::int AS seconds_sum, count(v.duration_seconds)::int AS seconds_count, max(v.visit_at) AS last_at
        FROM visit_records v
       WHERE v.doctor_id = k.doctor_id
         AND v.visit_at >= ((k.day::timestamp - interval '8 hours') AT TIME ZONE 'UTC') AND v.visit_at < ((k.day::timestamp + interval '16 hours') AT TIME ZONE 'UTC')
         AND v.user_id = k.user_id AND v.channel = k.channel AND v.effective = k.effective AND v.status = k.status) c
   WHERE (a.day, a.user_id, a.doctor_id, a.channel, a.effective, a.status) = (k.day, k.user_id, k.doctor_id, k.channel, k.effective, k.status);
  DELETE FROM visit_doctor_days a WHERE a.visits = 0 AND (a.day, a.user_id, a.doctor_id, a.channel, a.effective, a.status) IN (SELECT ((old_rows.visit_at AT TIME ZONE 'UTC') + interval '8 hours')::date AS day, old_rows.user_id, old_rows.doctor_id, old_rows.channel, old_rows.effective, old_rows.status FROM old_rows);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "visit_counts_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM visit_doctor_days;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "visit_counts_follow_doctors"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- a doctor id that visits named before it existed (ids are serial: normally none)
    UPDATE visit_doctor_days a SET hospital_id = n.hospital_id, province_code = n.province_code FROM new_rows n WHERE a.doctor_id = n.id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE visit_doctor_days a SET hospital_id = NULL, province_code = NULL FROM old_rows o WHERE a.doctor_id = o.id;
  ELSE
    -- only the doctors whose hospital or province changed (an edit of anything else touches no day)
    UPDATE visit_doctor_days a SET hospital_id = d.hospital_id, province_code = d.province_code
      FROM (SELECT n.id FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
             WHERE o.id IS NULL OR o.hospital_id IS DISTINCT FROM n.hospital_id OR o.province_code IS DISTINCT FROM n.province_code
            UNION
            SELECT o.id FROM old_rows o LEFT JOIN new_rows n ON n.id = o.id WHERE n.id IS NULL) c
      LEFT JOIN doctors d ON d.id = c.id
     WHERE a.doctor_id = c.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "visit_counts_after_doctors_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE visit_doctor_days SET hospital_id = NULL, province_code = NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "visit_records_counts_insert" AFTER INSERT ON "visit_records"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "visit_counts_after_insert"();--> statement-breakpoint
CREATE TRIGGER "visit_records_counts_update" AFTER UPDATE ON "visit_records"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "visit_counts_after_update"();--> statement-breakpoint
CREATE TRIGGER "visit_records_counts_delete" AFTER DELETE ON "visit_records"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "visit_counts_after_delete"();--> statement-breakpoint
CREATE TRIGGER "visit_records_counts_truncate" AFTER TRUNCATE ON "visit_records"
  FOR EACH STATEMENT EXECUTE FUNCTION "visit_counts_after_truncate"();--> statement-breakpoint
CREATE TRIGGER "doctors_visit_counts_insert" AFTER INSERT ON "doctors"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "visit_counts_follow_doctors"();--> statement-breakpoint
CREATE TRIGGER "doctors_visit_counts_update" AFTER UPDATE ON "doctors"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "visit_counts_follow_doctors"();--> statement-breakpoint
CREATE TRIGGER "doctors_visit_counts_delete" AFTER DELETE ON "doctors"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "visit_counts_follow_doctors"();--> statement-breakpoint
CREATE TRIGGER "doctors_visit_counts_truncate" AFTER TRUNCATE ON "doctors"
  FOR EACH STATEMENT EXECUTE FUNCTION "visit_counts_after_doctors_truncate"();--> statement-breakpoint
INSERT INTO "visit_doctor_days" (day, user_id, doctor_id, channel, effective, status, hospital_id, province_code, visits, seconds_sum, seconds_count, last_at)
  SELECT ((v.visit_at AT TIME ZONE 'UTC') + interval '8 hours')::date, v.user_id, v.doctor_id, v.channel, v.effective, v.status,
         min(d.hospital_id), min(d.province_code), count(*), coalesce(sum(v.duration_seconds), 0), count(v.duration_seconds), max(v.visit_at)
    FROM visit_records v LEFT JOIN doctors d ON d.id = v.doctor_id
   GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
-- the indexes drizzle declares, made after the rows are in
CREATE INDEX "visit_doctor_days_province_idx" ON "visit_doctor_days" USING btree ("province_code","day");--> statement-breakpoint
CREATE INDEX "visit_doctor_days_hospital_idx" ON "visit_doctor_days" USING btree ("hospital_id","day");--> statement-breakpoint
CREATE INDEX "visit_doctor_days_doctor_idx" ON "visit_doctor_days" USING btree ("doctor_id");
