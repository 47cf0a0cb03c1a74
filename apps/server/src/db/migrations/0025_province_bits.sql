CREATE TABLE "province_doctor_bits" (
	"province_code" text NOT NULL,
	"chunk" integer NOT NULL,
	"bits" bit(8192) NOT NULL,
	CONSTRAINT "province_doctor_bits_province_code_chunk_pk" PRIMARY KEY("province_code","chunk")
);
--> statement-breakpoint
-- Hand-written (kept when this migration is regenerated; docs/decisions/0033, "Province doctor
-- sets"). province_doctor_bits has, per province and chunk of 8,192 doctor ids, the bit of each
-- existing doctor of that province (doctors.province_code). Statement triggers on doctors keep it in
-- the writing statement, as 0024 keeps visit_doctor_bits:
-- - ONE upsert over every row the statement affects, in key order, OR-ing in the bits of the doctors
--   that come into a province (inserted, moved in; zero for a row that only loses bits): it locks
--   every such row in one ordered pass, so two single-statement writers never deadlock on them;
-- - then the bits of the doctors that left a province (moved out, deleted) are cleared in those
--   locked rows. A doctor's bit only changes with its own row, whose writer holds that row's lock,
--   so no check of other rows is needed. Rows whose bits all reach 0 are kept (harmless, reused).
-- Deleted doctors have no bit (the kept visit days carry a null province for them: neither path
-- counts them for a province).
CREATE FUNCTION "province_doctor_bits_follow_doctors"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO province_doctor_bits AS b (province_code, chunk, bits)
      SELECT n.province_code, n.id >> 13, bit_or(B'1'::bit(8192) >> (n.id & 8191))
        FROM new_rows n
       GROUP BY 1, 2
       ORDER BY 1, 2
      ON CONFLICT (province_code, chunk) DO UPDATE SET bits = b.bits | excluded.bits;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO province_doctor_bits AS b (province_code, chunk, bits)
      SELECT o.province_code, o.id >> 13, B'0'::bit(8192)
        FROM old_rows o
       GROUP BY 1, 2
       ORDER BY 1, 2
      ON CONFLICT (province_code, chunk) DO UPDATE SET bits = b.bits | excluded.bits;
    UPDATE province_doctor_bits b SET bits = b.bits & ~c.mask
      FROM (SELECT o.province_code, o.id >> 13 AS chunk, bit_or(B'1'::bit(8192) >> (o.id & 8191)) AS mask FROM old_rows o GROUP BY 1, 2) c
     WHERE b.province_code = c.province_code AND b.chunk = c.chunk;
  ELSE
    -- only the (province, doctor) pairs that changed: most doctor updates touch none
    INSERT INTO province_doctor_bits AS b (province_code, chunk, bits)
      SELECT x.province_code, x.id >> 13, bit_or(CASE WHEN x.set THEN B'1'::bit(8192) >> (x.id & 8191) ELSE B'0'::bit(8192) END)
        FROM ((SELECT n.province_code, n.id, true AS set FROM new_rows n EXCEPT SELECT o.province_code, o.id, true FROM old_rows o)
              UNION ALL
              (SELECT o.province_code, o.id, false AS set FROM old_rows o EXCEPT SELECT n.province_code, n.id, false FROM new_rows n)) x
       GROUP BY 1, 2
       ORDER BY 1, 2
      ON CONFLICT (province_code, chunk) DO UPDATE SET bits = b.bits | excluded.bits;
    UPDATE province_doctor_bits b SET bits = b.bits & ~c.mask
      FROM (SELECT x.province_code, x.id >> 13 AS chunk, bit_or(B'1'::bit(8192) >> (x.id & 8191)) AS mask
              FROM (SELECT o.province_code, o.id FROM old_rows o EXCEPT SELECT n.province_code, n.id FROM new_rows n) x
             GROUP BY 1, 2) c
     WHERE b.province_code = c.province_code AND b.chunk = c.chunk;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "province_doctor_bits_after_doctors_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM province_doctor_bits;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "doctors_province_bits_insert" AFTER INSERT ON "doctors"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "province_doctor_bits_follow_doctors"();--> statement-breakpoint
CREATE TRIGGER "doctors_province_bits_update" AFTER UPDATE ON "doctors"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "province_doctor_bits_follow_doctors"();--> statement-breakpoint
CREATE TRIGGER "doctors_province_bits_delete" AFTER DELETE ON "doctors"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "province_doctor_bits_follow_doctors"();--> statement-breakpoint
CREATE TRIGGER "doctors_province_bits_truncate" AFTER TRUNCATE ON "doctors"
  FOR EACH STATEMENT EXECUTE FUNCTION "province_doctor_bits_after_doctors_truncate"();--> statement-breakpoint
INSERT INTO "province_doctor_bits" (province_code, chunk, bits)
  SELECT d.province_code, d.id >> 13, bit_or(B'1'::bit(8192) >> (d.id & 8191)) FROM doctors d GROUP BY 1, 2;
