import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { reportRows } from '../../db/report-read.js';
import { intList, paramList } from '../../db/int-list.js';
import { provinceDoctorChunks, reportDoctorRowFilter, reportProvinceSet, reportsEveryDoctor, type ReportWindow } from '../customers/index.js';
import { keptVisits, type KeptDays } from './visit-counts.js';
import { PAIR_GAP_CAP } from '../../db/schema/activity-counts.js';
import { joinUser } from '../admin/index.js';

/**
 * Whole-country reads of the visit and reach reports (decision 0033, "Whole-country kept sums and
 * doctor bit sets"): for a viewer who sees every doctor, without a province or BU filter, over whole
 * portal days. The sums come from visit_rep_days (per day, representative, channel, effective and
 * status: no doctor), the exact distinct doctors from visit_doctor_bits (per day, kind and chunk of
 * 8,192 doctor ids: the OR of a window's days, chunk by chunk, then its bits counted).
 *
 * A scope of exactly one or more provinces (no hospital list, no BU; decision 0033, "Province doctor
 * sets") reads the same day sets AND-ed, chunk by chunk, with its provinces' doctor sets
 * (customers' province_doctor_bits) for its distinct doctors, and its sums from its own kept rows.
 */

/** Whether a window reads the whole-country kept sums and bit sets. */
export const readsNational = (w: Pick<ReportWindow, 'scope' | 'province'> & { bu: string }): boolean => reportsEveryDoctor(w) && !w.bu;

/** The provinces whose doctor sets a window reads its distinct doctors from (exactly those provinces, no BU), or null. */
export const readsProvinceSets = (w: Pick<ReportWindow, 'scope' | 'province'> & { bu: string }): string[] | null => (w.bu ? null : reportProvinceSet(w));

/**
 * How a chunk's set `b` of a subquery aliased `x` is counted: as it is for the whole country, or
 * AND-ed with the provinces' doctor set of the same chunk (`join`, then `of`).
 */
function restrictTo(provinces: readonly string[] | null) {
  return provinces
    ? { join: sql` join ${provinceDoctorChunks(provinces)} on p.chunk = x.chunk`, of: (b: SQL) => sql`(${b} & p.b)` }
    : { join: sql``, of: (b: SQL) => b };
}

/** The window's whole-country visit sums, as a subquery aliased `a` with visit_doctor_days' summed columns. */
export function repDays(days: KeptDays, channels?: readonly string[]): SQL {
  const only = channels ? sql` and r.channel in (${paramList(channels)})` : sql``;
  return sql`(select r.* from visit_rep_days r where r.day >= ${days.from}::date and r.day < ${days.to}::date${only}) a`;
}

/**
 * Every kept visit day of the given representatives in the window's days (and channels), aliased
 * `a`: one primary-key range per day and representative (the key starts with day, user_id), so the
 * ten representatives of a chart read their own rows only, not the whole window's.
 */
export function repDoctorDays(days: KeptDays, userIds: readonly number[], channels?: readonly string[]): SQL {
  const only = channels ? sql` and vd.channel in (${paramList(channels)})` : sql``;
  return sql`(select vd.* from generate_series(${days.from}::date, ${days.to}::date - 1, interval '1 day') g(d)
                cross join unnest(array[${intList(userIds)}]::int[]) t(id)
                join visit_doctor_days vd on vd.day = g.d::date and vd.user_id = t.id${only}) a`;
}

/** The window's doctor sets of the given kinds OR-ed per chunk (rows `chunk`, `b`). */
const chunksOf = (days: KeptDays, kinds: readonly string[]) =>
  sql`(select d.chunk, bit_or(d.bits) as b from visit_doctor_bits d
        where d.day >= ${days.from}::date and d.day < ${days.to}::date and d.kind in (${paramList(kinds)}) group by d.chunk) x`;

/** How many distinct doctors (of the provinces, when given) had a contact of one of `kinds` ('visit', a channel, 'call') in the window's days. */
export async function doctorsOfKinds(db: Db, days: KeptDays, kinds: readonly string[], provinces: readonly string[] | null = null): Promise<number> {
  const r = restrictTo(provinces);
  const [row] = await reportRows<{ doctors: number }>(
    db,
    sql`select coalesce(sum(bit_count(${r.of(sql`x.b`)})), 0)::int as doctors from ${chunksOf(days, kinds)}${r.join}`,
  );
  return Number(row?.doctors ?? 0);
}

/** The distinct doctors a visit selection counts: its channels' sets OR-ed, or the 'visit' set (any channel). */
export const visitKinds = (channels?: readonly string[]): readonly string[] => (channels ? channels : ['visit']);

export interface NationalReach {
  totals: { doctors: number; byVisit: number; byCall: number; reps: number; contacts: number };
  byDay: { day: string; doctors: number }[];
  byChannel: { channel: string; doctors: number }[];
  rows: Record<string, unknown>[];
}

const ZERO = sql`B'0'::bit(8192)`;

/**
 * reachFigures for the whole country (`provinces` null) or for a scope of exactly the given
 * provinces (readsProvinceSets): the reached doctors ('visit' OR 'call'), by visit, by call, per day
 * and per channel from the bit sets (AND-ed with the provinces' doctor sets); the representatives
 * and contacts from the visit sums (the provinces' own kept rows) and the window's calls; the
 * table's newest doctors from a walk of the newest contacts.
 */
export async function reachNational(
  db: Db,
  w: ReportWindow & { bu: string },
  days: KeptDays,
  limit: number,
  provinces: readonly string[] | null = null,
): Promise<NationalReach> {
  const inDays = sql`d.day >= ${days.from}::date and d.day < ${days.to}::date`;
  const calls = sql`c.started_at >= ${w.from} and c.started_at < ${w.to} and ${reportDoctorRowFilter(w, 'c')}`;
  const r = restrictTo(provinces);
  // the visits' representatives and sum: whole-country sums, or the provinces' kept rows (province index)
  const visits = provinces
    ? keptVisits(w, days)
    : sql`(select r.user_id, r.visits from visit_rep_days r where r.day >= ${days.from}::date and r.day < ${days.to}::date) a`;
  const [totals, counts, byDay, byChannel, rows] = await Promise.all([
    reportRows<{ doctors: number; byVisit: number; byCall: number }>(
      db,
      sql`
      select coalesce(sum(bit_count(${r.of(sql`(coalesce(x.v, ${ZERO}) | coalesce(x.c, ${ZERO}))`)})), 0)::int as doctors,
             coalesce(sum(bit_count(${r.of(sql`x.v`)})), 0)::int as "byVisit", coalesce(sum(bit_count(${r.of(sql`x.c`)})), 0)::int as "byCall"
        from (select d.chunk, bit_or(d.bits) filter (where d.kind = 'visit') as v, bit_or(d.bits) filter (where d.kind = 'call') as c
                from visit_doctor_bits d where ${inDays} and d.kind in ('visit', 'call') group by d.chunk) x${r.join}`,
    ),
    reportRows<{ reps: number; contacts: number }>(
      db,
      sql`
      select (select count(*) from (select a.user_id from ${visits} group by 1
                                     union select c.user_id from call_records c where ${calls} group by 1) u)::int as reps,
             ((select coalesce(sum(a.visits), 0) from ${visits})
              + (select count(*) from call_records c where ${calls}))::int as contacts`,
    ),
    reportRows<NationalReach['byDay'][number]>(
      db,
      sql`
      select to_char(x.day, 'YYYY-MM-DD') as day, sum(bit_count(${r.of(sql`x.b`)}))::int as doctors
        from (select d.day, d.chunk, bit_or(d.bits) as b from visit_doctor_bits d where ${inDays} and d.kind in ('visit', 'call') group by 1, 2) x${r.join}
       group by x.day having sum(bit_count(${r.of(sql`x.b`)})) > 0`,
    ),
    reportRows<NationalReach['byChannel'][number]>(
      db,
      sql`
      select x.kind as channel, sum(bit_count(${r.of(sql`x.b`)}))::int as doctors
        from (select d.kind, d.chunk, bit_or(d.bits) as b from visit_doctor_bits d where ${inDays} and d.kind <> 'visit' group by 1, 2) x${r.join}
       group by x.kind having sum(bit_count(${r.of(sql`x.b`)})) > 0 order by 2 desc, 1`,
    ),
    newestDoctors(db, w, days, limit),
  ]);
  const t = totals[0]!;
  const c = counts[0]!;
  return { totals: { doctors: t.doctors, byVisit: t.byVisit, byCall: t.byCall, reps: c.reps, contacts: c.contacts }, byDay, byChannel, rows };
}

/** The window's contacts (kept visit days and calls) of the given doctors, aliased `k` (doctor_id, user_id, n, at). */
const contactsOf = (w: ReportWindow, days: KeptDays, ids: readonly number[]) => sql`(
    select a.doctor_id, a.user_id, a.visits as n, a.last_at as at from visit_doctor_days a
     where a.doctor_id in (${intList(ids)}) and a.day >= ${days.from}::date and a.day < ${days.to}::date and ${reportDoctorRowFilter(w, 'a')}
    union all
    select c.doctor_id, c.user_id, 1 as n, c.started_at as at from call_records c
     where c.doctor_id in (${intList(ids)}) and c.started_at >= ${w.from} and c.started_at < ${w.to} and ${reportDoctorRowFilter(w, 'c')}) k`;

/**
 * The reach table's `limit` doctors with the newest last contact (ties by doctor id), without
 * grouping the window's contacts: the newest kept rows (visit_doctor_days_last_idx) and calls
 * (call_records_time_idx) are walked until `limit` distinct doctors; every contact at or after the
 * last one's time names the candidates (so ties at that time are all in), and only those doctors'
 * contacts and representatives are grouped (through the doctor indexes).
 */
async function newestDoctors(db: Db, w: ReportWindow, days: KeptDays, limit: number): Promise<Record<string, unknown>[]> {
  if (limit <= 0) return [];
  const inA = reportDoctorRowFilter(w, 'a');
  const inC = reportDoctorRowFilter(w, 'c');
  const newest = (n: number) => sql`(
      (select a.doctor_id, a.last_at as at from visit_doctor_days a where a.last_at >= ${w.from} and a.last_at < ${w.to} and ${inA} order by a.last_at desc limit ${n})
      union all
      (select c.doctor_id, c.started_at as at from call_records c where c.started_at >= ${w.from} and c.started_at < ${w.to} and ${inC} order by c.started_at desc limit ${n})) k`;
  let threshold: string | null = null;
  for (let n = limit * 4; ; n *= 4) {
    const walk = await reportRows<{ doctor_id: number; at: string }>(
      db,
      sql`select k.doctor_id, k.at::text as at from ${newest(n)} order by k.at desc limit ${n}`,
    );
    const seen = new Set<number>();
    for (const r of walk) {
      seen.add(Number(r.doctor_id));
      if (seen.size === limit) {
        threshold = r.at;
        break;
      }
    }
    if (threshold !== null || walk.length < n) break;
  }
  // every doctor with a contact at or after the threshold (all of them when fewer than `limit`)
  const candidates = await reportRows<{ doctor_id: number }>(
    db,
    threshold === null
      ? sql`select distinct a.doctor_id from visit_doctor_days a where a.day >= ${days.from}::date and a.day < ${days.to}::date and ${inA}
            union select c.doctor_id from call_records c where c.started_at >= ${w.from} and c.started_at < ${w.to} and ${inC}`
      : sql`select distinct k.doctor_id from (
              select a.doctor_id, a.last_at as at from visit_doctor_days a where a.last_at >= ${threshold}::timestamptz and a.last_at < ${w.to} and ${inA}
              union all
              select c.doctor_id, c.started_at from call_records c where c.started_at >= ${threshold}::timestamptz and c.started_at < ${w.to} and ${inC}) k`,
  );
  const ids = candidates.map((r) => Number(r.doctor_id));
  if (ids.length === 0) return [];
  const top = await reportRows<{ doctor_id: number; contacts: number; reps: number; at: Date | string }>(
    db,
    sql`
    select k.doctor_id, sum(k.n)::int as contacts, count(distinct k.user_id)::int as reps, max(k.at) as at
      from ${contactsOf(w, days, ids)} group by 1 order by 4 desc, 1 limit ${limit}`,
  );
  return top.map((r) => ({ doctorId: r.doctor_id, contacts: r.contacts, reps: r.reps, lastContact: r.at }));
}

/** How many portal days a window of whole days spans. */
export const keptDayCount = (days: KeptDays): number => Math.round((Date.parse(days.to) - Date.parse(days.from)) / 86_400_000);

/**
 * relationFigures' statement for the whole country (decision 0033, "rdRelation from pair days"),
 * for a window of at most PAIR_GAP_CAP days, without grouping the window's ~0.7M pair days:
 * - a pair's first day in the window [F, T) is its pair day whose gap to the previous one is larger
 *   than the day's distance from F, so each representative's pairs, visits and pairs per depth are
 *   sums over visit_pair_gaps (a few rows per representative and day);
 * - pairs with more than one day in the window (rare) are found from visit_pair_gaps' rows with a
 *   gap within the window (visit_pair_days_near_idx by day and representative) and grouped; each
 *   replaces its first day's depth by the pair's own;
 * - the table: the grouped repeating pairs and the first `limit` of the other pair days in the
 *   table's order (visits desc, last visit desc, doctor id) — every one of them is a pair of its
 *   own — read as the few with two visits or more (visit_pair_days_busy_idx) and the newest with
 *   one (visit_pair_days_last_idx), then the first `limit` of those candidates.
 * `at` is the window as instants (whole portal days, so a pair day's last visit is in it exactly
 * when its day is). The rows have the shape of relationFiguresKept's (`kind`, `ord`, `label`,
 * `doctor_id`, `n1`–`n3`, `at`); the distinct doctors come from the bit sets beside it.
 */
export function relationNationalSql(days: KeptDays, at: { from: Date; to: Date }, limit: number, repName: SQL): SQL {
  const near = sql.raw(String(PAIR_GAP_CAP));
  const single = (busy: boolean) => sql`(
      select p.user_id, p.doctor_id, p.visits, p.last_at as last_visit from visit_pair_days p
       where p.last_at >= ${at.from} and p.last_at < ${at.to} and ${busy ? sql`p.visits >= 2` : sql`p.visits = 1`}
         and not exists (select 1 from rp where rp.user_id = p.user_id and rp.doctor_id = p.doctor_id)
       order by p.visits desc, p.last_at desc, p.doctor_id limit ${limit})`;
  return sql`
    with h as materialized (
      select g.user_id, g.day, g.day - ${days.from}::date as off, g.gap, g.depth, g.pairs, g.visits
        from visit_pair_gaps g where g.day >= ${days.from}::date and g.day < ${days.to}::date),
    rp as materialized (
      select distinct p.user_id, p.doctor_id
        from (select distinct h.day, h.user_id from h where h.gap <= h.off) k
        join visit_pair_days p on p.day = k.day and p.user_id = k.user_id and p.prev_day >= ${days.from}::date
                              and p.prev_day is not null and p.day - p.prev_day < ${near}),
    rg as materialized (
      select p.user_id, p.doctor_id, sum(p.visits)::int as visits, max(p.last_at) as last_visit, (array_agg(p.visits order by p.day))[1] as first_visits
        from rp join visit_pair_days p on p.user_id = rp.user_id and p.doctor_id = rp.doctor_id and p.day >= ${days.from}::date and p.day < ${days.to}::date
       group by 1, 2),
    s as materialized (
      select h.user_id, (sum(h.pairs) filter (where h.gap > h.off))::int as pairs, sum(h.visits)::int as visits from h group by 1)
    select 'total' as kind, 0::bigint as ord, null::text as label, null::int as doctor_id,
           coalesce(sum(s.pairs), 0)::int as n1, 0 as n2, coalesce(sum(s.visits), 0)::int as n3, null::timestamptz as at
      from s
    union all
    select 'rep', row_number() over (order by s.pairs desc, s.user_id), ${repName}, null, s.pairs, s.visits, 0, null
      from s ${joinUser('u', sql`s.user_id`)} where s.pairs > 0
    union all
    select 'depth', row_number() over (order by d.label), d.label, null, d.pairs, 0, 0, null
      from (select case when x.depth >= 5 then '5+' else x.depth::text end as label, sum(x.n)::int as pairs
              from (select h.depth::int as depth, h.pairs as n from h where h.gap > h.off
                    union all select least(rg.first_visits, 5), -1 from rg
                    union all select least(rg.visits, 5), 1 from rg) x
             group by 1 having sum(x.n) > 0) d
    union all
    select 'row', row_number() over (order by r.visits desc, r.last_visit desc, r.doctor_id), ${repName}, r.doctor_id, r.visits, 0, 0, r.last_visit
      from (select t.* from (select rg.user_id, rg.doctor_id, rg.visits, rg.last_visit from rg
                             union all ${single(true)}
                             union all ${single(false)}) t
             order by t.visits desc, t.last_visit desc, t.doctor_id limit ${limit}) r
      ${joinUser('u', sql`r.user_id`)}`;
}
