import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './client.js';
import { MIGRATIONS_DIR } from './paths.js';

let journal: number[] | undefined;

/** The creation times of this build's migrations (drizzle's journal), read once. */
function migrationTimes(): number[] {
  if (!journal) {
    const parsed = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
    journal = parsed.entries.map((e) => e.when);
  }
  return journal;
}

/**
 * This build's migrations the database has not applied. Drizzle applies a migration when it is
 * newer than the newest applied one (its created_at is the journal's `when`), so the same rule
 * counts them; a database migrated by a newer build has none pending for this one.
 */
export async function pendingMigrations(database: Pick<Database, 'query'>): Promise<number> {
  const [row] = await database.query<{ last: string | number | null }>('select max(created_at) as last from drizzle.__drizzle_migrations');
  const last = Number(row?.last ?? 0);
  return migrationTimes().filter((when) => when > last).length;
}
