import { sql } from 'drizzle-orm';
import { IMPORT_COLUMNS, VISIT_CHANNEL_LABELS, VISIT_CHANNELS, VISIT_PURPOSE_LABELS, VISIT_PURPOSES } from '@field-portal/shared';
import { importVisits, visitActions, visitKeys } from '../../activity/index.js';
import { accountJoins } from '../../admin/index.js';
import { doctorKeys } from '../../customers/index.js';
import { basicChecks, duplicates, flag, flagUnresolved, lookupOf, resolveCodes, rowsOf, val, type Q } from './checks.js';
import type { ImportKindDef } from './kind.js';

/**
 * Historical visit records (docs/decisions/0053): the representative by login name or employee
 * number, the doctor by the company's code, the date (a time of day optional), the channel and the
 * purpose by code or label in either language, notes. Imported as submitted and locked by the
 * activity module; a visit is known by representative, doctor, portal day and channel. The data
 * scope is not checked: an administrator's import records what happened, even where a territory
 * has changed since.
 */

/** A date as people write it: 2026-03-15, 2026/3/15, 2026.3.15 or 2026年3月15日, a time (14:30 or 14:30:05) optional. */
const DATE = String.raw`^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$`;

/**
 * The date cell as DATE reads it. Two more forms companies' files have are written out first:
 * 20260315 (other systems' exports) and an Excel date that lost its format and shows as its serial
 * number, days since 1899-12-30 with the time as a fraction (46096, 46096.6042: five digits, the
 * years 1927-2173).
 */
const EIGHT_DIGITS = String.raw`^(\d{4})(\d{2})(\d{2})$`;
const SERIAL = String.raw`^\d{5}(\.\d+)?$`;
const DATE_TEXT = sql`case when t.v->>'date' ~ ${EIGHT_DIGITS} then regexp_replace(t.v->>'date', ${EIGHT_DIGITS}, ${String.raw`\1-\2-\3`})
  when t.v->>'date' ~ ${SERIAL}
  then to_char(date_trunc('second', timestamp '1899-12-30' + (t.v->>'date')::float8 * interval '1 day' + interval '0.5 second'), 'YYYY-MM-DD HH24:MI:SS')
  else t.v->>'date' end`;

/** A recorded visit on a staged row's key (v: visitKeys, s: the staged row). */
const sameDay = sql`v.user_id = (s.r->>'user_id')::int and v.visit_at >= ((s.r->>'day')::date - interval '8 hours') at time zone 'UTC'
  and v.visit_at < ((s.r->>'day')::date + interval '16 hours') at time zone 'UTC' and v.doctor_id = (s.r->>'doctor_id')::int and v.channel = s.r->>'channel'`;

/** The messages of the first checks, which read only the file: the commit keeps them from the dry run (decision 0056). */
const FILE_FIRST = ['imports.row.required', 'imports.row.tooLong'];

async function check(db: Q, job: number, again = false): Promise<void> {
  if (!again) await basicChecks(db, job, ['rep', 'doctorCode', 'date', 'channel']);
  const channel = {
    field: 'channel',
    lookup: lookupOf(
      VISIT_CHANNELS.map((c) => ({ code: c, labels: [c, VISIT_CHANNEL_LABELS[c].zh, VISIT_CHANNEL_LABELS[c].en] })),
      VISIT_CHANNELS.map((c) => VISIT_CHANNEL_LABELS[c].zh),
    ),
  };
  // The record keeps the purpose's Chinese label, as the visit form's purpose is text.
  const purpose = {
    field: 'purpose',
    lookup: lookupOf(
      VISIT_PURPOSES.map((p) => ({ code: VISIT_PURPOSE_LABELS[p].zh, labels: [p, VISIT_PURPOSE_LABELS[p].zh, VISIT_PURPOSE_LABELS[p].en] })),
      VISIT_PURPOSES.map((p) => VISIT_PURPOSE_LABELS[p].zh),
    ),
  };
  // One rewrite of each staged row resolves everything: the representative (a former one's visits are history too: disabled
  // accounts are found; a login name before an employee number, the first account of each), the doctor, the channel, the
  // purpose and the date — its parts checked before any is made a date (nested cases are evaluated in order), then its portal day (UTC+8).
  await resolveCodes(db, job, [channel, purpose], {
    joins: sql`
      ${accountJoins(sql`(t.v->>'rep')`)}
      left join ${doctorKeys()} d on d.code = t.v->>'doctorCode'
      left join lateral (select regexp_match(${DATE_TEXT}, ${DATE}) as m) p on true
      left join lateral (select p.m[1]::int as y, p.m[2]::int as mo, p.m[3]::int as d, coalesce(p.m[4]::int, 0) as hh, coalesce(p.m[5]::int, 0) as mi,
                                coalesce(p.m[6]::int, 0) as ss,
                                make_interval(hours => coalesce(p.m[4]::int, 0) % 24, mins => coalesce(p.m[5]::int, 0) % 60, secs => coalesce(p.m[6]::int, 0) % 60) as at) q
             on p.m is not null
      left join lateral (select case when q.y between 1900 and 9999 and q.mo between 1 and 12 and q.hh < 24 and q.mi < 60 and q.ss < 60 then
                                  case when q.d between 1 and extract(day from make_date(q.y, q.mo, 1) + interval '1 month - 1 day') then make_date(q.y, q.mo, q.d) end
                                end as day) dd on q.y is not null`,
    values: [
      // A representative named but not found is kept as a JSON null, as the duplicates' key expects.
      ['user_id', sql`case when coalesce(t.v->>'rep', '') <> '' then coalesce(to_jsonb(coalesce(un.id, ue.id)), 'null'::jsonb) end`],
      ['doctor_id', sql`d.id`],
      ['doctor_active', sql`d.active`],
      ['day', sql`dd.day`],
      ['visit_at', sql`(dd.day + q.at - interval '8 hours') at time zone 'UTC'`],
    ],
    again: again ? { keep: FILE_FIRST } : undefined,
  });
  await flag(db, job, 'imports.row.userUnknown', 'rep', sql`${val('rep')} <> '' and s.r->>'user_id' is null`, sql`jsonb_build_object('value', s.v->>'rep')`);
  await flag(
    db,
    job,
    'imports.row.doctorUnknown',
    'doctorCode',
    sql`${val('doctorCode')} <> '' and s.r->>'doctor_id' is null`,
    sql`jsonb_build_object('value', s.v->>'doctorCode')`,
  );
  await flag(db, job, 'imports.row.doctorInactive', 'doctorCode', sql`s.r->>'doctor_active' = 'false'`, sql`jsonb_build_object('value', s.v->>'doctorCode')`);
  await flag(db, job, 'imports.row.date', 'date', sql`${val('date')} <> '' and s.r->>'day' is null`, sql`jsonb_build_object('value', s.v->>'date')`);
  // After the day the file came in (the job's time, the portal's clock): the visit form's rule.
  await flag(
    db,
    job,
    'imports.row.dateFuture',
    'date',
    sql`(s.r->>'day')::date > (select ((j.created_at at time zone 'UTC') + interval '8 hours')::date from import_jobs j where j.id = ${job})`,
    sql`jsonb_build_object('value', s.v->>'date')`,
  );
  await flagUnresolved(db, job, [channel, purpose]);
  const key = sql`case when t.r ? 'user_id' and t.r ? 'doctor_id' and t.r ? 'day' and t.r ? 'channel'
                       then concat_ws('/', t.r->>'user_id', t.r->>'doctor_id', t.r->>'day', t.r->>'channel') end`;
  await duplicates(db, job, 'date', key, 'imports.row.visitDuplicate', sql`s.v->>'date'`);
  // A visit recorded already on the same key with other content: submitted visits are locked.
  await db.execute(sql`
    update import_rows s set errors = s.errors || jsonb_build_array(jsonb_build_object('k', 'imports.row.visitLocked', 'f', 'date', 'p', jsonb_build_object('value', s.r->>'day')))
     where ${rowsOf(job)} and s.r->>'channel' is not null and (s.r->>'user_id') is not null and (s.r->>'doctor_id') is not null and s.r->>'day' is not null
       and exists (select 1 from ${visitKeys()} v where ${sameDay})
       and not exists (select 1 from ${visitKeys()} v where ${sameDay}
                          and v.purpose = coalesce(s.r->>'purpose', '') and v.feedback = coalesce(s.v->>'notes', ''))`);
}

/** The valid rows as importVisits' source. */
const source = (job: number) => sql`(
  select s.line, (s.r->>'user_id')::int as user_id, (s.r->>'doctor_id')::int as doctor_id, (s.r->>'visit_at')::timestamptz as visit_at,
         ((s.r->>'day')::date - interval '8 hours') at time zone 'UTC' as day_start,
         s.r->>'channel' as channel, coalesce(s.r->>'purpose', '') as purpose, coalesce(s.v->>'notes', '') as feedback
    from import_rows s where s.job_id = ${job} and s.errors = '[]'::jsonb)`;

export const visits: ImportKindDef = {
  columns: IMPORT_COLUMNS.visits,
  required: [['rep'], ['doctorCode'], ['date'], ['channel']],
  codeKey: 'doctorCode',
  check,
  keepsFileChecks: true,
  source,
  actions: visitActions,
  write: (tx, from) => importVisits(tx, from),
};
