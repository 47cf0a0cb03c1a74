import { sql } from 'drizzle-orm';
import { selectRows, type Db, type Tx } from '../../db/client.js';

/** How many doctors and hospitals the portal holds (the home page's coverage figures). */
export interface Coverage {
  doctors: number;
  hospitals: number;
}

/** Counting a national table costs tens of milliseconds; the home page asks on every visit. */
const KEEP_MS = 60_000;
const kept = new WeakMap<object, { at: number; value: Promise<Coverage> }>();

async function countCoverage(db: Db | Tx): Promise<Coverage> {
  const [row] = await selectRows<{ doctors: number; hospitals: number }>(
    db,
    sql`select (select count(*) from doctors where active)::int as doctors, (select count(*) from hospitals where active)::int as hospitals`,
  );
  return { doctors: row?.doctors ?? 0, hospitals: row?.hospitals ?? 0 };
}

/** The whole dataset's counts (not a user's scope: the home page shows what the platform covers), kept a minute. */
export function coverage(db: Db | Tx, now = Date.now()): Promise<Coverage> {
  const entry = kept.get(db);
  if (entry && now - entry.at < KEEP_MS) return entry.value;
  const value = countCoverage(db);
  kept.set(db, { at: now, value });
  value.catch(() => kept.delete(db));
  return value;
}
