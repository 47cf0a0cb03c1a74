import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, selectRows } from '../db/client.js';
import { withIndexesDeferred, writeDataset } from '../modules/customers/index.js';
import { ensureReferenceData, seedMedicineCatalogue } from '../modules/reference/index.js';
import { writeMarketData } from '../modules/market/index.js';
import { loadAcademicScale } from '../modules/intelligence/index.js';

/**
 * `npm run seed:scale -- --doctors 1000000 [--hospitals 60000] [--seed 14] [--replace]
 *   [--papers-per-doctor 5] [--academic-only] [--recompute]`:
 * fills the database of DATABASE_URL with the generated national dataset (docs/decisions/0017),
 * then the academic data of the intelligence module (docs/decisions/0024, "at national scale").
 * Hospitals default to 6 per 100 doctors. With --replace, the customer data already there
 * (doctors, their tags and corrections, hospitals no data permission names) goes first.
 * --academic-only keeps the doctors there and writes the academic data again; --recompute then
 * runs the intelligence recompute job and prints its time, peak memory and the reads answered
 * meanwhile (--recompute-only: that alone, over the data already there).
 */
const { values } = parseArgs({
  options: {
    doctors: { type: 'string', default: '1000000' },
    hospitals: { type: 'string' },
    seed: { type: 'string', default: '14' },
    replace: { type: 'boolean', default: false },
    'papers-per-doctor': { type: 'string', default: '5' },
    'academic-only': { type: 'boolean', default: false },
    recompute: { type: 'boolean', default: false },
    'recompute-only': { type: 'boolean', default: false },
  },
});
const doctors = Number(values.doctors);
const hospitals = values.hospitals ? Number(values.hospitals) : Math.max(10, Math.round(doctors * 0.06));
const seed = Number(values.seed);
const papersPerDoctor = Number(values['papers-per-doctor']);
if (![doctors, hospitals, seed].every((v) => Number.isSafeInteger(v) && v > 0)) {
  process.stderr.write('--doctors, --hospitals and --seed must be positive whole numbers\n');
  process.exit(2);
}
if (!(Number.isFinite(papersPerDoctor) && papersPerDoctor >= 0 && papersPerDoctor <= 50)) {
  process.stderr.write('--papers-per-doctor must be a number from 0 to 50\n');
  process.exit(2);
}
const url = process.env.DATABASE_URL;
if (!url) {
  process.stderr.write('Set DATABASE_URL to the PostgreSQL database to fill.\n');
  process.exit(2);
}

const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
const line = (text: string) => process.stdout.write(`${text}\n`);
try {
  const db = database.db;
  await ensureReferenceData(db);
  if (!values['academic-only'] && !values['recompute-only']) await writeCustomers();
  const { writeAcademicScale, recomputeAtScale } = await loadAcademicScale();
  if (!values['recompute-only']) await writeAcademicScale(db, { seed, papersPerDoctor, log: line });
  if (values.recompute || values['recompute-only']) await recomputeAtScale(db, { log: line });
} finally {
  await database.close();
}

async function writeCustomers() {
  const db = database.db;
  const [existing] = await selectRows<{ n: string }>(db, sql`select count(*) as n from doctors`);
  if (Number(existing?.n ?? 0) > 0) {
    if (!values.replace) throw new Error(`The database already holds ${existing?.n} doctors; add --replace to generate them again.`);
    await db.execute(sql`truncate doctor_tags, doctor_corrections, doctor_affiliations, doctors restart identity`);
    await db.execute(sql`delete from tags where owner_id is null`);
    await db.execute(
      sql`delete from hospitals h where not exists (select 1 from data_permissions dp where dp.permission_type = 'hospital' and dp.permission_value = h.id::text)`,
    );
  }
  const [admin] = await selectRows<{ id: number }>(db, sql`select id from users order by id limit 1`);
  const started = performance.now();
  let last = started;
  const counts = await withIndexesDeferred(db, () =>
    writeDataset(db, {
      hospitals,
      doctors,
      seed,
      tagOwner: admin?.id ?? 1,
      onProgress: (done) => {
        if (performance.now() - last > 5000 || done === doctors) {
          last = performance.now();
          process.stdout.write(`${done.toLocaleString('en')} doctors, ${Math.round(done / ((last - started) / 1000)).toLocaleString('en')} doctors/s\n`);
        }
      },
    }),
  );
  // Market intelligence over the new dataset (docs/decisions/0025): about 33,000 opinion items per drug at a million doctors.
  await db.execute(sql`truncate opinion_items, opinion_events, market_figures, online_consultations, patient_groups`);
  const [catalogue] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from medicines`);
  if (!catalogue?.n) await db.transaction((tx) => seedMedicineCatalogue(tx));
  const market = await writeMarketData(db, {
    seed,
    itemsPerDrug: Math.max(1200, Math.round(doctors / 30)),
    consultingDoctors: Math.max(800, Math.round(doctors / 50)),
    now: Date.now(),
  });
  process.stdout.write(
    `${market.items.toLocaleString('en')} opinion items, ${market.consultations.toLocaleString('en')} consultation rows, ${market.patientGroups.toLocaleString('en')} patient-group rows\n`,
  );
  await db.execute(sql`analyze`);
  const seconds = (performance.now() - started) / 1000;
  const rows = counts.hospitals + counts.doctors + counts.affiliations + counts.doctorTags;
  process.stdout.write(
    `${counts.hospitals.toLocaleString('en')} hospitals, ${counts.doctors.toLocaleString('en')} doctors, ${counts.affiliations.toLocaleString('en')} affiliations, ` +
      `${counts.doctorTags.toLocaleString('en')} doctor tags in ${seconds.toFixed(1)} s (${Math.round(rows / seconds).toLocaleString('en')} rows/s)\n`,
  );
}
