-- Issue 32: the pair days' refresh (0026) took one advisory lock per (representative, doctor) pair
-- of a statement. An import of a visit history writes up to a million visits in one statement, some
-- 100,000 pairs: more locks than PostgreSQL's lock table holds (max_locks_per_transaction x
-- connections), and the commit failed with "out of shared memory". The locks are now taken per
-- bucket of pairs (256 buckets, in order): the same pair is always in the same bucket, so writers
-- of one pair are serialised as before; writers of two pairs in one bucket wait for each other too,
-- for the length of a statement.
CREATE OR REPLACE FUNCTION "visit_pair_days_refresh"(users integer[], doctors integer[], days date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- One lock per bucket of pairs, not per pair: a statement of a million visits (an import) names
  -- some 100,000 pairs, and a lock each overran the server's lock table ("out of shared memory").
  -- A pair is always in the same bucket, so two writers of one pair still wait for each other.
  PERFORM pg_advisory_xact_lock(26, x.b) FROM (SELECT DISTINCT ((t.u::bigint * 1000003 + t.d) % 256)::int AS b FROM unnest(users, doctors) t(u, d) ORDER BY 1) x;
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
$$;
