-- The meeting list's co-organised branch read in order (docs/decisions/0020, "Lists"): each
-- co-organiser row carries its meeting's start time, kept by the two triggers below, and an index
-- (user_id, start_time DESC, meeting_id DESC) answers a page of it as an index walk. The column is
-- added nullable, filled from the meetings, then made NOT NULL, so existing rows are carried over.
ALTER TABLE "meeting_co_organizers" ADD COLUMN "start_time" timestamp with time zone;--> statement-breakpoint
-- A co-organiser row takes its meeting's start time, whatever the insert says.
CREATE FUNCTION "meeting_co_organizers_start_time"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "start_time" INTO NEW."start_time" FROM "meetings" WHERE "id" = NEW."meeting_id";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "meeting_co_organizers_start_time" BEFORE INSERT OR UPDATE OF "meeting_id", "start_time" ON "meeting_co_organizers"
  FOR EACH ROW EXECUTE FUNCTION "meeting_co_organizers_start_time"();--> statement-breakpoint
-- A meeting that moves takes its co-organiser rows with it.
CREATE FUNCTION "meetings_co_organizers_start_time"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "meeting_co_organizers" SET "start_time" = NEW."start_time" WHERE "meeting_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "meetings_co_organizers_start_time" AFTER UPDATE OF "start_time" ON "meetings"
  FOR EACH ROW WHEN (OLD."start_time" IS DISTINCT FROM NEW."start_time") EXECUTE FUNCTION "meetings_co_organizers_start_time"();--> statement-breakpoint
UPDATE "meeting_co_organizers" c SET "start_time" = m."start_time" FROM "meetings" m WHERE m."id" = c."meeting_id";--> statement-breakpoint
ALTER TABLE "meeting_co_organizers" ALTER COLUMN "start_time" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "meeting_co_organizers_user_start_idx" ON "meeting_co_organizers" USING btree ("user_id","start_time" DESC NULLS LAST,"meeting_id" DESC NULLS LAST);
