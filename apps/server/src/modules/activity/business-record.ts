import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ACTIVITY_LIMITS, type ActivityPage, type BusinessRecordItem, type businessRecordQuery } from '@field-portal/shared';
import { selectRows } from '../../db/client.js';
import type { CurrentUser } from '../../platform/auth.js';
import { badRequest } from '../../platform/errors.js';
import { doctorInScope } from './doctors.js';
import { afterKey, asTotal, countUpTo, decodeCursor, keysetPage, timeKey } from '../../platform/paging/index.js';
import { userRefs } from '../admin/index.js';
import { unknownUser } from './people.js';
import type { ActivityDeps } from './tasks.js';

/**
 * The doctor's business record: one timeline over the view doctor_business_record (UNION ALL of
 * visits, calls and tasks; docs/decisions/0019). The caller sees every call and every submitted
 * visit to a doctor in their scope, and their own drafts and tasks.
 */
const KINDS = ['visit', 'call', 'task'] as const;

interface Row {
  kind: BusinessRecordItem['kind'];
  id: number;
  user_id: number;
  at: Date | string;
  title: string;
  status: number | null;
  channel: string | null;
  effective: boolean | null;
}

export async function businessRecord(
  deps: ActivityDeps,
  user: CurrentUser,
  q: z.output<typeof businessRecordQuery>,
): Promise<ActivityPage<BusinessRecordItem>> {
  await doctorInScope(deps.db, user, q.doctorId);
  // The cursor: the last row's time, kind (its place in KINDS) and id.
  const cursor = decodeCursor(q.cursor, ['ms', 'int', 'int']);
  const kind = cursor && KINDS[cursor[1]];
  if (cursor && !kind) throw badRequest('page.cursorInvalid', 'cursor');
  const visible = sql`(r.kind = 'call' or (r.kind = 'visit' and (r.status = 1 or r.user_id = ${user.id})) or (r.kind = 'task' and r.user_id = ${user.id}))`;
  const where = sql`r.doctor_id = ${q.doctorId} and ${visible} ${q.kind ? sql`and r.kind = ${q.kind}` : sql``}`;
  const rows = await selectRows<Row>(
    deps.db,
    sql`select r.kind, r.id, r.user_id, r.at, r.title, r.status, r.channel, r.effective from doctor_business_record r
         where ${where} and ${afterKey([sql`r.at`, sql`r.kind`, sql`r.id`], cursor && [timeKey(cursor[0]), kind!, cursor[2]])}
         order by r.at desc, r.kind desc, r.id desc limit ${q.size + 1}`,
  );
  const [count, users] = await Promise.all([
    countUpTo(deps.db, sql`from doctor_business_record r where ${where}`, ACTIVITY_LIMITS.countCap),
    userRefs(
      deps.db,
      rows.map((r) => r.user_id),
    ),
  ]);
  const page = keysetPage(rows, q.size, (r) => [new Date(r.at).getTime(), KINDS.indexOf(r.kind), Number(r.id)]);
  return {
    list: page.rows.map((r) => ({
      kind: r.kind,
      id: r.id,
      at: new Date(r.at).toISOString(),
      user: users.get(r.user_id) ?? unknownUser(r.user_id),
      title: r.title,
      status: r.status === null ? null : Number(r.status),
      channel: r.channel,
      effective: r.effective,
    })),
    ...asTotal(count),
    nextCursor: page.nextCursor,
  };
}
