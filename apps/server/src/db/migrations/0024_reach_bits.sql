CREATE TABLE "visit_doctor_bits" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"chunk" integer NOT NULL,
	"bits" bit(8192) NOT NULL,
	CONSTRAINT "visit_doctor_bits_day_kind_chunk_pk" PRIMARY KEY("day","kind","chunk")
);
--> statement-breakpoint
CREATE TABLE "visit_rep_days" (
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"effective" boolean NOT NULL,
	"status" smallint NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"seconds_sum" integer DEFAULT 0 NOT NULL,
	"seconds_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "visit_rep_days_day_user_id_channel_effective_status_pk" PRIMARY KEY("day","user_id","channel","effective","status")
);
--> statement-breakpoint
ALTER TABLE "call_records" ADD COLUMN "hospital_id" integer;--> statement-breakpoint
ALTER TABLE "call_records" ADD COLUMN "province_code" text;--> statement-breakpoint
CREATE INDEX "call_records_province_idx" ON "call_records" USING btree ("province_code","started_at");--> statement-breakpoint
CREATE INDEX "visit_doctor_days_last_idx" ON "visit_doctor_days" USING btree ("last_at");
--> statement-breakpoint
-- Hand-written (kept when this migration is regenerated; docs/decisions/0033): call_records carry
-- their doctor's hospital_id and province_code as the doctor row has them (null once the doctor no
-- longer exists), like visit_doctor_days: set on insert (and on a change of doctor) by a row
-- trigger, moved by statement triggers on doctors. A province viewer's reach reads its calls through
-- call_records_province_idx instead of a semi-join over the province's doctor ids.
CREATE FUNCTION "call_records_doctor_place"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- no doctor row: both null (SELECT INTO sets its targets to null when no row is found)
  SELECT d.hospital_id, d.province_code INTO NEW.hospital_id, NEW.province_code FROM doctors d WHERE d.id = NEW.doctor_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE FUNCTION "call_records_follow_doctors"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- a doctor id that calls named before it existed (ids are serial: normally none)
    UPDATE call_records c SET hospital_id = n.hospital_id, province_code = n.province_code FROM new_rows n WHERE c.doctor_id = n.id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE call_records c SET hospital_id = NULL, province_code = NULL FROM old_rows o WHERE c.doctor_id = o.id;
  ELSE
    -- only the doctors whose hospital or province changed
    UPDATE call_records c SET hospital_id = d.hospital_id, province_code = d.province_code
      FROM (SELECT n.id FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
             WHERE o.id IS NULL OR o.hospital_id IS DISTINCT FROM n.hospital_id OR o.province_code IS DISTINCT FROM n.province_code
            UNION
            SELECT o.id FROM old_rows o LEFT JOIN new_rows n ON n.id = o.id WHERE n.id IS NULL) m
      LEFT JOIN doctors d ON d.id = m.id
     WHERE c.doctor_id = m.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "call_records_after_doctors_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE call_records SET hospital_id = NULL, province_code = NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
UPDATE "call_records" c SET hospital_id = d.hospital_id, province_code = d.province_code FROM doctors d WHERE d.id = c.doctor_id;--> statement-breakpoint
CREATE TRIGGER "call_records_doctor_place" BEFORE INSERT OR UPDATE OF doctor_id ON "call_records"
  FOR EACH ROW EXECUTE FUNCTION "call_records_doctor_place"();--> statement-breakpoint
CREATE TRIGGER "doctors_call_place_insert" AFTER INSERT ON "doctors"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "call_records_follow_doctors"();--> statement-breakpoint
CREATE TRIGGER "doctors_call_place_update" AFTER UPDATE ON "doctors"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "call_records_follow_doctors"();--> statement-breakpoint
CREATE TRIGGER "doctors_call_place_delete" AFTER DELETE ON "doctors"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "call_records_follow_doctors"();--> statement-breakpoint
CREATE TRIGGER "doctors_call_place_truncate" AFTER TRUNCATE ON "doctors"
  FOR EACH STATEMENT EXECUTE FUNCTION "call_records_after_doctors_truncate"();
--> statement-breakpoint
-- Hand-written (kept when this migration is regenerated; docs/decisions/0033, "Whole-country kept
-- sums and doctor bit sets").
-- visit_rep_days sums visit_doctor_days over the doctors; visit_doctor_bits has, per portal day,
-- kind ('visit', each channel, 'call') and chunk of 8,192 doctor ids, the bit of each doctor with
-- at least one such contact that day. Statement triggers on visit_doctor_days (itself kept by the
-- visit_records triggers) and call_records keep both in the writing statement:
-- - sums: new rows minus old rows, grouped, added ON CONFLICT in key order; rows at 0 visits dropped;
-- - bits: ONE upsert over every bit set row the statement affects, in key order, OR-ing in the new
--   contacts' bits (zero for a row that may only lose bits): it locks every such row, existing or
--   new, in one ordered pass, so two single-statement writers never deadlock on them (a
--   transaction writing contacts in several statements can, as with visit_doctor_days);
-- - clearing (a contact removed): AFTER that lock, a new statement (a fresh snapshot: the trigger
--   functions are volatile) clears the bit of each doctor that has no contact of that kind left that
--   day. A writer setting a bit meanwhile waits on the lock and ORs into the cleared row; a clearer
--   that waited sees the other's commit. Rows whose bits all end up 0 are kept (harmless, reused).
CREATE FUNCTION "visit_rep_days_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO visit_rep_days AS r (day, user_id, channel, effective, status, visits, seconds_sum, seconds_count)
    SELECT n.day, n.user_id, n.channel, n.effective, n.status, sum(n.visits), sum(n.seconds_sum), sum(n.seconds_count)
      FROM new_rows n
     GROUP BY 1, 2, 3, 4, 5
    HAVING sum(n.visits) <> 0 OR sum(n.seconds_sum) <> 0 OR sum(n.seconds_count) <> 0
     ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (day, user_id, channel, effective, status) DO UPDATE
      SET visits = r.visits + excluded.visits, seconds_sum = r.seconds_sum + excluded.seconds_sum, seconds_count = r.seconds_count + excluded.seconds_count;
  INSERT INTO visit_doctor_bits AS b (day, kind, chunk, bits)
    SELECT n.day, k.kind, n.doctor_id >> 13, bit_or(B'1'::bit(8192) >> (n.doctor_id & 8191))
      FROM new_rows n CROSS JOIN LATERAL (VALUES ('visit'), (n.channel)) k(kind)
     WHERE n.visits > 0
     GROUP BY 1, 2, 3
     ORDER BY 1, 2, 3
    ON CONFLICT (day, kind, chunk) DO UPDATE SET bits = b.bits | excluded.bits;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "visit_rep_days_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO visit_rep_days AS r (day, user_id, channel, effective, status, visits, seconds_sum, seconds_count)
    SELECT x.day, x.user_id, x.channel, x.effective, x.status, sum(x.visits), sum(x.seconds_sum), sum(x.seconds_count)
      FROM (SELECT n.day, n.user_id, n.channel, n.effective, n.status, n.visits, n.seconds_sum, n.seconds_count FROM new_rows n
            UNION ALL
            SELECT o.day, o.user_id, o.channel, o.effective, o.status, -o.visits, -o.seconds_sum, -o.seconds_count FROM old_rows o) x
     GROUP BY 1, 2, 3, 4, 5
    HAVING sum(x.visits) <> 0 OR sum(x.seconds_sum) <> 0 OR sum(x.seconds_count) <> 0
     ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (day, user_id, channel, effective, status) DO UPDATE
      SET visits = r.visits + excluded.visits, seconds_sum = r.seconds_sum + excluded.seconds_sum, seconds_count = r.seconds_count + excluded.seconds_count;
  DELETE FROM visit_rep_days r
   WHERE r.visits = 0 AND (r.day, r.user_id, r.channel, r.effective, r.status) IN (SELECT n.day, n.user_id, n.channel, n.effective, n.status FROM new_rows n);
  -- Bits: a kept row that got its first visit sets its doctor's bits; a row left at 0 visits (the
  -- visit triggers delete it next, and the delete trigger clears) has its bit set rows locked here,
  -- in the same ordered pass (zero mask), so this statement's locks are taken in one key order.
  INSERT INTO visit_doctor_bits AS b (day, kind, chunk, bits)
    SELECT x.day, k.kind, x.doctor_id >> 13, bit_or(CASE WHEN x.visits > 0 THEN B'1'::bit(8192) >> (x.doctor_id & 8191) ELSE B'0'::bit(8192) END)
      FROM (SELECT n.* FROM new_rows n
             WHERE n.visits = 0
                OR NOT EXISTS (SELECT 1 FROM old_rows o
                                WHERE o.visits > 0 AND (o.day, o.user_id, o.doctor_id, o.channel, o.effective, o.status) = (n.day, n.user_id, n.doctor_id, n.channel, n.effective, n.status))) x
      CROSS JOIN LATERAL (VALUES ('visit'), (x.channel)) k(kind)
     GROUP BY 1, 2, 3
     ORDER BY 1, 2, 3
    ON CONFLICT (day, kind, chunk) DO UPDATE SET bits = b.bits | excluded.bits;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "visit_rep_days_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO visit_rep_days AS r (day, user_id, channel, effective, status, visits, seconds_sum, seconds_count)
    SELECT o.day, o.user_id, o.channel, o.effective, o.status, -sum(o.visits), -sum(o.seconds_sum), -sum(o.seconds_count)
      FROM old_rows o
     GROUP BY 1, 2, 3, 4, 5
    HAVING sum(o.visits) <> 0 OR sum(o.seconds_sum) <> 0 OR sum(o.seconds_count) <> 0
     ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (day, user_id, channel, effective, status) DO UPDATE
      SET visits = r.visits + excluded.visits, seconds_sum = r.seconds_sum + excluded.seconds_sum, seconds_count = r.seconds_count + excluded.seconds_count;
  DELETE FROM visit_rep_days r
   WHERE r.visits = 0 AND (r.day, r.user_id, r.channel, r.effective, r.status) IN (SELECT o.day, o.user_id, o.channel, o.effective, o.status FROM old_rows o);
  -- lock the bit set rows the removed rows touch, in key order (already ours when the visit
  -- triggers' recount locked them a statement earlier) ...
  INSERT INTO visit_doctor_bits AS b (day, kind, chunk, bits)
    SELECT o.day, k.kind, o.doctor_id >> 13, B'0'::bit(8192)
      FROM old_rows o CROSS JOIN LATERAL (VALUES ('visit'), (o.channel)) k(kind)
     GROUP BY 1, 2, 3
     ORDER BY 1, 2, 3
    ON CONFLICT (day, kind, chunk) DO UPDATE SET bits = b.bits | excluded.bits;
  -- ... then, with a snapshot taken after the lock, clear the doctors left without such a visit that day
  UPDATE visit_doctor_bits b SET bits = b.bits & ~c.mask
    FROM (SELECT x.day, x.kind, x.doctor_id >> 13 AS chunk, bit_or(B'1'::bit(8192) >> (x.doctor_id & 8191)) AS mask
            FROM (SELECT DISTINCT o.day, k.kind, o.doctor_id FROM old_rows o CROSS JOIN LATERAL (VALUES ('visit'), (o.channel)) k(kind)) x
           WHERE NOT EXISTS (SELECT 1 FROM visit_doctor_days a
                              WHERE a.doctor_id = x.doctor_id AND a.day = x.day AND (x.kind = 'visit' OR a.channel = x.kind) AND a.visits > 0)
           GROUP BY 1, 2, 3) c
   WHERE b.day = c.day AND b.kind = c.kind AND b.chunk = c.chunk;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "visit_rep_days_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM visit_rep_days;
  DELETE FROM visit_doctor_bits WHERE kind <> 'call';
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "call_bits_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO visit_doctor_bits AS b (day, kind, chunk, bits)
    SELECT ((n.started_at AT TIME ZONE 'UTC') + interval '8 hours')::date, 'call', n.doctor_id >> 13, bit_or(B'1'::bit(8192) >> (n.doctor_id & 8191))
      FROM new_rows n
     GROUP BY 1, 2, 3
     ORDER BY 1, 2, 3
    ON CONFLICT (day, kind, chunk) DO UPDATE SET bits = b.bits | excluded.bits;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A call edit or delete: one ordered upsert sets the new (day, doctor) bits and locks the old ones'
-- rows, then a new statement clears the old doctors left without a call that day
-- (call_records_doctor_idx). An edit that moves neither doctor nor portal day touches nothing.
CREATE FUNCTION "call_bits_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO visit_doctor_bits AS b (day, kind, chunk, bits)
    SELECT x.day, 'call', x.doctor_id >> 13, bit_or(CASE WHEN x.set THEN B'1'::bit(8192) >> (x.doctor_id & 8191) ELSE B'0'::bit(8192) END)
      FROM ((SELECT ((n.started_at AT TIME ZONE 'UTC') + interval '8 hours')::date AS day, n.doctor_id, true AS set FROM new_rows n
             EXCEPT SELECT ((o.started_at AT TIME ZONE 'UTC') + interval '8 hours')::date, o.doctor_id, true FROM old_rows o)
            UNION ALL
            (SELECT ((o.started_at AT TIME ZONE 'UTC') + interval '8 hours')::date AS day, o.doctor_id, false AS set FROM old_rows o
             EXCEPT SELECT ((n.started_at AT TIME ZONE 'UTC') + interval '8 hours')::date, n.doctor_id, false FROM new_rows n)) x
     GROUP BY 1, 2, 3
     ORDER BY 1, 2, 3
    ON CONFLICT (day, kind, chunk) DO UPDATE SET bits = b.bits | excluded.bits;
  UPDATE visit_doctor_bits b SET bits = b.bits & ~c.mask
    FROM (SELECT x.day, x.doctor_id >> 13 AS chunk, bit_or(B'1'::bit(8192) >> (x.doctor_id & 8191)) AS mask
            FROM (SELECT ((o.started_at AT TIME ZONE 'UTC') + interval '8 hours')::date AS day, o.doctor_id FROM old_rows o
                  EXCEPT SELECT ((n.started_at AT TIME ZONE 'UTC') + interval '8 hours')::date, n.doctor_id FROM new_rows n) x
           WHERE NOT EXISTS (SELECT 1 FROM call_records c
                              WHERE c.doctor_id = x.doctor_id
                                AND c.started_at >= ((x.day::timestamp - interval '8 hours') AT TIME ZONE 'UTC') AND c.started_at < ((x.day::timestamp + interval '16 hours') AT TIME ZONE 'UTC'))
           GROUP BY 1, 2) c
   WHERE b.day = c.day AND b.kind = 'call' AND b.chunk = c.chunk;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "call_bits_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO visit_doctor_bits AS b (day, kind, chunk, bits)
    SELECT ((o.started_at AT TIME ZONE 'UTC') + interval '8 hours')::date, 'call', o.doctor_id >> 13, B'0'::bit(8192)
      FROM old_rows o
     GROUP BY 1, 2, 3
     ORDER BY 1, 2, 3
    ON CONFLICT (day, kind, chunk) DO UPDATE SET bits = b.bits | excluded.bits;
  UPDATE visit_doctor_bits b SET bits = b.bits & ~c.mask
    FROM (SELECT x.day, x.doctor_id >> 13 AS chunk, bit_or(B'1'::bit(8192) >> (x.doctor_id & 8191)) AS mask
            FROM (SELECT DISTINCT ((o.started_at AT TIME ZONE 'UTC') + interval '8 hours')::date AS day, o.doctor_id FROM old_rows o) x
           WHERE NOT EXISTS (SELECT 1 FROM call_records c
                              WHERE c.doctor_id = x.doctor_id
                                AND c.started_at >= ((x.day::timestamp - interval '8 hours') AT TIME ZONE 'UTC') AND c.started_at < ((x.day::timestamp + interval '16 hours') AT TIME ZONE 'UTC'))
           GROUP BY 1, 2) c
   WHERE b.day = c.day AND b.kind = 'call' AND b.chunk = c.chunk;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "call_bits_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM visit_doctor_bits WHERE kind = 'call';
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "visit_doctor_days_sums_insert" AFTER INSERT ON "visit_doctor_days"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "visit_rep_days_after_insert"();--> statement-breakpoint
CREATE TRIGGER "visit_doctor_days_sums_update" AFTER UPDATE ON "visit_doctor_days"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "visit_rep_days_after_update"();--> statement-breakpoint
CREATE TRIGGER "visit_doctor_days_sums_delete" AFTER DELETE ON "visit_doctor_days"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "visit_rep_days_after_delete"();--> statement-breakpoint
CREATE TRIGGER "visit_doctor_days_sums_truncate" AFTER TRUNCATE ON "visit_doctor_days"
  FOR EACH STATEMENT EXECUTE FUNCTION "visit_rep_days_after_truncate"();--> statement-breakpoint
CREATE TRIGGER "call_records_bits_insert" AFTER INSERT ON "call_records"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "call_bits_after_insert"();--> statement-breakpoint
CREATE TRIGGER "call_records_bits_update" AFTER UPDATE ON "call_records"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "call_bits_after_update"();--> statement-breakpoint
CREATE TRIGGER "call_records_bits_delete" AFTER DELETE ON "call_records"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "call_bits_after_delete"();--> statement-breakpoint
CREATE TRIGGER "call_records_bits_truncate" AFTER TRUNCATE ON "call_records"
  FOR EACH STATEMENT EXECUTE FUNCTION "call_bits_after_truncate"();--> statement-breakpoint
INSERT INTO "visit_rep_days" (day, user_id, channel, effective, status, visits, seconds_sum, seconds_count)
  SELECT a.day, a.user_id, a.channel, a.effective, a.status, sum(a.visits), sum(a.seconds_sum), sum(a.seconds_count)
    FROM visit_doctor_days a GROUP BY 1, 2, 3, 4, 5 HAVING sum(a.visits) <> 0;--> statement-breakpoint
INSERT INTO "visit_doctor_bits" (day, kind, chunk, bits)
  SELECT x.day, x.kind, x.doctor_id >> 13, bit_or(B'1'::bit(8192) >> (x.doctor_id & 8191))
    FROM (SELECT DISTINCT a.day, k.kind, a.doctor_id FROM visit_doctor_days a CROSS JOIN LATERAL (VALUES ('visit'), (a.channel)) k(kind) WHERE a.visits > 0
          UNION
          SELECT ((c.started_at AT TIME ZONE 'UTC') + interval '8 hours')::date, 'call', c.doctor_id FROM call_records c) x
   GROUP BY 1, 2, 3;
