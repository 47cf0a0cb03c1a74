import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.js';
import { reportRows } from '../../db/report-read.js';
import { intList } from '../../db/int-list.js';
import { portalDaySql as DAY } from '../../platform/portal-time.js';
import { PAIR_GAP_CAP } from '../../db/schema/activity-counts.js';
import { reportDoctorFilter, reportDoctorRowFilter, type FigurePath } from '../customers/index.js';
import { joinUser } from '../admin/index.js';
import { keptDaysFor, keptVisits, repBu, type KeptDays } from './visit-counts.js';
import { doctorsOfKinds, keptDayCount, reachNational, readsNational, readsProvinceSets, relationNationalSql } from './national-figures.js';
import { repName, type ActivityWindow } from './report-figures.js';

/**
 * The report screens' figures of doctors reached (visited or called) and of representative and
 * doctor pairs (how often, how recently), from the visit and call rows or the kept daily counts.
 */

type Row = Record<string, unknown>;

export interface ReachFigures {
  totals: { doctors: number; byVisit: number; byCall: number; reps: number; contacts: number };
  byDay: { day: string; doctors: number }[];
  byChannel: { channel: string; doctors: number }[];
  rows: Row[];
}

/** Doctors reached in the window: visited (any channel) or called, with their contacts. */
export async function reachFigures(db: Db, w: ActivityWindow, limit: number, how: FigurePath = {}): Promise<ReachFigures> {
  const days = keptDaysFor(w, how);
  if (days) return reachFiguresKept(db, w, days, limit);
  const contacts = sql`(
    select v.doctor_id, v.user_id, v.visit_at as at, v.channel from visit_records v
     where v.visit_at >= ${w.from} and v.visit_at < ${w.to} and ${reportDoctorFilter(w, sql`v.doctor_id`)} and ${repBu(sql`v.user_id`, w.bu)}
    union all
    select c.doctor_id, c.user_id, c.started_at as at, 'call' as channel from call_records c
     where c.started_at >= ${w.from} and c.started_at < ${w.to} and ${reportDoctorFilter(w, sql`c.doctor_id`)} and ${repBu(sql`c.user_id`, w.bu)}) k`;
  const [totals, byDay, byChannel, rows] = await Promise.all([
    selectRows<ReachFigures['totals']>(
      db,
      sql`
      select count(distinct k.doctor_id)::int as doctors, count(distinct k.doctor_id) filter (where k.channel <> 'call')::int as "byVisit",
             count(distinct k.doctor_id) filter (where k.channel = 'call')::int as "byCall", count(distinct k.user_id)::int as reps, count(*)::int as contacts
        from ${contacts}`,
    ),
    selectRows<ReachFigures['byDay'][number]>(
      db,
      sql`select ${DAY(sql`k.at`)} as day, count(distinct k.doctor_id)::int as doctors from ${contacts} group by 1`,
    ),
    selectRows<ReachFigures['byChannel'][number]>(
      db,
      sql`select k.channel, count(distinct k.doctor_id)::int as doctors from ${contacts} group by 1 order by 2 desc, 1`,
    ),
    selectRows<Row>(
      db,
      sql`
      select k.doctor_id as "doctorId", count(*)::int as contacts, count(distinct k.user_id)::int as reps, max(k.at) as "lastContact"
        from ${contacts} group by 1 order by 4 desc, 1 limit ${limit}`,
    ),
  ]);
  return { totals: totals[0]!, byDay, byChannel, rows };
}

/** One row of reachFiguresKept's per-doctor read: the totals or a table row (`kind`), in the table's order (`ord`). */
interface KeptReachRow {
  kind: 'total' | 'row';
  ord: number;
  doctor_id: number | null;
  n1: number;
  n2: number;
  n3: number;
  n4: number;
  at: Date | string | null;
}

/**
 * reachFigures with the visits from the kept visit counts (a day's row is `n` contacts) and the
 * calls from their rows (in scope by the doctor's hospital and province they carry, through
 * call_records_province_idx for a province). The contacts are grouped once per doctor (a materialised CTE): the totals
 * count those groups instead of three distinct counts, and the table's doctors are the newest of
 * them; only for those are the distinct representatives counted. Days and channels count their
 * distinct doctors beside it, each on its own connection. A whole-country viewer without a BU
 * filter reads the bit sets and sums instead (national-figures.ts reachNational), and so does a
 * scope of exactly one or more provinces without a BU, its bit sets AND-ed with its provinces'
 * doctor sets.
 */
async function reachFiguresKept(db: Db, w: ActivityWindow, days: KeptDays, limit: number): Promise<ReachFigures> {
  if (readsNational(w)) return reachNational(db, w, days, limit);
  const provinces = readsProvinceSets(w);
  if (provinces) return reachNational(db, w, days, limit, provinces);
  const contacts = (doctorIds?: number[]) => {
    const only = doctorIds ? sql` and c.doctor_id in (${intList(doctorIds)})` : sql``;
    const kept = doctorIds ? sql`(select * from ${keptVisits(w, days)} where a.doctor_id in (${intList(doctorIds)})) a` : keptVisits(w, days);
    return sql`(
    select a.doctor_id, a.user_id, a.day, a.channel, a.visits as n, a.last_at as at from ${kept}
    union all
    select c.doctor_id, c.user_id, (${DAY(sql`c.started_at`)})::date as day, 'call' as channel, 1 as n, c.started_at as at from call_records c
     where c.started_at >= ${w.from} and c.started_at < ${w.to} and ${reportDoctorRowFilter(w, 'c')} and ${repBu(sql`c.user_id`, w.bu)}${only}) k`;
  };
  const [perDoctor, reps, byDay, byChannel] = await Promise.all([
    reportRows<KeptReachRow>(
      db,
      sql`
      with pd as materialized (
        select k.doctor_id, bool_or(k.channel <> 'call') as by_visit, bool_or(k.channel = 'call') as by_call, sum(k.n)::int as contacts, max(k.at) as last_at
          from ${contacts()} group by 1)
      select 'total' as kind, 0::bigint as ord, null::int as doctor_id, count(*)::int as n1, count(*) filter (where pd.by_visit)::int as n2,
             count(*) filter (where pd.by_call)::int as n3, coalesce(sum(pd.contacts), 0)::int as n4, null::timestamptz as at from pd
      union all
      select 'row', row_number() over (order by t.last_at desc, t.doctor_id), t.doctor_id, t.contacts, 0, 0, 0, t.last_at
        from (select pd.doctor_id, pd.contacts, pd.last_at from pd order by pd.last_at desc, pd.doctor_id limit ${limit}) t`,
    ),
    reportRows<{ reps: number }>(db, sql`select count(*)::int as reps from (select k.user_id from ${contacts()} group by 1) r`),
    reportRows<ReachFigures['byDay'][number]>(
      db,
      sql`select to_char(k.day, 'YYYY-MM-DD') as day, count(distinct k.doctor_id)::int as doctors from ${contacts()} group by k.day`,
    ),
    reportRows<ReachFigures['byChannel'][number]>(
      db,
      sql`select k.channel, count(distinct k.doctor_id)::int as doctors from ${contacts()} group by 1 order by 2 desc, 1`,
    ),
  ]);
  const total = perDoctor.find((r) => r.kind === 'total')!;
  const top = perDoctor.filter((r) => r.kind === 'row').sort((x, y) => Number(x.ord) - Number(y.ord));
  const ids = top.map((r) => Number(r.doctor_id));
  const repsOf =
    ids.length === 0
      ? new Map<number, number>()
      : new Map(
          (
            await reportRows<{ doctor_id: number; reps: number }>(
              db,
              sql`select k.doctor_id, count(distinct k.user_id)::int as reps from ${contacts(ids)} group by 1`,
            )
          ).map((r) => [Number(r.doctor_id), r.reps]),
        );
  return {
    totals: { doctors: total.n1, byVisit: total.n2, byCall: total.n3, reps: reps[0]!.reps, contacts: total.n4 },
    byDay,
    byChannel,
    rows: top.map((r) => ({ doctorId: r.doctor_id, contacts: r.n1, reps: repsOf.get(Number(r.doctor_id)) ?? 0, lastContact: r.at })),
  };
}

export interface RelationFigures {
  totals: { pairs: number; doctors: number; reps: number; visits: number };
  byRep: { rep: string; doctors: number; visits: number }[];
  byDepth: { visitsPerPair: string; pairs: number }[];
  rows: Row[];
}

/** Representative–doctor relations: the pairs with at least one visit in the window. */
export async function relationFigures(db: Db, w: ActivityWindow, limit: number, how: FigurePath = {}): Promise<RelationFigures> {
  const days = keptDaysFor(w, how);
  if (days) return relationFiguresKept(db, w, days, limit);
  const pairs = sql`(
    select v.user_id, v.doctor_id, count(*)::int as visits, max(v.visit_at) as last_visit from visit_records v
     where v.visit_at >= ${w.from} and v.visit_at < ${w.to} and ${reportDoctorFilter(w, sql`v.doctor_id`)} and ${repBu(sql`v.user_id`, w.bu)}
     group by 1, 2) p`;
  const [totals, byRep, byDepth, rows] = await Promise.all([
    selectRows<RelationFigures['totals']>(
      db,
      sql`
      select count(*)::int as pairs, count(distinct p.doctor_id)::int as doctors, count(distinct p.user_id)::int as reps, coalesce(sum(p.visits), 0)::int as visits from ${pairs}`,
    ),
    selectRows<RelationFigures['byRep'][number]>(
      db,
      sql`
      select ${repName('u')} as rep, count(*)::int as doctors, sum(p.visits)::int as visits from ${pairs} ${joinUser('u', sql`p.user_id`)}
       group by u.id order by 2 desc, u.id limit 10`,
    ),
    selectRows<RelationFigures['byDepth'][number]>(
      db,
      sql`
      select case when p.visits >= 5 then '5+' else p.visits::text end as "visitsPerPair", count(*)::int as pairs from ${pairs} group by 1 order by 1`,
    ),
    selectRows<Row>(
      db,
      sql`
      select ${repName('u')} as rep, p.doctor_id as "doctorId", p.visits, p.last_visit as "lastVisit"
        from ${pairs} ${joinUser('u', sql`p.user_id`)} order by p.visits desc, p.last_visit desc, p.doctor_id limit ${limit}`,
    ),
  ]);
  return { totals: totals[0]!, byRep, byDepth, rows };
}

/** One row of relationFiguresKept: a part (`kind`) and its place in that part's order (`ord`). */
interface KeptRelationRow {
  kind: 'total' | 'rep' | 'depth' | 'row';
  ord: number;
  label: string | null;
  doctor_id: number | null;
  n1: number;
  n2: number;
  n3: number;
  at: Date | string | null;
}

/**
 * relationFigures from the kept visit counts: the pairs grouped once (a materialised CTE); the
 * totals, representatives and depths from one hashed pass over them (grouping sets), the distinct
 * doctors and the newest rows (a top-N sort) beside it, in the same statement and in the orders
 * the straightforward queries use (`ord`). Every representative is returned, so the distinct
 * representatives are their number, without a sort of the pairs.
 */
async function relationFiguresKept(db: Db, w: ActivityWindow, days: KeptDays, limit: number): Promise<RelationFigures> {
  // the whole country or exactly some provinces, without a BU: the distinct doctors from the bit sets, beside the pairs
  const national = readsNational(w) && keptDayCount(days) <= PAIR_GAP_CAP;
  const provinces = national ? null : readsProvinceSets(w);
  const fromBits = national || provinces !== null;
  const [result, bitDoctors] = await Promise.all([
    reportRows<KeptRelationRow>(
      db,
      national
        ? relationNationalSql(days, w, limit, repName('u'))
        : sql`
      with p as materialized (select a.user_id, a.doctor_id, sum(a.visits)::int as visits, max(a.last_at) as last_visit from ${keptVisits(w, days)} group by 1, 2),
           g as (select case when grouping(p.user_id) = 0 then 'rep' when grouping(least(p.visits, 5)) = 0 then 'depth' else 'total' end as kind,
                        p.user_id, least(p.visits, 5) as depth, count(*)::int as pairs, coalesce(sum(p.visits), 0)::int as visits
                   from p group by grouping sets ((p.user_id), (least(p.visits, 5)), ()))
      select 'total' as kind, 0::bigint as ord, null::text as label, null::int as doctor_id,
             g.pairs as n1, ${fromBits ? sql`0` : sql`(select count(distinct p.doctor_id)::int from p)`} as n2, g.visits as n3, null::timestamptz as at from g where g.kind = 'total'
      union all
      select 'rep', row_number() over (order by g.pairs desc, g.user_id), ${repName('u')}, null, g.pairs, g.visits, 0, null
        from g ${joinUser('u', sql`g.user_id`)} where g.kind = 'rep'
      union all
      select 'depth', row_number() over (order by d.label), d.label, null, d.pairs, 0, 0, null
        from (select case when g.depth >= 5 then '5+' else g.depth::text end as label, g.pairs from g where g.kind = 'depth') d
      union all
      select 'row', row_number() over (order by r.visits desc, r.last_visit desc, r.doctor_id), ${repName('u')}, r.doctor_id, r.visits, 0, 0, r.last_visit
        from (select p.user_id, p.doctor_id, p.visits, p.last_visit from p order by p.visits desc, p.last_visit desc, p.doctor_id limit ${limit}) r
        ${joinUser('u', sql`r.user_id`)}`,
    ),
    fromBits ? doctorsOfKinds(db, days, ['visit'], provinces) : Promise.resolve(null),
  ]);
  const part = (kind: KeptRelationRow['kind']) => result.filter((r) => r.kind === kind).sort((x, y) => Number(x.ord) - Number(y.ord));
  const total = part('total')[0]!;
  const reps = part('rep');
  return {
    totals: { pairs: total.n1, doctors: bitDoctors ?? total.n2, reps: reps.length, visits: total.n3 },
    byRep: reps.slice(0, 10).map((r) => ({ rep: r.label!, doctors: r.n1, visits: r.n2 })),
    byDepth: part('depth').map((r) => ({ visitsPerPair: r.label!, pairs: r.n1 })),
    rows: part('row').map((r) => ({ rep: r.label, doctorId: r.doctor_id, visits: r.n1, lastVisit: r.at })),
  };
}

/** Visits of the window per representative and portal month (YYYY-MM) among the given users (goData's interaction actuals). */
