import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ActivityPage, BusinessRecordItem, businessRecordQuery } from '@field-portal/shared';
import { selectRows } from '../../db/client.js';
import type { CurrentUser } from '../../platform/auth.js';
import { badRequest } from '../../platform/errors.js';
import { doctorInScope } from './doctors.js';
import { cappedCount } from './keyset.js';
import { unknownUser, userRefs } from './people.js';
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

/** Cursor: time, kind and id of the last row. */
function encode(row: Row): string {
  return Buffer.from(`${new Date(row.at).getTime()}.${KINDS.indexOf(row.kind)}.${row.id}`).toString('base64url');
}
function decode(text: string | undefined): { at: string; kind: string; id: number } | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d{1,16})\.([0-2])\.(\d{1,10})$/.exec(Buffer.from(text, 'base64url').toString('latin1'));
  const at = Number(match?.[1]);
  if (!match || at > 8.64e15 || Number(match[3]) > 2_147_483_647) throw badRequest('activity.cursorInvalid', 'cursor');
  return { at: new Date(at).toISOString(), kind: KINDS[Number(match[2])]!, id: Number(match[3]) };
}

export async function businessRecord(deps: ActivityDeps, user: CurrentUser, q: z.output<typeof businessRecordQuery>): Promise<ActivityPage<BusinessRecordItem>> {
  await doctorInScope(deps.db, user, q.doctorId);
  const cursor = decode(q.cursor);
  const visible = sql`(r.kind = 'call' or (r.kind = 'visit' and (r.status = 1 or r.user_id = ${user.id})) or (r.kind = 'task' and r.user_id = ${user.id}))`;
  const where = sql`r.doctor_id = ${q.doctorId} and ${visible} ${q.kind ? sql`and r.kind = ${q.kind}` : sql``}`;
  const rows = await selectRows<Row>(
    deps.db,
    sql`select r.kind, r.id, r.user_id, r.at, r.title, r.status, r.channel, r.effective from doctor_business_record r
         where ${where} ${cursor ? sql`and (r.at, r.kind, r.id) < (${cursor.at}::timestamptz, ${cursor.kind}, ${cursor.id})` : sql``}
         order by r.at desc, r.kind desc, r.id desc limit ${q.size + 1}`,
  );
  const [count, users] = await Promise.all([
    cappedCount(deps.db, sql`from doctor_business_record r where ${where}`),
    userRefs(
      deps.db,
      rows.map((r) => r.user_id),
    ),
  ]);
  const more = rows.length > q.size;
  const shown = more ? rows.slice(0, q.size) : rows;
  return {
    list: shown.map((r) => ({
      kind: r.kind,
      id: r.id,
      at: new Date(r.at).toISOString(),
      user: users.get(r.user_id) ?? unknownUser(r.user_id),
      title: r.title,
      status: r.status === null ? null : Number(r.status),
      channel: r.channel,
      effective: r.effective,
    })),
    ...count,
    nextCursor: more ? encode(shown.at(-1)!) : null,
  };
}
