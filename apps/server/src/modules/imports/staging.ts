import { sql, type SQL } from 'drizzle-orm';
import type { ImportCounts, ImportKind } from '@field-portal/shared';
import { selectRows } from '../../db/client.js';
import type { Q } from './kinds/checks.js';
import { kindOf } from './kinds/index.js';

/** The valid staged rows of a job as its kind's writer reads them. */
export const sourceOf = (kind: ImportKind, job: number) => kindOf(kind).source(job);

/**
 * The counts of new, changed, unchanged and refused rows (one statement). Read, not written: marking
 * every staged row's action was one more rewrite of the whole file (docs/decisions/0056). The actions
 * are worked out once for the whole file (a materialised CTE): joined as a subquery, the planner ran
 * them once per staged row, each time reading the whole users table (20,000 people imported again:
 * more than 15 minutes).
 */
export async function classify(db: Q, kind: ImportKind, job: number): Promise<ImportCounts> {
  const [row] = await selectRows<ImportCounts>(
    db,
    sql`with a as materialized ${rowActions(kind, job)}
        select count(*)::int as rows, (count(*) filter (where a.action = 'new'))::int as new, (count(*) filter (where a.action = 'changed'))::int as changed,
               (count(*) filter (where a.action = 'unchanged'))::int as unchanged, (count(*) filter (where s.errors <> '[]'::jsonb))::int as refused
          from import_rows s left join a on a.line = s.line where s.job_id = ${job}`,
  );
  return row!;
}

/** (line, action) of every valid staged row: what its kind's writer would do with it. */
export const rowActions = (kind: ImportKind, job: number) => kindOf(kind).actions(sourceOf(kind, job));

/**
 * The kind's checks, then the classification; `again` is the commit's run over the rows the dry run checked,
 * `after` a statement run between the two (the commit's hold on rows the dry run refused).
 */
export async function runChecks(db: Q, kind: ImportKind, job: number, again = false, after?: SQL): Promise<ImportCounts> {
  await kindOf(kind).check(db, job, again);
  if (after) await db.execute(after);
  return classify(db, kind, job);
}
