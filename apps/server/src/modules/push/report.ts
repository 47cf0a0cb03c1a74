import { sql, type SQL } from 'drizzle-orm';
import { parsePortalDateTime, type PushReportPage, type PushReportRow, type pushReportQuery } from '@field-portal/shared';
import type { z } from 'zod';
import { selectRows, type Db } from '../../db/client.js';
import { badRequest } from '../../platform/errors.js';
import { joinUserByUsername } from '../admin/index.js';
import { joinCard } from '../cards/index.js';

type ReportInput = z.output<typeof pushReportQuery>;

interface RawRow {
  queue_id: number | string;
  card_id: number | string;
  type: number | string | null;
  title: string;
  bu: string | null;
  create_time: string | Date;
  fired_at: string | Date;
  must_read: boolean;
  send_wwid: string | null;
  wwid: string;
  name: string;
  first_open_time: string | Date | null;
}

const isoOf = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function toRow(r: RawRow): PushReportRow {
  return {
    CardId: Number(r.card_id),
    CardType: r.type === null ? null : Number(r.type),
    CardTitle: r.title,
    CardBU: r.bu ?? '',
    CardCreatetime: isoOf(r.create_time),
    PushTime: isoOf(r.fired_at),
    IsMustRead: r.must_read ? 1 : 0,
    Sendwwid: r.send_wwid ?? '',
    ReceiverWwid: r.wwid,
    ReceiverName: r.name,
    IsOpen: r.first_open_time ? 1 : 0,
    FistOpentime: isoOf(r.first_open_time),
  };
}

function conditions(input: ReportInput): SQL {
  const where: SQL[] = [sql`p.status = 'fired'`];
  if (input.startTime) {
    const start = parsePortalDateTime(input.startTime);
    if (start === undefined) throw badRequest('field.invalid', 'startTime');
    where.push(sql`p.fired_at >= ${new Date(start).toISOString()}::timestamptz`);
  }
  if (input.endTime) {
    const end = parsePortalDateTime(input.endTime);
    if (end === undefined) throw badRequest('field.invalid', 'endTime');
    const exclusive = /^\d{4}-\d{2}-\d{2}$/.test(input.endTime.trim()) ? end + 86_400_000 : end + 1;
    where.push(sql`p.fired_at < ${new Date(exclusive).toISOString()}::timestamptz`);
  }
  if (input.bu) where.push(sql`c.content ->> 'BU' = ${input.bu}`);
  if (input.cardId) where.push(sql`p.card_id = ${input.cardId}`);
  return sql.join(where, sql` and `);
}

const SELECT = sql`
  select d.queue_id, d.card_id, c.content ->> 'type' as type, c.title, c.content ->> 'BU' as bu, c.create_time, p.fired_at, p.must_read,
         u.employee_no as send_wwid, d.wwid, d.name, d.first_open_time
    from pushes p
    join deliveries d on d.queue_id = p.id
    ${joinCard('c', sql`p.card_id`)}
    ${joinUserByUsername('u', sql`p.created_by`, 'left')}`;

/** The card-push report: one row per delivery, newest push first. */
export async function pushReport(db: Db, input: ReportInput): Promise<PushReportPage> {
  const where = conditions(input);
  const [count] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from pushes p join deliveries d on d.queue_id = p.id ${joinCard('c', sql`p.card_id`)} where ${where}`,
  );
  const rows = await selectRows<RawRow>(
    db,
    sql`${SELECT} where ${where} order by d.queue_id desc, d.wwid limit ${input.limitNum} offset ${(input.pageNum - 1) * input.limitNum}`,
  );
  return { total: count?.n ?? 0, result: rows.map(toRow) };
}

/** Every report row in keyset batches, for the export. */
export async function* pushReportBatches(db: Db, input: ReportInput, batch = 5000): AsyncGenerator<PushReportRow[]> {
  const where = conditions(input);
  let after: { queueId: number; wwid: string } | undefined;
  for (;;) {
    const keyset = after ? sql` and (d.queue_id < ${after.queueId} or (d.queue_id = ${after.queueId} and d.wwid > ${after.wwid}))` : sql``;
    const rows = await selectRows<RawRow>(db, sql`${SELECT} where ${where}${keyset} order by d.queue_id desc, d.wwid limit ${batch}`);
    if (rows.length === 0) return;
    yield rows.map(toRow);
    const last = rows[rows.length - 1]!;
    after = { queueId: Number(last.queue_id), wwid: last.wwid };
  }
}
