-- Lines under an import file's table that fill one cell only (制表人:张三) are the file's notes, not
-- rows (docs/decisions/0042, "Later: notes under the table"): the dry run keeps them, as read, to
-- name them in its answer.
ALTER TABLE "import_jobs" ADD COLUMN "notes" jsonb;
