CREATE TABLE "visit_pair_days" (
	"user_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"day" date NOT NULL,
	"visits" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"prev_day" date,
	CONSTRAINT "visit_pair_days_user_id_doctor_id_day_pk" PRIMARY KEY("user_id","doctor_id","day")
);
--> statement-breakpoint
CREATE TABLE "visit_pair_gaps" (
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"gap" smallint NOT NULL,
	"depth" smallint NOT NULL,
	"pairs" integer DEFAULT 0 NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "visit_pair_gaps_day_user_id_gap_depth_pk" PRIMARY KEY("day","user_id","gap","depth")
);
--> statement-breakpoint
-- Hand-written (kept when this migration is regenerated; docs/decisions/0033, "rdRelation from pair
-- days"). visit_pair_days is visit_doctor_days summed per representative, doctor and portal day
-- (days with visits only), with the pair's previous day with a visit; visit_pair_gaps counts those
-- pair days per representative, day, gap to the previous day (capped at 400, "none" included) and
-- visits (capped at 5). Statement triggers on visit_doctor_days keep both in the writing statement:
-- - the pairs whose days changed (a day added, removed, or its visits or last visit changed; a move
--   of the doctor's province changes nothing here) are locked first, in key order, by transaction
--   advisory locks on (user_id, doctor_id): a pair's days depend on each other through prev_day, so
--   two writers of the same pair must not compute them from each other's half-done state;
-- - then, with snapshots taken after the locks (the trigger functions are volatile, each statement
--   takes a new one), the pairs' days are recomputed: the touched days from visit_doctor_days, the
--   others as stored, and every day's previous one over both. visit_pair_gaps gets fresh minus
--   stored, grouped, in ONE upsert in key order (rows left at 0 dropped next); the pair days that
--   differ are written and the touched days left without visits deleted.
-- A writer of the same pair waits for the lock and then sees this one's commit. A transaction that
-- writes visits in several statements can deadlock with another such one (PostgreSQL aborts one),
-- as with visit_doctor_days since 0022; the portal's writes are single statements.
CREATE FUNCTION "visit_pair_days_refresh"(users integer[], doctors integer[], days date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(x.u, x.d) FROM (SELECT DISTINCT t.u, t.d FROM unnest(users, doctors) t(u, d) ORDER BY 1, 2) x;
  -- the pairs' days as stored, the touched days recounted from visit_doctor_days (primary key
  -- lookups), and each day's previous one over both; visit_pair_gaps gets fresh minus stored
  WITH k AS (SELECT DISTINCT t.u, t.d, t.day FROM unnest(users, doctors, days) t(u, d, day)),
       stored AS (SELECT p.* FROM (SELECT DISTINCT k.u, k.d FROM k) x JOIN visit_pair_days p ON p.user_id = x.u AND p.doctor_id = x.d),
       fresh AS (
         SELECT y.user_id, y.doctor_id, y.day, y.visits, y.last_at, lag(y.day) OVER (PARTITION BY y.user_id, y.doctor_id ORDER BY y.day) AS prev_day
           FROM (SELECT s.user_id, s.doctor_id, s.day, s.visits, s.last_at FROM stored s
                  WHERE NOT EXISTS (SELECT 1 FROM k WHERE k.u = s.user_id AND k.d = s.doctor_id AND k.day = s.day)
                 UNION ALL
                 SELECT k.u, k.d, k.day, sum(a.visits)::int, max(a.last_at)
                   FROM k JOIN visit_doctor_days a ON a.day = k.day AND a.user_id = k.u AND a.doctor_id = k.d
                  GROUP BY 1, 2, 3 HAVING sum(a.visits) > 0) y),
       gaps AS (
         INSERT INTO visit_pair_gaps AS g (day, user_id, gap, depth, pairs, visits)
           SELECT z.day, z.user_id, z.gap, z.depth, sum(z.n), sum(z.n * z.visits)
             FROM (SELECT f.day, f.user_id, least(coalesce(f.day - f.prev_day, 400), 400)::smallint AS gap, least(f.visits, 5)::smallint AS depth, 1 AS n, f.visits FROM fresh f
                   UNION ALL
                   SELECT s.day, s.user_id, least(coalesce(s.day - s.prev_day, 400), 400)::smallint, least(s.visits, 5)::smallint, -1, s.visits FROM stored s) z
            GROUP BY 1, 2, 3, 4
           HAVING sum(z.n) <> 0 OR sum(z.n * z.visits) <> 0
            ORDER BY 1, 2, 3, 4
           ON CONFLICT (day, user_id, gap, depth) DO UPDATE SET pairs = g.pairs + excluded.pairs, visits = g.visits + excluded.visits)
  INSERT INTO visit_pair_days AS p (user_id, doctor_id, day, visits, last_at, prev_day)
    SELECT f.user_id, f.doctor_id, f.day, f.visits, f.last_at, f.prev_day FROM fresh f
     ORDER BY 1, 2, 3
    ON CONFLICT (user_id, doctor_id, day) DO UPDATE SET visits = excluded.visits, last_at = excluded.last_at, prev_day = excluded.prev_day
     WHERE (p.visits, p.last_at, p.prev_day) IS DISTINCT FROM (excluded.visits, excluded.last_at, excluded.prev_day);
  -- counts left at 0 (only a stored day's can be: those days are all still there)
  DELETE FROM visit_pair_gaps g
   WHERE g.pairs = 0 AND g.visits = 0
     AND (g.day, g.user_id) IN (SELECT p.day, p.user_id FROM (SELECT DISTINCT t.u, t.d FROM unnest(users, doctors) t(u, d)) x
                                  JOIN visit_pair_days p ON p.user_id = x.u AND p.doctor_id = x.d);
  -- touched days left without visits
  DELETE FROM visit_pair_days p
   USING (SELECT DISTINCT t.u, t.d, t.day FROM unnest(users, doctors, days) t(u, d, day)) k
   WHERE p.user_id = k.u AND p.doctor_id = k.d AND p.day = k.day
     AND NOT EXISTS (SELECT 1 FROM visit_doctor_days a WHERE a.day = p.day AND a.user_id = p.user_id AND a.doctor_id = p.doctor_id AND a.visits > 0);
END
$$;--> statement-breakpoint
CREATE FUNCTION "visit_pair_days_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE us integer[]; ds integer[]; dd date[];
BEGIN
  SELECT array_agg(x.user_id), array_agg(x.doctor_id), array_agg(x.day) INTO us, ds, dd FROM (SELECT DISTINCT n.user_id, n.doctor_id, n.day FROM new_rows n) x;
  IF us IS NOT NULL THEN PERFORM visit_pair_days_refresh(us, ds, dd); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "visit_pair_days_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE us integer[]; ds integer[]; dd date[];
BEGIN
  -- only rows whose pair, day, visits or last visit changed (not a move of the doctor's province)
  SELECT array_agg(x.user_id), array_agg(x.doctor_id), array_agg(x.day) INTO us, ds, dd
    FROM (SELECT c.user_id, c.doctor_id, c.day
            FROM ((SELECT n.day, n.user_id, n.doctor_id, n.channel, n.effective, n.status, n.visits, n.last_at FROM new_rows n
                   EXCEPT ALL SELECT o.day, o.user_id, o.doctor_id, o.channel, o.effective, o.status, o.visits, o.last_at FROM old_rows o)
                  UNION ALL
                  (SELECT o.day, o.user_id, o.doctor_id, o.channel, o.effective, o.status, o.visits, o.last_at FROM old_rows o
                   EXCEPT ALL SELECT n.day, n.user_id, n.doctor_id, n.channel, n.effective, n.status, n.visits, n.last_at FROM new_rows n)) c
           GROUP BY 1, 2, 3) x;
  IF us IS NOT NULL THEN PERFORM visit_pair_days_refresh(us, ds, dd); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "visit_pair_days_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE us integer[]; ds integer[]; dd date[];
BEGIN
  SELECT array_agg(x.user_id), array_agg(x.doctor_id), array_agg(x.day) INTO us, ds, dd FROM (SELECT DISTINCT o.user_id, o.doctor_id, o.day FROM old_rows o) x;
  IF us IS NOT NULL THEN PERFORM visit_pair_days_refresh(us, ds, dd); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "visit_pair_days_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM visit_pair_days;
  DELETE FROM visit_pair_gaps;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "visit_doctor_days_pairs_insert" AFTER INSERT ON "visit_doctor_days"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "visit_pair_days_after_insert"();--> statement-breakpoint
CREATE TRIGGER "visit_doctor_days_pairs_update" AFTER UPDATE ON "visit_doctor_days"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "visit_pair_days_after_update"();--> statement-breakpoint
CREATE TRIGGER "visit_doctor_days_pairs_delete" AFTER DELETE ON "visit_doctor_days"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "visit_pair_days_after_delete"();--> statement-breakpoint
CREATE TRIGGER "visit_doctor_days_pairs_truncate" AFTER TRUNCATE ON "visit_doctor_days"
  FOR EACH STATEMENT EXECUTE FUNCTION "visit_pair_days_after_truncate"();--> statement-breakpoint
INSERT INTO "visit_pair_days" (user_id, doctor_id, day, visits, last_at, prev_day)
  SELECT a.user_id, a.doctor_id, a.day, sum(a.visits)::int, max(a.last_at),
         lag(a.day) OVER (PARTITION BY a.user_id, a.doctor_id ORDER BY a.day)
    FROM visit_doctor_days a GROUP BY 1, 2, 3 HAVING sum(a.visits) > 0;--> statement-breakpoint
INSERT INTO "visit_pair_gaps" (day, user_id, gap, depth, pairs, visits)
  SELECT p.day, p.user_id, least(coalesce(p.day - p.prev_day, 400), 400), least(p.visits, 5), count(*), sum(p.visits)
    FROM visit_pair_days p GROUP BY 1, 2, 3, 4;--> statement-breakpoint
CREATE INDEX "visit_pair_days_near_idx" ON "visit_pair_days" USING btree ("day","user_id","prev_day","doctor_id") WHERE "visit_pair_days"."prev_day" is not null and "visit_pair_days"."day" - "visit_pair_days"."prev_day" < 400;--> statement-breakpoint
CREATE INDEX "visit_pair_days_last_idx" ON "visit_pair_days" USING btree ("last_at");--> statement-breakpoint
CREATE INDEX "visit_pair_days_busy_idx" ON "visit_pair_days" USING btree ("last_at") WHERE "visit_pair_days"."visits" >= 2;
