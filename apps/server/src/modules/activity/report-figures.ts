import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import { reportRows } from '../../db/report-read.js';
import { intList, paramList } from '../../db/int-list.js';
import { afterTimeCursor, keysetPages, type TimeCursor } from '../../platform/paging/index.js';
import { reportDoctorFilter, reportsEveryDoctor, type FigurePath, type ReportWindow } from '../customers/index.js';
import { keptDays, keptDaysFor, keptVisits, repBu, type KeptDays } from './visit-counts.js';
import { portalDaySql } from '../../platform/portal-time.js';
import { doctorsOfKinds, readsNational, readsProvinceSets, repDays, repDoctorDays, visitKinds } from './national-figures.js';
import { joinUser } from '../admin/index.js';

/**
 * Reads of the activity area for the report screens (analytics dashboards): visits and calls
 * aggregated by channel, day and representative. Only visits and calls to doctors inside the
 * viewer's data scope count (the customers area decides which doctors those are).
 */

export interface ActivityWindow extends ReportWindow {
  /** BU of the representative ('' for all). */
  bu: string;
}

type Row = Record<string, unknown>;

const DAY = portalDaySql;
/** A representative's name in a report row: the real name, else the login name. */
export const repName = (alias: string) => sql.raw(`coalesce(nullif(${alias}.real_name, ''), ${alias}.username, '')`);

export interface VisitSelection {
  /** Only these channels (VISIT_CHANNELS); all when absent. */
  channels?: readonly string[];
}

export interface VisitFigures {
  totals: { visits: number; submitted: number; effective: number; doctors: number; reps: number; avgSeconds: number };
  byDay: { day: string; visits: number; effective: number }[];
  byChannel: { channel: string; visits: number; effective: number }[];
  byRep: { rep: string; visits: number; doctors: number }[];
  rows: Row[];
}

function visitWhere(w: ActivityWindow, s: VisitSelection): SQL {
  const parts = [sql`v.visit_at >= ${w.from} and v.visit_at < ${w.to}`, reportDoctorFilter(w, sql`v.doctor_id`), repBu(sql`v.user_id`, w.bu)];
  if (s.channels) parts.push(sql`v.channel in (${paramList(s.channels)})`);
  return sql.join(parts, sql` and `);
}

/** The visits' table rows, newest first; `_at` is the keyset cursor's time. */
function visitRows(db: Db, where: SQL, after: TimeCursor | null, limit: number) {
  return selectRows<Row>(
    db,
    sql`
      select v.id as "visitId", v.visit_at as "visitTime", ${repName('u')} as rep, v.doctor_id as "doctorId", v.channel,
             v.status, v.effective, v.duration_seconds as "durationSeconds", v.purpose, v.visit_at::text as "_at"
        from visit_records v ${joinUser('u', sql`v.user_id`)}
       where ${where} and ${afterTimeCursor(sql`v.visit_at`, [sql`v.id`], after)} order by v.visit_at desc, v.id desc limit ${limit}`,
  );
}

/** Every visit row of a visit report (visitFigures' rows without its limit), keyset-paged: for the report-table export. */
export function visitReportPages(db: Db, w: ActivityWindow, s: VisitSelection, pageSize: number): AsyncGenerator<Row[]> {
  const where = visitWhere(w, s);
  return keysetPages(
    (after, size) => visitRows(db, where, after, size),
    (r) => ({ at: String(r._at), ids: [Number(r.visitId)] }),
    pageSize,
  );
}

/** Visits of the window: totals, per day, per channel, per representative and the newest rows. */
export async function visitFigures(db: Db, w: ActivityWindow, s: VisitSelection, limit: number, how: FigurePath = {}): Promise<VisitFigures> {
  const days = keptDaysFor(w, how);
  if (days) return visitFiguresKept(db, w, s, days, limit);
  const where = visitWhere(w, s);
  const [totals, byDay, byChannel, byRep, rows] = await Promise.all([
    selectRows<VisitFigures['totals']>(
      db,
      sql`
      select count(*)::int as visits, count(*) filter (where v.status = 1)::int as submitted, count(*) filter (where v.effective)::int as effective,
             count(distinct v.doctor_id)::int as doctors, count(distinct v.user_id)::int as reps,
             coalesce(round(avg(v.duration_seconds)), 0)::int as "avgSeconds"
        from visit_records v where ${where}`,
    ),
    selectRows<VisitFigures['byDay'][number]>(
      db,
      sql`
      select ${DAY(sql`v.visit_at`)} as day, count(*)::int as visits, count(*) filter (where v.effective)::int as effective
        from visit_records v where ${where} group by 1`,
    ),
    selectRows<VisitFigures['byChannel'][number]>(
      db,
      sql`
      select v.channel, count(*)::int as visits, count(*) filter (where v.effective)::int as effective from visit_records v where ${where} group by 1 order by 2 desc, 1`,
    ),
    selectRows<VisitFigures['byRep'][number]>(
      db,
      sql`
      select ${repName('u')} as rep, count(*)::int as visits, count(distinct v.doctor_id)::int as doctors
        from visit_records v ${joinUser('u', sql`v.user_id`)} where ${where} group by u.id order by 2 desc, u.id limit 10`,
    ),
    visitRows(db, where, null, limit),
  ]);
  return { totals: totals[0]!, byDay, byChannel, byRep, rows };
}

/** One row of visitFiguresKept's sums: the totals, a day, a channel or a representative (`kind`). */
interface KeptVisitSums {
  kind: 'total' | 'day' | 'channel' | 'rep';
  day: string | null;
  channel: string | null;
  user_id: number | null;
  visits: number;
  submitted: number;
  effective: number;
  avgSeconds: number;
}

/**
 * visitFigures from the kept visit counts (visit-counts.ts); the newest rows from the visits
 * themselves. The sums of the totals, days, channels and representatives come from one pass:
 * the window's rows summed per day, channel and representative (one hash), then grouping sets over
 * those few groups; the exact distinct doctors from a second read beside it; the distinct doctors
 * per representative only for the ten representatives the chart shows. A whole-country viewer
 * without a BU filter reads the sums from visit_rep_days (no doctor) and the distinct doctors from
 * the doctor bit sets (national-figures.ts); a scope of exactly one or more provinces without a BU
 * its sums from its kept rows and its distinct doctors from the bit sets AND-ed with its provinces'
 * doctor sets.
 */
async function visitFiguresKept(db: Db, w: ActivityWindow, s: VisitSelection, days: KeptDays, limit: number): Promise<VisitFigures> {
  const a = keptVisits(w, days, s.channels);
  // the whole country without a BU: sums without the doctor (visit_rep_days), distinct doctors from the bit sets
  const national = readsNational(w);
  // exactly one or more provinces without a BU: the distinct doctors from the bit sets AND-ed with the provinces' doctor sets
  const provinces = national ? null : readsProvinceSets(w);
  const [sums, distinct, rows] = await Promise.all([
    reportRows<KeptVisitSums>(
      db,
      sql`
      select case when grouping(b.day) = 0 then 'day' when grouping(b.channel) = 0 then 'channel' when grouping(b.user_id) = 0 then 'rep' else 'total' end as kind,
             to_char(b.day, 'YYYY-MM-DD') as day, b.channel, b.user_id,
             coalesce(sum(b.visits), 0)::int as visits, coalesce(sum(b.submitted), 0)::int as submitted, coalesce(sum(b.effective), 0)::int as effective,
             coalesce(round(sum(b.seconds_sum)::numeric / nullif(sum(b.seconds_count), 0)), 0)::int as "avgSeconds"
        from (select a.day, a.channel, a.user_id, sum(a.visits) as visits, sum(a.visits) filter (where a.status = 1) as submitted,
                     sum(a.visits) filter (where a.effective) as effective, sum(a.seconds_sum) as seconds_sum, sum(a.seconds_count) as seconds_count
                from ${national ? repDays(days, s.channels) : a} group by 1, 2, 3) b
       group by grouping sets ((), (b.day), (b.channel), (b.user_id))
       order by 1, 5 desc, 3, 4`,
    ),
    national || provinces
      ? doctorsOfKinds(db, days, visitKinds(s.channels), provinces).then((doctors) => [{ doctors }])
      : reportRows<{ doctors: number }>(db, sql`select count(distinct a.doctor_id)::int as doctors from ${a}`),
    visitRows(db, visitWhere(w, s), null, limit),
  ]);
  const of = (kind: KeptVisitSums['kind']) => sums.filter((r) => r.kind === kind);
  const total = of('total')[0]!;
  const reps = of('rep');
  const top = reps.slice(0, 10).map((r) => Number(r.user_id));
  const repRows =
    top.length === 0
      ? []
      : await reportRows<{ user_id: number; rep: string; doctors: number }>(
          db,
          sql`
      select u.id as user_id, ${repName('u')} as rep, count(distinct a.doctor_id)::int as doctors
        from ${national ? repDoctorDays(days, top, s.channels) : a} ${joinUser('u', sql`a.user_id`)} where a.user_id in (${intList(top)}) group by u.id`,
        );
  const byUser = new Map(repRows.map((r) => [Number(r.user_id), r]));
  return {
    totals: {
      visits: total.visits,
      submitted: total.submitted,
      effective: total.effective,
      doctors: distinct[0]!.doctors,
      reps: reps.length,
      avgSeconds: total.avgSeconds,
    },
    byDay: of('day').map((r) => ({ day: r.day!, visits: r.visits, effective: r.effective })),
    byChannel: of('channel').map((r) => ({ channel: r.channel!, visits: r.visits, effective: r.effective })),
    byRep: top.map((id, i) => ({ rep: byUser.get(id)!.rep, visits: reps[i]!.visits, doctors: byUser.get(id)!.doctors })),
    rows,
  };
}

export interface CallFigures {
  totals: { calls: number; connected: number; seconds: number; doctors: number; reps: number; withVisit: number };
  byDay: { day: string; calls: number; connected: number }[];
  byRep: { rep: string; calls: number; seconds: number }[];
  byDirection: { direction: string; calls: number }[];
  rows: Row[];
}

const callWhere = (w: ActivityWindow): SQL =>
  sql`c.started_at >= ${w.from} and c.started_at < ${w.to} and ${reportDoctorFilter(w, sql`c.doctor_id`)} and ${repBu(sql`c.user_id`, w.bu)}`;

/** The calls' table rows, newest first; `_at` and `_id` are the keyset cursor. */
function callRows(db: Db, where: SQL, after: TimeCursor | null, limit: number) {
  return selectRows<Row>(
    db,
    sql`
      select c.call_id as "callId", c.started_at as "startTime", ${repName('u')} as rep, c.doctor_id as "doctorId", c.direction,
             c.duration_seconds as "durationSeconds", c.started_at::text as "_at", c.id as "_id"
        from call_records c ${joinUser('u', sql`c.user_id`)}
       where ${where} and ${afterTimeCursor(sql`c.started_at`, [sql`c.id`], after)} order by c.started_at desc, c.id desc limit ${limit}`,
  );
}

/** Every call row of the call report, keyset-paged: for the report-table export. */
export function callReportPages(db: Db, w: ActivityWindow, pageSize: number): AsyncGenerator<Row[]> {
  const where = callWhere(w);
  return keysetPages(
    (after, size) => callRows(db, where, after, size),
    (r) => ({ at: String(r._at), ids: [Number(r._id)] }),
    pageSize,
  );
}

/** Calls of the window placed through the call system. */
export async function callFigures(db: Db, w: ActivityWindow, limit: number): Promise<CallFigures> {
  const where = callWhere(w);
  const [totals, byDay, byRep, byDirection, rows] = await Promise.all([
    reportRows<CallFigures['totals']>(
      db,
      sql`
      select count(*)::int as calls, count(*) filter (where coalesce(c.duration_seconds, 0) > 0)::int as connected,
             coalesce(sum(c.duration_seconds), 0)::int as seconds, count(distinct c.doctor_id)::int as doctors, count(distinct c.user_id)::int as reps,
             count(*) filter (where c.call_id in (select v.call_id from visit_records v where v.call_id is not null))::int as "withVisit"
        from call_records c where ${where}`,
    ),
    reportRows<CallFigures['byDay'][number]>(
      db,
      sql`
      select ${DAY(sql`c.started_at`)} as day, count(*)::int as calls, count(*) filter (where coalesce(c.duration_seconds, 0) > 0)::int as connected
        from call_records c where ${where} group by 1`,
    ),
    reportRows<CallFigures['byRep'][number]>(
      db,
      sql`
      select ${repName('u')} as rep, count(*)::int as calls, coalesce(sum(c.duration_seconds), 0)::int as seconds
        from call_records c ${joinUser('u', sql`c.user_id`)} where ${where} group by u.id order by 2 desc, u.id limit 10`,
    ),
    reportRows<CallFigures['byDirection'][number]>(
      db,
      sql`select c.direction, count(*)::int as calls from call_records c where ${where} group by 1 order by 2 desc`,
    ),
    callRows(db, where, null, limit),
  ]);
  return { totals: totals[0]!, byDay, byRep, byDirection, rows };
}

export async function visitsByUserMonth(
  db: Db,
  w: ActivityWindow,
  userIds: SQL,
  how: FigurePath = {},
): Promise<{ userId: number; month: string; visits: number }[]> {
  // Keeping every doctor, the visits' own (user_id, visit_at) index answers from the index alone,
  // faster than the kept days; a scope or province is where the kept days' doctor columns help.
  const days = how.path === 'rows' || (how.path !== 'kept' && reportsEveryDoctor(w)) ? null : keptDays(w);
  const rows = await selectRows<{ user_id: number; month: string; visits: number }>(
    db,
    days
      ? sql`
    select a.user_id, to_char(a.day, 'YYYY-MM') as month, sum(a.visits)::int as visits from ${keptVisits(w, days)} where a.user_id in ${userIds}
     group by 1, 2`
      : sql`
    select v.user_id, left(${DAY(sql`v.visit_at`)}, 7) as month, count(*)::int as visits from visit_records v
     where v.user_id in ${userIds} and v.visit_at >= ${w.from} and v.visit_at < ${w.to} and ${reportDoctorFilter(w, sql`v.doctor_id`)} and ${repBu(sql`v.user_id`, w.bu)}
     group by 1, 2`,
  );
  return rows.map((r) => ({ userId: Number(r.user_id), month: r.month, visits: Number(r.visits) }));
}

/**
 * One representative's visits (up to `at`) to the given doctors: how many and the last one, by
 * doctor (doctor intelligence's smart suggestions read it; doctors without a visit are absent).
 */
export async function visitsOfRepTo(
  db: Db | Tx,
  userId: number,
  doctorIds: readonly number[],
  at: Date,
): Promise<Map<number, { visits: number; lastVisitAt: string }>> {
  const ids = [...new Set(doctorIds.filter((id) => Number.isSafeInteger(id) && id > 0))];
  if (ids.length === 0) return new Map();
  const rows = await selectRows<{ doctor_id: number; visits: number; last_visit: string | Date }>(
    db,
    sql`select v.doctor_id, count(*)::int as visits, max(v.visit_at) as last_visit from visit_records v
         where v.user_id = ${userId} and v.visit_at <= ${at.toISOString()}::timestamptz and v.doctor_id in (${sql.raw(ids.join(','))}) group by v.doctor_id`,
  );
  return new Map(rows.map((r) => [Number(r.doctor_id), { visits: Number(r.visits), lastVisitAt: new Date(r.last_visit).toISOString() }]));
}
