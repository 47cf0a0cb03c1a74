CREATE TABLE "feed_unread" (
	"wwid" text PRIMARY KEY NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Not expressible in the Drizzle schema (kept by hand when this migration is regenerated):
-- feed_unread.unread counts the cards of which a recipient has an unread delivery, whoever writes
-- the deliveries (docs/decisions/0016). A trigger that may have to look at other deliveries of the
-- same card first locks the counters it may change (in wwid order, so two never deadlock), then
-- looks, so it sees every commit made before its lock: two writers of one recipient's card count
-- it once. A card's first push needs no look: no earlier delivery of it exists.
CREATE FUNCTION "feed_unread_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows WHERE first_open_time IS NULL) THEN
    RETURN NULL;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pushes p
                  WHERE p.card_id IN (SELECT DISTINCT card_id FROM new_rows)
                    AND p.id NOT IN (SELECT DISTINCT queue_id FROM new_rows)) THEN
    INSERT INTO feed_unread AS u (wwid, unread)
      SELECT wwid, count(DISTINCT card_id) FROM new_rows WHERE first_open_time IS NULL GROUP BY wwid ORDER BY wwid
      ON CONFLICT (wwid) DO UPDATE SET unread = u.unread + excluded.unread;
    RETURN NULL;
  END IF;
  INSERT INTO feed_unread (wwid, unread)
    SELECT DISTINCT wwid, 0 FROM new_rows WHERE first_open_time IS NULL ORDER BY wwid
    ON CONFLICT (wwid) DO NOTHING;
  PERFORM 1 FROM feed_unread u
    WHERE u.wwid IN (SELECT wwid FROM new_rows WHERE first_open_time IS NULL) ORDER BY u.wwid FOR UPDATE;
  UPDATE feed_unread u SET unread = u.unread + x.cards
    FROM (SELECT n.wwid, count(DISTINCT n.card_id)::int AS cards FROM new_rows n
           WHERE n.first_open_time IS NULL
             AND NOT EXISTS (SELECT 1 FROM deliveries d
                              WHERE d.wwid = n.wwid AND d.card_id = n.card_id AND d.first_open_time IS NULL
                                AND d.queue_id NOT IN (SELECT DISTINCT queue_id FROM new_rows))
           GROUP BY n.wwid) x
   WHERE u.wwid = x.wwid;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "feed_unread_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only a first open changes the count (a must-read resend leaves first_open_time null).
  IF NOT EXISTS (SELECT 1 FROM new_rows WHERE first_open_time IS NOT NULL) THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM feed_unread u
    WHERE u.wwid IN (SELECT n.wwid FROM new_rows n WHERE n.first_open_time IS NOT NULL) ORDER BY u.wwid FOR UPDATE;
  UPDATE feed_unread u SET unread = u.unread - x.cards
    FROM (SELECT p.wwid, count(*)::int AS cards
            FROM (SELECT DISTINCT n.wwid, n.card_id FROM new_rows n JOIN old_rows o ON o.queue_id = n.queue_id AND o.wwid = n.wwid
                   WHERE o.first_open_time IS NULL AND n.first_open_time IS NOT NULL) p
           WHERE NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.wwid = p.wwid AND d.card_id = p.card_id AND d.first_open_time IS NULL)
           GROUP BY p.wwid) x
   WHERE u.wwid = x.wwid;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "feed_unread_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM old_rows WHERE first_open_time IS NULL) THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM feed_unread u
    WHERE u.wwid IN (SELECT wwid FROM old_rows WHERE first_open_time IS NULL) ORDER BY u.wwid FOR UPDATE;
  UPDATE feed_unread u SET unread = u.unread - x.cards
    FROM (SELECT p.wwid, count(*)::int AS cards FROM (SELECT DISTINCT wwid, card_id FROM old_rows WHERE first_open_time IS NULL) p
           WHERE NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.wwid = p.wwid AND d.card_id = p.card_id AND d.first_open_time IS NULL)
           GROUP BY p.wwid) x
   WHERE u.wwid = x.wwid;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "deliveries_feed_unread_insert" AFTER INSERT ON "deliveries"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "feed_unread_after_insert"();--> statement-breakpoint
CREATE TRIGGER "deliveries_feed_unread_update" AFTER UPDATE ON "deliveries"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "feed_unread_after_update"();--> statement-breakpoint
CREATE TRIGGER "deliveries_feed_unread_delete" AFTER DELETE ON "deliveries"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "feed_unread_after_delete"();--> statement-breakpoint
INSERT INTO "feed_unread" ("wwid", "unread")
  SELECT "wwid", count(DISTINCT "card_id") FROM "deliveries" WHERE "first_open_time" IS NULL GROUP BY "wwid";
