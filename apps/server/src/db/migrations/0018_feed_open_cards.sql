-- Card opens in one call per batch (docs/decisions/0016, "One call per batch of opens").
-- Hand-written: nothing here is expressible in the Drizzle schema.
--
-- 1. The two counters a first open moves are kept by one statement-level trigger instead of a
--    row trigger (one UPDATE of pushes per opened delivery) plus a statement trigger:
--    pushes.read_count gains the statement's first opens of each entry (one UPDATE for all of
--    them), feed_unread as before (lock the counters in wwid order, then look with a new snapshot).
--    The trigger keeps its name, deliveries_first_open, and its function's.
DROP TRIGGER "deliveries_first_open" ON "deliveries";--> statement-breakpoint
DROP TRIGGER "deliveries_feed_unread_update" ON "deliveries";--> statement-breakpoint
DROP FUNCTION "feed_unread_after_update"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "deliveries_count_first_open"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  opened jsonb;
BEGIN
  -- Only a first open changes the counts (a must-read resend leaves first_open_time null).
  IF NOT EXISTS (SELECT 1 FROM new_rows WHERE first_open_time IS NOT NULL) THEN
    RETURN NULL;
  END IF;
  SELECT jsonb_agg(jsonb_build_array(n.queue_id, n.wwid, n.card_id)) INTO opened
    FROM new_rows n JOIN old_rows o ON o.queue_id = n.queue_id AND o.wwid = n.wwid
   WHERE o.first_open_time IS NULL AND n.first_open_time IS NOT NULL;
  IF opened IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE pushes p SET read_count = p.read_count + x.n
    FROM (SELECT (e->>0)::bigint AS queue_id, count(*)::int AS n FROM jsonb_array_elements(opened) e GROUP BY 1 ORDER BY 1) x
   WHERE p.id = x.queue_id;
  PERFORM 1 FROM feed_unread u
    WHERE u.wwid IN (SELECT e->>1 FROM jsonb_array_elements(opened) e) ORDER BY u.wwid FOR UPDATE;
  UPDATE feed_unread u SET unread = u.unread - x.cards
    FROM (SELECT p.wwid, count(*)::int AS cards
            FROM (SELECT DISTINCT e->>1 AS wwid, (e->>2)::bigint AS card_id FROM jsonb_array_elements(opened) e) p
           WHERE NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.wwid = p.wwid AND d.card_id = p.card_id AND d.first_open_time IS NULL)
           GROUP BY p.wwid) x
   WHERE u.wwid = x.wwid;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "deliveries_first_open" AFTER UPDATE ON "deliveries"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "deliveries_count_first_open"();--> statement-breakpoint
-- 2. A batch of opens, one call: `opens` is [[user id, card id], ...]. Every still-unread delivery
--    of each (person, card) gets `opened_at` (and no more must-read reminders); then, with a new
--    snapshot (so opens committed meanwhile by another statement are seen, and the counters as the
--    trigger left them), each (person, card)'s latest delivery with its push and card, whether this
--    call opened it, and the person's unread count. A PL/pgSQL function keeps its statements' plans
--    for the session, so a batch is not parsed and planned again each time. The plans are index
--    lookups whatever the tables' statistics say (PGlite never analyses them): at most a few
--    hundred pairs, each found by deliveries_wwid_card_idx and the primary keys.
CREATE FUNCTION "feed_open_cards"("opens" jsonb, "opened_at" timestamptz)
RETURNS TABLE ("user_id" bigint, "queue_id" bigint, "card_id" bigint, "push_id" bigint, "sent_at" timestamptz,
  "last_sent_at" timestamptz, "send_count" integer, "first_open_time" timestamptz, "first_open" boolean,
  "must_read" boolean, "top" boolean, "top_start_time" timestamptz, "top_end_time" timestamptz, "permanent" boolean,
  "content" jsonb, "title" text, "unread" integer)
LANGUAGE plpgsql
SET enable_seqscan = off
SET enable_hashjoin = off
SET enable_mergejoin = off
AS $$
#variable_conflict use_column
DECLARE
  opened text[];
BEGIN
  WITH input AS (
    SELECT DISTINCT (v->>0)::bigint AS user_id, (v->>1)::bigint AS card_id FROM jsonb_array_elements(opens) v),
  me AS (
    SELECT i.card_id, nullif(trim(u.employee_no), '') AS wwid FROM input i JOIN users u ON u.id = i.user_id),
  marked AS (
    UPDATE deliveries d SET first_open_time = opened_at, next_send_at = NULL
      FROM me
     WHERE d.wwid = me.wwid AND d.card_id = me.card_id AND d.first_open_time IS NULL
    RETURNING d.wwid, d.card_id)
  SELECT array_agg(DISTINCT m.wwid || ':' || m.card_id) INTO opened FROM marked m;
  RETURN QUERY
  WITH input AS (
    SELECT DISTINCT (v->>0)::bigint AS user_id, (v->>1)::bigint AS card_id FROM jsonb_array_elements(opens) v),
  me AS (
    SELECT i.user_id, i.card_id, nullif(trim(u.employee_no), '') AS wwid FROM input i JOIN users u ON u.id = i.user_id)
  SELECT me.user_id, l.queue_id, l.card_id, p.push_id, l.sent_at, l.last_sent_at, l.send_count, l.first_open_time,
         coalesce(me.wwid || ':' || me.card_id = ANY(opened), false), p.must_read, p.top, p.top_start_time,
         p.top_end_time, p.permanent, c.content, c.title, coalesce(f.unread, 0)
    FROM me
    CROSS JOIN LATERAL (
      SELECT d.queue_id, d.card_id, d.sent_at, d.last_sent_at, d.send_count, d.first_open_time FROM deliveries d
       WHERE d.wwid = me.wwid AND d.card_id = me.card_id
       ORDER BY d.sent_at DESC, d.queue_id DESC LIMIT 1) l
    JOIN pushes p ON p.id = l.queue_id
    JOIN cards c ON c.id = l.card_id
    LEFT JOIN feed_unread f ON f.wwid = me.wwid;
END
$$;
