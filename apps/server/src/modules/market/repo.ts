import { sql, type SQL } from 'drizzle-orm';
import type { OpinionEventRow, OpinionItem, Sentiment, SentimentCounts, SentimentExplanation } from '@field-portal/shared';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import { afterKey, timeKey } from '../../platform/paging/index.js';
import { doctorIdsInScope, provincesOfDoctorsInScope, type DataScope } from '../customers/index.js';

/** Queries of market intelligence (docs/decisions/0025); every read takes the caller's data scope. */

const COUNTS = sql`count(*) filter (where o.sentiment = 'positive')::int as positive,
                   count(*) filter (where o.sentiment = 'negative')::int as negative,
                   count(*) filter (where o.sentiment = 'neutral')::int as neutral`;

/** Items without a doctor are public; an item by a doctor shows only when the doctor is in scope. */
export function itemInScope(scope: DataScope): SQL {
  return scope.all ? sql`true` : sql`(o.doctor_id is null or o.doctor_id in ${doctorIdsInScope(scope)})`;
}

/** Provinces whose figures the scope shows: every one, or those of its doctors. */
export function provinceInScope(scope: DataScope, column: SQL): SQL {
  return scope.all ? sql`true` : sql`${column} in ${provincesOfDoctorsInScope(scope)}`;
}

export interface OpinionFilter {
  medicine: string;
  indication: string;
  since?: string;
}

function opinionWhere(scope: DataScope, f: OpinionFilter): SQL {
  return sql.join(
    [
      itemInScope(scope),
      f.medicine ? sql`o.medicine = ${f.medicine}` : sql`true`,
      f.indication ? sql`o.indication = ${f.indication}` : sql`true`,
      f.since ? sql`o.published_at >= ${f.since}::timestamptz` : sql`true`,
    ],
    sql` and `,
  );
}

export async function countsBy(
  db: Db | Tx,
  scope: DataScope,
  f: OpinionFilter,
  key: 'month' | 'platform' | 'medicine',
): Promise<(SentimentCounts & { key: string })[]> {
  const k =
    key === 'month' ? sql`to_char(date_trunc('month', o.published_at at time zone 'UTC'), 'YYYY-MM')` : key === 'platform' ? sql`o.platform` : sql`o.medicine`;
  return selectRows(db, sql`select ${k} as key, ${COUNTS} from opinion_items o where ${opinionWhere(scope, f)} group by 1 order by 1`);
}

interface EventRecord extends SentimentCounts {
  id: number;
  title: string;
  medicine: string;
  started_at: string | Date;
  items: number;
}
const toEvent = (r: EventRecord): OpinionEventRow => ({
  id: r.id,
  title: r.title,
  medicine: r.medicine,
  startedAt: new Date(r.started_at).toISOString(),
  items: r.items,
  positive: r.positive,
  negative: r.negative,
  neutral: r.neutral,
});

export async function events(db: Db | Tx, scope: DataScope, f: OpinionFilter, id?: number): Promise<OpinionEventRow[]> {
  const rows = await selectRows<EventRecord>(
    db,
    sql`select e.id, e.title, e.medicine, e.started_at, count(o.id)::int as items, ${COUNTS}
          from opinion_events e join opinion_items o on o.event_id = e.id and ${itemInScope(scope)}
         where ${id ? sql`e.id = ${id}` : sql`${f.medicine ? sql`e.medicine = ${f.medicine}` : sql`true`} and ${f.indication ? sql`o.indication = ${f.indication}` : sql`true`}`}
         group by e.id order by e.started_at desc limit 50`,
  );
  return rows.map(toEvent);
}

export async function eventByDay(db: Db | Tx, scope: DataScope, id: number): Promise<(SentimentCounts & { day: string })[]> {
  return selectRows(
    db,
    sql`select to_char(o.published_at at time zone 'UTC', 'YYYY-MM-DD') as day, ${COUNTS}
          from opinion_items o where o.event_id = ${id} and ${itemInScope(scope)} group by 1 order by 1`,
  );
}

interface ItemRecord {
  id: number;
  platform: string;
  text: string;
  published_at: string | Date;
  medicine: string;
  indication: string;
  doctor_id: number | null;
  event_id: number | null;
  sentiment: Sentiment;
  score: number;
  explanation: SentimentExplanation;
}

export interface ItemFilter extends OpinionFilter {
  eventId?: number | undefined;
  sentiment?: Sentiment | undefined;
  platform: string;
  doctorId?: number | undefined;
}

/** A page of items, newest published first (keyset on the time and id after `after`: ms, id). */
export async function items(
  db: Db | Tx,
  scope: DataScope,
  f: ItemFilter,
  after: readonly [number, number] | undefined,
  limit: number,
): Promise<Omit<OpinionItem, 'doctorName'>[]> {
  const rows = await selectRows<ItemRecord>(
    db,
    sql`select o.id, o.platform, o.text, o.published_at, o.medicine, o.indication, o.doctor_id, o.event_id, o.sentiment, o.score, o.explanation
          from opinion_items o
         where ${opinionWhere(scope, f)}
           ${f.eventId ? sql`and o.event_id = ${f.eventId}` : sql``}
           ${f.sentiment ? sql`and o.sentiment = ${f.sentiment}` : sql``}
           ${f.platform ? sql`and o.platform = ${f.platform}` : sql``}
           ${f.doctorId ? sql`and o.doctor_id = ${f.doctorId}` : sql``}
           and ${afterKey([sql`o.published_at`, sql`o.id`], after && [timeKey(after[0]), after[1]])}
         order by o.published_at desc, o.id desc limit ${limit}`,
  );
  return rows.map((r) => ({
    id: r.id,
    platform: r.platform,
    text: r.text,
    publishedAt: new Date(r.published_at).toISOString(),
    medicine: r.medicine,
    indication: r.indication,
    doctorId: r.doctor_id,
    eventId: r.event_id,
    sentiment: r.sentiment,
    score: Number(r.score),
    explanation: r.explanation,
  }));
}

/** Per doctor in scope: the sentiment of their items about the drug (and indication). */
export async function attitudes(
  db: Db | Tx,
  scope: DataScope,
  medicine: string,
  indication: string,
  limit: number,
): Promise<(SentimentCounts & { doctor_id: number; last_at: string | Date })[]> {
  return selectRows(
    db,
    sql`select o.doctor_id, ${COUNTS}, max(o.published_at) as last_at
          from opinion_items o
         where o.doctor_id in ${doctorIdsInScope(scope)} and o.medicine = ${medicine} ${indication ? sql`and o.indication = ${indication}` : sql``}
         group by o.doctor_id order by count(*) desc, o.doctor_id limit ${limit}`,
  );
}

/** Sentiment counts per drug and month; with an indication, of the items about it only. */
export async function opinionCounts(
  db: Db | Tx,
  scope: DataScope,
  medicines: readonly string[],
  since: string,
  indication = '',
): Promise<(SentimentCounts & { key: string; month: string })[]> {
  if (medicines.length === 0) return [];
  return selectRows(
    db,
    sql`select o.medicine as key, to_char(date_trunc('month', o.published_at at time zone 'UTC'), 'YYYY-MM') as month, ${COUNTS}
          from opinion_items o
         where ${itemInScope(scope)} and o.published_at >= ${since}::timestamptz and o.medicine in (${sql.join(
           medicines.map((m) => sql`${m}`),
           sql`,`,
         )}) ${indication ? sql`and o.indication = ${indication}` : sql``}
         group by 1, 2 order by 2`,
  );
}

export async function figuresByMonth(
  db: Db | Tx,
  scope: DataScope,
  medicines: readonly string[],
  since: string,
): Promise<{ medicine: string; month: string; sales: number; search: number }[]> {
  if (medicines.length === 0) return [];
  return selectRows(
    db,
    sql`select f.medicine, to_char(f.month, 'YYYY-MM') as month, sum(f.sales_units)::float8 as sales, sum(f.search_index)::float8 as search
          from market_figures f
         where f.month >= ${since}::date and f.medicine in (${sql.join(
           medicines.map((m) => sql`${m}`),
           sql`,`,
         )}) and ${provinceInScope(scope, sql`f.province_code`)}
         group by 1, 2 order by 2`,
  );
}

export async function figuresByProvince(
  db: Db | Tx,
  scope: DataScope,
  medicines: readonly string[],
  since: string,
): Promise<{ medicine: string; province: string; sales: number }[]> {
  return selectRows(
    db,
    sql`select f.medicine, f.province_code as province, sum(f.sales_units)::float8 as sales
          from market_figures f
         where f.month >= ${since}::date and f.medicine in (${sql.join(
           medicines.map((m) => sql`${m}`),
           sql`,`,
         )}) and ${provinceInScope(scope, sql`f.province_code`)}
         group by 1, 2`,
  );
}

export async function consultationsByMonth(
  db: Db | Tx,
  scope: DataScope,
  medicines: readonly string[],
  since: string,
): Promise<{ medicine: string; month: string; n: number }[]> {
  return selectRows(
    db,
    sql`select c.medicine, to_char(c.month, 'YYYY-MM') as month, sum(c.consultations)::float8 as n
          from online_consultations c
         where c.month >= ${since}::date and c.medicine in (${sql.join(
           medicines.map((m) => sql`${m}`),
           sql`,`,
         )}) and c.doctor_id in ${doctorIdsInScope(scope)}
         group by 1, 2 order by 2`,
  );
}

export async function patientGroupsBy(
  db: Db | Tx,
  scope: DataScope,
  medicine: string,
  indication: string,
  key: 'age_band' | 'gender' | 'stage' | 'province',
): Promise<{ name: string; value: number }[]> {
  const k = sql.raw(key === 'province' ? 'p.province_code' : `p.${key}`);
  return selectRows(
    db,
    sql`select ${k} as name, sum(p.patients)::float8 as value
          from patient_groups p
         where p.medicine = ${medicine} and p.indication = ${indication} and ${provinceInScope(scope, sql`p.province_code`)}
         group by 1 order by ${key === 'province' ? sql`2 desc` : sql`1`}`,
  );
}

export async function consultingDoctors(db: Db | Tx, scope: DataScope, medicine: string, indication: string): Promise<{ doctor_id: number; n: number }[]> {
  return selectRows(
    db,
    sql`select c.doctor_id, sum(c.consultations)::int as n from online_consultations c
         where c.medicine = ${medicine} and c.indication = ${indication} and c.doctor_id in ${doctorIdsInScope(scope)}
         group by 1`,
  );
}

export async function attitudeOfDoctors(db: Db | Tx, scope: DataScope, medicine: string, indication: string): Promise<SentimentCounts> {
  const [row] = await selectRows<SentimentCounts>(
    db,
    sql`select ${COUNTS} from opinion_items o
         where o.medicine = ${medicine} and o.indication = ${indication}
           and o.doctor_id in (select c.doctor_id from online_consultations c where c.medicine = ${medicine} and c.indication = ${indication})
           and o.doctor_id in ${doctorIdsInScope(scope)}`,
  );
  return row ?? { positive: 0, negative: 0, neutral: 0 };
}

export async function platforms(db: Db | Tx): Promise<string[]> {
  const rows = await selectRows<{ platform: string }>(db, sql`select distinct platform from opinion_items order by platform`);
  return rows.map((r) => r.platform);
}
