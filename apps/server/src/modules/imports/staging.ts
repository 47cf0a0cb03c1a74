import { sql } from 'drizzle-orm';
import type { ImportCounts, ImportKind } from '@field-portal/shared';
import { selectRows } from '../../db/client.js';
import type { Q } from './kinds/checks.js';
import { kindOf } from './kinds/index.js';

/** The valid staged rows of a job as its kind's writer reads them. */
export const sourceOf = (kind: ImportKind, job: number) => kindOf(kind).source(job);

/** Marks every valid row new, changed or unchanged (one statement) and answers the counts. */
export async function classify(db: Q, kind: ImportKind, job: number): Promise<ImportCounts> {
  const actions = kindOf(kind).actions(sourceOf(kind, job));
  await db.execute(sql`update import_rows s set action = a.action from ${actions} a where s.job_id = ${job} and s.line = a.line`);
  await db.execute(sql`update import_rows s set action = 'refused' where s.job_id = ${job} and s.errors <> '[]'::jsonb`);
  const [row] = await selectRows<ImportCounts>(
    db,
    sql`select count(*)::int as rows, (count(*) filter (where action = 'new'))::int as new, (count(*) filter (where action = 'changed'))::int as changed,
               (count(*) filter (where action = 'unchanged'))::int as unchanged, (count(*) filter (where action = 'refused'))::int as refused
          from import_rows where job_id = ${job}`,
  );
  return row!;
}

/** The dry run's checks of the job's kind, then the classification. */
export async function runChecks(db: Q, kind: ImportKind, job: number): Promise<ImportCounts> {
  await kindOf(kind).check(db, job);
  return classify(db, kind, job);
}
