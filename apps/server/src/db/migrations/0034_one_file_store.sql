-- Hand-ordered (docs/decisions/0059): one table of stored uploads. The card files' rows stay where
-- they were (same ids, same keys) and their card and kind move to card_files; the rows of
-- content_files and app_files and the data-collection attachments join them under their own ids,
-- so every url already handed out still finds its file.
ALTER TABLE "files" ADD COLUMN "area" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "digest" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "uploaded_by" integer;--> statement-breakpoint
CREATE TABLE "card_files" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"card_id" bigint NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "card_files_kind_check" CHECK ("card_files"."kind" in ('avatar', 'image', 'attachment'))
);
--> statement-breakpoint
INSERT INTO "card_files" ("file_id", "card_id", "kind") SELECT "id", "card_id", "kind" FROM "files";--> statement-breakpoint
UPDATE "files" SET "area" = 'cards', "uploaded_by" = u."id" FROM "users" u WHERE u."username" = "files"."owner";--> statement-breakpoint
UPDATE "files" SET "area" = 'cards' WHERE "area" IS NULL;--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_kind_check";--> statement-breakpoint
DROP INDEX "files_card_idx";--> statement-breakpoint
ALTER TABLE "files" DROP COLUMN "card_id";--> statement-breakpoint
ALTER TABLE "files" DROP COLUMN "kind";--> statement-breakpoint
INSERT INTO "files" ("id", "area", "owner", "uploaded_by", "name", "mime", "size", "storage_key", "created_at")
  SELECT c."id", 'content', coalesce(u."username", ''), c."owner_id", '', c."mime", c."size", c."storage_key", c."created_at"
    FROM "content_files" c LEFT JOIN "users" u ON u."id" = c."owner_id";--> statement-breakpoint
INSERT INTO "files" ("id", "area", "owner", "uploaded_by", "name", "mime", "size", "storage_key", "created_at")
  SELECT a."id", 'appcentre', coalesce(u."username", ''), a."created_by", a."name", a."mime", a."size", a."storage_key", a."created_at"
    FROM "app_files" a LEFT JOIN "users" u ON u."id" = a."created_by";--> statement-breakpoint
INSERT INTO "files" ("id", "area", "owner", "uploaded_by", "name", "mime", "size", "storage_key", "created_at")
  SELECT gen_random_uuid(), 'datacollection', r."created_by", r."user_id", coalesce(r."file_name", ''), 'application/octet-stream',
         coalesce(r."file_size", 0), r."file_key", r."created_at"
    FROM "data_collection_requests" r WHERE r."file_key" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "card_files" ADD CONSTRAINT "card_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_files_card_idx" ON "card_files" USING btree ("card_id");--> statement-breakpoint
ALTER TABLE "articles" DROP CONSTRAINT "articles_cover_id_content_files_id_fk";--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_cover_id_files_id_fk" FOREIGN KEY ("cover_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
DROP TABLE "app_files" CASCADE;--> statement-breakpoint
DROP TABLE "content_files" CASCADE;--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "area" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "files_storage_key_idx" ON "files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "files_area_idx" ON "files" USING btree ("area","created_at");
