import { REPORT_ROUTERS } from '@field-portal/shared';
import { freshDatabase } from './databases.js';
import { seedDemoData } from '../apps/server/src/seed/demo.js';
import { computeDashboard, DASHBOARDS } from '../apps/server/src/modules/analytics/dashboards/index.js';
import { compileScope } from '../apps/server/src/modules/customers/scope.js';
import { backdateDemoRegistrations, withIndexesDeferred, writeDataset } from '../apps/server/src/modules/customers/dataset.js';
import { report, SMALL } from './lib.js';
import type {} from '../apps/server/src/platform/context.js';
import type {} from '../apps/server/src/platform/i18n.js';

/** Doctors in all at full size (BENCH_REPORTS_DOCTORS): the demo's 20,000 and generated ones, with hospitals 6 per 100. */
const DOCTORS = SMALL ? 0 : Number(process.env.BENCH_REPORTS_DOCTORS ?? 200_000);

/** Extra field activity over the demo's (full size): visits and calls over the default 30-day range. */
const EXTRA_VISITS = SMALL ? 0 : 300_000;
const EXTRA_CALLS = SMALL ? 0 : 60_000;

/** The table each dashboard mostly reads: the reference is a bare count(*) of it in the same run. */
const SOURCE: Record<string, string> = {
  telephoneVisit: 'visit_records', onlineGraphicVisit: 'visit_records', multimediaVisit: 'visit_records', effectiveVisit: 'visit_records',
  rdRelation: 'visit_records', reachDoctor: 'visit_records', goData: 'visit_records', callRecord: 'call_records',
  recruitDoctor: 'doctors', docRegisDetail: 'doctors', docMain: 'doctors', masterData: 'doctors', docTagDetail: 'doctor_tags',
  meeting: 'meetings', meetingMasterData: 'meetings', effectiveMeeting: 'meetings', cityMeetingDetails: 'meetings',
  surveyResults: 'survey_responses', articleLists: 'articles', imChatLog: 'chat_messages',
  cardInfo: 'cards', cardRec: 'pushes', pushArticles: 'pushes', readData: 'pushes', systemAc: 'usage_events',
};

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)]!;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** Issue 18: every report screen's data call over the demo dataset (<= 300 ms on PostgreSQL), for an all-scope and a one-province viewer. */
export async function run() {
  console.log(`\nreport screens (demo dataset${SMALL ? '' : `, doctors to ${DOCTORS.toLocaleString('en')}, + ${EXTRA_VISITS} visits, ${EXTRA_CALLS} calls`})`);
  const { database, drop } = await freshDatabase();
  const where = database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  try {
    await seedDemoData(database.db);
    const [{ n: demoDoctors } = { n: 0 }] = await database.query<{ n: number }>(`select count(*)::int as n from doctors`);
    const extraDoctors = Math.max(0, DOCTORS - Number(demoDoctors));
    if (extraDoctors > 0) {
      const [admin] = await database.query<{ id: number }>(`select id from users where username = 'admin'`);
      // generated doctors registered over the last three years, as the demo's are
      await withIndexesDeferred(database.db, () => writeDataset(database.db, { hospitals: Math.round(extraDoctors * 0.06), doctors: extraDoctors, seed: 23, tagOwner: Number(admin!.id) }));
      await backdateDemoRegistrations(database.db);
    }
    const [{ n: doctors } = { n: 0 }] = await database.query<{ n: number }>(`select count(*)::int as n from doctors`);
    console.log(`  ${Number(doctors).toLocaleString('en')} doctors`);
    if (EXTRA_VISITS > 0) {
      await database.query(`insert into visit_records (user_id, doctor_id, visit_at, channel, status, duration_seconds, effective)
        select u.id, d.id, now() - (n % 2592000) * interval '1 second', (array['face','phone','video','online','wxwork'])[1 + n % 5], n % 2, 30 + n % 900, n % 3 = 0
          from generate_series(1, ${EXTRA_VISITS}) n
          join lateral (select id from users where username like 'rep%' order by id offset n % 8 limit 1) u on true
          join doctors d on d.id = 1 + (n::bigint * 7919) % (select max(id) from doctors)`);
      await database.query(`insert into call_records (call_id, user_id, doctor_id, started_at, duration_seconds)
        select 'bench-' || n, u.id, d.id, now() - (n % 2592000) * interval '1 second', n % 400
          from generate_series(1, ${EXTRA_CALLS}) n
          join lateral (select id from users where username like 'rep%' order by id offset n % 8 limit 1) u on true
          join doctors d on d.id = 1 + (n::bigint * 104729) % (select max(id) from doctors)`);
    }
    await database.query('analyze');
    const admin = await database.query<{ id: number }>(`select id from users where username = 'admin'`);
    const scope = await compileScope(database.db, Number(admin[0]!.id));
    const now = Date.now();
    const rounds = SMALL ? 1 : 20;
    for (const router of REPORT_ROUTERS) {
      if (!DASHBOARDS[router]) {
        console.log(`  ${router}: no source in the portal (empty state), not timed`);
        continue;
      }
      const call = () => computeDashboard(router, {}, { db: database.db, scope, userId: scope.userId, lang: 'zh', now });
      await call(); // warm
      const times: number[] = [];
      const refs: number[] = [];
      for (let i = 0; i < rounds; i++) {
        times.push(await timed(call));
        refs.push(await timed(() => database.query(`select count(*) from ${SOURCE[router] ?? 'users'}`)));
      }
      const value = p95(times);
      report({
        name: `${router} data call, p95 of ${rounds} (${where})`,
        value,
        unit: 'ms',
        budget: database.kind === 'postgres' ? '<= 300 ms' : '<= 300 ms (judged on PostgreSQL)',
        reference: `bare count(*) of ${SOURCE[router]} ${p95(refs).toFixed(1)} ms`,
        ok: database.kind !== 'postgres' || value <= 300,
      });
    }
  } finally {
    await drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
