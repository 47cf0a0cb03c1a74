-- Card opens (0018): two calls of feed_open_cards that opened the same card at the same time could
-- deadlock. The first open's UPDATE locks the deliveries in its join's order, not in the order the
-- caller sorted them, so two calls each holding some of a card's deliveries waited for each other;
-- PostgreSQL broke the cycle and the caller tried again, five times at most, and under load (500
-- people opening one card, each twice, three calls at once) a batch could meet a deadlock five times
-- and answer 500. Now a call takes an advisory lock per card it opens, in card order, before it
-- locks anything else: calls on the same card run one after another, calls on other cards at once.
-- The function is otherwise as 0018 made it.
CREATE OR REPLACE FUNCTION "feed_open_cards"("opens" jsonb, "opened_at" timestamptz)
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
  -- Calls that open the same card run one after another: each takes its cards' locks first, in card
  -- order, before it locks any delivery (the first open's UPDATE locked deliveries in its join's
  -- order, so two calls on one card could deadlock, and five tries did not always get through).
  PERFORM pg_advisory_xact_lock(18, (x.card_id % 2147483647)::int)
     FROM (SELECT DISTINCT (v->>1)::bigint AS card_id FROM jsonb_array_elements(opens) v ORDER BY 1) x;
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
